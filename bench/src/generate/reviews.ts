import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { CompanySpec } from '../../../apps/api/src/seed/companies';
import { Rng } from '../../../apps/api/src/seed/random';
import { ExternalIds, generateReviews, SPAN_DAYS, type ReviewDraft } from '../../../apps/api/src/seed/reviews';
import {
  analyzeText,
  NLP_VERSION,
  sentimentFromRating,
  type TextAnalysis,
} from '../../../apps/api/src/platform/nlp/analyze';

/**
 * Reviews, replies and text analysis of one company as table rows, chunk by chunk, so a million
 * reviews never sit in memory at once. The texts, ratings, reply threads and timing come from the
 * demo seed's generator; the text analysis is the server's own (platform/nlp/analyze.ts), stored in
 * the shape the insights module writes (modules/insights/analysis.repository.ts).
 */

const DAY_MS = 86_400_000;
/** Reviews per call of the seed's generator: between calls the event loop sends the previous chunk to the database. */
const SLICE = 2000;
/** Distinct texts whose analysis is remembered (short reviews repeat: "Great food!"). */
const ANALYSIS_CACHE = 200_000;

export interface ReviewRow {
  id: number;
  companyId: number;
  locationId: number | null;
  source: string;
  externalId: string;
  authorName: string;
  rating: number | null;
  title: string | null;
  text: string | null;
  language: string | null;
  sentiment: number;
  url: string | null;
  nlpVersion: number;
  createdAt: Date;
  fetchedAt: Date;
  respondedAt: Date | null;
  /** The reply texts joined as syncReplyText (rollup.repository.ts) joins them. */
  replyText: string | null;
}

export interface ResponseRow {
  reviewId: number;
  companyId: number;
  authorUserId: number | null;
  text: string;
  status: string;
  failureReason: string | null;
  origin: string;
  createdAt: Date;
  postedAt: Date | null;
  updatedAt: Date;
}

export interface TopicRow {
  reviewId: number;
  companyId: number;
  kind: 'topic' | 'word';
  topic: string;
  subtopic: string;
  sentiment: number;
}

export interface Chunk {
  reviews: ReviewRow[];
  responses: ResponseRow[];
  topics: TopicRow[];
}

export interface CompanyIds {
  companyId: number;
  /** Location ids by location code. */
  locations: Map<string, number>;
  /** User ids of the company's team, in the spec's team order. */
  team: number[];
}

export interface ChunkOptions {
  now: Date;
  count: number;
  years: number;
  seed: number;
  chunkSize: number;
  /** The next free review id; ids are given here so replies and topics can point at their review. */
  firstId: number;
  ids: ExternalIds;
}

const analysisCache = new Map<string, TextAnalysis>();

/** Time spent in the text analysis, reported by the generator (it is most of the generation time). */
export const analysisStats = { ms: 0, texts: 0, analysed: 0 };

function analyze(text: string, type: string): TextAnalysis {
  const key = `${type}|${text}`;
  let hit = analysisCache.get(key);
  analysisStats.texts += 1;
  if (!hit) {
    const t0 = performance.now();
    hit = analyzeText(text, type);
    analysisStats.ms += performance.now() - t0;
    analysisStats.analysed += 1;
    if (analysisCache.size >= ANALYSIS_CACHE) analysisCache.delete(analysisCache.keys().next().value!);
    analysisCache.set(key, hit);
  }
  return hit;
}

/**
 * The seed writes two years; the data set spans `years`. Each review moves back in time in
 * proportion to its age (a review of yesterday stays near yesterday, one of two years ago moves to
 * `years` ago) with its replies and fetch time, so reply delays, hours of day and growth over time
 * are kept; weekdays and seasons are stretched.
 */
function stretch(draft: ReviewDraft, now: number, factor: number): void {
  if (factor === 1) return;
  const ageDays = (now - draft.createdAt.getTime()) / DAY_MS;
  const shift = Math.round(ageDays * (factor - 1)) * DAY_MS;
  if (shift === 0) return;
  const back = (d: Date) => new Date(d.getTime() - shift);
  draft.createdAt = back(draft.createdAt);
  draft.fetchedAt = back(draft.fetchedAt);
  if (draft.respondedAt) draft.respondedAt = back(draft.respondedAt);
  for (const r of draft.replies) {
    r.createdAt = back(r.createdAt);
    if (r.postedAt) r.postedAt = back(r.postedAt);
  }
}

function toRows(draft: ReviewDraft, id: number, company: CompanySpec, ids: CompanyIds, out: Chunk): void {
  const replies = draft.replies;
  out.reviews.push({
    id,
    companyId: ids.companyId,
    locationId: draft.locationCode ? (ids.locations.get(draft.locationCode) ?? null) : null,
    source: draft.source,
    externalId: draft.externalId,
    authorName: draft.authorName,
    rating: draft.rating,
    title: draft.title,
    text: draft.text,
    language: draft.language,
    // The insights module keeps a given sentiment and fills a missing one from the text, then the stars.
    sentiment: draft.sentiment ?? sentimentFromRating(draft.rating) ?? 0,
    url: draft.url,
    nlpVersion: NLP_VERSION,
    createdAt: draft.createdAt,
    fetchedAt: draft.fetchedAt,
    respondedAt: draft.respondedAt,
    replyText: replies.length ? replies.map((r) => r.text).join(' ') : null,
  });
  for (const r of replies) {
    out.responses.push({
      reviewId: id,
      companyId: ids.companyId,
      authorUserId: ids.team[r.authorIndex] ?? null,
      text: r.text,
      status: r.status,
      failureReason: r.failureReason,
      origin: r.origin,
      createdAt: r.createdAt,
      postedAt: r.postedAt,
      updatedAt: r.postedAt ?? r.createdAt,
    });
  }
  const text = [draft.title, draft.text].filter(Boolean).join('. ');
  if (!text) return;
  const a = analyze(text, company.type);
  const seen = new Set<string>();
  const add = (kind: 'topic' | 'word', topic: string, subtopic: string, sentiment: number) => {
    const key = `${kind}|${topic}|${subtopic}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.topics.push({ reviewId: id, companyId: ids.companyId, kind, topic, subtopic, sentiment });
  };
  for (const t of a.topics) add('topic', t.topic, t.subtopic, t.sentiment);
  for (const w of a.words) add('word', w.word, '', w.sentiment);
}

/** The company's reviews in chunks of about `chunkSize`, with ids from `firstId` on. */
export async function* reviewChunks(company: CompanySpec, ids: CompanyIds, opts: ChunkOptions): AsyncGenerator<Chunk> {
  const now = opts.now.getTime();
  const factor = (opts.years * 365) / SPAN_DAYS;
  const team = company.team.map((m) => ({ firstName: m.firstName, role: m.role, locationCodes: m.locationCodes }));
  let nextId = opts.firstId;
  let made = 0;
  let slice = 0;
  while (made < opts.count) {
    const chunk: Chunk = { reviews: [], responses: [], topics: [] };
    while (chunk.reviews.length < opts.chunkSize && made < opts.count) {
      const count = Math.min(SLICE, opts.count - made, opts.chunkSize - chunk.reviews.length);
      // Each slice has its own random stream: the data set does not depend on the chunk size.
      const rng = new Rng((opts.seed ^ Math.imul(slice + 1, 0x9e3779b1)) >>> 0);
      const drafts = generateReviews(rng, company, { now: opts.now, count, team }, { ids: opts.ids });
      for (const d of drafts) {
        stretch(d, now, factor);
        toRows(d, nextId++, company, ids, chunk);
      }
      made += count;
      slice += 1;
      await yieldToLoop();
    }
    yield chunk;
  }
}

export { ExternalIds };

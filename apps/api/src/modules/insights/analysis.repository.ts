import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { performance } from 'node:perf_hooks';
import { analyzeText, NLP_VERSION, sentimentFromRating, type TextAnalysis } from '../../platform/nlp/analyze';
import { refreshDailyRollup, refreshTopicRollup, rollupKeysOf } from '../reviews/rollup.repository';
import { rowsOf } from '../../db/rows';

/** Reviews analysed per round trip: large enough to amortise, small enough to keep memory flat. */
const BATCH = 2000;
/** Short reviews repeat ("Great food!"): remember recent results by text. */
const CACHE_SIZE = 5000;
const cache = new Map<string, ReturnType<typeof analyzeText>>();

function analyzeCached(text: string, type: string | null): ReturnType<typeof analyzeText> {
  const key = `${type}|${text}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = analyzeText(text, type);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  return hit;
}

interface ReviewText {
  id: number;
  title: string | null;
  text: string | null;
  rating: number | null;
  sentiment: number | null;
}

async function companyType(db: Db, companyId: number): Promise<string | null> {
  const result = await db.execute(sql`SELECT type FROM companies WHERE id = ${companyId}`);
  return rowsOf<{ type: string }>(result)[0]?.type ?? null;
}

export interface StoreOptions {
  /**
   * Keep topic_daily and (for filled-in sentiments) review_daily exact batch by batch. Off for bulk
   * back-fills, which rebuild topic_daily once at the end instead, and for callers that refresh the
   * rollup keys themselves (afterReviewsWritten).
   */
  incremental: boolean;
}

/** At most this many texts, or this many milliseconds, are analysed before the event loop gets a turn. */
const SLICE_TEXTS = 10;
const SLICE_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let analysedTexts = 0;

/** Review texts this process has analysed in batches so far (for progress logs; a test watches it between event loop turns). */
export function textsAnalysed(): number {
  return analysedTexts;
}

/**
 * The analyses of a batch, in slices: between slices the event loop answers other requests. Analysed
 * in one go, 500 reviews held the loop for seconds, and a 10,000-row upload's analysis left the API
 * silent for about 30 seconds.
 */
async function analyzeBatch(type: string | null, batch: ReviewText[]): Promise<TextAnalysis[]> {
  const out: TextAnalysis[] = [];
  let sliceStart = performance.now();
  for (const r of batch) {
    out.push(analyzeCached([r.title, r.text].filter(Boolean).join('. '), type));
    analysedTexts += 1;
    if (out.length % SLICE_TEXTS === 0 || performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return out;
}

/** Writes the analysis of a batch: replaces its review_topics rows, stamps nlp_version, fills a missing sentiment. */
async function storeAnalysis(
  db: Db,
  companyId: number,
  batch: ReviewText[],
  analyses: TextAnalysis[],
  opts: StoreOptions,
): Promise<void> {
  if (batch.length === 0) return;
  const rows: { reviewId: number; kind: string; topic: string; subtopic: string; sentiment: number }[] = [];
  const sentiments: { id: number; sentiment: number | null }[] = [];
  batch.forEach((r, i) => {
    const a = analyses[i]!;
    for (const t of a.topics)
      rows.push({ reviewId: r.id, kind: 'topic', topic: t.topic, subtopic: t.subtopic, sentiment: t.sentiment });
    for (const w of a.words)
      rows.push({ reviewId: r.id, kind: 'word', topic: w.word, subtopic: '', sentiment: w.sentiment });
    // A sentiment given by the source (or an earlier analysis) is kept; otherwise text first, then stars.
    sentiments.push({ id: r.id, sentiment: r.sentiment ?? a.sentiment ?? sentimentFromRating(r.rating) });
  });
  const ids = batch.map((r) => r.id);
  const idList = sql`${sql.param(ids)}::int[]`;
  await db.execute(sql`DELETE FROM review_topics WHERE company_id = ${companyId} AND review_id = ANY(${idList})`);
  if (rows.length) {
    await db.execute(sql`
      INSERT INTO review_topics (review_id, company_id, kind, topic, subtopic, sentiment)
      SELECT t.review_id, ${companyId}::int, t.kind, t.topic, t.subtopic, t.sentiment FROM unnest(
        ${sql.param(rows.map((r) => r.reviewId))}::int[], ${sql.param(rows.map((r) => r.kind))}::text[], ${sql.param(rows.map((r) => r.topic))}::text[],
        ${sql.param(rows.map((r) => r.subtopic))}::text[], ${sql.param(rows.map((r) => r.sentiment))}::smallint[]
      ) AS t(review_id, kind, topic, subtopic, sentiment)`);
  }
  await db.execute(sql`
    UPDATE reviews r SET nlp_version = ${NLP_VERSION}, sentiment = s.sentiment
    FROM unnest(${sql.param(sentiments.map((s) => s.id))}::int[], ${sql.param(sentiments.map((s) => s.sentiment))}::smallint[]) AS s(id, sentiment)
    WHERE r.id = s.id AND r.company_id = ${companyId}`);
  if (!opts.incremental) return;
  // The batch's days are summed again from review_topics, set-based: migration 0007's functions
  // (topic_daily_take/give) ran four statements a review, each firing topic_daily's statement
  // triggers, and held the embedded database 40 s for 500 reviews on the first start.
  await refreshTopicRollup(db, companyId, await rollupKeysOf(db, companyId, ids));
  // A sentiment filled in here changes the sentiment counters of review_daily.
  const filled = batch
    .filter((r) => r.sentiment === null && sentiments.find((s) => s.id === r.id)?.sentiment !== null)
    .map((r) => r.id);
  if (filled.length) await refreshDailyRollup(db, companyId, await rollupKeysOf(db, companyId, filled));
}

/** Analyses these reviews of the company now (they may have new or edited texts). Ids of other companies are ignored. */
export async function analyzeReviews(
  db: Db,
  companyId: number,
  reviewIds: readonly number[],
  opts: StoreOptions = { incremental: true },
): Promise<void> {
  if (reviewIds.length === 0) return;
  const type = await companyType(db, companyId);
  for (let i = 0; i < reviewIds.length; i += BATCH) {
    const ids = reviewIds.slice(i, i + BATCH);
    const result = await db.execute(
      sql`SELECT id, title, text, rating, sentiment FROM reviews WHERE company_id = ${companyId} AND id = ANY(${sql.param([...ids])}::int[])`,
    );
    const batch = rowsOf<ReviewText>(result);
    await storeAnalysis(db, companyId, batch, await analyzeBatch(type, batch), opts);
  }
}

/**
 * Analyses every review of the company still waiting for analysis (nlp_version NULL), in
 * batches; answers how many. Used after bulk loads (seed, imports) and by the start-up backfill.
 * Without `incremental` it does not touch the rollups: callers rebuild topic_daily once afterwards;
 * with it, each batch is written with its rollup changes in a transaction of its own.
 */
export async function analyzePendingReviews(
  db: Db,
  companyId: number,
  batchSize = BATCH,
  shouldStop: () => boolean = () => false,
  opts: StoreOptions & { maxReviews?: number; onBatch?: () => void } = { incremental: false },
): Promise<number> {
  const type = await companyType(db, companyId);
  let done = 0;
  for (;;) {
    const result = await db.execute(sql`
      SELECT id, title, text, rating, sentiment FROM reviews
      WHERE company_id = ${companyId} AND nlp_version IS NULL
      ORDER BY id LIMIT ${batchSize}`);
    const batch = rowsOf<ReviewText>(result);
    if (batch.length === 0 || shouldStop()) return done;
    // Texts are analysed outside any transaction: on the embedded database (one connection) an open
    // transaction would hold every other request's query while the texts are read.
    const analyses = await analyzeBatch(type, batch);
    if (opts.incremental)
      await db.transaction((tx) => storeAnalysis(tx as unknown as Db, companyId, batch, analyses, opts));
    else await storeAnalysis(db, companyId, batch, analyses, opts);
    done += batch.length;
    opts.onBatch?.();
    if (opts.maxReviews !== undefined && done >= opts.maxReviews) return done;
  }
}

/** Reviews of the company (of these locations, when given) waiting for analysis (nlp_version NULL). */
export async function countPendingReviews(
  db: Db,
  companyId: number,
  locationIds: readonly number[] | null = null,
): Promise<number> {
  const inLocations = locationIds ? sql` AND location_id = ANY(${sql.param([...locationIds])}::int[])` : sql``;
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${companyId} AND nlp_version IS NULL${inLocations}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Companies that have reviews waiting for analysis (for the 'insights.analyze' job). */
export async function companiesWithPendingAnalysis(db: Db): Promise<number[]> {
  const result = await db.execute(sql`SELECT DISTINCT company_id FROM reviews WHERE nlp_version IS NULL`);
  return rowsOf<{ company_id: number }>(result).map((r) => Number(r.company_id));
}

import type { UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { companyReadCache } from '../../platform/readCache';
import { countPendingReviews } from './analysis.repository';
import { taxonomyFor, topicTitle } from '../../platform/nlp/taxonomy';
import { change, round, sentimentScore } from '../statistics/metrics';
import { resolvePeriods, rollupPlan, type ReportPeriods } from '../statistics/period';
import { sumPlanned } from '../statistics/repository';
import { bucketsBetween, defaultInterval, type StatsQuery } from '../statistics/service';
import {
  rankWords,
  sumTopics,
  sumWords,
  topicDailyRead,
  topicPlan,
  topicSeries,
  topicSeriesMonthly,
  type TopicSums,
} from './repository';

/**
 * Insights (v3): topics and sub-topics in review texts with their sentiment, the words people use,
 * and trends. Topic titles are in the language asked for (the request's); words are the reviewers'.
 */

/** Counts of reviews waiting for text analysis, kept per company and locations until its reviews change. */
const waitingCounts = companyReadCache(200);
const WAITING_TTL_MS = 60_000;

/**
 * How many of the reviews the user sees still wait for text analysis (the 'insights.analyze' job:
 * after the first start's seeding, a bulk load or an import), so the page can say the topics are
 * still being found instead of showing none. Counted from the index of waiting reviews
 * (reviews_analysis_waiting_idx), and kept for a minute or until the company's reviews change (the
 * bulk analysis tells every few seconds).
 */
function reviewsWaitingAnalysis(db: Db, ctx: ActingContext): Promise<number> {
  const companyId = ctx.companyId;
  if (companyId === null) return Promise.resolve(0);
  return waitingCounts(
    db,
    `${companyId}|${ctx.locationIds?.join('.') ?? '*'}`,
    WAITING_TTL_MS,
    { companyId, kinds: ['reviews'] },
    () => countPendingReviews(db, companyId, ctx.locationIds),
  );
}

/**
 * An insights answer with its count of reviews waiting for analysis (`reviews_waiting_analysis`):
 * the insights page's answers; the dashboard and the report mails read the topics without it.
 */
export async function withAnalysisState<T extends object>(db: Db, ctx: ActingContext, report: Promise<T>) {
  const [value, waiting] = await Promise.all([report, reviewsWaitingAnalysis(db, ctx)]);
  return { ...value, reviews_waiting_analysis: waiting };
}

export interface InsightsQuery extends StatsQuery {
  topic?: string;
  topics?: string[];
}

function companyType(ctx: ActingContext): string | null {
  return ctx.company?.type ?? null;
}

function periodsOut(p: ReportPeriods) {
  return {
    period: { from: p.period.from, to: p.period.to },
    previous_period: p.previous ? { from: p.previous.from, to: p.previous.to } : null,
  };
}

export function categories(ctx: ActingContext, language: UiLanguage) {
  const type = companyType(ctx);
  return {
    company_type: type,
    data: Object.entries(taxonomyFor(type)).map(([key, def]) => ({
      key,
      title: topicTitle(type, key, '', language),
      subtopics: Object.keys(def.subtopics).map((k) => ({ key: k, title: topicTitle(type, key, k, language) })),
    })),
  };
}

function topicRow(
  ctx: ActingContext,
  s: TopicSums,
  analysed: number,
  before: TopicSums | undefined,
  hasPrevious: boolean,
  language: UiLanguage,
) {
  const score = sentimentScore(s);
  const prevScore = before ? sentimentScore(before) : null;
  return {
    key: s.subtopic || s.topic,
    topic: s.topic,
    subtopic: s.subtopic || null,
    title: topicTitle(companyType(ctx), s.topic, s.subtopic, language),
    mentions: s.mentions,
    share: analysed ? round((100 * s.mentions) / analysed, 1) : null,
    positive: s.positive,
    neutral: s.neutral,
    negative: s.negative,
    sentiment_score: score,
    previous_mentions: hasPrevious ? (before?.mentions ?? 0) : null,
    previous_sentiment_score: prevScore,
    sentiment_change: change(score, prevScore),
  };
}

async function topicReport(
  db: Db,
  ctx: ActingContext,
  q: InsightsQuery,
  level: 'topic' | 'subtopic',
  language: UiLanguage,
) {
  const p = await resolvePeriods(db, ctx, q);
  const read = (range: { from: string; to: string }) =>
    sumTopics(db, topicPlan(ctx, q, range, { kind: 'topic' }), level, level === 'subtopic' ? q.topic : undefined);
  const [now, before, texts] = await Promise.all([
    read(p.period),
    p.previous ? read(p.previous) : null,
    sumPlanned(db, rollupPlan(ctx, q, p.period)),
  ]);
  const key = (s: TopicSums) => `${s.topic}|${s.subtopic}`;
  const prev = new Map((before ?? []).map((s) => [key(s), s]));
  return {
    ...periodsOut(p),
    reviews_with_text: texts.withText,
    data: now.map((s) => topicRow(ctx, s, texts.withText, prev.get(key(s)), Boolean(p.previous), language)),
  };
}

export const primaryTopics = (db: Db, ctx: ActingContext, q: InsightsQuery, language: UiLanguage) =>
  topicReport(db, ctx, q, 'topic', language);
export const secondaryTopics = (db: Db, ctx: ActingContext, q: InsightsQuery, language: UiLanguage) =>
  topicReport(db, ctx, q, 'subtopic', language);

export async function words(db: Db, ctx: ActingContext, q: InsightsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const where = topicPlan(ctx, q, p.period, { kind: 'word' });
  const limit = q.limit ?? 30;
  // One read, three orders (each read sums every word of the period).
  const rows = await sumWords(db, where);
  const [all, positive, negative] = [
    rankWords(rows, limit, 'mentions'),
    rankWords(rows, limit, 'positive'),
    rankWords(rows, limit, 'negative'),
  ];
  const out = (s: TopicSums) => ({
    word: s.topic,
    mentions: s.mentions,
    positive: s.positive,
    neutral: s.neutral,
    negative: s.negative,
    sentiment_score: sentimentScore(s),
  });
  return {
    ...periodsOut(p),
    data: all.map(out),
    positive: positive.filter((s) => s.positive > 0).map(out),
    negative: negative.filter((s) => s.negative > 0).map(out),
  };
}

export async function topicTrend(db: Db, ctx: ActingContext, q: InsightsQuery, language: UiLanguage) {
  const p = await resolvePeriods(db, ctx, q);
  const interval = q.interval ?? defaultInterval(p.period.days);
  let topics = q.topics ?? [];
  if (topics.length === 0) {
    // The five most mentioned topics of the period.
    topics = (await sumTopics(db, topicPlan(ctx, q, p.period, { kind: 'topic' }), 'topic'))
      .slice(0, 5)
      .map((s) => s.topic);
  }
  const rows =
    interval === 'month'
      ? await topicSeriesMonthly(db, topicPlan(ctx, q, p.period, { kind: 'topic' }), topics)
      : await topicSeries(db, topicDailyRead(ctx, q, p.period, { kind: 'topic' }), interval, p.weekStart, topics);
  const byKey = new Map(rows.map((r) => [`${r.bucket}|${r.topic}`, r]));
  const buckets = bucketsBetween(p.period.from, p.period.to, interval, p.weekStart);
  return {
    ...periodsOut(p),
    interval,
    topics: topics.map((k) => ({ key: k, title: topicTitle(companyType(ctx), k, '', language) })),
    points: buckets.map((date) => ({
      date,
      topics: Object.fromEntries(
        topics.map((k) => {
          const r = byKey.get(`${date}|${k}`);
          return [
            k,
            {
              mentions: r?.mentions ?? 0,
              positive: r?.positive ?? 0,
              negative: r?.negative ?? 0,
              sentiment_score: r ? sentimentScore(r) : null,
            },
          ];
        }),
      ),
    })),
  };
}

import { eq, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ReviewFilter } from '@reputo/core';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/prepared';
import { topicCompanyDaily, topicDaily, topicLocationMonthly, topicMonthly } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { locationScopeSql, locationsLimited, monthSplitConditions, splitIntoMonths } from '../reviews/scope';
import { scopeCompanyId } from '../../platform/companyScope';
import { dayBounds } from '../statistics/period';
import { keptList, sumAcrossReads } from '../reviews/rollup.repository';
import { bucketDay, type Interval } from '../statistics/repository';

/** Aggregates over topic_daily (the daily rollup of review_topics); never over reviews. */

const t = topicDaily;

export interface TopicSums {
  topic: string;
  subtopic: string;
  mentions: number;
  positive: number;
  neutral: number;
  negative: number;
}

/** Conditions on topic_daily for a context, filter (places, sources) and days. */
export function topicWhere(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  opts: { competitor?: boolean; kind: 'topic' | 'word' },
): SQL[] {
  const out: SQL[] = [
    eq(t.companyId, scopeCompanyId(ctx)),
    eq(t.isCompetitor, opts.competitor ?? false),
    eq(t.kind, opts.kind),
    ...dayBounds(t.day, range),
  ];
  const location = locationScopeSql(t.locationId, ctx, filter);
  if (location) out.push(location);
  if (filter.sources?.length) out.push(inArray(t.source, filter.sources));
  return out;
}

/** The daily topic tables: per location, or company-wide (topic_company_daily, for reads without a location limit). */
export type DailyTopicTable = typeof topicDaily | typeof topicCompanyDaily;
/** The monthly topic tables: company-wide per source, or per location over every source (topics only). */
type MonthlyTopicTable = typeof topicMonthly | typeof topicLocationMonthly;
type TopicTable = DailyTopicTable | MonthlyTopicTable;

function sumsOf(x: TopicTable) {
  return {
    mentions: sql<string>`coalesce(sum(${x.mentions}), 0)`,
    positive: sql<string>`coalesce(sum(${x.positive}), 0)`,
    neutral: sql<string>`coalesce(sum(${x.neutral}), 0)`,
    negative: sql<string>`coalesce(sum(${x.negative}), 0)`,
  };
}

/**
 * Where insights read: whole months from `monthlyTable` (null conditions: no whole month) and the
 * other days from `dailyTable`, one read per entry of `daily`.
 * - Without a location limit (no tree filter, an unlimited user): topic_monthly and, for the ends,
 *   topic_company_daily (a row per source and day, not per location and day).
 * - With one, topics of every source: topic_location_monthly and topic_daily for each end.
 * - With one, words or some sources: topic_daily for every day.
 */
export interface TopicPlan {
  monthly: SQL[] | null;
  monthlyTable: MonthlyTopicTable;
  daily: SQL[][];
  dailyTable: DailyTopicTable;
}

/** Conditions on topic_company_daily for a company-wide read of these days. */
function companyTopicWhere(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  opts: { competitor?: boolean; kind: 'topic' | 'word' },
): SQL[] {
  const c = topicCompanyDaily;
  const out: SQL[] = [
    eq(c.companyId, scopeCompanyId(ctx)),
    eq(c.isCompetitor, opts.competitor ?? false),
    eq(c.kind, opts.kind),
    ...dayBounds(c.day, range),
  ];
  if (filter.sources?.length) out.push(inArray(c.source, filter.sources));
  return out;
}

/** Every day of a range (day and week series): company-wide rows when nothing limits locations. */
export function topicDailyRead(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  opts: { competitor?: boolean; kind: 'topic' | 'word' },
): { table: DailyTopicTable; where: SQL[] } {
  return locationsLimited(ctx, filter)
    ? { table: t, where: topicWhere(ctx, filter, range, opts) }
    : { table: topicCompanyDaily, where: companyTopicWhere(ctx, filter, range, opts) };
}

export function topicPlan(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from: string; to: string },
  opts: { competitor?: boolean; kind: 'topic' | 'word' },
): TopicPlan {
  if (locationsLimited(ctx, filter)) return locationTopicPlan(ctx, filter, range, opts);
  const c = topicCompanyDaily;
  const m = topicMonthly;
  const split = monthSplitConditions(splitIntoMonths(range.from, range.to), m.month, c.day);
  if (!split.monthly)
    return { monthly: null, monthlyTable: m, daily: [companyTopicWhere(ctx, filter, range, opts)], dailyTable: c };
  const monthly: SQL[] = [
    eq(m.companyId, scopeCompanyId(ctx)),
    eq(m.isCompetitor, opts.competitor ?? false),
    eq(m.kind, opts.kind),
    ...split.monthly,
  ];
  if (filter.sources?.length) monthly.push(inArray(m.source, filter.sources));
  // Each end its own read: as an OR of two day ranges PostgreSQL read every day up to the end (20 ms against 1).
  const daily = split.edges.map((edge) => [...companyTopicWhere(ctx, filter, range, opts), edge]);
  return { monthly, monthlyTable: m, daily, dailyTable: c };
}

/** Some locations: whole months of topics per location when every source counts, else every day of topic_daily. */
function locationTopicPlan(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from: string; to: string },
  opts: { competitor?: boolean; kind: 'topic' | 'word' },
): TopicPlan {
  const m = topicLocationMonthly;
  if (opts.kind !== 'topic' || filter.sources?.length)
    return { monthly: null, monthlyTable: m, daily: [topicWhere(ctx, filter, range, opts)], dailyTable: t };
  const split = monthSplitConditions(splitIntoMonths(range.from, range.to), m.month, t.day);
  const monthly: SQL[] | null = split.monthly
    ? [
        eq(m.companyId, scopeCompanyId(ctx)),
        eq(m.isCompetitor, opts.competitor ?? false),
        locationScopeSql(m.locationId, ctx, filter)!,
        ...split.monthly,
      ]
    : null;
  // Each end its own read: an OR of two day ranges is filtered, not sought, in the location index.
  const daily = split.edges.map((edge) => [...topicWhere(ctx, filter, { to: range.to }, opts), edge]);
  return { monthly, monthlyTable: m, daily, dailyTable: t };
}

function toSums(r: {
  topic: string;
  subtopic: string;
  mentions: string;
  positive: string;
  neutral: string;
  negative: string;
}): TopicSums {
  return {
    topic: r.topic,
    subtopic: r.subtopic,
    mentions: Number(r.mentions),
    positive: Number(r.positive),
    neutral: Number(r.neutral),
    negative: Number(r.negative),
  };
}

type TopicKey = keyof TopicSums;
type TopicRead = { table: TopicTable; where: SQL[] };
/** A topic table's sums under its topic and sub-topic, after the `extra` keys of its grain (a bucket, a location). */
type TopicList<E extends string> = Record<E | TopicKey, SQL>;
function topicList<E extends string>(x: TopicTable, grain: string, extra: () => Record<E, SQL>): TopicList<E> {
  return keptList(`topics|${getTableName(x)}|${grain}`, () => ({
    ...extra(),
    topic: sql`${x.topic}`,
    subtopic: sql`${x.subtopic}`,
    ...sumsOf(x),
  })) as TopicList<E>;
}

/** Topic sums over several reads (whole months, end days), added up per topic and the grain's keys in one statement. */
async function sumTopicReads<E extends string>(
  db: Db,
  reads: TopicRead[],
  grain: { name: string; keys: E[]; extra: (x: TopicTable) => Record<E, SQL> },
): Promise<(TopicSums & Record<E, unknown>)[]> {
  const rows = await sumAcrossReads<TopicRead, E | TopicKey>(
    db,
    reads,
    ({ table }) => topicList(table, grain.name, () => grain.extra(table)),
    [...grain.keys, 'topic', 'subtopic'],
  );
  return rows.map((r) => ({ ...r, ...toSums(r as Parameters<typeof toSums>[0]) }));
}

const PLAIN = { name: 'plain', keys: [] as never[], extra: () => ({}) as Record<never, SQL> };

/** A plan's reads: its whole months (when any) and its end days, each with the `extra` conditions. */
function planReads(plan: TopicPlan, extra: (x: TopicTable) => SQL[]): TopicRead[] {
  const days = plan.daily.map((where) => ({ table: plan.dailyTable, where: [...where, ...extra(plan.dailyTable)] }));
  if (!plan.monthly) return days;
  return [{ table: plan.monthlyTable, where: [...plan.monthly, ...extra(plan.monthlyTable)] }, ...days];
}

function readPlan(db: Db, plan: TopicPlan, extra: (x: TopicTable) => SQL[]): Promise<TopicSums[]> {
  return sumTopicReads(db, planReads(plan, extra), PLAIN);
}

/** Topic-level sums (subtopic '') or sub-topic sums (optionally of one topic), most mentioned first. */
export async function sumTopics(
  db: Db,
  plan: TopicPlan,
  level: 'topic' | 'subtopic',
  topic?: string,
): Promise<TopicSums[]> {
  const rows = await readPlan(db, plan, (x) => [
    level === 'topic' ? eq(x.subtopic, '') : ne(x.subtopic, ''),
    ...(topic ? [eq(x.topic, topic)] : []),
  ]);
  return rows.sort((a, b) => b.mentions - a.mentions || a.topic.localeCompare(b.topic));
}

/** Every word of a plan with its sums (read once; rankWords orders them). */
export function sumWords(db: Db, plan: TopicPlan): Promise<TopicSums[]> {
  return readPlan(db, plan, () => []);
}

/** The first `limit` words by mentions, positive or negative sentences. */
export function rankWords(
  rows: readonly TopicSums[],
  limit: number,
  order: 'mentions' | 'positive' | 'negative',
): TopicSums[] {
  return [...rows].sort((a, b) => b[order] - a[order] || a.topic.localeCompare(b.topic)).slice(0, limit);
}

/** The words of a plan ordered by mentions, positive or negative sentences. */
export async function topWords(
  db: Db,
  plan: TopicPlan,
  limit: number,
  order: 'mentions' | 'positive' | 'negative',
): Promise<TopicSums[]> {
  return rankWords(await sumWords(db, plan), limit, order);
}

export async function topicSeries(
  db: Db,
  read: { table: DailyTopicTable; where: SQL[] },
  interval: Interval,
  weekStart: number,
  topics: string[],
): Promise<(TopicSums & { bucket: string })[]> {
  const x = read.table;
  const conds = [...read.where, eq(x.subtopic, '')];
  if (topics.length) conds.push(anyOf(x.topic, topics));
  const rows = await sumTopicReads(db, [{ table: x, where: conds }], {
    name: `${interval}|${weekStart}`,
    keys: ['bucket'],
    extra: () => ({ bucket: bucketDay(x.day, interval, weekStart) }),
  });
  return byBucket(rows);
}

/** Monthly topic series for a plan: whole months from its monthly table and the edge months' days, in one statement. */
export async function topicSeriesMonthly(
  db: Db,
  plan: TopicPlan,
  topics: string[],
): Promise<(TopicSums & { bucket: string })[]> {
  const only = (x: TopicTable) => [eq(x.subtopic, ''), ...(topics.length ? [anyOf(x.topic, topics)] : [])];
  const rows = await sumTopicReads(db, planReads(plan, only), {
    name: 'month',
    keys: ['bucket'],
    extra: (x) => ({
      bucket: 'month' in x ? sql`${x.month}` : bucketDay(x.day, 'month', 7),
    }),
  });
  return byBucket(rows);
}

function byBucket(rows: (TopicSums & { bucket: unknown })[]): (TopicSums & { bucket: string })[] {
  return rows.map((r) => ({ ...r, bucket: String(r.bucket) })).sort((x, y) => x.bucket.localeCompare(y.bucket));
}

/**
 * Topic totals of some locations over a range (the competitor benchmark's own and competitor topics):
 * their whole months from topic_location_monthly and the ends by day, as any location-limited plan,
 * instead of every day of every location (a 90-day benchmark of 40 locations read ~3,600
 * location-days of topics where two whole months now answer for two thirds of them).
 */
export function sumTopicsOfLocations(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from: string; to: string },
  opts: { competitor?: boolean },
  only: number[],
): Promise<TopicSums[]> {
  const plan = locationTopicPlan(ctx, filter, range, { ...opts, kind: 'topic' });
  // A location plan reads topic_location_monthly and topic_daily, both per location.
  const perLocation = (x: TopicTable) => x as typeof topicLocationMonthly | typeof t;
  return readPlan(db, plan, (x) => [eq(x.subtopic, ''), anyOf(perLocation(x).locationId, only)]);
}

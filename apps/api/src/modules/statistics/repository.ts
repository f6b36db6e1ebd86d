import { and, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  brands,
  locations,
  reviewCompanyDaily,
  reviewDaily,
  reviewLocationMonthly,
  reviewMonthly,
  states,
} from '../../db/schema';
import type { MonthlyPlan, SignedRead } from '../reviews/scope';
import { sumAcrossReads } from '../reviews/rollup.repository';
import { EMPTY_SUMS, type Sums } from './metrics';

/**
 * Sums over review_daily rows (never over reviews): a year of a 1,000-location company is a few
 * hundred thousand rollup rows at most, read through the (company_id, day) index.
 */

const d = reviewDaily;
type RollupTable =
  | typeof reviewDaily
  | typeof reviewMonthly
  | typeof reviewCompanyDaily
  | typeof reviewLocationMonthly
  | SignedRead['table'];
/** The daily tables: per location, or company-wide (review_company_daily, for reads without a location limit). */
export type DailyTable = typeof reviewDaily | typeof reviewCompanyDaily;

/** The counters summed, for any rollup table (they share column names); one object a table, so its SQL text is written once (sumAcrossReads). */
const sumFieldsOf = new Map<RollupTable, ReturnType<typeof buildSumFields>>();
function sumFields(t: RollupTable) {
  let fields = sumFieldsOf.get(t);
  if (!fields) sumFieldsOf.set(t, (fields = buildSumFields(t)));
  return fields;
}
function buildSumFields(t: RollupTable) {
  return {
    reviews: sql<string>`coalesce(sum(${t.reviews}), 0)`,
    rated: sql<string>`coalesce(sum(${t.rated}), 0)`,
    ratingSum: sql<string>`coalesce(sum(${t.ratingSum}), 0)`,
    s1: sql<string>`coalesce(sum(${t.stars1}), 0)`,
    s2: sql<string>`coalesce(sum(${t.stars2}), 0)`,
    s3: sql<string>`coalesce(sum(${t.stars3}), 0)`,
    s4: sql<string>`coalesce(sum(${t.stars4}), 0)`,
    s5: sql<string>`coalesce(sum(${t.stars5}), 0)`,
    withText: sql<string>`coalesce(sum(${t.withText}), 0)`,
    responded: sql<string>`coalesce(sum(${t.responded}), 0)`,
    responseSeconds: sql<string>`coalesce(sum(${t.responseSeconds}), 0)`,
    positive: sql<string>`coalesce(sum(${t.positive}), 0)`,
    neutral: sql<string>`coalesce(sum(${t.neutral}), 0)`,
    negative: sql<string>`coalesce(sum(${t.negative}), 0)`,
  };
}
type SumRow = { [K in keyof ReturnType<typeof buildSumFields>]: string | number };

export function addSums(a: Sums, b: Sums): Sums {
  return {
    reviews: a.reviews + b.reviews,
    rated: a.rated + b.rated,
    ratingSum: a.ratingSum + b.ratingSum,
    stars: a.stars.map((v, i) => v + b.stars[i]!) as Sums['stars'],
    withText: a.withText + b.withText,
    responded: a.responded + b.responded,
    responseSeconds: a.responseSeconds + b.responseSeconds,
    positive: a.positive + b.positive,
    neutral: a.neutral + b.neutral,
    negative: a.negative + b.negative,
  };
}

/** Rows of several reads (months, edge days) added up per key: a source, a bucket or a location. */
function mergeSums<K extends string, T extends Sums & Record<K, string | number>>(rows: T[], key: K): T[] {
  const out = new Map<string | number, T>();
  for (const r of rows) {
    const cur = out.get(r[key]);
    out.set(r[key], cur ? { ...r, ...addSums(cur, r) } : r);
  }
  return [...out.values()];
}

/**
 * Where a report reads: a month plan (scope `monthlyPlan`: whole months from a month table, the ends
 * from a daily one) when one applies, and every day from review_daily (`allDays`) for what the month
 * plan cannot answer (totals per source when its tables have no source).
 */
export interface RollupPlan {
  months: MonthlyPlan | null;
  allDays: SQL[];
}

/**
 * Sums for a plan: the month rows and the end days added up in one statement (UNION ALL), instead
 * of every day of a long range, and of a round trip per read.
 */
export async function sumPlanned(db: Db, plan: RollupPlan): Promise<Sums> {
  const p = plan.months;
  if (!p) return sumRollup(db, plan.allDays);
  const reads = [{ table: p.month, where: p.monthly }, ...p.daily.map((end) => ({ table: p.day, where: end }))];
  const [row] = await sumAcrossReads(db, reads, ({ table }) => sumFields(table));
  return toSums(row as SumRow | undefined);
}

export async function sumPlannedBySource(db: Db, plan: RollupPlan): Promise<(Sums & { source: string })[]> {
  const p = plan.months;
  if (!p?.bySource) return sumRollupBySource(db, plan.allDays);
  const m = reviewMonthly;
  const months = (
    await db
      .select({ source: m.source, ...sumFields(m) })
      .from(m)
      .where(and(...p.monthly))
      .groupBy(m.source)
  ).map((r) => ({ source: r.source, ...toSums(r) }));
  const ends = await Promise.all(p.daily.map((end) => sumRollupBySource(db, end, reviewCompanyDaily)));
  return mergeSums([...months, ...ends.flat()], 'source');
}

/** A monthly series for a plan: whole months from the month table, the edge months' days folded in. */
export async function monthlySeriesPlanned(
  db: Db,
  plan: RollupPlan,
  weekStart: number,
): Promise<(Sums & { bucket: string })[]> {
  const p = plan.months;
  if (!p) return rollupSeries(db, plan.allDays, 'month', weekStart);
  const bucket = sql<string>`to_char(${p.month.month}, 'YYYY-MM-DD')`;
  const months = (
    await db
      .select({ bucket, ...sumFields(p.month) })
      .from(p.month)
      .where(and(...p.monthly))
      .groupBy(p.month.month)
  ).map((r) => ({ bucket: r.bucket, ...toSums(r) }));
  const ends = await Promise.all(p.daily.map((end) => rollupSeries(db, end, 'month', weekStart, p.day)));
  return mergeSums([...months, ...ends.flat()], 'bucket').sort((a, b) => a.bucket.localeCompare(b.bucket));
}

function toSums(r: SumRow | undefined): Sums {
  if (!r) return { ...EMPTY_SUMS, stars: [0, 0, 0, 0, 0] };
  const n = (v: string | number) => Number(v);
  return {
    reviews: n(r.reviews),
    rated: n(r.rated),
    ratingSum: n(r.ratingSum),
    stars: [n(r.s1), n(r.s2), n(r.s3), n(r.s4), n(r.s5)],
    withText: n(r.withText),
    responded: n(r.responded),
    responseSeconds: n(r.responseSeconds),
    positive: n(r.positive),
    neutral: n(r.neutral),
    negative: n(r.negative),
  };
}

export async function sumRollup(db: Db, conditions: SQL[], table: DailyTable = d): Promise<Sums> {
  const [row] = await db
    .select(sumFields(table))
    .from(table)
    .where(and(...conditions));
  return toSums(row);
}

export async function sumRollupBySource(
  db: Db,
  conditions: SQL[],
  table: DailyTable = d,
): Promise<(Sums & { source: string })[]> {
  const rows = await db
    .select({ source: table.source, ...sumFields(table) })
    .from(table)
    .where(and(...conditions))
    .groupBy(table.source);
  return rows.map((r) => ({ source: r.source, ...toSums(r) }));
}

/** The per-location sums of a read, one object per table and sign, so its SQL text is written once (sumAcrossReads). */
const locationSumsOf = new Map<string, Record<keyof SumRow | 'locationId', SQL>>();
function locationSums({ table, sign }: SignedRead): Record<keyof SumRow | 'locationId', SQL> {
  const key = `${getTableName(table)}|${sign}`;
  let out = locationSumsOf.get(key);
  if (!out) {
    const sums = Object.entries(sumFields(table)).map(([k, e]) => [k, sign < 0 ? sql`-${e}` : e]);
    out = { locationId: sql`${table.locationId}`, ...Object.fromEntries(sums) } as Record<
      keyof SumRow | 'locationId',
      SQL
    >;
    locationSumsOf.set(key, out);
  }
  return out;
}

/**
 * Sums per location for a plan in one statement: its reads (running sums added and taken away, or
 * review_daily) are added up by PostgreSQL (UNION ALL, grouped once), so a ranking of 1,000
 * locations sends 1,000 rows a period for the server to take. `only` limits the read to those
 * locations when the caller needs no others.
 */
export async function sumRollupByLocation(
  db: Db,
  plan: SignedRead[],
  only?: number[],
): Promise<(Sums & { locationId: number })[]> {
  const reads = only
    ? plan.map((r) => ({ ...r, where: [...r.where, inArray(r.table.locationId, only.length ? only : [0])] }))
    : plan;
  const rows = await sumAcrossReads<SignedRead, keyof SumRow | 'locationId'>(db, reads, locationSums, 'locationId');
  // A location whose running sums cancel out had no review in the range: no row, as from review_daily.
  return rows.map((r) => ({ locationId: Number(r.locationId), ...toSums(r as SumRow) })).filter((r) => r.reviews !== 0);
}

export type Interval = 'day' | 'week' | 'month';

/** The first day of the bucket a rollup day falls in; weeks start on the user's week start (ISO 1-7). */
export function bucketSql(day: SQL | AnyPgColumn, interval: Interval, weekStart: number): SQL<string> {
  if (interval === 'day') return sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
  if (interval === 'month') return sql<string>`to_char(date_trunc('month', ${day})::date, 'YYYY-MM-DD')`;
  // A literal, not a parameter: the same expression must appear in SELECT and GROUP BY, and two
  // parameters ($1, $2) would make PostgreSQL see two different expressions. 1..7 only.
  const ws = sql.raw(String(Math.min(7, Math.max(1, Math.trunc(weekStart)))));
  return sql<string>`to_char(${day} - ((extract(isodow FROM ${day})::int - ${ws} + 7) % 7), 'YYYY-MM-DD')`;
}

export async function rollupSeries(
  db: Db,
  conditions: SQL[],
  interval: Interval,
  weekStart: number,
  table: DailyTable = d,
): Promise<(Sums & { bucket: string })[]> {
  const bucket = bucketSql(table.day, interval, weekStart);
  const rows = await db
    .select({ bucket, ...sumFields(table) })
    .from(table)
    .where(and(...conditions))
    .groupBy(bucket)
    .orderBy(bucket);
  return rows.map((r) => ({ bucket: r.bucket, ...toSums(r) }));
}

/** A day or week series over a daily read (statistics/period dailyRead: company-wide or per location). */
export function dailySeries(
  db: Db,
  read: { table: DailyTable; where: SQL[] },
  interval: Interval,
  weekStart: number,
): Promise<(Sums & { bucket: string })[]> {
  return rollupSeries(db, read.where, interval, weekStart, read.table);
}

/** The newest day with a review under these conditions, or null. */
export async function lastReviewDay(db: Db, conditions: SQL[], table: DailyTable = d): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`to_char(max(${table.day}), 'YYYY-MM-DD')` })
    .from(table)
    .where(and(...conditions));
  return row?.day ?? null;
}

/** The first day with a review under these conditions (the start of an all-time period), or null. */
export async function firstReviewDay(db: Db, conditions: SQL[], table: DailyTable = d): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`to_char(min(${table.day}), 'YYYY-MM-DD')` })
    .from(table)
    .where(and(...conditions));
  return row?.day ?? null;
}

export interface LocationInfo {
  id: number;
  title: string;
  code: string | null;
  city: string | null;
  brand: string | null;
  state: string | null;
}

/** Titles, brands and regions of the company's locations (all, or these ids). */
export async function locationInfo(
  db: Db,
  companyId: number,
  ids: number[] | null,
): Promise<Map<number, LocationInfo>> {
  const where = ids
    ? and(eq(locations.companyId, companyId), inArray(locations.id, ids.length ? ids : [0]))
    : eq(locations.companyId, companyId);
  const rows = await db
    .select({
      id: locations.id,
      title: locations.title,
      code: locations.locationId,
      city: locations.city,
      brand: brands.title,
      state: states.title,
    })
    .from(locations)
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .where(where);
  return new Map(rows.map((r) => [r.id, r]));
}

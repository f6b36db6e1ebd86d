import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/prepared';
import { readJsonRows } from '../../db/readBatch';
import {
  locations,
  reviewCompanyDaily,
  reviewDaily,
  reviewLocationMonthly,
  reviewLocationSourceMonthly,
  reviewMonthly,
} from '../../db/schema';
import { monthPlanReads, type MonthlyPlan, type SignedRead } from '../reviews/scope';
import { keptList, sumAcrossReads } from '../reviews/rollup.repository';
import { locationDirectory, type LocationInfo } from '../locations/directory';
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
  | typeof reviewLocationSourceMonthly
  | SignedRead['table'];
/** The daily tables: per location, or company-wide (review_company_daily, for reads without a location limit). */
export type DailyTable = typeof reviewDaily | typeof reviewCompanyDaily;

/** The counters summed, for any rollup table (they share column names); one object a table, so its SQL text is written once (sumAcrossReads). */
function sumFields(t: RollupTable) {
  return keptList(`sums|${getTableName(t)}`, () => buildSumFields(t));
}
/** A rollup table's counters as they are, under the names every sum is read by. */
function counterFields(t: RollupTable) {
  return {
    reviews: sql`${t.reviews}`,
    rated: sql`${t.rated}`,
    ratingSum: sql`${t.ratingSum}`,
    s1: sql`${t.stars1}`,
    s2: sql`${t.stars2}`,
    s3: sql`${t.stars3}`,
    s4: sql`${t.stars4}`,
    s5: sql`${t.stars5}`,
    withText: sql`${t.withText}`,
    responded: sql`${t.responded}`,
    responseSeconds: sql`${t.responseSeconds}`,
    positive: sql`${t.positive}`,
    neutral: sql`${t.neutral}`,
    negative: sql`${t.negative}`,
  };
}
type CounterKey = keyof ReturnType<typeof counterFields>;
type SumRow = Record<CounterKey, string | number>;

function buildSumFields(t: RollupTable): Record<CounterKey, SQL> {
  const fields = Object.entries(counterFields(t)).map(([k, e]) => [k, sql`coalesce(sum(${e}), 0)`]);
  return Object.fromEntries(fields) as Record<CounterKey, SQL>;
}

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

/**
 * Where a report reads: month plans (scope `monthlyPlan`: whole months from a month table, the ends
 * from a daily one), one for totals and one for sums per source (for some locations the first reads
 * review_location_monthly, the second review_location_source_monthly: five times the rows, but a
 * row per source).
 */
export interface RollupPlan {
  months: MonthlyPlan;
  perSource: MonthlyPlan;
  /**
   * The totals of some locations over every source as running sums (scope `locationRunningPlan`), or
   * null (the whole company, or some sources): then `months`.
   */
  running: SignedRead[] | null;
}

/**
 * Sums for a plan: the month rows and the end days added up in one statement (UNION ALL), instead
 * of every day of a long range, and of a round trip per read.
 */
export async function sumPlanned(db: Db, plan: RollupPlan): Promise<Sums> {
  if (plan.running) return sumRunning(db, plan.running);
  const [row] = await sumAcrossReads(db, monthPlanReads(plan.months), ({ table }) => sumFields(table));
  return toSums(row as SumRow | undefined);
}

/**
 * The total of running-sum reads, each added or taken away: at most five rows a location (a year of
 * 18 locations from their months and end days was about 700 rows). Planned for its values, not
 * prepared: a generic plan of some locations' reads filtered the company's every location by the ids
 * instead of seeking them (W1: 13 ms against 1.1, bench/RESULTS.md).
 */
async function sumRunning(db: Db, plan: SignedRead[]): Promise<Sums> {
  const [row] = await sumAcrossReads(db, plan, signedSums);
  return toSums(row as SumRow | undefined);
}

/** A read's sums, negated when the read is taken away. */
function signedSums({ table, sign }: SignedRead): Record<CounterKey, SQL> {
  return keptList(`signed|${getTableName(table)}|${sign}`, () => withSign(sumFields(table), sign));
}

/** Expressions as they are, or each negated for a read that is taken away. */
function withSign<K extends string>(fields: Record<K, SQL>, sign: 1 | -1): Record<K, SQL> {
  if (sign > 0) return fields;
  return Object.fromEntries(Object.entries<SQL>(fields).map(([k, e]) => [k, sql`-${e}`])) as Record<K, SQL>;
}

/**
 * Sums per source for a plan in one statement: the month rows and the end days. A report that needs
 * the total as well adds these rows up (`totalOf`) rather than asking again.
 */
export async function sumPlannedBySource(db: Db, plan: RollupPlan): Promise<(Sums & { source: string })[]> {
  const rows = await sumAcrossReads<{ table: SourceTable; where: SQL[] }, keyof SumRow | 'source'>(
    db,
    perSourceReads(plan.perSource),
    ({ table }) => sourceSums(table),
    'source',
  );
  return rows.map((r) => ({ source: String(r.source), ...toSums(r as SumRow) }));
}

/** Every row's sums added up: the total of a report's per-source rows. */
export function totalOf(rows: Sums[]): Sums {
  return rows.reduce<Sums>((total, r) => addSums(total, r), { ...EMPTY_SUMS, stars: [0, 0, 0, 0, 0] });
}

type SourceTable = typeof reviewMonthly | typeof reviewLocationSourceMonthly | DailyTable;

/** A plan's reads, each of a table with a source column (a plan made with `perSource`). */
function perSourceReads(p: MonthlyPlan): { table: SourceTable; where: SQL[] }[] {
  return monthPlanReads(p).map(({ table, where }) => {
    if (!('source' in table)) throw new Error(`${getTableName(table)} has no source column`);
    return { table, where };
  });
}
/** The per-source sums of a table (sumAcrossReads). */
function sourceSums(table: SourceTable): Record<keyof SumRow | 'source', SQL> {
  return keptList(`source|${getTableName(table)}`, () => ({ source: sql`${table.source}`, ...sumFields(table) }));
}

/** A monthly series for a plan: whole months from the month table and the edge months' days, in one statement. */
export function monthlySeriesPlanned(
  db: Db,
  plan: RollupPlan,
  weekStart: number,
): Promise<(Sums & { bucket: string })[]> {
  return seriesAcross(db, monthPlanReads(plan.months), { interval: 'month', weekStart });
}

type SeriesTable = DailyTable | MonthlyPlan['month'] | MonthlyPlan['day'];
interface SeriesGrain {
  interval: Interval;
  weekStart: number;
}
/** The per-bucket sums of a table at a grain (sumAcrossReads). */
function bucketSums(table: SeriesTable, { interval, weekStart }: SeriesGrain): Record<keyof SumRow | 'bucket', SQL> {
  return keptList(`bucket|${getTableName(table)}|${interval}|${weekStart}`, () => ({
    bucket: 'month' in table ? sql`${table.month}` : bucketDay(table.day, interval, weekStart),
    ...sumFields(table),
  }));
}

/** Sums per bucket over several reads, added up by PostgreSQL in one statement, oldest bucket first. */
async function seriesAcross(
  db: Db,
  reads: { table: SeriesTable; where: SQL[] }[],
  grain: SeriesGrain,
): Promise<(Sums & { bucket: string })[]> {
  const rows = await sumAcrossReads<{ table: SeriesTable; where: SQL[] }, keyof SumRow | 'bucket'>(
    db,
    reads,
    ({ table }) => bucketSums(table, grain),
    'bucket',
  );
  return rows
    .map((r) => ({ bucket: String(r.bucket), ...toSums(r as SumRow) }))
    .sort((x, y) => x.bucket.localeCompare(y.bucket));
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

/**
 * The per-location sums of a read, by table and sign (sumAcrossReads): review_daily's summed per
 * location; a running-sum table's rows as they are (its reads are plain, see `isRunningRead`).
 */
function locationSums({ table, sign }: SignedRead): Record<keyof SumRow | 'locationId', SQL> {
  return keptList(`location|${getTableName(table)}|${sign}`, () => {
    const fields = table === reviewDaily ? sumFields(table) : counterFields(table);
    return { locationId: sql`${table.locationId}`, ...withSign(fields, sign) };
  });
}

/**
 * A read of the running sums (not review_daily). It holds one row a location (a December read, one a
 * year): summing it per location before the statement adds the reads up only doubled the work (and
 * made every outer sum a numeric): 5.0 → 2.0 ms for a ranking of 1,000 locations (bench/RESULTS.md).
 * And it reads an exact day or month, so its plan holds for any values: it can be prepared.
 */
const isRunningRead = (read: SignedRead) => read.table !== reviewDaily;

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
  const reads = only ? plan.map((r) => ({ ...r, where: [...r.where, anyOf(r.table.locationId, only)] })) : plan;
  const rows = await sumAcrossReads<SignedRead, keyof SumRow | 'locationId'>(db, reads, locationSums, 'locationId', {
    prepared: reads.every(isRunningRead),
    plain: isRunningRead,
  });
  // A location whose running sums cancel out had no review in the range: no row, as from review_daily.
  // One object a row, written in place: a whole company's ranking reads 1,000 rows a period, and a
  // copy of each spread into another was garbage the server's thread collected on every request.
  const out: (Sums & { locationId: number })[] = [];
  for (const r of rows) {
    const sums = toSums(r as SumRow) as Sums & { locationId: number };
    if (sums.reviews === 0) continue;
    sums.locationId = Number(r.locationId);
    out.push(sums);
  }
  return out;
}

export type Interval = 'day' | 'week' | 'month';

/**
 * The first day of the bucket a rollup day falls in, as a date; weeks start on the user's week start
 * (ISO 1-7). By date arithmetic, not to_char and extract per row: a two-year weekly series of a dozen
 * locations (8,263 daily rows) took 9.5–11 ms that way and 4.6–6.5 ms this way (W1). A date reads
 * as 'YYYY-MM-DD' in the JSON rows of `sumAcrossReads`; elsewhere use `bucketSql`, its text.
 */
export function bucketDay(day: SQL | AnyPgColumn, interval: Interval, weekStart: number): SQL<string> {
  if (interval === 'day') return sql<string>`${day}`;
  if (interval === 'month') return sql<string>`date_trunc('month', ${day})::date`;
  // A literal, not a parameter: the same expression must appear in SELECT and GROUP BY, and two
  // parameters ($1, $2) would make PostgreSQL see two different expressions. January 2 + w of
  // 2000 is the ISO weekday w (January 3 a Monday), so every whole week from it starts on w.
  const anchor = sql.raw(
    `DATE '2000-01-${String(2 + Math.min(7, Math.max(1, Math.trunc(weekStart)))).padStart(2, '0')}'`,
  );
  return sql<string>`(${day} - ((${day} - ${anchor}) % 7 + 7) % 7)`;
}

/** `bucketDay` as 'YYYY-MM-DD' text, for statements whose rows the driver parses (a date would become a Date). */
export function bucketSql(day: SQL | AnyPgColumn, interval: Interval, weekStart: number): SQL<string> {
  return sql<string>`to_char(${bucketDay(day, interval, weekStart)}, 'YYYY-MM-DD')`;
}

export function rollupSeries(
  db: Db,
  conditions: SQL[],
  interval: Interval,
  weekStart: number,
  table: DailyTable = d,
): Promise<(Sums & { bucket: string })[]> {
  return seriesAcross(db, [{ table, where: conditions }], { interval, weekStart });
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

/**
 * A read of every day of a range (statistics/period `dailyRead`). When it is limited to some of the
 * company's locations, `locations` says which (a condition on the locations table), so that its first
 * and last days are read a location at a time.
 */
export interface DailyRead {
  table: DailyTable;
  where: SQL[];
  locations?: SQL;
}

/** The newest day with a review in this read, or null. */
export function lastReviewDay(db: Db, read: DailyRead): Promise<string | null> {
  return edgeDay(db, 'last', read);
}

/** The first day with a review in this read (the start of an all-time period), or null. */
export function firstReviewDay(db: Db, read: DailyRead): Promise<string | null> {
  return edgeDay(db, 'first', read);
}

/**
 * min or max of the read's days. Of some locations, each location's own first (or last) day by the
 * (company, location, flag, day) index, then the earliest (latest) of those: min(day) over their rows
 * read every day of every location (14,400 rows, 2–6 ms for 18 locations at W1; 0.7 ms this way).
 */
async function edgeDay(db: Db, edge: 'first' | 'last', read: DailyRead): Promise<string | null> {
  const { table, where } = read;
  const pick = edge === 'first' ? sql`min` : sql`max`;
  const statement =
    read.locations && table === reviewDaily
      ? sql`SELECT to_char(${pick}(e.day), 'YYYY-MM-DD') AS day FROM ${locations} CROSS JOIN LATERAL (
          SELECT ${table.day} AS day FROM ${table} WHERE ${and(...where, eq(table.locationId, locations.id))}
          ORDER BY ${table.day} ${edge === 'first' ? sql`ASC` : sql`DESC`} LIMIT 1) e
        WHERE ${read.locations}`
      : sql`SELECT to_char(${pick}(${table.day}), 'YYYY-MM-DD') AS day FROM ${table} WHERE ${and(...where)}`;
  const [row] = await readJsonRows<{ day: string | null }>(db, statement);
  return row?.day ?? null;
}

/** Titles, brands and regions of the company's locations (all, or these ids), by id. */
export async function locationInfo(
  db: Db,
  companyId: number,
  ids: number[] | null,
): Promise<Map<number, LocationInfo>> {
  const directory = await locationDirectory(db, companyId);
  const wanted = ids && new Set(ids);
  return new Map(directory.filter((l) => !wanted || wanted.has(l.id)).map((l) => [l.id, l]));
}

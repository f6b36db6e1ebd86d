/**
 * Which reviews a request may see and asked for: the one place that turns an acting context and a
 * review filter (packages/core `reviewFilterSchema`) into SQL conditions. The review list, exports,
 * ratings and the reporting pages all use it, so a filter means the same rows everywhere.
 *
 * Rules:
 * - Tenancy: always `company_id = ctx.companyId`, never an id from the request alone.
 * - Allowed locations: a team member limited to some locations (`ctx.locationIds`, also the
 *   `locations` of an embed token) sees only those; an empty list sees nothing. Reviews without a
 *   location (products of companies without locations) are visible only to unlimited users.
 * - The brand > region > location tree: `brands`, `states` and `locations` name nodes of the tree a
 *   user ticked; a review matches when its location lies under ANY ticked node (a brand covers all
 *   its locations). That set is then intersected with the allowed locations.
 * - Dates are UTC calendar days, inclusive on both ends, the same days as the review_daily rollup,
 *   so a list count and a report on the same filter agree to the last review. Presets are resolved
 *   from today's UTC date (`resolveDateRange`).
 * - Competitor reviews are never in the workspace; reporting asks for them with `competitor: true`.
 *
 * Every function here is pure: it builds SQL and touches no database, except
 * `resolveScopeLocationIds`, which reads the company's location tree (kept: locations/directory.ts).
 */
import { resolveDateRange, type ReviewFilterValues, type WeekStart } from '@reputo/core';
import { and, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { anyOf } from '../../db/prepared';
import { locationDirectory, type DirectoryEntry } from '../locations/directory';
import {
  locations,
  reviewCategoryLinks,
  reviewCompanyDaily,
  reviewDaily,
  reviewLocationMonthly,
  reviewLocationMtd,
  reviewLocationSourceMonthly,
  reviewLocationYtd,
  reviewMonthly,
  reviews,
} from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';

/** What scoping needs from the acting context. */
export type ScopeContext = Pick<ActingContext, 'companyId' | 'locationIds'>;

export interface ScopeOptions {
  /** The day presets are seen from; defaults to now. */
  today?: Date;
  weekStart?: WeekStart;
  /** Competitor reviews instead of the company's own (reporting only). Default false. */
  competitor?: boolean;
}

const DAY_MS = 86_400_000;
const MAX_SEARCH_TERMS = 8;

function treeRequested(filter: ReviewFilterValues): boolean {
  return Boolean(filter.brands?.length || filter.states?.length || filter.locations?.length);
}

/** Whether a read is of some locations: the member is limited to some, or the filter ticks tree nodes. */
export function locationsLimited(ctx: ScopeContext, filter: ReviewFilterValues): boolean {
  return Boolean(ctx.locationIds) || treeRequested(filter);
}

/**
 * The condition "this location id column is allowed and under a ticked tree node", or undefined
 * when neither the context nor the filter limits locations. Works on any column holding a
 * location id (reviews.location_id, review_daily.location_id, feedback_responses.location_id,
 * locations.id) whose table every caller also reads by the acting company.
 */
export function locationScopeSql(column: AnyPgColumn, ctx: ScopeContext, filter: ReviewFilterValues): SQL | undefined {
  if (ctx.locationIds?.length === 0) return sql`false`;
  if (!treeRequested(filter)) return ctx.locationIds ? anyOf(column, ctx.locationIds) : undefined;
  if (!filter.brands?.length && !filter.states?.length) return namedLocations(column, ctx, filter.locations!);
  const nodes: SQL[] = [];
  if (filter.brands?.length) nodes.push(anyOf(locations.brandId, filter.brands));
  if (filter.states?.length) nodes.push(anyOf(locations.stateId, filter.states));
  if (filter.locations?.length) nodes.push(anyOf(locations.id, filter.locations));
  // A subquery keeps this pure and lets PostgreSQL join on the (small) location table.
  const tree = sql`${column} IN (SELECT ${locations.id} FROM ${locations} WHERE ${locations.companyId} = ${scopeCompanyId(ctx)} AND (${or(...nodes)}))`;
  return ctx.locationIds ? and(anyOf(column, ctx.locationIds), tree) : tree;
}

/**
 * Locations named one by one (no brand or region ticked): the ids themselves, those the member may
 * see. No join with the locations table is needed for the company's own: the column's table is read
 * by the acting company, so another company's ids find nothing. The embedded database plans a
 * report's statement in about half the time without the joins (bench/RESULTS.md).
 */
function namedLocations(column: AnyPgColumn, ctx: ScopeContext, named: number[]): SQL {
  if (!ctx.locationIds) return anyOf(column, named);
  const allowed = new Set(ctx.locationIds);
  const ids = named.filter((id) => allowed.has(id));
  return ids.length ? anyOf(column, ids) : sql`false`;
}

/** The UTC instants [from 00:00, day after `to` 00:00) of a filter's date range. */
export function dateBounds(
  filter: ReviewFilterValues,
  opts: ScopeOptions = {},
): { from?: Date; toExclusive?: Date; fromDay?: string; toDay?: string } {
  const range = resolveDateRange(filter, opts.today ?? new Date(), opts.weekStart ?? 7);
  return {
    from: range.from ? new Date(`${range.from}T00:00:00.000Z`) : undefined,
    toExclusive: range.to ? new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + DAY_MS) : undefined,
    fromDay: range.from,
    toDay: range.to,
  };
}

/**
 * A prefix query for PostgreSQL full-text search: each word of the search (letters and digits in
 * any script) must start a word of the review or its replies. Null when nothing searchable is left.
 */
export function searchTsQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
  return unique.length ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

function idsCondition(column: AnyPgColumn, ids: number[], noneMatches: SQL): SQL {
  const real = ids.filter((id) => id > 0);
  const parts: SQL[] = [];
  if (real.length) parts.push(inArray(column, real));
  if (ids.includes(0)) parts.push(noneMatches);
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

function categoriesCondition(ids: number[]): SQL {
  const real = ids.filter((id) => id > 0);
  const parts: SQL[] = [];
  if (real.length) {
    parts.push(
      sql`EXISTS (SELECT 1 FROM ${reviewCategoryLinks} WHERE ${reviewCategoryLinks.reviewId} = ${reviews.id} AND ${inArray(reviewCategoryLinks.categoryId, real)})`,
    );
  }
  if (ids.includes(0))
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM ${reviewCategoryLinks} WHERE ${reviewCategoryLinks.reviewId} = ${reviews.id})`,
    );
  return parts.length === 1 ? parts[0]! : or(...parts)!;
}

/** A review "has text" exactly as the rollup's with_text counts it. */
export const HAS_TEXT_SQL = sql`coalesce(btrim(${reviews.text}), '') <> ''`;

/**
 * `reviewConditions` of a context with no filter, for a prepared query: the company and, for a
 * member `limited` to some locations, those locations are placeholders, which `scopeValues` fills
 * from the context. Two statements, not one with `($all OR location_id = ANY($ids))`: on the
 * embedded database that condition made a single review's read 2.0 ms against 0.86 (bench/RESULTS.md).
 */
export function preparedScopeConditions(limited: boolean): SQL[] {
  const conditions = [eq(reviews.companyId, sql.placeholder('companyId')), eq(reviews.isCompetitor, false)];
  if (limited) conditions.push(sql`${reviews.locationId} = ANY(${sql.placeholder('locationIds')}::integer[])`);
  return conditions;
}

/** The values of `preparedScopeConditions`' placeholders for a context. */
export function scopeValues(ctx: ScopeContext): { companyId: number; locationIds: number[] } {
  return { companyId: scopeCompanyId(ctx), locationIds: ctx.locationIds ?? [] };
}

/**
 * Every condition on `reviews` for this context and filter (AND them). Paging is not applied.
 */
export function reviewConditions(ctx: ScopeContext, filter: ReviewFilterValues, opts: ScopeOptions = {}): SQL[] {
  const conditions: SQL[] = [
    eq(reviews.companyId, scopeCompanyId(ctx)),
    eq(reviews.isCompetitor, opts.competitor ?? false),
  ];
  const location = locationScopeSql(reviews.locationId, ctx, filter);
  if (location) conditions.push(location);
  if (filter.sources?.length) conditions.push(inArray(reviews.source, filter.sources));
  const { from, toExclusive } = dateBounds(filter, opts);
  if (from) conditions.push(gte(reviews.createdAt, from));
  if (toExclusive) conditions.push(lt(reviews.createdAt, toExclusive));
  if (filter.ratings?.length) conditions.push(inArray(reviews.rating, filter.ratings));
  if (filter.with_text !== undefined) conditions.push(filter.with_text ? HAS_TEXT_SQL : sql`NOT (${HAS_TEXT_SQL})`);
  if (filter.answered !== undefined)
    conditions.push(filter.answered ? sql`${reviews.respondedAt} IS NOT NULL` : sql`${reviews.respondedAt} IS NULL`);
  if (filter.removed !== undefined)
    conditions.push(filter.removed ? sql`${reviews.removedAt} IS NOT NULL` : sql`${reviews.removedAt} IS NULL`);
  if (filter.categories?.length) conditions.push(categoriesCondition(filter.categories));
  if (filter.case_resolution?.length)
    conditions.push(
      idsCondition(reviews.caseResolutionId, filter.case_resolution, sql`${reviews.caseResolutionId} IS NULL`),
    );
  const query = searchTsQuery(filter.search);
  if (query) {
    // Two GIN indexes (review text, reply texts) combine in one BitmapOr.
    conditions.push(
      sql`(${reviews.search} @@ to_tsquery('simple', ${query}) OR ${reviews.replySearch} @@ to_tsquery('simple', ${query}))`,
    );
  }
  return conditions;
}

/**
 * The conditions on `review_daily` for the parts of a filter a rollup can answer: company,
 * locations, sources, days and the competitor flag. Filters on single reviews (ratings, text,
 * answered, categories, case resolution, search) cannot be applied to rollup rows; see
 * `rollupCountColumn` for the ones whose counts the rollup still holds.
 */
export function rollupConditions(ctx: ScopeContext, filter: ReviewFilterValues, opts: ScopeOptions = {}): SQL[] {
  const conditions: SQL[] = [
    eq(reviewDaily.companyId, scopeCompanyId(ctx)),
    eq(reviewDaily.isCompetitor, opts.competitor ?? false),
  ];
  const location = locationScopeSql(reviewDaily.locationId, ctx, filter);
  if (location) conditions.push(location);
  if (filter.sources?.length) conditions.push(inArray(reviewDaily.source, filter.sources));
  const { fromDay, toDay } = dateBounds(filter, opts);
  if (fromDay) conditions.push(gte(reviewDaily.day, fromDay));
  if (toDay) conditions.push(lte(reviewDaily.day, toDay));
  return conditions;
}

/**
 * When the rollup alone can count the reviews of a filter, the SQL of that count over the rows of
 * `rollupConditions`; otherwise null (the caller counts reviews). The rollup holds one marginal
 * count per row (stars, with text, responded), so it answers at most one of ratings, with_text and
 * answered, and none of categories, case resolution or search.
 */
export function rollupCountSql(
  filter: ReviewFilterValues,
  table:
    | typeof reviewDaily
    | typeof reviewMonthly
    | typeof reviewCompanyDaily
    | typeof reviewLocationMonthly
    | typeof reviewLocationSourceMonthly = reviewDaily,
): SQL | null {
  // Removed reviews stay in the rollups (they were real reviews of their day): that filter counts reviews.
  if (
    filter.search?.trim() ||
    filter.categories?.length ||
    filter.case_resolution?.length ||
    filter.removed !== undefined
  )
    return null;
  const perReview = [
    filter.ratings?.length ? 1 : 0,
    filter.with_text !== undefined ? 1 : 0,
    filter.answered !== undefined ? 1 : 0,
  ];
  if (perReview.reduce((a, b) => a + b, 0) > 1) return null;
  const d = table;
  if (filter.ratings?.length) {
    const stars = { 1: d.stars1, 2: d.stars2, 3: d.stars3, 4: d.stars4, 5: d.stars5 } as const;
    const columns = [...new Set(filter.ratings)].map((r) => sql`${stars[r as 1 | 2 | 3 | 4 | 5]}`);
    return sql`coalesce(sum(${sql.join(columns, sql` + `)}), 0)`;
  }
  if (filter.with_text !== undefined)
    return filter.with_text
      ? sql`coalesce(sum(${d.withText}), 0)`
      : sql`coalesce(sum(${d.reviews} - ${d.withText}), 0)`;
  if (filter.answered !== undefined)
    return filter.answered
      ? sql`coalesce(sum(${d.responded}), 0)`
      : sql`coalesce(sum(${d.reviews} - ${d.responded}), 0)`;
  return sql`coalesce(sum(${d.reviews}), 0)`;
}

/**
 * The location ids a context and filter cover, for queries that want a plain list (rollups joined
 * to other tables, per-location rankings), in id order. Null means every location of the company,
 * and also the reviews without a location (review_daily.location_id 0). Read from the company's
 * kept directory of locations (locations/directory.ts) with the same rules as locationScopeSql.
 */
export async function resolveScopeLocationIds(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues,
): Promise<number[] | null> {
  const tree = treeRequested(filter);
  if (!ctx.locationIds && !tree) return null;
  const allowed = ctx.locationIds && new Set(ctx.locationIds);
  const brands = new Set(filter.brands ?? []);
  const states = new Set(filter.states ?? []);
  const picked = new Set(filter.locations ?? []);
  const underTree = (l: DirectoryEntry) =>
    (l.brandId !== null && brands.has(l.brandId)) || (l.stateId !== null && states.has(l.stateId)) || picked.has(l.id);
  const directory = await locationDirectory(db, scopeCompanyId(ctx));
  return directory.filter((l) => (!allowed || allowed.has(l.id)) && (!tree || underTree(l))).map((l) => l.id);
}

/**
 * The same scope with its tree filter (brands, regions, locations) resolved to the location ids it
 * covers, from the kept directory: a statement then names its locations, and the planner sees how
 * many instead of guessing at a subquery (a walk that stops early picks its index by that count).
 */
export async function withResolvedLocations(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues,
): Promise<{ ctx: ScopeContext; filter: ReviewFilterValues }> {
  const ids = await resolveScopeLocationIds(db, ctx, filter);
  return {
    ctx: { companyId: ctx.companyId, locationIds: ids },
    filter: { ...filter, brands: undefined, states: undefined, locations: undefined },
  };
}

/** Whole months [from, toExclusive) of a day range (either end may be open), and the days at its ends. */
export interface MonthSplit {
  /** Null when the range holds no whole month. */
  months: { from?: string; toExclusive?: string } | null;
  /** Inclusive day ranges outside the whole months: at most two. */
  edges: { from: string; to: string }[];
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(day: string): string {
  const dt = new Date(`${monthStart(day)}T00:00:00Z`);
  dt.setUTCMonth(dt.getUTCMonth() + 1);
  return dt.toISOString().slice(0, 10);
}
const dayBefore = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() - DAY_MS).toISOString().slice(0, 10);

/** Splits [fromDay, toDay] into whole calendar months and the partial months at its ends. */
export function splitIntoMonths(fromDay: string | undefined, toDay: string | undefined): MonthSplit {
  const firstFull = fromDay ? (fromDay === monthStart(fromDay) ? fromDay : nextMonth(fromDay)) : undefined;
  const lastFullExclusive = toDay
    ? dayBefore(nextMonth(toDay)) === toDay
      ? nextMonth(toDay)
      : monthStart(toDay)
    : undefined;
  // The whole range lies inside one month: no whole month at all.
  if (fromDay && toDay && firstFull! > lastFullExclusive!)
    return { months: null, edges: fromDay <= toDay ? [{ from: fromDay, to: toDay }] : [] };
  const edges: MonthSplit['edges'] = [];
  if (fromDay && fromDay < firstFull!)
    edges.push({ from: fromDay, to: toDay && toDay < dayBefore(firstFull!) ? toDay : dayBefore(firstFull!) });
  if (toDay && lastFullExclusive! <= toDay) edges.push({ from: lastFullExclusive!, to: toDay });
  const empty = firstFull !== undefined && lastFullExclusive !== undefined && firstFull >= lastFullExclusive;
  return { months: empty ? null : { from: firstFull, toExclusive: lastFullExclusive }, edges };
}

/** Conditions for a split on a month column and a day column: `monthly` is null when no month is whole; one condition per end in `edges`. */
export function monthSplitConditions(
  split: MonthSplit,
  month: AnyPgColumn,
  day: AnyPgColumn,
): { monthly: SQL[] | null; edges: SQL[] } {
  const monthly = split.months
    ? [
        ...(split.months.from ? [gte(month, split.months.from)] : []),
        ...(split.months.toExclusive ? [lt(month, split.months.toExclusive)] : []),
      ]
    : null;
  return { monthly, edges: split.edges.map((e) => and(gte(day, e.from), lte(day, e.to))!) };
}

/**
 * Where a filter's totals read when a month table can stand in for review_daily: whole months from
 * `month`, and the days of the partial months at the ends from `day`, one read per entry of `daily`
 * (none when the range has no partial month). Reading a range this way touches a few rows per month
 * instead of one per location, source and day (bench/RESULTS.md).
 */
export interface MonthlyPlan {
  month: typeof reviewMonthly | typeof reviewLocationMonthly | typeof reviewLocationSourceMonthly;
  day: typeof reviewCompanyDaily | typeof reviewDaily;
  /** Null when no whole month is read (the range holds none, or too few to be worth it). */
  monthly: SQL[] | null;
  daily: SQL[][];
}

/**
 * The month plan of a filter: where its totals read, whole months and the days at the ends.
 * - Nothing limits locations (no tree filter, an unlimited user): review_monthly and the company-wide
 *   daily rollup, any sources; an end of 30 days is 30 rows per source, not 30 per location.
 * - Some locations (a tree filter, a limited member), every source, totals: review_location_monthly
 *   and review_daily for the ends, both limited to those locations. A two-year view of 25 locations
 *   then reads about 600 month rows and the edge days, not 18,000 daily rows.
 * - Some locations and some sources, or sums per source (`perSource`): the same with
 *   review_location_source_monthly (migration 0040), a row a location, source and month.
 * Each end is its own read: as an OR of two ranges PostgreSQL filtered every day up to the end
 * instead of seeking both (the company-wide topics of a 17-month view: 20 ms against 1).
 */
export function monthlyPlan(
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions = {},
  need: { perSource?: boolean } = {},
): MonthlyPlan {
  const limited = locationsLimited(ctx, filter);
  const companyId = scopeCompanyId(ctx);
  const month = !limited
    ? reviewMonthly
    : filter.sources?.length || need.perSource
      ? reviewLocationSourceMonthly
      : reviewLocationMonthly;
  const day = limited ? reviewDaily : reviewCompanyDaily;
  const base = (t: MonthlyPlan['month'] | MonthlyPlan['day']) => {
    const c: SQL[] = [eq(t.companyId, companyId), eq(t.isCompetitor, opts.competitor ?? false)];
    if ('source' in t && filter.sources?.length) c.push(inArray(t.source, filter.sources));
    const location = 'locationId' in t ? locationScopeSql(t.locationId, ctx, filter) : undefined;
    if (location) c.push(location);
    return c;
  };
  const { fromDay, toDay } = dateBounds(filter, opts);
  const months = splitIntoMonths(fromDay, toDay);
  // A row a location, source and month is little shorter than a location's days of a short range:
  // there the days alone, in one read (a 90-day report of some locations by source was no faster
  // from the months, and the embedded database plans each read of a statement slowly).
  if (month === reviewLocationSourceMonthly && wholeMonths(months) < MIN_SOURCE_MONTHS)
    return { month, day, monthly: null, daily: [rollupConditions(ctx, filter, opts)] };
  const split = monthSplitConditions(months, month.month, day.day);
  return {
    month,
    day,
    monthly: split.monthly ? [...base(month), ...split.monthly] : null,
    daily: split.edges.map((end) => [...base(day), end]),
  };
}

/** The fewest whole months for which the per-location, per-source months are read (monthlyPlan). */
const MIN_SOURCE_MONTHS = 3;

/** How many whole months a split holds (an open start counts as many). */
function wholeMonths(split: MonthSplit): number {
  if (!split.months) return 0;
  const { from, toExclusive } = split.months;
  if (!from || !toExclusive) return Number.POSITIVE_INFINITY;
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return index(toExclusive) - index(from);
}

/** A month plan's reads: its whole months (if any), then each end's days. */
export function monthPlanReads(p: MonthlyPlan): { table: MonthlyPlan['month'] | MonthlyPlan['day']; where: SQL[] }[] {
  const months = p.monthly ? [{ table: p.month, where: p.monthly }] : [];
  return [...months, ...p.daily.map((end) => ({ table: p.day, where: end }))];
}

/** One read of a per-location sum: a table, its conditions, and whether it adds or takes away. */
export interface SignedRead {
  table: typeof reviewDaily | typeof reviewLocationMtd | typeof reviewLocationYtd;
  where: SQL[];
  sign: 1 | -1;
}

const isMonthEnd = (day: string) => dayBefore(nextMonth(day)) === day;
const monthBefore = (day: string) => monthStart(dayBefore(monthStart(day)));

/**
 * Where per-location sums of a range read (rankings, benchmarks), as running sums (migration 0039):
 * with R(x) a location's sum from January 1 of x's year through day x, a range [from, to] is
 * R(to) − R(from − 1) plus every whole year in between. R(x) is the year to the end of x's month
 * when x ends its month, else the year to the month before (none in January) plus the month to x.
 * So every location is a few rows whatever the range: each read is one day or month of the
 * running-sum tables, an index-only range over the company's locations. Null when the filter names
 * sources, which those tables do not hold (then review_daily alone, rollupConditions).
 */
export function locationRunningPlan(
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions = {},
): SignedRead[] | null {
  const { fromDay, toDay } = dateBounds(filter, opts);
  if (filter.sources?.length || !toDay) return null;
  const base = (t: SignedRead['table']) => {
    const c: SQL[] = [eq(t.companyId, scopeCompanyId(ctx)), eq(t.isCompetitor, opts.competitor ?? false)];
    const location = locationScopeSql(t.locationId, ctx, filter);
    if (location) c.push(location);
    return c;
  };
  const mtd = reviewLocationMtd;
  const ytd = reviewLocationYtd;
  const yearToDay = (day: string, sign: 1 | -1): SignedRead[] => {
    if (isMonthEnd(day)) return [{ table: ytd, where: [...base(ytd), eq(ytd.month, monthStart(day))], sign }];
    const reads: SignedRead[] = [{ table: mtd, where: [...base(mtd), eq(mtd.day, day)], sign }];
    if (day.slice(5, 7) !== '01')
      reads.push({ table: ytd, where: [...base(ytd), eq(ytd.month, monthBefore(day))], sign });
    return reads;
  };
  const reads = yearToDay(toDay, 1);
  const toYear = Number(toDay.slice(0, 4));
  if (!fromDay) {
    // Every whole year before the range's last: their Decembers.
    const decembers = sql`extract(month FROM ${ytd.month}) = 12`;
    reads.push({ table: ytd, where: [...base(ytd), lt(ytd.month, `${toYear}-01-01`), decembers], sign: 1 });
    return reads;
  }
  if (fromDay > toDay) return [];
  // From January 1 nothing of the year before is taken away, and none of its Decembers added.
  const startsYear = fromDay.slice(5) === '01-01';
  const before = dayBefore(fromDay);
  if (!startsYear) reads.push(...yearToDay(before, -1));
  // Each whole year's December its own read of one month: as `month = any(…)` a prepared (generic)
  // plan filtered every month of the company's running sums (37,000 rows at W1) instead of seeking them.
  for (let y = Number((startsYear ? fromDay : before).slice(0, 4)); y < toYear; y++)
    reads.push({ table: ytd, where: [...base(ytd), eq(ytd.month, `${y}-12-01`)], sign: 1 });
  return reads;
}

/**
 * Conditions on review_company_daily for every day of a filter's range when nothing limits locations
 * (day and week series, first and last days), or null: then review_daily with rollupConditions.
 */
export function companyDailyConditions(
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions = {},
): SQL[] | null {
  if (locationsLimited(ctx, filter)) return null;
  const c = reviewCompanyDaily;
  const out: SQL[] = [eq(c.companyId, scopeCompanyId(ctx)), eq(c.isCompetitor, opts.competitor ?? false)];
  if (filter.sources?.length) out.push(inArray(c.source, filter.sources));
  const { fromDay, toDay } = dateBounds(filter, opts);
  if (fromDay) out.push(gte(c.day, fromDay));
  if (toDay) out.push(lte(c.day, toDay));
  return out;
}

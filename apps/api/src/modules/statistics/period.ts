import {
  DATE_RANGE_MESSAGES,
  previousPeriod,
  rangeLengthDays,
  resolveDateRange,
  toIsoDate,
  type ReviewFilter,
  type WeekStart,
} from '@reputo/core';
import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { locations, reviewCompanyDaily, reviewDaily } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { badRequest } from '../../platform/errors';
import {
  companyDailyConditions,
  locationRunningPlan,
  locationScopeSql,
  locationsLimited,
  monthlyPlan,
  rollupConditions,
  type SignedRead,
} from '../reviews/scope';
import { firstReviewDay, type DailyRead, type RollupPlan } from './repository';

/**
 * The period a report covers and the previous period of the same length it is compared with.
 * Dates are UTC calendar days (the rollup's days). A preset is seen from today with the user's week
 * start. Without a start date the period is all time up to the end (or today), with no previous one.
 */
export interface Period {
  from: string;
  to: string;
  days: number;
}

export interface ReportPeriods {
  period: Period;
  previous: Period | null;
  weekStart: WeekStart;
}

export function weekStartOf(ctx: ActingContext): WeekStart {
  const w = Number(ctx.user.weekStart);
  return (w >= 1 && w <= 7 ? w : 7) as WeekStart;
}

/** The filter without its dates: the places, sources... a report keeps while it moves between periods. */
export function withoutDates(filter: ReviewFilter): ReviewFilter {
  return { ...filter, date_from: undefined, date_to: undefined, date_preset: undefined, date_mode: undefined };
}

/** Conditions on review_daily for the filter's places and sources, within [from, to] (from may be open). */
export function rollupWhere(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  competitor = false,
): SQL[] {
  return [...rollupConditions(ctx, withoutDates(filter), { competitor }), ...dayBounds(reviewDaily.day, range)];
}

/**
 * Where to read a period's totals and its sums per source: whole months from a month table and the
 * partial months at the ends from a daily one (scope `monthlyPlan`: company-wide, or per location when
 * a location limit applies). A quarter of a 1,000-location company is a few hundred monthly rows
 * instead of hundreds of thousands of daily ones. The totals of some locations over every source
 * read their running sums instead (`running`): a few rows a location whatever the range.
 */
export function rollupPlan(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from: string; to: string },
  competitor = false,
): RollupPlan {
  const ranged = { ...withoutDates(filter), date_from: range.from, date_to: range.to };
  return {
    months: monthlyPlan(ctx, ranged, { competitor }),
    perSource: monthlyPlan(ctx, ranged, { competitor }, { perSource: true }),
    running: locationsLimited(ctx, filter) ? locationRunningPlan(ctx, ranged, { competitor }) : null,
  };
}

/** Where per-location sums of a range read (rankings, benchmarks): running sums per location, or review_daily alone. */
export function locationPlan(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  competitor = false,
): SignedRead[] {
  const plan = locationRunningPlan(
    ctx,
    { ...withoutDates(filter), date_from: range.from ?? undefined, date_to: range.to },
    { competitor },
  );
  return plan ?? [{ table: reviewDaily, where: rollupWhere(ctx, filter, range, competitor), sign: 1 }];
}

/**
 * Where to read every day of a range (day and week series, first and last days): the company-wide
 * daily rollup when nothing limits locations, otherwise review_daily.
 */
export function dailyRead(
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from?: string | null; to: string },
  competitor = false,
): DailyRead {
  const company = companyDailyConditions(
    ctx,
    { ...withoutDates(filter), date_from: range.from ?? undefined, date_to: range.to },
    { competitor },
  );
  if (company) return { table: reviewCompanyDaily, where: company };
  const scope = locationScopeSql(locations.id, ctx, withoutDates(filter));
  return {
    table: reviewDaily,
    where: rollupWhere(ctx, filter, range, competitor),
    locations: scope && and(eq(locations.companyId, scopeCompanyId(ctx)), scope),
  };
}

export function dayBounds(column: AnyPgColumn, range: { from?: string | null; to: string }): SQL[] {
  const out: SQL[] = [lte(column, range.to)];
  if (range.from) out.push(gte(column, range.from));
  return out;
}

export async function resolvePeriods(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilter,
  today = new Date(),
): Promise<ReportPeriods> {
  const weekStart = weekStartOf(ctx);
  const range = resolveDateRange(filter, today, weekStart);
  const to = range.to ?? toIsoDate(today);
  if (range.from && range.from > to)
    throw badRequest(DATE_RANGE_MESSAGES.fromAfterTo, [
      { field: 'date_from', message: DATE_RANGE_MESSAGES.fromAfterTo },
    ]);
  if (range.from) {
    const period = { from: range.from, to, days: rangeLengthDays({ from: range.from, to }) };
    const prev = previousPeriod({ from: period.from, to: period.to });
    return { period, previous: { ...prev, days: period.days }, weekStart };
  }
  // All time: from the first review in scope (or the end itself when there is none).
  const all = dailyRead(ctx, filter, { to });
  const first = (await firstReviewDay(db, all)) ?? to;
  const from = first > to ? to : first;
  return { period: { from, to, days: rangeLengthDays({ from, to }) }, previous: null, weekStart };
}

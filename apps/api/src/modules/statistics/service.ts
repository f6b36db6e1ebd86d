import { sourceTitle, type RankingSort, type RankingTableParams, type ReviewFilter } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { resolveScopeLocationIds } from '../reviews/scope';
import { scopeCompanyId } from '../../platform/companyScope';
import { change, changePercent, EMPTY_SUMS, figures, type Figures, type Sums } from './metrics';
import { dailyRead, locationPlan, resolvePeriods, rollupPlan, type Period, type ReportPeriods } from './period';
import {
  dailySeries,
  locationInfo,
  monthlySeriesPlanned,
  sumPlannedBySource,
  sumRollupByLocation,
  totalOf,
  type Interval,
} from './repository';

/** Statistics for any filter of the reviews workspace, each with the previous period of the same length. */

export interface StatsQuery extends ReviewFilter {
  interval?: Interval;
  limit?: number;
}

function periodsOut(p: ReportPeriods) {
  return {
    period: { from: p.period.from, to: p.period.to },
    previous_period: p.previous ? { from: p.previous.from, to: p.previous.to } : null,
    week_start: p.weekStart,
  };
}

async function bothPeriods<T>(p: ReportPeriods, read: (range: Period) => Promise<T>): Promise<[T, T | null]> {
  return Promise.all([read(p.period), p.previous ? read(p.previous) : Promise.resolve(null)]);
}

export async function averageReport(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const [bySource, bySourceBefore] = await bothPeriods(p, (r) => sumPlannedBySource(db, rollupPlan(ctx, q, r)));
  const a = figures(totalOf(bySource));
  const b = bySourceBefore ? figures(totalOf(bySourceBefore)) : null;
  const prevBySource = new Map((bySourceBefore ?? []).map((s) => [s.source, figures(s)]));
  return {
    ...periodsOut(p),
    average: a.average,
    previous_average: b?.average ?? null,
    change: change(a.average, b?.average ?? null),
    rated: a.rated,
    previous_rated: b?.rated ?? null,
    stars: a.stars,
    previous_stars: b?.stars ?? null,
    sources: bySource
      .map((s) => {
        const f = figures(s);
        const prev = prevBySource.get(s.source) ?? null;
        return {
          source: s.source,
          title: sourceTitle(s.source),
          average: f.average,
          rated: f.rated,
          previous_average: prev?.average ?? null,
          change: change(f.average, prev?.average ?? null),
        };
      })
      .sort((x, y) => y.rated - x.rated),
  };
}

export async function volumeReport(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const [bySource, bySourceBefore] = await bothPeriods(p, (r) => sumPlannedBySource(db, rollupPlan(ctx, q, r)));
  const a = figures(totalOf(bySource));
  const b = bySourceBefore ? figures(totalOf(bySourceBefore)) : null;
  const prevBySource = new Map((bySourceBefore ?? []).map((s) => [s.source, figures(s)]));
  return {
    ...periodsOut(p),
    reviews: a.reviews,
    previous_reviews: b?.reviews ?? null,
    change: b ? a.reviews - b.reviews : null,
    change_percent: changePercent(a.reviews, b?.reviews ?? null),
    with_text: a.with_text,
    responded: a.responded,
    response_rate: a.response_rate,
    previous_response_rate: b?.response_rate ?? null,
    response_rate_change: change(a.response_rate, b?.response_rate ?? null, 1),
    avg_response_hours: a.avg_response_hours,
    previous_avg_response_hours: b?.avg_response_hours ?? null,
    sentiment: { positive: a.positive, neutral: a.neutral, negative: a.negative, score: a.sentiment_score },
    sources: bySource
      .map((s) => {
        const f = figures(s);
        const prev = prevBySource.get(s.source);
        return {
          source: s.source,
          title: sourceTitle(s.source),
          reviews: f.reviews,
          previous_reviews: prev?.reviews ?? (p.previous ? 0 : null),
          responded: f.responded,
          response_rate: f.response_rate,
          avg_response_hours: f.avg_response_hours,
          average: f.average,
        };
      })
      .sort((x, y) => y.reviews - x.reviews),
  };
}

/** A sensible bucket for a period: days up to 45 days, weeks up to 200, months beyond. */
export function defaultInterval(days: number): Interval {
  if (days <= 45) return 'day';
  if (days <= 200) return 'week';
  return 'month';
}

const DAY_MS = 86_400_000;

/** Every bucket start from `from` to `to`, so a chart has a point for empty days too. */
export function bucketsBetween(from: string, to: string, interval: Interval, weekStart: number): string[] {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  let cur: Date;
  if (interval === 'month') cur = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
  else if (interval === 'week') {
    const iso = start.getUTCDay() === 0 ? 7 : start.getUTCDay();
    cur = new Date(start.getTime() - ((iso - weekStart + 7) % 7) * DAY_MS);
  } else cur = start;
  const out: string[] = [];
  while (cur <= end && out.length < 2000) {
    out.push(cur.toISOString().slice(0, 10));
    cur =
      interval === 'month'
        ? new Date(Date.UTC(cur.getUTCFullYear(), cur.getUTCMonth() + 1, 1))
        : new Date(cur.getTime() + (interval === 'week' ? 7 : 1) * DAY_MS);
  }
  return out;
}

function fillSeries(rows: (Sums & { bucket: string })[], buckets: string[]) {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return buckets.map((date) => {
    const r = byBucket.get(date);
    return {
      date,
      ...figures(
        r ?? {
          reviews: 0,
          rated: 0,
          ratingSum: 0,
          stars: [0, 0, 0, 0, 0],
          withText: 0,
          responded: 0,
          responseSeconds: 0,
          positive: 0,
          neutral: 0,
          negative: 0,
        },
      ),
    };
  });
}

export async function trendsReport(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const interval = q.interval ?? defaultInterval(p.period.days);
  // Monthly points read review_monthly for whole months when no location limit applies.
  const [now, before] = await bothPeriods(p, (r) =>
    interval === 'month'
      ? monthlySeriesPlanned(db, rollupPlan(ctx, q, r), p.weekStart)
      : dailySeries(db, dailyRead(ctx, q, r), interval, p.weekStart),
  );
  return {
    ...periodsOut(p),
    interval,
    points: fillSeries(now, bucketsBetween(p.period.from, p.period.to, interval, p.weekStart)),
    previous_points:
      before && p.previous
        ? fillSeries(before, bucketsBetween(p.previous.from, p.previous.to, interval, p.weekStart))
        : null,
  };
}

export type LocationRanking = 'performing' | 'improved' | 'lowest';

export type RankedRow = LocationRow & { rank: number };

export interface LocationRow extends Figures {
  location_id: number;
  title: string;
  code: string | null;
  city: string | null;
  brand: string | null;
  state: string | null;
  previous: { reviews: number; average: number | null; response_rate: number | null } | null;
  change: { reviews: number | null; average: number | null; response_rate: number | null };
}

/** Numbers or texts in the asked direction, null last whichever the direction. */
function compareNullable<T extends number | string>(a: T | null, b: T | null, dir: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return dir * (typeof a === 'string' ? a.localeCompare(b as string) : (a as number) - (b as number));
}

/** Every location in scope with its figures now and before, ordered for the asked ranking. */
export async function locationsReport(db: Db, ctx: ActingContext, q: StatsQuery, ranking: LocationRanking) {
  const p = await resolvePeriods(db, ctx, q);
  const companyId = scopeCompanyId(ctx);
  const [[now, before], scopeIds] = await Promise.all([
    bothPeriods(p, (r) => sumRollupByLocation(db, locationPlan(ctx, q, r))),
    resolveScopeLocationIds(db, ctx, q),
  ]);
  const info = await locationInfo(db, companyId, scopeIds);
  const nowBy = new Map(now.map((r) => [r.locationId, r]));
  const beforeBy = new Map((before ?? []).map((r) => [r.locationId, r]));
  // Ranked in place (rank set once the order is known): a copy of every row with its rank, for 1,000
  // locations, was garbage collected on every request.
  const rows: RankedRow[] = [...info.values()].map((loc) => {
    const f = figures(nowBy.get(loc.id) ?? EMPTY_SUMS);
    const prev = p.previous ? figures(beforeBy.get(loc.id) ?? EMPTY_SUMS) : null;
    return {
      rank: 0,
      location_id: loc.id,
      title: loc.title,
      code: loc.code,
      city: loc.city,
      brand: loc.brand,
      state: loc.state,
      ...f,
      previous: prev ? { reviews: prev.reviews, average: prev.average, response_rate: prev.response_rate } : null,
      change: {
        reviews: prev ? f.reviews - prev.reviews : null,
        average: change(f.average, prev?.average ?? null),
        response_rate: change(f.response_rate, prev?.response_rate ?? null, 1),
      },
    };
  });
  let ordered: RankedRow[];
  if (ranking === 'improved') {
    ordered = rows
      .filter((r) => r.change.average !== null)
      .sort((a, b) => compareNullable(a.change.average, b.change.average, -1) || b.reviews - a.reviews);
  } else if (ranking === 'lowest') {
    ordered = rows
      .filter((r) => r.average !== null)
      .sort((a, b) => compareNullable(a.average, b.average, 1) || b.reviews - a.reviews);
  } else {
    ordered = rows.sort(
      (a, b) => compareNullable(a.average, b.average, -1) || b.reviews - a.reviews || a.title.localeCompare(b.title),
    );
  }
  const limited = q.limit ? ordered.slice(0, q.limit) : ordered;
  limited.forEach((r, i) => (r.rank = i + 1));
  return { ...periodsOut(p), total: ordered.length, data: limited };
}

/** The value a ranking table sorts by; null sorts last whichever the direction. */
const SORT_VALUES: Record<RankingSort, (r: RankedRow) => number | string | null> = {
  rank: (r) => r.rank,
  title: (r) => r.title,
  brand: (r) => r.brand,
  state: (r) => r.state,
  reviews: (r) => r.reviews,
  responded: (r) => r.responded,
  unanswered: (r) => r.reviews - r.responded,
  average: (r) => r.average,
  average_change: (r) => r.change.average,
  response_rate: (r) => r.response_rate,
  response_rate_change: (r) => r.change.response_rate,
  avg_response_hours: (r) => r.avg_response_hours,
  sentiment_score: (r) => r.sentiment_score,
};

/** One page of a ranking, sorted by the asked column (ties keep the ranking's order), with the paging figures. */
export function rankingPage(report: Awaited<ReturnType<typeof locationsReport>>, q: RankingTableParams) {
  const value = SORT_VALUES[q.sort];
  const dir = q.order === 'desc' ? -1 : 1;
  const sorted =
    q.sort === 'rank' && q.order === 'asc'
      ? report.data
      : [...report.data].sort((a, b) => compareNullable(value(a), value(b), dir) || a.rank - b.rank);
  const total = sorted.length;
  const start = (q.page - 1) * q.per_page;
  return {
    ...report,
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: Math.ceil(total / q.per_page),
    data: sorted.slice(start, start + q.per_page),
  };
}

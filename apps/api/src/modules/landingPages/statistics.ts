import { npsCategory, npsOf, starsNpsCategory, type NpsCategory, type ReviewFilterValues } from '@reputo/core';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { brands, feedbackResponses, locations } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { dateBounds, locationScopeSql } from '../reviews/scope';
import { buildWorkbook } from '../statistics/excel';
import { starsOfAnswer } from './publicFlow';

/**
 * The `lendingPageStatistic` figures: landing-page answers per location (and brand page), per
 * brand and per month, with NPS read the one way the product reads it (packages/core:
 * 0 to 10 answers by npsCategory, star answers by starsNpsCategory). The database groups the
 * answers by place, month, scale, score and public source; the few thousand groups are summed here.
 */

interface Group {
  location_id: number | null;
  brand_id: number | null;
  page_brand: boolean;
  title: string | null;
  brand_title: string | null;
  month: string;
  rating_type: string;
  score: number;
  public_source: string | null;
  n: number;
  private_n: number;
}

async function answerGroups(db: Db, ctx: ActingContext, filter: ReviewFilterValues): Promise<Group[]> {
  const fr = feedbackResponses;
  const { from, toExclusive } = dateBounds(filter);
  const where = and(
    sql`${fr.companyId} = ${scopeCompanyId(ctx)}`,
    locationScopeSql(fr.locationId, ctx, filter),
    from ? sql`${fr.createdAt} >= ${from.toISOString()}` : undefined,
    toExclusive ? sql`${fr.createdAt} < ${toExclusive.toISOString()}` : undefined,
  );
  const result = await db.execute(sql`
    SELECT ${fr.locationId} AS location_id,
           coalesce(${fr.brandId}, ${locations.brandId}) AS brand_id,
           (${fr.locationId} IS NULL AND ${fr.brandId} IS NOT NULL) AS page_brand,
           ${locations.title} AS title, ${brands.title} AS brand_title,
           to_char(date_trunc('month', ${fr.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
           ${fr.ratingType} AS rating_type, ${fr.score}::int AS score, ${fr.publicSource} AS public_source,
           count(*)::int AS n, count(${fr.reviewId})::int AS private_n
    FROM ${fr}
    LEFT JOIN ${locations} ON ${locations.id} = ${fr.locationId}
    LEFT JOIN ${brands} ON ${brands.id} = coalesce(${fr.brandId}, ${locations.brandId})
    WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`);
  return rowsOf<Group>(result);
}

export interface Figures {
  responses: number;
  average_rating: number | null;
  nps: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  public_clicks: number;
  clicks_by_source: Record<string, number>;
  private_feedback: number;
}

class Tally {
  responses = 0;
  starSum = 0;
  counts: Record<NpsCategory, number> = { promoter: 0, passive: 0, detractor: 0 };
  clicks: Record<string, number> = {};
  publicClicks = 0;
  privateFeedback = 0;

  add(g: Group): void {
    this.responses += g.n;
    this.starSum += starsOfAnswer(g.rating_type, g.score) * g.n;
    const category = g.rating_type === 'nps' ? npsCategory(g.score) : starsNpsCategory(g.score);
    this.counts[category] += g.n;
    if (g.public_source) {
      this.publicClicks += g.n;
      this.clicks[g.public_source] = (this.clicks[g.public_source] ?? 0) + g.n;
    }
    this.privateFeedback += g.private_n;
  }

  figures(): Figures {
    const counts = {
      promoters: this.counts.promoter,
      passives: this.counts.passive,
      detractors: this.counts.detractor,
    };
    return {
      responses: this.responses,
      average_rating: this.responses ? Math.round((this.starSum / this.responses) * 100) / 100 : null,
      nps: npsOf(counts),
      ...counts,
      public_clicks: this.publicClicks,
      clicks_by_source: this.clicks,
      private_feedback: this.privateFeedback,
    };
  }
}

function tallyBy<K>(groups: Group[], keyOf: (g: Group) => K | null): Map<K, { first: Group; tally: Tally }> {
  const map = new Map<K, { first: Group; tally: Tally }>();
  for (const g of groups) {
    const key = keyOf(g);
    if (key === null) continue;
    let entry = map.get(key);
    if (!entry) map.set(key, (entry = { first: g, tally: new Tally() }));
    entry.tally.add(g);
  }
  return map;
}

export async function landingStatistics(db: Db, ctx: ActingContext, filter: ReviewFilterValues) {
  const groups = await answerGroups(db, ctx, filter);
  const total = new Tally();
  const stars: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  const nps: Record<string, number> = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String(i), 0]));
  for (const g of groups) {
    total.add(g);
    const bucket = g.rating_type === 'nps' ? nps : stars;
    bucket[String(g.score)] = (bucket[String(g.score)] ?? 0) + g.n;
  }
  const places = [...tallyBy(groups, (g) => (g.location_id !== null ? `l${g.location_id}` : `b${g.brand_id}`))];
  return {
    totals: total.figures(),
    locations: places
      .map(([, { first, tally }]) => ({
        kind: first.location_id !== null ? ('location' as const) : ('brand' as const),
        location_id: first.location_id,
        brand_id: first.brand_id,
        title: first.title ?? first.brand_title ?? '',
        brand_title: first.brand_title,
        ...tally.figures(),
      }))
      .sort((a, b) => b.responses - a.responses || a.title.localeCompare(b.title)),
    brands: [...tallyBy(groups, (g) => g.brand_id)]
      .map(([id, { first, tally }]) => ({ brand_id: id, title: first.brand_title ?? '', ...tally.figures() }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    months: [...tallyBy(groups, (g) => g.month)]
      .map(([month, { tally }]) => ({ month, ...tally.figures() }))
      .sort((a, b) => a.month.localeCompare(b.month)),
    distribution: { stars, nps },
  };
}

export type LandingStatistics = Awaited<ReturnType<typeof landingStatistics>>;

/** The Excel export "landing-page statistics": the screen's tables, one sheet each. */
export async function landingStatisticsExcel(stats: LandingStatistics, intro: string[]): Promise<Buffer> {
  type Row = LandingStatistics['locations'][number];
  const figureColumns = [
    { header: 'Responses', value: (r: Figures) => r.responses },
    { header: 'Average rating', value: (r: Figures) => r.average_rating, format: '0.00' },
    { header: 'NPS', value: (r: Figures) => r.nps },
    { header: 'Promoters', value: (r: Figures) => r.promoters },
    { header: 'Passives', value: (r: Figures) => r.passives },
    { header: 'Detractors', value: (r: Figures) => r.detractors },
    { header: 'Public clicks', value: (r: Figures) => r.public_clicks },
    {
      header: 'Clicks by source',
      value: (r: Figures) =>
        Object.entries(r.clicks_by_source)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', '),
      width: 30,
    },
    { header: 'Private feedback', value: (r: Figures) => r.private_feedback },
  ];
  return buildWorkbook([
    {
      name: 'By location',
      intro,
      rows: stats.locations,
      columns: [
        { header: 'Page', value: (r: Row) => r.kind, width: 10 },
        { header: 'Location or brand', value: (r: Row) => r.title, width: 32 },
        { header: 'Brand', value: (r: Row) => r.brand_title, width: 24 },
        ...figureColumns,
      ],
    },
    {
      name: 'By brand',
      intro,
      rows: stats.brands,
      columns: [{ header: 'Brand', value: (r: { title: string }) => r.title, width: 32 }, ...figureColumns],
    },
    {
      name: 'By month',
      intro,
      rows: stats.months,
      columns: [{ header: 'Month', value: (r: { month: string }) => r.month, width: 10 }, ...figureColumns],
    },
    { name: 'Total', intro, rows: [stats.totals], columns: figureColumns },
  ]);
}

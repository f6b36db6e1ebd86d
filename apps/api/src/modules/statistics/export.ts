import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { buildWorkbook, type AnySheet, type SheetSpec } from './excel';
import {
  averageReport,
  locationsReport,
  trendsReport,
  volumeReport,
  type LocationRow,
  type StatsQuery,
} from './service';

/** Excel versions of the reporting screens, built from the same calls so the numbers match. */
export const STAT_EXPORTS = ['statistics', 'rating', 'response_rate', 'trends', 'ranking'] as const;
export type StatExport = (typeof STAT_EXPORTS)[number];

function intro(
  title: string,
  ctx: ActingContext,
  period: { from: string; to: string },
  previous: { from: string; to: string } | null,
): string[] {
  return [
    `${title}: ${ctx.company?.companyName ?? ''}`,
    `Period ${period.from} to ${period.to}${previous ? `, compared with ${previous.from} to ${previous.to}` : ''}`,
  ];
}

type Ranked = LocationRow & { rank: number };

function locationSheet(name: string, rows: Ranked[], head: string[]): SheetSpec<Ranked> {
  return {
    name,
    intro: head,
    rows,
    columns: [
      { header: 'Rank', value: (r) => r.rank, width: 7 },
      { header: 'Location', value: (r) => r.title, width: 34 },
      { header: 'Location ID', value: (r) => r.code },
      { header: 'Brand', value: (r) => r.brand, width: 20 },
      { header: 'Region', value: (r) => r.state, width: 18 },
      { header: 'Reviews', value: (r) => r.reviews },
      { header: 'Average rating', value: (r) => r.average, format: '0.00' },
      { header: 'Previous average', value: (r) => r.previous?.average, format: '0.00' },
      { header: 'Change', value: (r) => r.change.average, format: '+0.00;-0.00;0.00' },
      { header: 'Responded', value: (r) => r.responded },
      { header: 'Response rate %', value: (r) => r.response_rate, format: '0.0' },
      { header: 'Avg response (h)', value: (r) => r.avg_response_hours, format: '0.0' },
      { header: 'Positive', value: (r) => r.positive },
      { header: 'Negative', value: (r) => r.negative },
    ],
  };
}

export async function statisticsWorkbook(
  db: Db,
  ctx: ActingContext,
  q: StatsQuery,
  kind: StatExport,
): Promise<{ filename: string; content: Buffer }> {
  const [avg, vol, trends, ranking] = await Promise.all([
    averageReport(db, ctx, q),
    volumeReport(db, ctx, q),
    trendsReport(db, ctx, q),
    locationsReport(db, ctx, q, 'performing'),
  ]);
  const head = (title: string) => intro(title, ctx, avg.period, avg.previous_period);
  type KV = { label: string; now: number | null; before: number | null };
  const summary: SheetSpec<KV> = {
    name: 'Summary',
    intro: head('Reputation report'),
    columns: [
      { header: 'Figure', value: (r) => r.label, width: 28 },
      { header: 'This period', value: (r) => r.now, width: 14 },
      { header: 'Previous period', value: (r) => r.before, width: 16 },
    ],
    rows: [
      { label: 'Reviews', now: vol.reviews, before: vol.previous_reviews },
      { label: 'Average rating', now: avg.average, before: avg.previous_average },
      { label: 'Response rate %', now: vol.response_rate, before: vol.previous_response_rate },
      { label: 'Average response time (h)', now: vol.avg_response_hours, before: vol.previous_avg_response_hours },
      ...([5, 4, 3, 2, 1] as const).map((s) => ({
        label: `${s}-star reviews`,
        now: avg.stars[s],
        before: avg.previous_stars?.[s] ?? null,
      })),
      { label: 'Positive', now: vol.sentiment.positive, before: null },
      { label: 'Neutral', now: vol.sentiment.neutral, before: null },
      { label: 'Negative', now: vol.sentiment.negative, before: null },
    ],
  };
  type Src = (typeof vol.sources)[number];
  const sources: SheetSpec<Src> = {
    name: 'Sources',
    intro: head('By source'),
    rows: vol.sources,
    columns: [
      { header: 'Source', value: (r) => r.title, width: 20 },
      { header: 'Reviews', value: (r) => r.reviews },
      { header: 'Previous reviews', value: (r) => r.previous_reviews },
      { header: 'Average rating', value: (r) => r.average, format: '0.00' },
      { header: 'Responded', value: (r) => r.responded },
      { header: 'Response rate %', value: (r) => r.response_rate, format: '0.0' },
      { header: 'Avg response (h)', value: (r) => r.avg_response_hours, format: '0.0' },
    ],
  };
  type Pt = (typeof trends.points)[number];
  const trend: SheetSpec<Pt> = {
    name: 'Trend',
    intro: [
      ...head('Trend'),
      `One row per ${trends.interval}${trends.interval === 'week' ? ` (weeks start on ISO day ${trends.week_start})` : ''}`,
    ],
    rows: trends.points,
    columns: [
      {
        header: trends.interval === 'month' ? 'Month' : trends.interval === 'week' ? 'Week of' : 'Day',
        value: (r) => r.date,
        width: 12,
      },
      { header: 'Reviews', value: (r) => r.reviews },
      { header: 'Average rating', value: (r) => r.average, format: '0.00' },
      { header: 'Responded', value: (r) => r.responded },
      { header: 'Response rate %', value: (r) => r.response_rate, format: '0.0' },
      { header: 'Avg response (h)', value: (r) => r.avg_response_hours, format: '0.0' },
      { header: 'Positive', value: (r) => r.positive },
      { header: 'Negative', value: (r) => r.negative },
    ],
  };
  const locations = locationSheet('Locations', ranking.data, head('Locations'));
  const sheets: Record<StatExport, AnySheet[]> = {
    statistics: [summary, sources, trend, locations],
    rating: [summary, sources, locations],
    response_rate: [summary, sources, locations],
    trends: [trend, summary],
    ranking: [locations],
  };
  const content = await buildWorkbook(sheets[kind]);
  return { filename: `${kind}-${avg.period.from}-${avg.period.to}.xlsx`, content };
}

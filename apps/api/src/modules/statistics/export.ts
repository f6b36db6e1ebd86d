import { directionOf, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import { dateText, t } from '../../platform/i18n';
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
  lang: UiLanguage,
  title: string,
  ctx: ActingContext,
  period: { from: string; to: string },
  previous: { from: string; to: string } | null,
): string[] {
  return [
    t(lang, 'exports:statistics.titleLine', { title, company: ctx.company?.companyName ?? '' }),
    previous
      ? t(lang, 'exports:statistics.periodCompared', {
          from: dateText(lang, period.from),
          to: dateText(lang, period.to),
          previousFrom: dateText(lang, previous.from),
          previousTo: dateText(lang, previous.to),
        })
      : t(lang, 'exports:statistics.period', { from: dateText(lang, period.from), to: dateText(lang, period.to) }),
  ];
}

type Ranked = LocationRow & { rank: number };

function locationSheet(lang: UiLanguage, name: string, rows: Ranked[], head: string[]): SheetSpec<Ranked> {
  const c = (key: string) => t(lang, `exports:statistics.columns.${key}`);
  return {
    name,
    intro: head,
    rows,
    columns: [
      { header: c('rank'), value: (r) => r.rank, width: 7 },
      { header: c('location'), value: (r) => r.title, width: 34 },
      { header: c('locationId'), value: (r) => r.code },
      { header: c('brand'), value: (r) => r.brand, width: 20 },
      { header: c('region'), value: (r) => r.state, width: 18 },
      { header: c('reviews'), value: (r) => r.reviews },
      { header: c('average'), value: (r) => r.average, format: '0.00' },
      { header: c('previousAverage'), value: (r) => r.previous?.average, format: '0.00' },
      { header: c('change'), value: (r) => r.change.average, format: '+0.00;-0.00;0.00' },
      { header: c('responded'), value: (r) => r.responded },
      { header: c('responseRate'), value: (r) => r.response_rate, format: '0.0' },
      { header: c('avgResponse'), value: (r) => r.avg_response_hours, format: '0.0' },
      { header: c('positive'), value: (r) => r.positive },
      { header: c('negative'), value: (r) => r.negative },
    ],
  };
}

export async function statisticsWorkbook(
  db: Db,
  ctx: ActingContext,
  q: StatsQuery,
  kind: StatExport,
  lang: UiLanguage = 'en',
): Promise<{ filename: string; content: Buffer }> {
  const c = (key: string) => t(lang, `exports:statistics.columns.${key}`);
  const f = (key: string, vars?: Record<string, number>) => t(lang, `exports:statistics.figures.${key}`, vars);
  const sheetName = (key: string) => t(lang, `exports:statistics.sheets.${key}`);
  const title = (key: string) => t(lang, `exports:statistics.titles.${key}`);
  const [avg, vol, trends, ranking] = await Promise.all([
    averageReport(db, ctx, q),
    volumeReport(db, ctx, q),
    trendsReport(db, ctx, q),
    locationsReport(db, ctx, q, 'performing'),
  ]);
  const head = (name: string) => intro(lang, name, ctx, avg.period, avg.previous_period);
  type KV = { label: string; now: number | null; before: number | null };
  const summary: SheetSpec<KV> = {
    name: sheetName('summary'),
    intro: head(title('report')),
    columns: [
      { header: c('figure'), value: (r) => r.label, width: 28 },
      { header: c('thisPeriod'), value: (r) => r.now, width: 14 },
      { header: c('previousPeriod'), value: (r) => r.before, width: 16 },
    ],
    rows: [
      { label: f('reviews'), now: vol.reviews, before: vol.previous_reviews },
      { label: f('average'), now: avg.average, before: avg.previous_average },
      { label: f('responseRate'), now: vol.response_rate, before: vol.previous_response_rate },
      { label: f('responseTime'), now: vol.avg_response_hours, before: vol.previous_avg_response_hours },
      ...([5, 4, 3, 2, 1] as const).map((s) => ({
        label: f('stars', { stars: s }),
        now: avg.stars[s],
        before: avg.previous_stars?.[s] ?? null,
      })),
      { label: f('positive'), now: vol.sentiment.positive, before: null },
      { label: f('neutral'), now: vol.sentiment.neutral, before: null },
      { label: f('negative'), now: vol.sentiment.negative, before: null },
    ],
  };
  type Src = (typeof vol.sources)[number];
  const sources: SheetSpec<Src> = {
    name: sheetName('sources'),
    intro: head(title('bySource')),
    rows: vol.sources,
    columns: [
      { header: c('source'), value: (r) => r.title, width: 20 },
      { header: c('reviews'), value: (r) => r.reviews },
      { header: c('previousReviews'), value: (r) => r.previous_reviews },
      { header: c('average'), value: (r) => r.average, format: '0.00' },
      { header: c('responded'), value: (r) => r.responded },
      { header: c('responseRate'), value: (r) => r.response_rate, format: '0.0' },
      { header: c('avgResponse'), value: (r) => r.avg_response_hours, format: '0.0' },
    ],
  };
  type Pt = (typeof trends.points)[number];
  const trend: SheetSpec<Pt> = {
    name: sheetName('trend'),
    intro: [
      ...head(title('trend')),
      t(lang, `exports:statistics.rowPer.${trends.interval}`, { weekStart: trends.week_start }),
    ],
    rows: trends.points,
    columns: [
      {
        header: c(trends.interval === 'month' ? 'month' : trends.interval === 'week' ? 'weekOf' : 'day'),
        value: (r) => r.date,
        width: 12,
      },
      { header: c('reviews'), value: (r) => r.reviews },
      { header: c('average'), value: (r) => r.average, format: '0.00' },
      { header: c('responded'), value: (r) => r.responded },
      { header: c('responseRate'), value: (r) => r.response_rate, format: '0.0' },
      { header: c('avgResponse'), value: (r) => r.avg_response_hours, format: '0.0' },
      { header: c('positive'), value: (r) => r.positive },
      { header: c('negative'), value: (r) => r.negative },
    ],
  };
  const locations = locationSheet(lang, sheetName('locations'), ranking.data, head(title('locations')));
  const sheets: Record<StatExport, AnySheet[]> = {
    statistics: [summary, sources, trend, locations],
    rating: [summary, sources, locations],
    response_rate: [summary, sources, locations],
    trends: [trend, summary],
    ranking: [locations],
  };
  const content = await buildWorkbook(sheets[kind], { rightToLeft: directionOf(lang) === 'rtl' });
  return { filename: `${kind}-${avg.period.from}-${avg.period.to}.xlsx`, content };
}

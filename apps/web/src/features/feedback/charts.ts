import dayjs from 'dayjs';
import type { EChartsOption } from 'echarts';
import type { TFunction } from 'i18next';
import { COLORS, STAR_COLORS } from '../reporting/Chart';
import { formatNumber } from '../../i18n/format';
import type { Figures, LandingStatistics } from './api';

/** Chart options of the Feedback analytics page. */

const axisLabel = { color: '#64748b', fontSize: 11 };
const grid = { left: 8, right: 12, top: 40, bottom: 8, containLabel: true };
const split = { lineStyle: { color: '#eef2f7' } };
const numberLabel = { ...axisLabel, formatter: (v: number) => formatNumber(v) };

/** Answers per month as bars, NPS as a line on its own axis (−100 to 100). */
export function npsTrendOption(months: LandingStatistics['months'], t: TFunction): EChartsOption {
  const answers = t('analytics.answers');
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { color: '#475569' } },
    xAxis: { type: 'category', data: months.map((m) => dayjs(`${m.month}-01`).format('MMM YYYY')), axisLabel },
    yAxis: [
      { type: 'value', name: answers, nameTextStyle: axisLabel, axisLabel: numberLabel, splitLine: split },
      {
        type: 'value',
        name: 'NPS',
        min: -100,
        max: 100,
        nameTextStyle: axisLabel,
        axisLabel: numberLabel,
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: answers,
        type: 'bar',
        data: months.map((m) => m.responses),
        itemStyle: { color: COLORS.brandSoft, borderRadius: [4, 4, 0, 0] },
      },
      {
        name: 'NPS',
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        data: months.map((m) => m.nps),
        itemStyle: { color: COLORS.brand },
        lineStyle: { width: 3 },
      },
    ],
  };
}

/** Promoters, passives and detractors as one stacked bar per row (month, brand...). */
export function categoriesOption(rows: { label: string; figures: Figures }[], t: TFunction): EChartsOption {
  const series = (
    [
      ['promoters', COLORS.positive],
      ['passives', COLORS.neutral],
      ['detractors', COLORS.negative],
    ] as const
  ).map(([key, color]) => ({
    name: t(`analytics.${key}`),
    type: 'bar' as const,
    stack: 'all',
    data: rows.map((r) => r.figures[key]),
    itemStyle: { color },
    barMaxWidth: 28,
  }));
  return {
    grid,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#475569' } },
    yAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel, inverse: true },
    xAxis: { type: 'value', axisLabel: numberLabel, splitLine: split },
    series,
  };
}

/** The answers of one scale: 1 to 5 stars, or 0 to 10. */
export function distributionOption(
  counts: Record<string, number>,
  scale: 'stars' | 'nps',
  t: TFunction,
): EChartsOption {
  const keys = scale === 'stars' ? ['1', '2', '3', '4', '5'] : Array.from({ length: 11 }, (_, i) => String(i));
  const color = (k: string) => {
    const n = Number(k);
    if (scale === 'stars') return STAR_COLORS[n - 1]!;
    return n >= 9 ? COLORS.positive : n >= 7 ? COLORS.neutral : COLORS.negative;
  };
  return {
    grid: { ...grid, top: 16 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: {
      type: 'category',
      data: keys.map((k) => (scale === 'stars' ? `${formatNumber(Number(k))}★` : formatNumber(Number(k)))),
      axisLabel,
    },
    yAxis: { type: 'value', axisLabel: numberLabel, splitLine: split, minInterval: 1 },
    series: [
      {
        name: t('analytics.answers'),
        type: 'bar',
        data: keys.map((k) => ({ value: counts[k] ?? 0, itemStyle: { color: color(k), borderRadius: [4, 4, 0, 0] } })),
      },
    ],
  };
}

import type { EChartsOption } from 'echarts';
import { i18n } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';
import { COLORS, STAR_COLORS } from './Chart';
import type { Stars, TrendPoint } from './api';
import { showDate } from './display';

/**
 * Chart options shared by the reporting pages (and the dashboard). Series and axis names come from
 * the `reporting` catalogue when the option is built (at render, never at module load); `Chart`
 * mirrors the option in a right-to-left interface.
 */
const t = (key: string, options?: Record<string, unknown>) => i18n.t(`reporting:charts.${key}`, options);

const axisLabel = { color: '#64748b', fontSize: 11 };
const grid = { left: 8, right: 12, top: 48, bottom: 8, containLabel: true };

export function dateLabel(d: string, interval: string): string {
  return showDate(d, interval === 'month' ? 'monthYear' : 'monthDay');
}

/** Reviews as bars and the average rating as a line (right axis), with the previous period dashed. */
export function volumeRatingOption(
  points: TrendPoint[],
  previous: TrendPoint[] | null,
  interval: string,
): EChartsOption {
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', textStyle: { color: '#475569' } },
    xAxis: { type: 'category', data: points.map((p) => dateLabel(p.date, interval)), axisLabel },
    yAxis: [
      {
        type: 'value',
        name: t('reviews'),
        nameTextStyle: axisLabel,
        axisLabel,
        splitLine: { lineStyle: { color: '#eef2f7' } },
      },
      {
        type: 'value',
        name: t('rating'),
        min: 1,
        max: 5,
        nameTextStyle: axisLabel,
        axisLabel,
        splitLine: { show: false },
      },
    ],
    series: [
      {
        name: t('reviews'),
        type: 'bar',
        data: points.map((p) => p.reviews),
        itemStyle: { color: COLORS.brandSoft, borderRadius: [4, 4, 0, 0] },
        barMaxWidth: 26,
      },
      {
        name: t('averageRating'),
        type: 'line',
        yAxisIndex: 1,
        smooth: true,
        connectNulls: true,
        data: points.map((p) => p.average),
        itemStyle: { color: COLORS.amber },
        lineStyle: { width: 3 },
        symbolSize: 6,
      },
      ...(previous
        ? [
            {
              name: t('ratingPrevious'),
              type: 'line' as const,
              yAxisIndex: 1,
              smooth: true,
              connectNulls: true,
              data: previous.map((p) => p.average),
              itemStyle: { color: COLORS.previous },
              lineStyle: { type: 'dashed' as const, width: 2 },
              symbol: 'none',
            },
          ]
        : []),
    ],
  };
}

/** One metric over time against the previous period. */
export function metricOption(
  points: TrendPoint[],
  previous: TrendPoint[] | null,
  interval: string,
  metric: { key: keyof TrendPoint; label: string; min?: number; max?: number; color?: string },
): EChartsOption {
  const val = (p: TrendPoint) => p[metric.key] as number | null;
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll', textStyle: { color: '#475569' } },
    xAxis: { type: 'category', data: points.map((p) => dateLabel(p.date, interval)), axisLabel, boundaryGap: false },
    yAxis: {
      type: 'value',
      min: metric.min,
      max: metric.max,
      axisLabel,
      splitLine: { lineStyle: { color: '#eef2f7' } },
    },
    series: [
      {
        name: metric.label,
        type: 'line',
        smooth: true,
        connectNulls: true,
        data: points.map(val),
        itemStyle: { color: metric.color ?? COLORS.brand },
        lineStyle: { width: 3 },
        areaStyle: { opacity: 0.08 },
        symbolSize: 6,
      },
      ...(previous
        ? [
            {
              name: t('previousPeriod'),
              type: 'line' as const,
              smooth: true,
              connectNulls: true,
              data: previous.map(val),
              itemStyle: { color: COLORS.previous },
              lineStyle: { type: 'dashed' as const },
              symbol: 'none',
            },
          ]
        : []),
    ],
  };
}

/** Star distribution, 5 stars on top, with the previous period beside it. */
export function starsOption(stars: Stars, previous: Stars | null): EChartsOption {
  const order = [5, 4, 3, 2, 1] as const;
  return {
    grid: { ...grid, top: previous ? 30 : 8 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: previous ? { top: 0, textStyle: { color: '#475569' } } : undefined,
    xAxis: { type: 'value', axisLabel, splitLine: { lineStyle: { color: '#eef2f7' } } },
    yAxis: {
      type: 'category',
      data: order.map((s) => `${formatNumber(s)} ★`),
      axisLabel: { ...axisLabel, fontSize: 12 },
      inverse: true,
    },
    series: [
      {
        name: t('thisPeriod'),
        type: 'bar',
        data: order.map((s) => ({
          value: stars[s],
          itemStyle: { color: STAR_COLORS[s - 1], borderRadius: [0, 4, 4, 0] },
        })),
        barMaxWidth: 18,
        label: { show: true, position: 'right', color: '#334155', fontSize: 11 },
      },
      ...(previous
        ? [
            {
              name: t('previousPeriod'),
              type: 'bar' as const,
              data: order.map((s) => previous[s]),
              itemStyle: { color: COLORS.previous, borderRadius: [0, 4, 4, 0] },
              barMaxWidth: 10,
            },
          ]
        : []),
    ],
  };
}

export function sentimentOption(s: { positive: number; neutral: number; negative: number }): EChartsOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = p as { name: string; value: number; percent: number };
        return `${item.name}: ${formatNumber(item.value)} (${formatNumber(item.percent / 100, { style: 'percent', maximumFractionDigits: 2 })})`;
      },
    },
    legend: { bottom: 0, textStyle: { color: '#475569' } },
    series: [
      {
        type: 'pie',
        radius: ['52%', '78%'],
        center: ['50%', '44%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: [
          { name: t('positive'), value: s.positive, itemStyle: { color: COLORS.positive } },
          { name: t('neutral'), value: s.neutral, itemStyle: { color: COLORS.neutral } },
          { name: t('negative'), value: s.negative, itemStyle: { color: COLORS.negative } },
        ],
      },
    ],
  };
}

/** A value with its unit: '%' and ' h' (hours) are written the interface's way. */
function withUnit(v: number, unit: string | undefined): string {
  const n = formatNumber(v, { maximumFractionDigits: 2 });
  if (unit === '%') return t('unitPercent', { value: n });
  if (unit === ' h') return t('unitHours', { value: n });
  return `${n}${unit ?? ''}`;
}

/** Horizontal bars per category (sources, locations), e.g. response rate or hours. */
export function barsOption(
  rows: { label: string; value: number | null }[],
  opts: { name: string; color?: string; unit?: string; max?: number },
): EChartsOption {
  return {
    // Room on the right for the longest bar's value label ("100%", "24.8 h"): containLabel counts axis labels only.
    grid: { ...grid, top: 8, right: 56 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => (typeof v === 'number' ? withUnit(v, opts.unit) : '—'),
    },
    xAxis: { type: 'value', max: opts.max, axisLabel, splitLine: { lineStyle: { color: '#eef2f7' } } },
    yAxis: {
      type: 'category',
      data: rows.map((r) => r.label),
      axisLabel: { ...axisLabel, width: 150, overflow: 'truncate' },
      inverse: true,
    },
    series: [
      {
        name: opts.name,
        type: 'bar',
        data: rows.map((r) => r.value),
        itemStyle: { color: opts.color ?? COLORS.brand, borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 18,
        label: {
          show: true,
          position: 'right',
          color: '#334155',
          fontSize: 11,
          formatter: (p) => (typeof p.value === 'number' ? withUnit(p.value, opts.unit) : ''),
        },
      },
    ],
  };
}

export function gaugeOption(
  value: number | null,
  opts: { min: number; max: number; name: string; color?: string },
): EChartsOption {
  return {
    series: [
      {
        type: 'gauge',
        min: opts.min,
        max: opts.max,
        startAngle: 210,
        endAngle: -30,
        radius: '95%',
        center: ['50%', '58%'],
        progress: { show: true, width: 14, itemStyle: { color: opts.color ?? COLORS.brand } },
        axisLine: { lineStyle: { width: 14, color: [[1, '#eef2ff']] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        anchor: { show: false },
        title: { show: true, offsetCenter: [0, '36%'], fontSize: 12, color: '#64748b' },
        detail: {
          valueAnimation: true,
          offsetCenter: [0, '0%'],
          fontSize: 34,
          fontWeight: 700,
          color: '#0f172a',
          formatter: () => (value === null ? '—' : formatNumber(value, { maximumFractionDigits: 2 })),
        },
        data: [{ value: value ?? opts.min, name: opts.name }],
      },
    ],
  };
}

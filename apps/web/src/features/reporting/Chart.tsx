import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { Skeleton } from 'antd';
import { currentLanguage } from '../../i18n/i18n';
import { formatNumber } from '../../i18n/format';

// Only the chart types and components the reports use: keeps the shared chart chunk small. This
// module is imported by the reporting and dashboard pages only, so charts never load with the first
// screen. Lines and bars are on nearly every chart screen; pies and gauges are fetched with the first
// chart that has one (LAZY_SERIES), so the screens without them do not load them (6 kB brotli).
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

type Extension = Parameters<typeof echarts.use>[0];
const LAZY_SERIES: Record<string, () => Promise<Extension>> = {
  pie: () => import('./echarts/pie').then((m) => m.PieChart),
  gauge: () => import('./echarts/gauge').then((m) => m.GaugeChart),
};
const installed = new Set<string>();
const installing = new Map<string, Promise<void>>();

/**
 * The option's series types that are fetched on demand and not registered yet. A chart is created
 * only once they are: an ECharts instance keeps the layouts and processors registered before it.
 */
function missingSeries(option: EChartsOption): string[] {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  const types = new Set(series.map((s) => String((s as { type?: unknown }).type)));
  return [...types].filter((type) => LAZY_SERIES[type] && !installed.has(type)).sort();
}

function installSeries(types: string[]): Promise<unknown> {
  return Promise.all(
    types.map((type) => {
      let done = installing.get(type);
      if (!done) {
        // A failed fetch is asked again by the next chart of that type.
        done = LAZY_SERIES[type]().then(
          (extension) => {
            echarts.use(extension);
            installed.add(type);
          },
          (error: unknown) => {
            installing.delete(type);
            throw error;
          },
        );
        installing.set(type, done);
      }
      return done;
    }),
  );
}

/** True once every series type of the option is registered; fetches those that are not. */
function useSeriesInstalled(option: EChartsOption): boolean {
  const missing = missingSeries(option).join(',');
  const [, setInstalled] = useState(0);
  useEffect(() => {
    if (!missing) return undefined;
    let current = true;
    installSeries(missing.split(',')).then(
      () => current && setInstalled((n) => n + 1),
      () => undefined, // the skeleton stays; the next chart of that type asks again
    );
    return () => {
      current = false;
    };
  }, [missing]);
  return missing === '';
}

// positiveText: the positive green for text on white (4.5:1); the lighter one is for chart marks.
export const COLORS = {
  brand: '#4f46e5',
  brandSoft: '#a5b4fc',
  positive: '#16a34a',
  positiveText: '#15803d',
  neutral: '#94a3b8',
  negative: '#dc2626',
  amber: '#f59e0b',
  sky: '#0ea5e9',
  previous: '#cbd5e1',
};
export const STAR_COLORS = ['#dc2626', '#f97316', '#facc15', '#84cc16', '#16a34a'];

/** The chart itself: one ECharts instance per element, resized with its box, disposed on unmount. */
function EChart({ option, height }: { option: EChartsOption; height: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return undefined;
    const instance = echarts.init(el.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(
      {
        animationDuration: 400,
        textStyle: { fontFamily: 'Inter, -apple-system, Segoe UI, Roboto, sans-serif' },
        ...option,
      },
      { notMerge: true },
    );
  }, [option]);
  return <div ref={el} style={{ height, width: '100%' }} />;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : isObj(v) ? [v] : []);
/** Keeps an option's shape: one object stays one object, an array stays an array. */
const sameShape = (v: unknown, items: Obj[]) => (Array.isArray(v) ? items : items[0]);

const SIDE: Record<string, string> = {
  left: 'right',
  right: 'left',
  insideLeft: 'insideRight',
  insideRight: 'insideLeft',
};

/** Swaps `left` and `right` of a box (grid, legend). */
function swapSides(box: Obj): Obj {
  const out: Obj = { ...box };
  delete out.left;
  delete out.right;
  if (box.left !== undefined) out.right = box.left === 'left' ? 'right' : box.left === 'right' ? 'left' : box.left;
  if (box.right !== undefined) out.left = box.right;
  return out;
}

/** A bar's corner radii [top-left, top-right, bottom-right, bottom-left] seen in a mirror. */
function mirrorRadius(style: unknown): unknown {
  if (!isObj(style) || !Array.isArray(style.borderRadius)) return style;
  const [tl, tr, br, bl] = style.borderRadius as number[];
  return { ...style, borderRadius: [tr, tl, bl, br] };
}

/**
 * The option read right to left (issue 30): the category or time axis runs from the right, the
 * value axis stands on the right (a second one moves to the left), horizontal bars grow leftwards
 * with their labels on their left, legends and tooltips are aligned to the right, a gauge fills
 * from the right. Value labels get the user's digits when no formatter is given.
 */
export function mirrorOption(option: EChartsOption): EChartsOption {
  const o = option as Obj;
  const out: Obj = { ...o };
  const xs = list(o.xAxis);
  const ys = list(o.yAxis);
  const horizontal = xs.some((a) => a.type === 'value') && ys.some((a) => a.type === 'category');
  // The legend moves to the right, where a named value axis writes its name: room for both.
  const named = ys.some((a) => a.name) && o.legend;
  if (o.grid)
    out.grid = sameShape(
      o.grid,
      list(o.grid).map((g) => {
        const swapped = swapSides(g);
        return named && typeof g.top === 'number' && g.top < 56 ? { ...swapped, top: 56 } : swapped;
      }),
    );
  if (o.legend)
    out.legend = sameShape(
      o.legend,
      list(o.legend).map((l) => {
        const moved = l.left === undefined && l.right === undefined && o.xAxis ? { ...l, right: 8 } : swapSides(l);
        return { ...moved, align: 'right' };
      }),
    );
  if (o.tooltip)
    out.tooltip = sameShape(
      o.tooltip,
      list(o.tooltip).map((t) => ({
        ...t,
        extraCssText: `${String(t.extraCssText ?? '')}direction: rtl; text-align: right;`,
      })),
    );
  if (o.xAxis)
    out.xAxis = sameShape(
      o.xAxis,
      xs.map((a) => {
        const label = isObj(a.axisLabel) && typeof a.axisLabel.rotate === 'number' ? a.axisLabel : null;
        return {
          ...a,
          inverse: !a.inverse,
          ...(label ? { axisLabel: { ...label, rotate: -(label.rotate as number) } } : {}),
        };
      }),
    );
  if (o.yAxis)
    out.yAxis = sameShape(
      o.yAxis,
      ys.map((a, i) => ({
        ...a,
        position: a.position ? (SIDE[a.position as string] ?? a.position) : i === 0 ? 'right' : 'left',
      })),
    );
  if (o.series)
    out.series = list(o.series).map((s) => {
      const series: Obj = { ...s };
      if (s.type === 'gauge') {
        const start = (s.startAngle as number | undefined) ?? 225;
        const end = (s.endAngle as number | undefined) ?? -45;
        return { ...series, startAngle: 180 - start, endAngle: 180 - end, clockwise: !(s.clockwise ?? true) };
      }
      if (isObj(s.label) && typeof s.label.position === 'string')
        series.label = { ...s.label, position: SIDE[s.label.position] ?? s.label.position };
      if (horizontal && s.type === 'bar') {
        series.itemStyle = mirrorRadius(s.itemStyle);
        if (Array.isArray(s.data))
          series.data = s.data.map((d) =>
            isObj(d) && d.itemStyle ? { ...d, itemStyle: mirrorRadius(d.itemStyle) } : d,
          );
      }
      return series;
    });
  return out as EChartsOption;
}

/** Numbers on value axes, tooltips and bar labels in the user's digits (Arabic only: English keeps ECharts' own). */
function localizeNumbers(option: EChartsOption): EChartsOption {
  const o = option as Obj;
  const num = (v: unknown) =>
    typeof v === 'number' ? formatNumber(v, { maximumFractionDigits: 2 }) : String(v ?? '—');
  const axes = (v: unknown) =>
    sameShape(
      v,
      list(v).map((a) =>
        a.type === 'value' && !(isObj(a.axisLabel) && a.axisLabel.formatter)
          ? { ...a, axisLabel: { ...(isObj(a.axisLabel) ? a.axisLabel : {}), formatter: (x: number) => num(x) } }
          : a,
      ),
    );
  const out: Obj = { ...o };
  if (o.xAxis) out.xAxis = axes(o.xAxis);
  if (o.yAxis) out.yAxis = axes(o.yAxis);
  if (o.tooltip)
    out.tooltip = sameShape(
      o.tooltip,
      list(o.tooltip).map((t) => (t.valueFormatter || t.formatter ? t : { ...t, valueFormatter: num })),
    );
  if (o.series)
    out.series = list(o.series).map((s) =>
      isObj(s.label) && s.label.show && !s.label.formatter
        ? { ...s, label: { ...s.label, formatter: (p: { value: unknown }) => num(p.value) } }
        : s,
    );
  return out as EChartsOption;
}

/**
 * An ECharts chart that shows a skeleton while its data loads. In a right-to-left interface the
 * chart is mirrored (`mirrorOption`) unless `mirror` is false (a chart whose option is already
 * written for both directions).
 */
export function Chart({
  option,
  height = 280,
  loading,
  testId,
  mirror = true,
}: {
  option: EChartsOption;
  height?: number;
  loading?: boolean;
  testId?: string;
  mirror?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? currentLanguage();
  const rtl = i18n.dir(language) === 'rtl';
  const shown = useMemo(() => {
    const local = language === 'en' ? option : localizeNumbers(option);
    return rtl && mirror ? mirrorOption(local) : local;
  }, [option, rtl, mirror, language]);
  const ready = useSeriesInstalled(option);
  if (loading || !ready) return <Skeleton active paragraph={{ rows: Math.max(2, Math.round(height / 60)) }} />;
  return (
    <div data-testid={testId} className="chart-box">
      <EChart option={shown} height={height} />
    </div>
  );
}

export type { EChartsOption };

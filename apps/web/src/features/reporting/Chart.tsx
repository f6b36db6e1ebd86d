import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, LineChart, PieChart } from 'echarts/charts';
import {
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import { Skeleton } from 'antd';

// Only the chart types the reports use: keeps the shared chart chunk small. This module is
// imported by the reporting and dashboard pages only, so charts never load with the first screen.
echarts.use([
  BarChart,
  GaugeChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

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

/** An ECharts chart that shows a skeleton while its data loads. */
export function Chart({
  option,
  height = 280,
  loading,
  testId,
}: {
  option: EChartsOption;
  height?: number;
  loading?: boolean;
  testId?: string;
}) {
  if (loading) return <Skeleton active paragraph={{ rows: Math.max(2, Math.round(height / 60)) }} />;
  return (
    <div data-testid={testId} className="chart-box">
      <EChart option={option} height={height} />
    </div>
  );
}

export type { EChartsOption };

import { useState } from 'react';
import { Segmented } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type TrendPoint } from './api';
import { Chart, COLORS } from './Chart';
import { dateLabel, metricOption, volumeRatingOption } from './charts';
import { ExportButton, FilterBar, fmt, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const METRICS = [
  { key: 'average', label: 'Average rating', min: 1, max: 5, color: COLORS.amber },
  { key: 'reviews', label: 'Reviews', color: COLORS.brand },
  { key: 'response_rate', label: 'Response rate %', min: 0, max: 100, color: COLORS.sky },
  { key: 'avg_response_hours', label: 'Response time (h)', color: COLORS.negative },
  { key: 'sentiment_score', label: 'Sentiment', min: -1, max: 1, color: COLORS.positive },
] as const;

/** How ratings, volume, replies and sentiment move over time (days, weeks from the user's week start, months). */
export default function TrendsPage() {
  const rf = useReportFilter();
  const { filter, update } = rf;
  const [metric, setMetric] = useState<(typeof METRICS)[number]['key']>('average');
  const trend = useQuery({
    queryKey: reportingKeys.trends(filter),
    queryFn: ({ signal }) => reportingApi.trends(filter, signal),
    placeholderData: keepPreviousData,
  });
  const t = trend.data;
  const m = METRICS.find((x) => x.key === metric)!;
  const hasData = t?.points.some((p) => p.reviews > 0);
  const weekNote =
    t?.interval === 'week'
      ? ` Weeks start on ${['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][t.week_start ?? 7]}.`
      : '';
  return (
    <>
      <PageHeader
        title="Trends"
        description={`How ratings and review volume change over time, ${periodText(t?.period)}.${weekNote}`}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <>
            <Segmented
              data-testid="interval"
              value={filter.interval ?? t?.interval ?? 'day'}
              options={[
                { value: 'day', label: 'Daily' },
                { value: 'week', label: 'Weekly' },
                { value: 'month', label: 'Monthly' },
              ]}
              onChange={(v) => update({ interval: String(v) })}
            />
            <ExportButton
              onClick={() => void downloadExport('/v2/api/statistics/export', filter, { report: 'trends' })}
            />
          </>
        }
      />
      <Panel title="Reviews and average rating" testId="chart-trend-volume">
        {trend.isLoading ? (
          <Chart option={{}} loading />
        ) : hasData ? (
          <Chart option={volumeRatingOption(t!.points, t!.previous_points, t!.interval)} height={320} />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel
        title="Compare with the previous period"
        testId="chart-trend-metric"
        extra={
          <Segmented
            size="small"
            value={metric}
            onChange={(v) => setMetric(v as typeof metric)}
            options={METRICS.map((x) => ({ value: x.key, label: x.label }))}
          />
        }
      >
        {trend.isLoading ? (
          <Chart option={{}} loading />
        ) : hasData ? (
          <Chart option={metricOption(t!.points, t!.previous_points, t!.interval, m)} height={300} />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel title="Figures" testId="trend-table">
        <Table<TrendPoint>
          rowKey="date"
          size="small"
          loading={trend.isFetching}
          dataSource={t ? [...t.points].reverse() : []}
          pagination={{ pageSize: 12, showSizeChanger: false }}
          scroll={{ x: true }}
          columns={[
            {
              title: t?.interval === 'month' ? 'Month' : t?.interval === 'week' ? 'Week of' : 'Day',
              dataIndex: 'date',
              render: (d: string) => dateLabel(d, t?.interval ?? 'day'),
            },
            { title: 'Reviews', dataIndex: 'reviews', align: 'right', sorter: (a, b) => a.reviews - b.reviews },
            {
              title: 'Rating',
              dataIndex: 'average',
              align: 'right',
              render: fmt.rating,
              sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0),
            },
            { title: 'Responded', dataIndex: 'responded', align: 'right', responsive: ['md'] },
            {
              title: 'Response rate',
              dataIndex: 'response_rate',
              align: 'right',
              render: fmt.pct,
              sorter: (a, b) => (a.response_rate ?? 0) - (b.response_rate ?? 0),
            },
            { title: 'Positive', dataIndex: 'positive', align: 'right', responsive: ['md'] },
            { title: 'Negative', dataIndex: 'negative', align: 'right', responsive: ['md'] },
          ]}
        />
      </Panel>
    </>
  );
}

import { useState } from 'react';
import { Segmented } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type TrendPoint } from './api';
import { Chart, COLORS } from './Chart';
import { dateLabel, metricOption, volumeRatingOption } from './charts';
import { ExportButton, FilterBar, fmt, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const METRICS = [
  { key: 'average', labelKey: 'trends.metrics.average', min: 1, max: 5, color: COLORS.amber },
  { key: 'reviews', labelKey: 'trends.metrics.reviews', color: COLORS.brand },
  { key: 'response_rate', labelKey: 'trends.metrics.responseRate', min: 0, max: 100, color: COLORS.sky },
  { key: 'avg_response_hours', labelKey: 'trends.metrics.responseTime', color: COLORS.negative },
  { key: 'sentiment_score', labelKey: 'trends.metrics.sentiment', min: -1, max: 1, color: COLORS.positive },
] as const;

/** How ratings, volume, replies and sentiment move over time (days, weeks from the user's week start, months). */
export default function TrendsPage() {
  const { t } = useTranslation('reporting');
  const rf = useReportFilter();
  const { filter, update } = rf;
  const [metric, setMetric] = useState<(typeof METRICS)[number]['key']>('average');
  const trend = useQuery({
    queryKey: reportingKeys.trends(filter),
    queryFn: ({ signal }) => reportingApi.trends(filter, signal),
    placeholderData: keepPreviousData,
  });
  const td = trend.data;
  const found = METRICS.find((x) => x.key === metric)!;
  const m = { ...found, label: t(found.labelKey) };
  const hasData = td?.points.some((p) => p.reviews > 0);
  const weekNote =
    td?.interval === 'week' ? ` ${t('trends.weekNote', { day: t(`weekdays.${td.week_start ?? 7}`) })}` : '';
  return (
    <>
      <PageHeader
        title={t('trends.title')}
        description={`${t('trends.description', { period: periodText(td?.period) })}${weekNote}`}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <>
            <Segmented
              data-testid="interval"
              aria-label={t('trends.intervalAria')}
              value={filter.interval ?? td?.interval ?? 'day'}
              options={[
                { value: 'day', label: t('trends.daily') },
                { value: 'week', label: t('trends.weekly') },
                { value: 'month', label: t('trends.monthly') },
              ]}
              onChange={(v) => update({ interval: String(v) })}
            />
            <ExportButton
              onClick={() => void downloadExport('/v2/api/statistics/export', filter, { report: 'trends' })}
            />
          </>
        }
      />
      <Panel title={t('charts.reviewsAndRating')} testId="chart-trend-volume">
        {trend.isLoading ? (
          <Chart option={{}} loading />
        ) : hasData ? (
          <Chart option={volumeRatingOption(td!.points, td!.previous_points, td!.interval)} height={320} />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel
        title={t('trends.compare')}
        testId="chart-trend-metric"
        extra={
          <Segmented
            size="small"
            value={metric}
            aria-label={t('trends.metricAria')}
            onChange={(v) => setMetric(v as typeof metric)}
            options={METRICS.map((x) => ({ value: x.key, label: t(x.labelKey) }))}
          />
        }
      >
        {trend.isLoading ? (
          <Chart option={{}} loading />
        ) : hasData ? (
          <Chart option={metricOption(td!.points, td!.previous_points, td!.interval, m)} height={300} />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel title={t('trends.figures')} testId="trend-table">
        <Table<TrendPoint>
          rowKey="date"
          size="small"
          loading={trend.isFetching}
          dataSource={td ? [...td.points].reverse() : []}
          pagination={{ pageSize: 12, showSizeChanger: false }}
          scroll={{ x: true }}
          columns={[
            {
              title:
                td?.interval === 'month'
                  ? t('columns.month')
                  : td?.interval === 'week'
                    ? t('columns.weekOf')
                    : t('columns.day'),
              dataIndex: 'date',
              render: (d: string) => dateLabel(d, td?.interval ?? 'day'),
            },
            {
              title: t('columns.reviews'),
              dataIndex: 'reviews',
              align: 'end',
              render: fmt.int,
              sorter: (a, b) => a.reviews - b.reviews,
            },
            {
              title: t('columns.rating'),
              dataIndex: 'average',
              align: 'end',
              render: fmt.rating,
              sorter: (a, b) => (a.average ?? 0) - (b.average ?? 0),
            },
            {
              title: t('columns.responded'),
              dataIndex: 'responded',
              align: 'end',
              render: fmt.int,
              responsive: ['md'],
            },
            {
              title: t('columns.responseRate'),
              dataIndex: 'response_rate',
              align: 'end',
              render: fmt.pct,
              sorter: (a, b) => (a.response_rate ?? 0) - (b.response_rate ?? 0),
            },
            {
              title: t('columns.positive'),
              dataIndex: 'positive',
              align: 'end',
              render: fmt.int,
              responsive: ['md'],
            },
            {
              title: t('columns.negative'),
              dataIndex: 'negative',
              align: 'end',
              render: fmt.int,
              responsive: ['md'],
            },
          ]}
        />
      </Panel>
    </>
  );
}

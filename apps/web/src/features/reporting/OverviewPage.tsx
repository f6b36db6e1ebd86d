import { Tooltip } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { ClockCircleOutlined, MessageOutlined, SmileOutlined, StarOutlined, CommentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEmbedded } from '../../app/EmbedContext';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type VolumeReport } from './api';
import { Chart } from './Chart';
import { sentimentOption, starsOption, volumeRatingOption } from './charts';
import { EmailReportsButton } from './EmailReports';
import { Delta, ExportButton, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';
import { sourceName } from './display';

/** Ratings, volume, replies and sentiment for the chosen period and places, against the previous period. */
export default function OverviewPage() {
  const { t } = useTranslation('reporting');
  const rf = useReportFilter();
  const { filter } = rf;
  // An embed is read-only and has no session of its own: no e-mail reports, no downloads.
  const embedded = useEmbedded();
  const opts = { placeholderData: keepPreviousData };
  const avg = useQuery({
    queryKey: reportingKeys.average(filter),
    queryFn: ({ signal }) => reportingApi.average(filter, signal),
    ...opts,
  });
  const vol = useQuery({
    queryKey: reportingKeys.volume(filter),
    queryFn: ({ signal }) => reportingApi.volume(filter, signal),
    ...opts,
  });
  const trend = useQuery({
    queryKey: reportingKeys.trends(filter),
    queryFn: ({ signal }) => reportingApi.trends(filter, signal),
    ...opts,
  });
  const v = vol.data;
  const a = avg.data;
  const loading = vol.isLoading || avg.isLoading;
  return (
    <>
      <PageHeader
        title={t('overview.title')}
        description={
          v?.previous_period
            ? t('overview.descriptionCompared', {
                period: periodText(v.period),
                previous: periodText(v.previous_period),
              })
            : t('overview.description', { period: periodText(v?.period) })
        }
        extra={embedded ? undefined : <EmailReportsButton />}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          embedded ? undefined : (
            <ExportButton
              onClick={() => void downloadExport('/v2/api/statistics/export', filter, { report: 'statistics' })}
            />
          )
        }
      />
      <div className="kpi-grid">
        <Kpi
          testId="kpi-reviews"
          icon={<MessageOutlined />}
          title={t('kpi.reviews')}
          loading={loading}
          value={fmt.int(v?.reviews)}
          delta={<Delta value={v?.change} digits={0} />}
        />
        <Kpi
          testId="kpi-rating"
          icon={<StarOutlined />}
          title={t('kpi.averageRating')}
          loading={loading}
          value={
            <>
              {fmt.rating(a?.average)}
              <small>{t('kpi.outOf5')}</small>
            </>
          }
          delta={<Delta value={a?.change} />}
        />
        <Kpi
          testId="kpi-response-rate"
          icon={<CommentOutlined />}
          title={t('kpi.responseRate')}
          loading={loading}
          value={fmt.pct(v?.response_rate)}
          delta={<Delta value={v?.response_rate_change} digits={1} unit=" pts" />}
        />
        <Kpi
          testId="kpi-response-time"
          icon={<ClockCircleOutlined />}
          title={t('kpi.avgResponseTime')}
          loading={loading}
          value={fmt.hours(v?.avg_response_hours)}
          delta={
            <Delta
              value={
                v && v.avg_response_hours !== null && v.previous_avg_response_hours !== null
                  ? v.avg_response_hours - v.previous_avg_response_hours
                  : null
              }
              digits={1}
              unit=" h"
              inverse
            />
          }
        />
        <Kpi
          testId="kpi-sentiment"
          icon={<SmileOutlined />}
          title={t('kpi.sentiment')}
          loading={loading}
          hint={t('kpi.sentimentHint')}
          value={fmt.score(v?.sentiment.score)}
          delta={
            <span className="muted">
              {v
                ? t('kpi.sentimentSplit', {
                    positive: fmt.int(v.sentiment.positive),
                    negative: fmt.int(v.sentiment.negative),
                  })
                : ''}
            </span>
          }
        />
      </div>
      <Panel title={t('charts.reviewsAndRating')} testId="chart-volume-rating">
        {trend.data && trend.data.points.some((p) => p.reviews > 0) ? (
          <Chart
            option={volumeRatingOption(trend.data.points, trend.data.previous_points, trend.data.interval)}
            height={320}
          />
        ) : trend.isLoading ? (
          <Chart option={{}} loading />
        ) : (
          <NoData />
        )}
      </Panel>
      <div className="grid-2">
        <Panel title={t('charts.starDistribution')} testId="chart-stars">
          {a ? (
            a.rated ? (
              <Chart option={starsOption(a.stars, a.previous_stars)} height={240} />
            ) : (
              <NoData />
            )
          ) : (
            <Chart option={{}} loading />
          )}
        </Panel>
        <Panel title={t('charts.sentiment')} testId="chart-sentiment">
          {v ? (
            v.reviews ? (
              <Chart option={sentimentOption(v.sentiment)} height={240} />
            ) : (
              <NoData />
            )
          ) : (
            <Chart option={{}} loading />
          )}
        </Panel>
      </div>
      <Panel title={t('overview.bySource')} testId="sources-table">
        <Table<VolumeReport['sources'][number]>
          rowKey="source"
          size="middle"
          loading={vol.isFetching}
          dataSource={v?.sources}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            {
              title: t('columns.source'),
              dataIndex: 'title',
              render: (v: string, r) => sourceName(t, r.source, v),
              sorter: (x, y) => x.title.localeCompare(y.title),
            },
            {
              title: t('columns.reviews'),
              dataIndex: 'reviews',
              align: 'end',
              render: fmt.int,
              sorter: (x, y) => x.reviews - y.reviews,
              defaultSortOrder: 'descend',
            },
            {
              title: t('columns.previous'),
              dataIndex: 'previous_reviews',
              align: 'end',
              responsive: ['md'],
              render: fmt.int,
            },
            {
              title: t('columns.rating'),
              dataIndex: 'average',
              align: 'end',
              sorter: (x, y) => (x.average ?? 0) - (y.average ?? 0),
              render: fmt.rating,
            },
            {
              title: t('columns.responseRate'),
              dataIndex: 'response_rate',
              align: 'end',
              sorter: (x, y) => (x.response_rate ?? 0) - (y.response_rate ?? 0),
              render: fmt.pct,
            },
            {
              title: <Tooltip title={t('columns.responseTimeHint')}>{t('columns.responseTime')}</Tooltip>,
              dataIndex: 'avg_response_hours',
              align: 'end',
              responsive: ['md'],
              sorter: (x, y) => (x.avg_response_hours ?? 0) - (y.avg_response_hours ?? 0),
              render: fmt.hours,
            },
          ]}
        />
      </Panel>
    </>
  );
}

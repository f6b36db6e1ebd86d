import { Tooltip } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { ClockCircleOutlined, MessageOutlined, SmileOutlined, StarOutlined, CommentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEmbedded } from '../../app/EmbedContext';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type VolumeReport } from './api';
import { Chart } from './Chart';
import { sentimentOption, starsOption, volumeRatingOption } from './charts';
import { EmailReportsButton } from './EmailReports';
import { Delta, ExportButton, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

/** Ratings, volume, replies and sentiment for the chosen period and places, against the previous period. */
export default function OverviewPage() {
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
        title="Overview"
        description={`Ratings, volume and sentiment, ${periodText(v?.period)}${v?.previous_period ? ` compared with ${periodText(v.previous_period)}` : ''}.`}
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
          title="Reviews"
          loading={loading}
          value={fmt.int(v?.reviews)}
          delta={<Delta value={v?.change} digits={0} />}
        />
        <Kpi
          testId="kpi-rating"
          icon={<StarOutlined />}
          title="Average rating"
          loading={loading}
          value={
            <>
              {fmt.rating(a?.average)}
              <small>/ 5</small>
            </>
          }
          delta={<Delta value={a?.change} />}
        />
        <Kpi
          testId="kpi-response-rate"
          icon={<CommentOutlined />}
          title="Response rate"
          loading={loading}
          value={fmt.pct(v?.response_rate)}
          delta={<Delta value={v?.response_rate_change} digits={1} unit=" pts" />}
        />
        <Kpi
          testId="kpi-response-time"
          icon={<ClockCircleOutlined />}
          title="Avg. response time"
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
          title="Sentiment"
          loading={loading}
          hint="(positive − negative) / reviews with a sentiment, from −1 to +1"
          value={fmt.score(v?.sentiment.score)}
          delta={
            <span className="muted">
              {v ? `${v.sentiment.positive} positive · ${v.sentiment.negative} negative` : ''}
            </span>
          }
        />
      </div>
      <Panel title="Reviews and average rating" testId="chart-volume-rating">
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
        <Panel title="Star distribution" testId="chart-stars">
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
        <Panel title="Sentiment" testId="chart-sentiment">
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
      <Panel title="By source" testId="sources-table">
        <Table<VolumeReport['sources'][number]>
          rowKey="source"
          size="middle"
          loading={vol.isFetching}
          dataSource={v?.sources}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: 'Source', dataIndex: 'title', sorter: (x, y) => x.title.localeCompare(y.title) },
            {
              title: 'Reviews',
              dataIndex: 'reviews',
              align: 'right',
              sorter: (x, y) => x.reviews - y.reviews,
              defaultSortOrder: 'descend',
            },
            { title: 'Previous', dataIndex: 'previous_reviews', align: 'right', responsive: ['md'], render: fmt.int },
            {
              title: 'Rating',
              dataIndex: 'average',
              align: 'right',
              sorter: (x, y) => (x.average ?? 0) - (y.average ?? 0),
              render: fmt.rating,
            },
            {
              title: 'Response rate',
              dataIndex: 'response_rate',
              align: 'right',
              sorter: (x, y) => (x.response_rate ?? 0) - (y.response_rate ?? 0),
              render: fmt.pct,
            },
            {
              title: <Tooltip title="From review to first reply">Response time</Tooltip>,
              dataIndex: 'avg_response_hours',
              align: 'right',
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

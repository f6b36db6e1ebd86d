import { Dropdown, Button, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { CommentOutlined, ClockCircleOutlined, DownloadOutlined, InboxOutlined, StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type LocationRow } from './api';
import { Chart, COLORS } from './Chart';
import { barsOption, starsOption } from './charts';
import { Delta, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { useRankingTable } from './useRankingTable';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

/** Ratings and responses: how fast and how often reviews get a reply, by source and location, and the stars behind them. */
export default function RatingsReviewsPage() {
  const rf = useReportFilter();
  const { filter } = rf;
  const opts = { placeholderData: keepPreviousData };
  const vol = useQuery({
    queryKey: reportingKeys.volume(filter),
    queryFn: ({ signal }) => reportingApi.volume(filter, signal),
    ...opts,
  });
  const avg = useQuery({
    queryKey: reportingKeys.average(filter),
    queryFn: ({ signal }) => reportingApi.average(filter, signal),
    ...opts,
  });
  const { tableProps, sortable } = useRankingTable('performing', filter, { sort: 'response_rate', order: 'desc' });
  const v = vol.data;
  const sources = (v?.sources ?? []).filter((s) => s.reviews > 0);
  const columns: TableColumnsType<LocationRow> = [
    { title: rf.me?.locationsTitle ?? 'Location', dataIndex: 'title', ...sortable('title') },
    { title: 'Reviews', dataIndex: 'reviews', align: 'right', ...sortable('reviews') },
    { title: 'Responded', dataIndex: 'responded', align: 'right', ...sortable('responded') },
    { title: 'Unanswered', align: 'right', ...sortable('unanswered'), render: (_, r) => r.reviews - r.responded },
    {
      title: 'Response rate',
      dataIndex: 'response_rate',
      align: 'right',
      ...sortable('response_rate'),
      render: fmt.pct,
    },
    {
      title: 'Change',
      align: 'right',
      responsive: ['md'],
      ...sortable('response_rate_change'),
      render: (_, r) => <Delta value={r.change.response_rate} digits={1} unit=" pts" suffix="" />,
    },
    {
      title: 'Response time',
      dataIndex: 'avg_response_hours',
      align: 'right',
      ...sortable('avg_response_hours'),
      render: fmt.hours,
    },
    {
      title: 'Rating',
      dataIndex: 'average',
      align: 'right',
      responsive: ['md'],
      ...sortable('average'),
      render: fmt.rating,
    },
  ];
  const loading = vol.isLoading;
  return (
    <>
      <PageHeader
        title="Responses"
        description={`Response rates, response times and ratings, ${periodText(v?.period)}.`}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <Dropdown
            menu={{
              items: [
                { key: 'response_rate', label: 'Response rate (Excel)' },
                { key: 'rating', label: 'Rating (Excel)' },
              ],
              onClick: ({ key }) => void downloadExport('/v2/api/statistics/export', filter, { report: key }),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="export-button">
              Export
            </Button>
          </Dropdown>
        }
      />
      <div className="kpi-grid">
        <Kpi
          testId="kpi-response-rate"
          icon={<CommentOutlined />}
          title="Response rate"
          loading={loading}
          value={fmt.pct(v?.response_rate)}
          delta={<Delta value={v?.response_rate_change} digits={1} unit=" pts" />}
        />
        <Kpi
          testId="kpi-unanswered"
          icon={<InboxOutlined />}
          title="Unanswered reviews"
          loading={loading}
          value={fmt.int(v ? v.reviews - v.responded : null)}
          delta={<span className="muted">{v ? `${fmt.int(v.responded)} answered of ${fmt.int(v.reviews)}` : ''}</span>}
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
          testId="kpi-rating"
          icon={<StarOutlined />}
          title="Average rating"
          loading={avg.isLoading}
          value={
            <>
              {fmt.rating(avg.data?.average)}
              <small>/ 5</small>
            </>
          }
          delta={<Delta value={avg.data?.change} />}
        />
      </div>
      <div className="grid-2">
        <Panel title="Response rate by source" testId="chart-response-rate">
          {loading ? (
            <Chart option={{}} loading />
          ) : sources.length ? (
            <Chart
              height={Math.max(180, sources.length * 32 + 20)}
              option={barsOption(
                sources.map((s) => ({ label: s.title, value: s.response_rate })),
                { name: 'Response rate', unit: '%', max: 100, color: COLORS.sky },
              )}
            />
          ) : (
            <NoData />
          )}
        </Panel>
        <Panel title="Response time by source (hours)" testId="chart-response-time">
          {loading ? (
            <Chart option={{}} loading />
          ) : sources.some((s) => s.avg_response_hours !== null) ? (
            <Chart
              height={Math.max(180, sources.length * 32 + 20)}
              option={barsOption(
                sources.map((s) => ({ label: s.title, value: s.avg_response_hours })),
                { name: 'Response time', unit: ' h', color: COLORS.amber },
              )}
            />
          ) : (
            <NoData text="No replies in this period." />
          )}
        </Panel>
      </div>
      <div className="grid-1-2">
        <Panel title="Star distribution" testId="chart-stars">
          {avg.isLoading ? (
            <Chart option={{}} loading />
          ) : avg.data?.rated ? (
            <Chart option={starsOption(avg.data.stars, avg.data.previous_stars)} height={260} />
          ) : (
            <NoData />
          )}
        </Panel>
        <Panel title="Rating by source" testId="chart-rating-source">
          {avg.isLoading ? (
            <Chart option={{}} loading />
          ) : avg.data?.sources.length ? (
            <Chart
              height={260}
              option={barsOption(
                avg.data.sources.map((s) => ({ label: s.title, value: s.average })),
                { name: 'Rating', max: 5, color: COLORS.amber },
              )}
            />
          ) : (
            <NoData />
          )}
        </Panel>
      </div>
      <Panel title="By location" testId="responses-table">
        <Table<LocationRow> {...tableProps} size="middle" columns={columns} scroll={{ x: true }} />
      </Panel>
    </>
  );
}

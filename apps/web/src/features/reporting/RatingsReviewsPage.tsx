import { Dropdown, Button, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { CommentOutlined, ClockCircleOutlined, DownloadOutlined, InboxOutlined, StarOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type LocationRow } from './api';
import { Chart, COLORS } from './Chart';
import { barsOption, starsOption } from './charts';
import { Delta, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { useRankingTable } from './useRankingTable';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';
import { sourceName } from './display';

/** Ratings and responses: how fast and how often reviews get a reply, by source and location, and the stars behind them. */
export default function RatingsReviewsPage() {
  const { t } = useTranslation('reporting');
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
    {
      title: t(`locationsTitle.one.${rf.me?.locationsTitle ?? 'Location'}`),
      dataIndex: 'title',
      ...sortable('title'),
      render: (v: string) => <span dir="auto">{v}</span>,
    },
    { title: t('columns.reviews'), dataIndex: 'reviews', align: 'end', ...sortable('reviews'), render: fmt.int },
    {
      title: t('columns.responded'),
      dataIndex: 'responded',
      align: 'end',
      ...sortable('responded'),
      render: fmt.int,
    },
    {
      title: t('columns.unanswered'),
      align: 'end',
      ...sortable('unanswered'),
      render: (_, r) => fmt.int(r.reviews - r.responded),
    },
    {
      title: t('columns.responseRate'),
      dataIndex: 'response_rate',
      align: 'end',
      ...sortable('response_rate'),
      render: fmt.pct,
    },
    {
      title: t('columns.change'),
      align: 'end',
      responsive: ['md'],
      ...sortable('response_rate_change'),
      render: (_, r) => <Delta value={r.change.response_rate} digits={1} unit=" pts" suffix="" />,
    },
    {
      title: t('columns.responseTime'),
      dataIndex: 'avg_response_hours',
      align: 'end',
      ...sortable('avg_response_hours'),
      render: fmt.hours,
    },
    {
      title: t('columns.rating'),
      dataIndex: 'average',
      align: 'end',
      responsive: ['md'],
      ...sortable('average'),
      render: fmt.rating,
    },
  ];
  const loading = vol.isLoading;
  return (
    <>
      <PageHeader
        title={t('responses.title')}
        description={t('responses.description', { period: periodText(v?.period) })}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <Dropdown
            menu={{
              items: [
                { key: 'response_rate', label: t('responses.exportResponseRate') },
                { key: 'rating', label: t('responses.exportRating') },
              ],
              onClick: ({ key }) => void downloadExport('/v2/api/statistics/export', filter, { report: key }),
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="export-button">
              {t('export')}
            </Button>
          </Dropdown>
        }
      />
      <div className="kpi-grid">
        <Kpi
          testId="kpi-response-rate"
          icon={<CommentOutlined />}
          title={t('kpi.responseRate')}
          loading={loading}
          value={fmt.pct(v?.response_rate)}
          delta={<Delta value={v?.response_rate_change} digits={1} unit=" pts" />}
        />
        <Kpi
          testId="kpi-unanswered"
          icon={<InboxOutlined />}
          title={t('kpi.unanswered')}
          loading={loading}
          value={fmt.int(v ? v.reviews - v.responded : null)}
          delta={
            <span className="muted">
              {v ? t('kpi.answeredOf', { answered: fmt.int(v.responded), total: fmt.int(v.reviews) }) : ''}
            </span>
          }
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
          testId="kpi-rating"
          icon={<StarOutlined />}
          title={t('kpi.averageRating')}
          loading={avg.isLoading}
          value={
            <>
              {fmt.rating(avg.data?.average)}
              <small>{t('kpi.outOf5')}</small>
            </>
          }
          delta={<Delta value={avg.data?.change} />}
        />
      </div>
      <div className="grid-2">
        <Panel title={t('responses.rateBySource')} testId="chart-response-rate">
          {loading ? (
            <Chart option={{}} loading />
          ) : sources.length ? (
            <Chart
              height={Math.max(180, sources.length * 32 + 20)}
              option={barsOption(
                sources.map((s) => ({ label: sourceName(t, s.source, s.title), value: s.response_rate })),
                { name: t('columns.responseRate'), unit: '%', max: 100, color: COLORS.sky },
              )}
            />
          ) : (
            <NoData />
          )}
        </Panel>
        <Panel title={t('responses.timeBySource')} testId="chart-response-time">
          {loading ? (
            <Chart option={{}} loading />
          ) : sources.some((s) => s.avg_response_hours !== null) ? (
            <Chart
              height={Math.max(180, sources.length * 32 + 20)}
              option={barsOption(
                sources.map((s) => ({ label: sourceName(t, s.source, s.title), value: s.avg_response_hours })),
                { name: t('columns.responseTime'), unit: ' h', color: COLORS.amber },
              )}
            />
          ) : (
            <NoData text={t('responses.noReplies')} />
          )}
        </Panel>
      </div>
      <div className="grid-1-2">
        <Panel title={t('charts.starDistribution')} testId="chart-stars">
          {avg.isLoading ? (
            <Chart option={{}} loading />
          ) : avg.data?.rated ? (
            <Chart option={starsOption(avg.data.stars, avg.data.previous_stars)} height={260} />
          ) : (
            <NoData />
          )}
        </Panel>
        <Panel title={t('responses.ratingBySource')} testId="chart-rating-source">
          {avg.isLoading ? (
            <Chart option={{}} loading />
          ) : avg.data?.sources.length ? (
            <Chart
              height={260}
              option={barsOption(
                avg.data.sources.map((s) => ({ label: sourceName(t, s.source, s.title), value: s.average })),
                { name: t('columns.rating'), max: 5, color: COLORS.amber },
              )}
            />
          ) : (
            <NoData />
          )}
        </Panel>
      </div>
      <Panel title={t('responses.byLocation')} testId="responses-table">
        <Table<LocationRow> {...tableProps} size="middle" columns={columns} scroll={{ x: true }} />
      </Panel>
    </>
  );
}

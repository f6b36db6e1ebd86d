import { useState } from 'react';
import { Segmented, Tag, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type LocationRow, type RankingKind } from './api';
import { Chart, COLORS } from './Chart';
import { barsOption } from './charts';
import { LocationDrawer } from './LocationDrawer';
import { Delta, ExportButton, FilterBar, fmt, NoData, Panel, periodText } from './ui';
import { useRankingTable } from './useRankingTable';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const VIEWS: { value: RankingKind; labelKey: string }[] = [
  { value: 'performing', labelKey: 'ranking.views.performing' },
  { value: 'improved', labelKey: 'ranking.views.improved' },
  { value: 'lowest-reviews', labelKey: 'ranking.views.lowest' },
];

/** The chart shows the ranking's first dozen, whatever the table is sorted by. */
const CHART_ROWS = { page: 1, per_page: 12, sort: 'rank', order: 'asc' } as const;

/** Locations ranked by rating, improvement or lowest rating; every column sorts (on the server); a row opens its drill-down. */
export default function RankingPage() {
  const { t } = useTranslation('reporting');
  const rf = useReportFilter();
  const { filter } = rf;
  const [view, setView] = useState<RankingKind>('performing');
  const [open, setOpen] = useState<LocationRow | null>(null);
  const { query: list, tableProps, sortable } = useRankingTable(view, filter, { sort: 'rank', order: 'asc' });
  const chart = useQuery({
    queryKey: reportingKeys.ranking(view, filter, CHART_ROWS),
    queryFn: ({ signal }) => reportingApi.locations(view, filter, CHART_ROWS, signal),
    placeholderData: keepPreviousData,
  });
  const title = t(`locationsTitle.plural.${rf.me?.locationsTitle ?? 'Location'}`);
  const columns: TableColumnsType<LocationRow> = [
    { title: '#', dataIndex: 'rank', width: 56, ...sortable('rank') },
    {
      title: t(`locationsTitle.one.${rf.me?.locationsTitle ?? 'Location'}`),
      dataIndex: 'title',
      ...sortable('title'),
      render: (name: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }} dir="auto">
            {name}
          </div>
          <div className="muted" style={{ fontSize: 12 }} dir="auto">
            {[r.code, r.city].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      title: t('columns.brand'),
      dataIndex: 'brand',
      responsive: ['lg'],
      ...sortable('brand'),
      render: (v: string | null) => (v ? <span dir="auto">{v}</span> : '—'),
    },
    {
      title: t('columns.region'),
      dataIndex: 'state',
      responsive: ['lg'],
      ...sortable('state'),
      render: (v: string | null) => (v ? <span dir="auto">{v}</span> : '—'),
    },
    { title: t('columns.reviews'), dataIndex: 'reviews', align: 'end', ...sortable('reviews'), render: fmt.int },
    {
      title: t('columns.rating'),
      dataIndex: 'average',
      align: 'end',
      ...sortable('average'),
      render: (v: number | null) => <b>{fmt.rating(v)}</b>,
    },
    {
      title: t('columns.change'),
      align: 'end',
      ...sortable('average_change'),
      render: (_, r) => <Delta value={r.change.average} suffix="" />,
    },
    {
      title: t('columns.responseRate'),
      dataIndex: 'response_rate',
      align: 'end',
      responsive: ['md'],
      ...sortable('response_rate'),
      render: fmt.pct,
    },
    {
      title: t('columns.responseTime'),
      dataIndex: 'avg_response_hours',
      align: 'end',
      responsive: ['md'],
      ...sortable('avg_response_hours'),
      render: fmt.hours,
    },
    {
      title: t('columns.sentiment'),
      dataIndex: 'sentiment_score',
      align: 'end',
      responsive: ['lg'],
      ...sortable('sentiment_score'),
      render: (v: number | null) =>
        v === null ? '—' : <Tag color={v > 0.2 ? 'green' : v < -0.2 ? 'red' : 'default'}>{fmt.score(v)}</Tag>,
    },
  ];
  const top = (chart.data?.data ?? []).filter((r) => (view === 'improved' ? r.change.average : r.average) !== null);
  return (
    <>
      <PageHeader
        title={t('ranking.title')}
        description={t('ranking.description', { locations: title, period: periodText(list.data?.period) })}
      />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <>
            <Segmented
              data-testid="ranking-view"
              aria-label={t('ranking.viewAria')}
              value={view}
              onChange={(v) => setView(v as RankingKind)}
              options={VIEWS.map((x) => ({ value: x.value, label: t(x.labelKey) }))}
            />
            <ExportButton
              onClick={() => void downloadExport('/v2/api/statistics/export', filter, { report: 'ranking' })}
            />
          </>
        }
      />
      <Panel
        title={view === 'improved' ? t('ranking.chartImproved') : t('charts.averageRating')}
        testId="chart-ranking"
      >
        {chart.isLoading ? (
          <Chart option={{}} loading />
        ) : top.length ? (
          <Chart
            height={Math.max(200, top.length * 28 + 30)}
            option={
              view === 'improved'
                ? barsOption(
                    top.map((r) => ({ label: r.title, value: r.change.average })),
                    { name: t('columns.change'), color: COLORS.sky },
                  )
                : barsOption(
                    top.map((r) => ({ label: r.title, value: r.average })),
                    {
                      name: t('columns.rating'),
                      color: view === 'lowest-reviews' ? COLORS.negative : COLORS.amber,
                      max: 5,
                    },
                  )
            }
          />
        ) : (
          <NoData />
        )}
      </Panel>
      <Panel title={`${title} (${fmt.int(list.data?.total ?? 0)})`} testId="ranking-table">
        <Table<LocationRow>
          {...tableProps}
          size="middle"
          columns={columns}
          scroll={{ x: true }}
          rowClassName={() => 'clickable-row'}
          onRow={(r) => ({ onClick: () => setOpen(r) })}
        />
      </Panel>
      <LocationDrawer row={open} filter={filter} onClose={() => setOpen(null)} />
    </>
  );
}

import { useState } from 'react';
import { Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pluralize } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type LocationRow } from './api';
import { Chart, COLORS } from './Chart';
import { barsOption } from './charts';
import { LocationDrawer } from './LocationDrawer';
import { Delta, ExportButton, FilterBar, fmt, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';

const VIEWS = [
  { value: 'performing', label: 'Best rated' },
  { value: 'improved', label: 'Most improved' },
  { value: 'lowest-reviews', label: 'Lowest rated' },
] as const;

const num = (v: number | null) => v ?? -Infinity;

/** Locations ranked by rating, improvement or lowest rating; every column sorts; a row opens its drill-down. */
export default function RankingPage() {
  const rf = useReportFilter();
  const { filter } = rf;
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('performing');
  const [open, setOpen] = useState<LocationRow | null>(null);
  const list = useQuery({ queryKey: ['stats', 'locations', view, filter], queryFn: ({ signal }) => reportingApi.locations(view, filter, signal), placeholderData: keepPreviousData });
  const title = rf.me ? pluralize(rf.me.locationsTitle) : 'Locations';
  const rows = list.data?.data ?? [];
  const columns: TableColumnsType<LocationRow> = [
    { title: '#', dataIndex: 'rank', width: 56, sorter: (a, b) => a.rank - b.rank },
    { title: rf.me?.locationsTitle ?? 'Location', dataIndex: 'title', sorter: (a, b) => a.title.localeCompare(b.title), render: (t: string, r) => <div><div style={{ fontWeight: 600 }}>{t}</div><div className="muted" style={{ fontSize: 12 }}>{[r.code, r.city].filter(Boolean).join(' · ')}</div></div> },
    { title: 'Brand', dataIndex: 'brand', responsive: ['lg'], sorter: (a, b) => (a.brand ?? '').localeCompare(b.brand ?? ''), render: (v: string | null) => v ?? '—' },
    { title: 'Region', dataIndex: 'state', responsive: ['lg'], sorter: (a, b) => (a.state ?? '').localeCompare(b.state ?? ''), render: (v: string | null) => v ?? '—' },
    { title: 'Reviews', dataIndex: 'reviews', align: 'right', sorter: (a, b) => a.reviews - b.reviews },
    { title: 'Rating', dataIndex: 'average', align: 'right', sorter: (a, b) => num(a.average) - num(b.average), render: (v: number | null) => <b>{fmt.rating(v)}</b> },
    { title: 'Change', key: 'change', align: 'right', sorter: (a, b) => num(a.change.average) - num(b.change.average), render: (_, r) => <Delta value={r.change.average} suffix="" /> },
    { title: 'Response rate', dataIndex: 'response_rate', align: 'right', responsive: ['md'], sorter: (a, b) => num(a.response_rate) - num(b.response_rate), render: fmt.pct },
    { title: 'Response time', dataIndex: 'avg_response_hours', align: 'right', responsive: ['md'], sorter: (a, b) => num(a.avg_response_hours) - num(b.avg_response_hours), render: fmt.hours },
    { title: 'Sentiment', dataIndex: 'sentiment_score', align: 'right', responsive: ['lg'], sorter: (a, b) => num(a.sentiment_score) - num(b.sentiment_score), render: (v: number | null) => (v === null ? '—' : <Tag color={v > 0.2 ? 'green' : v < -0.2 ? 'red' : 'default'}>{fmt.score(v)}</Tag>) },
  ];
  const top = rows.filter((r) => r.average !== null).slice(0, 12);
  return (
    <>
      <PageHeader title="Ranking" description={`${title} ranked for ${periodText(list.data?.period)}. Click a row for its trend.`} />
      <FilterBar
        {...rf}
        sources={rf.me?.clientSettings.sources ?? []}
        extra={
          <>
            <Segmented data-testid="ranking-view" value={view} onChange={(v) => setView(v as typeof view)} options={VIEWS.map((x) => ({ ...x }))} />
            <ExportButton onClick={() => void downloadExport('/v2/api/statistics/export', filter, { report: 'ranking' })} />
          </>
        }
      />
      <Panel title={view === 'improved' ? 'Change in average rating' : 'Average rating'} testId="chart-ranking">
        {list.isLoading ? <Chart option={{}} loading /> : top.length ? (
          <Chart
            height={Math.max(200, top.length * 28 + 30)}
            option={view === 'improved'
              ? barsOption(top.map((r) => ({ label: r.title, value: r.change.average })), { name: 'Change', color: COLORS.sky })
              : barsOption(top.map((r) => ({ label: r.title, value: r.average })), { name: 'Rating', color: view === 'lowest-reviews' ? COLORS.negative : COLORS.amber, max: 5 })}
          />
        ) : <NoData />}
      </Panel>
      <Panel title={`${title} (${list.data?.total ?? 0})`} testId="ranking-table">
        <Table<LocationRow>
          rowKey="location_id"
          size="middle"
          loading={list.isFetching}
          dataSource={rows}
          columns={columns}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: true }}
          rowClassName={() => 'clickable-row'}
          onRow={(r) => ({ onClick: () => setOpen(r) })}
        />
      </Panel>
      <LocationDrawer row={open} filter={filter} onClose={() => setOpen(null)} />
    </>
  );
}

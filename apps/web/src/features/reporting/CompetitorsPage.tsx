import { Button, Tag, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { SettingOutlined, StarOutlined, TrophyOutlined, CommentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { EChartsOption } from 'echarts';
import { PageHeader } from '../../app/ui/PageHeader';
import { downloadExport, reportingApi, type BenchmarkLocation } from './api';
import { Chart, COLORS } from './Chart';
import { ExportButton, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const num = (v: number | null) => v ?? -Infinity;

function GapCell({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  return (
    <span className={value >= 0 ? 'gap-pos' : 'gap-neg'}>
      {value > 0 ? '+' : ''}
      {value.toFixed(2)}
    </span>
  );
}

/** Own locations side by side with their competitors: rating, volume, response rate and topics. */
export default function CompetitorsPage() {
  const rf = useReportFilter();
  const { filter } = rf;
  const navigate = useNavigate();
  const data = useQuery({
    queryKey: reportingKeys.benchmark(filter),
    queryFn: ({ signal }) => reportingApi.benchmark(filter, signal),
    placeholderData: keepPreviousData,
  });
  const b = data.data;
  const locs = b?.locations ?? [];
  const ratingOption: EChartsOption = {
    grid: { left: 8, right: 16, top: 30, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#475569' } },
    xAxis: {
      type: 'value',
      min: 0,
      max: 5,
      axisLabel: { color: '#64748b' },
      splitLine: { lineStyle: { color: '#eef2f7' } },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: locs.map((l) => l.title),
      axisLabel: { color: '#334155', width: 160, overflow: 'truncate' },
    },
    series: [
      {
        name: 'Your rating',
        type: 'bar',
        data: locs.map((l) => l.own.average),
        itemStyle: { color: COLORS.brand, borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 14,
      },
      {
        name: 'Competitors',
        type: 'bar',
        data: locs.map((l) => l.competitors_total.average),
        itemStyle: { color: COLORS.previous, borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 14,
      },
    ],
  };
  const topics = (b?.topics ?? [])
    .filter((t) => t.own.sentiment_score !== null || t.competitors.sentiment_score !== null)
    .slice(0, 8);
  const topicOption: EChartsOption = {
    grid: { left: 8, right: 16, top: 30, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, textStyle: { color: '#475569' } },
    xAxis: {
      type: 'category',
      data: topics.map((t) => t.title),
      axisLabel: { color: '#334155', interval: 0, rotate: topics.length > 5 ? 30 : 0 },
    },
    yAxis: {
      type: 'value',
      min: -1,
      max: 1,
      name: 'Sentiment',
      axisLabel: { color: '#64748b' },
      splitLine: { lineStyle: { color: '#eef2f7' } },
    },
    series: [
      {
        name: 'You',
        type: 'bar',
        data: topics.map((t) => t.own.sentiment_score),
        itemStyle: { color: COLORS.brand },
        barMaxWidth: 22,
      },
      {
        name: 'Competitors',
        type: 'bar',
        data: topics.map((t) => t.competitors.sentiment_score),
        itemStyle: { color: COLORS.previous },
        barMaxWidth: 22,
      },
    ],
  };
  const columns: TableColumnsType<BenchmarkLocation> = [
    {
      title: rf.me?.locationsTitle ?? 'Location',
      dataIndex: 'title',
      sorter: (x, y) => x.title.localeCompare(y.title),
      render: (t: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>{t}</div>
          <div className="muted" style={{ fontSize: 12 }}>
            {r.competitors.map((c) => c.title).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      title: 'Your rating',
      key: 'own',
      align: 'right',
      sorter: (x, y) => num(x.own.average) - num(y.own.average),
      render: (_, r) => <b>{fmt.rating(r.own.average)}</b>,
    },
    {
      title: 'Competitors',
      key: 'theirs',
      align: 'right',
      sorter: (x, y) => num(x.competitors_total.average) - num(y.competitors_total.average),
      render: (_, r) => fmt.rating(r.competitors_total.average),
    },
    {
      title: 'Gap',
      dataIndex: 'gap',
      align: 'right',
      sorter: (x, y) => num(x.gap) - num(y.gap),
      render: (v: number | null) => <GapCell value={v} />,
    },
    {
      title: 'Rank',
      key: 'rank',
      align: 'center',
      sorter: (x, y) => num(x.rank) - num(y.rank),
      render: (_, r) =>
        r.rank ? (
          <Tag color={r.rank === 1 ? 'green' : r.rank === r.of ? 'red' : 'blue'}>
            {r.rank} of {r.of}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      title: 'Your reviews',
      key: 'own-reviews',
      align: 'right',
      responsive: ['md'],
      sorter: (x, y) => x.own.reviews - y.own.reviews,
      render: (_, r) => r.own.reviews,
    },
    {
      title: 'Their reviews',
      key: 'their-reviews',
      align: 'right',
      responsive: ['md'],
      sorter: (x, y) => x.competitors_total.reviews - y.competitors_total.reviews,
      render: (_, r) => r.competitors_total.reviews,
    },
    {
      title: 'Your response rate',
      key: 'own-rr',
      align: 'right',
      responsive: ['lg'],
      sorter: (x, y) => num(x.own.response_rate) - num(y.own.response_rate),
      render: (_, r) => fmt.pct(r.own.response_rate),
    },
    {
      title: 'Their response rate',
      key: 'their-rr',
      align: 'right',
      responsive: ['lg'],
      sorter: (x, y) => num(x.competitors_total.response_rate) - num(y.competitors_total.response_rate),
      render: (_, r) => fmt.pct(r.competitors_total.response_rate),
    },
  ];
  const loading = data.isLoading;
  return (
    <>
      <PageHeader
        title="Competitors"
        description={`Your locations against nearby competitors, ${periodText(b?.period)}. Benchmarking covers up to ${b?.limits.per_location ?? 3} competitors per location on up to ${b?.limits.sources ?? 4} sources.`}
        extra={
          <Button icon={<SettingOutlined />} onClick={() => navigate('/settings/competitors')}>
            Manage competitors
          </Button>
        }
      />
      <FilterBar
        {...rf}
        sources={(b?.competitor_sources ?? []).map((s) => s.value)}
        extra={<ExportButton onClick={() => void downloadExport('/v2/api/competitor/export', filter)} />}
      />
      <div className="kpi-grid">
        <Kpi
          testId="kpi-own-rating"
          icon={<StarOutlined />}
          title="Your rating"
          loading={loading}
          value={fmt.rating(b?.summary.own.average)}
          delta={<span className="muted">{fmt.int(b?.summary.own.reviews)} reviews</span>}
        />
        <Kpi
          testId="kpi-competitor-rating"
          icon={<StarOutlined />}
          title="Competitors' rating"
          loading={loading}
          value={fmt.rating(b?.summary.competitors.average)}
          delta={<span className="muted">{fmt.int(b?.summary.competitors.reviews)} reviews</span>}
        />
        <Kpi
          testId="kpi-gap"
          icon={<TrophyOutlined />}
          title="Rating gap"
          loading={loading}
          value={<GapCell value={b?.summary.gap ?? null} />}
          delta={
            <span className="muted">
              {locs.filter((l) => (l.gap ?? 0) > 0).length} of {locs.length} locations ahead
            </span>
          }
        />
        <Kpi
          testId="kpi-rr-gap"
          icon={<CommentOutlined />}
          title="Response rate"
          loading={loading}
          value={fmt.pct(b?.summary.own.response_rate)}
          delta={<span className="muted">competitors {fmt.pct(b?.summary.competitors.response_rate)}</span>}
        />
      </div>
      {!loading && locs.length === 0 ? (
        <Panel title="No competitors yet">
          <NoData text="Add competitors for your locations to benchmark against them." />
          <div style={{ textAlign: 'center' }}>
            <Button type="primary" onClick={() => navigate('/settings/competitors')}>
              Add competitors
            </Button>
          </div>
        </Panel>
      ) : (
        <>
          <div className="grid-2">
            <Panel title="Rating: you and your competitors" testId="chart-benchmark">
              {loading ? (
                <Chart option={{}} loading />
              ) : (
                <Chart option={ratingOption} height={Math.max(240, locs.length * 34 + 40)} />
              )}
            </Panel>
            <Panel title="Topic sentiment: you and your competitors" testId="chart-benchmark-topics">
              {loading ? (
                <Chart option={{}} loading />
              ) : topics.length ? (
                <Chart option={topicOption} height={Math.max(240, locs.length * 34 + 40)} />
              ) : (
                <NoData />
              )}
            </Panel>
          </div>
          <Panel title="Side by side" testId="benchmark-table">
            <Table<BenchmarkLocation>
              rowKey="location_id"
              size="middle"
              loading={data.isFetching}
              dataSource={locs}
              columns={columns}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              scroll={{ x: true }}
              expandable={{
                expandedRowRender: (r) => (
                  <Table
                    rowKey="competitor_location_id"
                    size="small"
                    pagination={false}
                    dataSource={r.competitors}
                    columns={[
                      { title: 'Competitor', dataIndex: 'title' },
                      { title: 'Reviews', dataIndex: 'reviews', align: 'right' },
                      { title: 'Rating', dataIndex: 'average', align: 'right', render: fmt.rating },
                      { title: 'Response rate', dataIndex: 'response_rate', align: 'right', render: fmt.pct },
                    ]}
                  />
                ),
              }}
            />
          </Panel>
        </>
      )}
    </>
  );
}

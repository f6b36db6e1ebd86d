import { Button, Tag, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { SettingOutlined, StarOutlined, TrophyOutlined, CommentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EChartsOption } from 'echarts';
import { PageHeader } from '../../app/ui/PageHeader';
import { currentLanguage } from '../../i18n/i18n';
import { downloadExport, reportingApi, type BenchmarkLocation } from './api';
import { Chart, COLORS } from './Chart';
import { ExportButton, FilterBar, fmt, Kpi, NoData, Panel, periodText } from './ui';
import { gapClass } from './display';
import { useReportFilter } from './useReportFilter';
import { reportingKeys } from './queryKeys';

const num = (v: number | null) => v ?? -Infinity;

function GapCell({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">—</span>;
  return (
    <bdi className={gapClass(value)} dir="ltr">
      {fmt.score(value)}
    </bdi>
  );
}

/** Own locations side by side with their competitors: rating, volume, response rate and topics. */
export default function CompetitorsPage() {
  const { t } = useTranslation('reporting');
  const rf = useReportFilter();
  const { filter } = rf;
  const navigate = useNavigate();
  const data = useQuery({
    queryKey: reportingKeys.benchmark(filter, currentLanguage()),
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
        name: t('competitors.yourRating'),
        type: 'bar',
        data: locs.map((l) => l.own.average),
        itemStyle: { color: COLORS.brand, borderRadius: [0, 4, 4, 0] },
        barMaxWidth: 14,
      },
      {
        name: t('competitors.competitors'),
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
      name: t('charts.sentiment'),
      axisLabel: { color: '#64748b' },
      splitLine: { lineStyle: { color: '#eef2f7' } },
    },
    series: [
      {
        name: t('competitors.you'),
        type: 'bar',
        data: topics.map((t) => t.own.sentiment_score),
        itemStyle: { color: COLORS.brand },
        barMaxWidth: 22,
      },
      {
        name: t('competitors.competitors'),
        type: 'bar',
        data: topics.map((t) => t.competitors.sentiment_score),
        itemStyle: { color: COLORS.previous },
        barMaxWidth: 22,
      },
    ],
  };
  const columns: TableColumnsType<BenchmarkLocation> = [
    {
      title: t(`locationsTitle.one.${rf.me?.locationsTitle ?? 'Location'}`),
      dataIndex: 'title',
      sorter: (x, y) => x.title.localeCompare(y.title),
      render: (title: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }} dir="auto">
            {title}
          </div>
          <div className="muted" style={{ fontSize: 12 }} dir="auto">
            {r.competitors.map((c) => c.title).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      title: t('competitors.yourRating'),
      key: 'own',
      align: 'end',
      sorter: (x, y) => num(x.own.average) - num(y.own.average),
      render: (_, r) => <b>{fmt.rating(r.own.average)}</b>,
    },
    {
      title: t('competitors.competitors'),
      key: 'theirs',
      align: 'end',
      sorter: (x, y) => num(x.competitors_total.average) - num(y.competitors_total.average),
      render: (_, r) => fmt.rating(r.competitors_total.average),
    },
    {
      title: t('competitors.gap'),
      dataIndex: 'gap',
      align: 'end',
      sorter: (x, y) => num(x.gap) - num(y.gap),
      render: (v: number | null) => <GapCell value={v} />,
    },
    {
      title: t('competitors.rank'),
      key: 'rank',
      align: 'center',
      sorter: (x, y) => num(x.rank) - num(y.rank),
      render: (_, r) =>
        r.rank ? (
          <Tag color={r.rank === 1 ? 'green' : r.rank === r.of ? 'red' : 'blue'}>
            {t('competitors.rankOf', { rank: fmt.int(r.rank), of: fmt.int(r.of) })}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      title: t('competitors.yourReviews'),
      key: 'own-reviews',
      align: 'end',
      responsive: ['md'],
      sorter: (x, y) => x.own.reviews - y.own.reviews,
      render: (_, r) => fmt.int(r.own.reviews),
    },
    {
      title: t('competitors.theirReviews'),
      key: 'their-reviews',
      align: 'end',
      responsive: ['md'],
      sorter: (x, y) => x.competitors_total.reviews - y.competitors_total.reviews,
      render: (_, r) => fmt.int(r.competitors_total.reviews),
    },
    {
      title: t('competitors.yourResponseRate'),
      key: 'own-rr',
      align: 'end',
      responsive: ['lg'],
      sorter: (x, y) => num(x.own.response_rate) - num(y.own.response_rate),
      render: (_, r) => fmt.pct(r.own.response_rate),
    },
    {
      title: t('competitors.theirResponseRate'),
      key: 'their-rr',
      align: 'end',
      responsive: ['lg'],
      sorter: (x, y) => num(x.competitors_total.response_rate) - num(y.competitors_total.response_rate),
      render: (_, r) => fmt.pct(r.competitors_total.response_rate),
    },
  ];
  const loading = data.isLoading;
  return (
    <>
      <PageHeader
        title={t('competitors.title')}
        description={t('competitors.description', {
          period: periodText(b?.period),
          perLocation: fmt.int(b?.limits.per_location ?? 3),
          sources: fmt.int(b?.limits.sources ?? 4),
        })}
        extra={
          <Button icon={<SettingOutlined />} onClick={() => navigate('/settings/competitors')}>
            {t('competitors.manage')}
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
          title={t('competitors.yourRating')}
          loading={loading}
          value={fmt.rating(b?.summary.own.average)}
          delta={
            <span className="muted">
              {t('competitors.reviewsCount', {
                count: b?.summary.own.reviews ?? 0,
                value: fmt.int(b?.summary.own.reviews),
              })}
            </span>
          }
        />
        <Kpi
          testId="kpi-competitor-rating"
          icon={<StarOutlined />}
          title={t('competitors.theirRating')}
          loading={loading}
          value={fmt.rating(b?.summary.competitors.average)}
          delta={
            <span className="muted">
              {t('competitors.reviewsCount', {
                count: b?.summary.competitors.reviews ?? 0,
                value: fmt.int(b?.summary.competitors.reviews),
              })}
            </span>
          }
        />
        <Kpi
          testId="kpi-gap"
          icon={<TrophyOutlined />}
          title={t('competitors.ratingGap')}
          loading={loading}
          value={<GapCell value={b?.summary.gap ?? null} />}
          delta={
            <span className="muted">
              {t('competitors.ahead', {
                count: locs.length,
                ahead: fmt.int(locs.filter((l) => (l.gap ?? 0) > 0).length),
                total: fmt.int(locs.length),
              })}
            </span>
          }
        />
        <Kpi
          testId="kpi-rr-gap"
          icon={<CommentOutlined />}
          title={t('kpi.responseRate')}
          loading={loading}
          value={fmt.pct(b?.summary.own.response_rate)}
          delta={
            <span className="muted">
              {t('competitors.theirRate', { value: fmt.pct(b?.summary.competitors.response_rate) })}
            </span>
          }
        />
      </div>
      {!loading && locs.length === 0 ? (
        <Panel title={t('competitors.noneTitle')}>
          <NoData text={t('competitors.noneText')} />
          <div style={{ textAlign: 'center' }}>
            <Button type="primary" onClick={() => navigate('/settings/competitors')}>
              {t('competitors.add')}
            </Button>
          </div>
        </Panel>
      ) : (
        <>
          <div className="grid-2">
            <Panel title={t('competitors.ratingChart')} testId="chart-benchmark">
              {loading ? (
                <Chart option={{}} loading />
              ) : (
                <Chart option={ratingOption} height={Math.max(240, locs.length * 34 + 40)} />
              )}
            </Panel>
            <Panel title={t('competitors.topicChart')} testId="chart-benchmark-topics">
              {loading ? (
                <Chart option={{}} loading />
              ) : topics.length ? (
                <Chart option={topicOption} height={Math.max(240, locs.length * 34 + 40)} />
              ) : (
                <NoData />
              )}
            </Panel>
          </div>
          <Panel title={t('competitors.sideBySide')} testId="benchmark-table">
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
                      {
                        title: t('competitors.competitor'),
                        dataIndex: 'title',
                        render: (v: string) => <span dir="auto">{v}</span>,
                      },
                      { title: t('columns.reviews'), dataIndex: 'reviews', align: 'end', render: fmt.int },
                      { title: t('columns.rating'), dataIndex: 'average', align: 'end', render: fmt.rating },
                      { title: t('columns.responseRate'), dataIndex: 'response_rate', align: 'end', render: fmt.pct },
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

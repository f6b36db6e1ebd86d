import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { lastDays, type DateRange } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { Chart, COLORS, STAR_COLORS, type EChartsOption } from '../reporting/Chart';
import { downloadFile } from './api';
import { StatusTag } from './StatusTag';
import { Kpi } from './ui';
import { errorText, formatDate, formatDateTime, formatNumber } from './format';
import { AdminDateRange } from './AdminDateRange';
import './admin.css';
import { adminKeys } from './queryKeys';

type Tab = 'overview' | 'response' | 'feedback' | 'oauth';
const TABS: { key: Tab; label: string }[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'response', label: 'Response' },
  { key: 'feedback', label: 'Feedback' },
  { key: 'oauth', label: 'OAuth' },
];

type Overview = ApiResponse<'/v2/api/admin/dashboard/overview'>;
type ResponseReport = ApiResponse<'/v2/api/admin/dashboard/response'>;
type FeedbackReport = ApiResponse<'/v2/api/admin/dashboard/feedback'>;
type OauthReport = ApiResponse<'/v2/api/admin/dashboard/oauth'>;
type Connection = OauthReport['data'][number]['google'];

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
const rating = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const hours = (v: number | null) => (v === null ? '—' : `${v} h`);
const byNumber =
  <T,>(k: keyof T) =>
  (a: T, b: T) =>
    Number(a[k] ?? -1) - Number(b[k] ?? -1);

function useReport<T>(tab: Tab, range: DateRange, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.csDashboard(tab, range),
    queryFn: ({ signal }) =>
      api<T>(`/v2/api/admin/dashboard/${tab}`, {
        query: tab === 'oauth' ? {} : { dateFrom: range.from, dateTo: range.to },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

function shortDay(day: string): string {
  return day.slice(5).replace('-', '/');
}

function OverviewTab({ range }: { range: DateRange }) {
  const q = useReport<Overview>('overview', range, true);
  const t = q.data?.totals;
  const option: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 48, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: (q.data?.daily ?? []).map((d) => shortDay(d.day)) },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', min: 1, max: 5, splitLine: { show: false } },
      ],
      series: [
        {
          name: 'Reviews',
          type: 'bar',
          data: (q.data?.daily ?? []).map((d) => d.reviews),
          itemStyle: { color: COLORS.brandSoft },
        },
        {
          name: 'Answered',
          type: 'bar',
          data: (q.data?.daily ?? []).map((d) => d.responded),
          itemStyle: { color: COLORS.brand },
        },
        {
          name: 'Average rating',
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: (q.data?.daily ?? []).map((d) => d.avgRating),
          itemStyle: { color: COLORS.amber },
        },
      ],
    }),
    [q.data],
  );
  const top: EChartsOption = useMemo(() => {
    const rows = [...(q.data?.data ?? [])]
      .sort((a, b) => b.reviews - a.reviews)
      .slice(0, 8)
      .reverse();
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 150, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: rows.map((r) => r.company_name),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [{ name: 'Reviews', type: 'bar', data: rows.map((r) => r.reviews), itemStyle: { color: COLORS.brand } }],
    };
  }, [q.data]);
  const columns: TableColumnsType<Overview['data'][number]> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      fixed: 'left',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>{v}</div>
          <div className="muted small">
            {r.partner_name ?? 'No partner'} · {r.package}
          </div>
        </div>
      ),
    },
    { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} />, responsive: ['md'] },
    { title: 'Locations', dataIndex: 'locations', align: 'right', sorter: byNumber('locations') },
    { title: 'Users', dataIndex: 'users', align: 'right', responsive: ['lg'], sorter: byNumber('users') },
    {
      title: 'Reviews',
      dataIndex: 'reviews',
      align: 'right',
      sorter: byNumber('reviews'),
      defaultSortOrder: 'descend',
      render: formatNumber,
    },
    { title: 'Rating', dataIndex: 'avgRating', align: 'right', sorter: byNumber('avgRating'), render: rating },
    {
      title: 'Response rate',
      dataIndex: 'responseRate',
      align: 'right',
      sorter: byNumber('responseRate'),
      render: pct,
    },
    { title: 'Last review', dataIndex: 'lastReviewDay', responsive: ['lg'], render: formatDate },
    { title: 'Last sign-in', dataIndex: 'lastLoginAt', responsive: ['xl'], render: formatDateTime },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label="Companies"
          value={t ? `${t.activeCompanies} / ${t.companies}` : '—'}
          hint="active / all"
          testId="kpi-companies"
        />
        <Kpi label="Locations" value={formatNumber(t?.locations)} />
        <Kpi label="Reviews" value={formatNumber(t?.reviews)} hint="in the period" testId="kpi-reviews" />
        <Kpi label="Average rating" value={t ? rating(t.avgRating) : '—'} />
        <Kpi label="Response rate" value={t ? pct(t.responseRate) : '—'} />
      </div>
      <div className="dash-grid">
        <Card title="Reviews per day" size="small">
          <Chart option={option} height={280} loading={q.isLoading} testId="chart-daily" />
        </Card>
        <Card title="Busiest companies" size="small">
          <Chart option={top} height={280} loading={q.isLoading} testId="chart-top" />
        </Card>
      </div>
      <Card size="small" title="Companies">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.data}
          loading={q.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          data-testid="cs-table"
        />
      </Card>
    </>
  );
}

function ResponseTab({ range }: { range: DateRange }) {
  const q = useReport<ResponseReport>('response', range, true);
  const t = q.data?.totals;
  const rates: EChartsOption = useMemo(() => {
    const rows = (q.data?.data ?? [])
      .filter((r) => r.reviews > 0)
      .sort((a, b) => (a.responseRate ?? 0) - (b.responseRate ?? 0))
      .slice(-10);
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
      grid: { left: 150, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', max: 100 },
      yAxis: {
        type: 'category',
        data: rows.map((r) => r.company_name),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: 'Response rate',
          type: 'bar',
          data: rows.map((r) => r.responseRate),
          itemStyle: { color: COLORS.positive },
        },
      ],
    };
  }, [q.data]);
  const origins: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: [
            { name: 'Manual', value: t?.byOrigin.manual ?? 0, itemStyle: { color: COLORS.brand } },
            { name: 'Template', value: t?.byOrigin.template ?? 0, itemStyle: { color: COLORS.sky } },
            { name: 'AI', value: t?.byOrigin.ai ?? 0, itemStyle: { color: COLORS.amber } },
            { name: 'Auto-response', value: t?.byOrigin.auto ?? 0, itemStyle: { color: COLORS.positive } },
          ],
        },
      ],
    }),
    [t],
  );
  const columns: TableColumnsType<ResponseReport['data'][number]> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      render: (v: string) => <span style={{ fontWeight: 600 }}>{v}</span>,
    },
    { title: 'Reviews', dataIndex: 'reviews', align: 'right', sorter: byNumber('reviews'), render: formatNumber },
    { title: 'Answered', dataIndex: 'responded', align: 'right', sorter: byNumber('responded'), render: formatNumber },
    {
      title: 'Response rate',
      dataIndex: 'responseRate',
      align: 'right',
      sorter: byNumber('responseRate'),
      defaultSortOrder: 'descend',
      render: pct,
    },
    {
      title: 'Avg response',
      dataIndex: 'avgResponseHours',
      align: 'right',
      sorter: byNumber('avgResponseHours'),
      render: hours,
    },
    {
      title: 'Failed',
      dataIndex: 'failed',
      align: 'right',
      responsive: ['md'],
      render: (n: number) => (n ? <Tag color="red">{n}</Tag> : 0),
    },
    { title: 'Auto', dataIndex: 'auto', align: 'right', responsive: ['lg'] },
    { title: 'AI', dataIndex: 'ai', align: 'right', responsive: ['lg'] },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label="Response rate"
          value={t ? pct(t.responseRate) : '—'}
          tone={t && (t.responseRate ?? 0) >= 60 ? 'good' : 'warn'}
        />
        <Kpi label="Avg response time" value={t ? hours(t.avgResponseHours) : '—'} />
        <Kpi label="Replies posted" value={formatNumber(t?.posted)} />
        <Kpi label="Replies failed" value={formatNumber(t?.failed)} tone={t?.failed ? 'bad' : undefined} />
      </div>
      <div className="dash-grid">
        <Card title="Response rate by company" size="small">
          <Chart option={rates} height={280} loading={q.isLoading} />
        </Card>
        <Card title="Replies by origin" size="small">
          <Chart option={origins} height={280} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title="Companies">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.data}
          loading={q.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 760 }}
        />
      </Card>
    </>
  );
}

function FeedbackTab({ range }: { range: DateRange }) {
  const q = useReport<FeedbackReport>('feedback', range, true);
  const t = q.data?.totals;
  const stars: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Feedback',
          type: 'bar',
          data: (t?.stars ?? [0, 0, 0, 0, 0]).map((v, i) => ({ value: v, itemStyle: { color: STAR_COLORS[i] } })),
        },
      ],
    }),
    [t],
  );
  const daily: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: (q.data?.daily ?? []).map((d) => shortDay(d.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Feedback',
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: (q.data?.daily ?? []).map((d) => d.feedback),
          itemStyle: { color: COLORS.brand },
        },
      ],
    }),
    [q.data],
  );
  const columns: TableColumnsType<FeedbackReport['data'][number]> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      render: (v: string) => <span style={{ fontWeight: 600 }}>{v}</span>,
    },
    {
      title: 'Feature',
      dataIndex: 'featureOn',
      render: (on: boolean) => (on ? <Tag color="green">On</Tag> : <Tag>Off</Tag>),
    },
    {
      title: 'Feedback',
      dataIndex: 'feedback',
      align: 'right',
      sorter: byNumber('feedback'),
      defaultSortOrder: 'descend',
    },
    { title: 'Rating', dataIndex: 'avgRating', align: 'right', sorter: byNumber('avgRating'), render: rating },
    { title: 'Positive', dataIndex: 'positive', align: 'right', responsive: ['md'] },
    { title: 'Negative', dataIndex: 'negative', align: 'right', responsive: ['md'] },
    { title: 'Answered', dataIndex: 'responded', align: 'right', responsive: ['lg'] },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi label="Feedback" value={formatNumber(t?.feedback)} hint="in the period" />
        <Kpi label="Average rating" value={t ? rating(t.avgRating) : '—'} />
        <Kpi label="Positive / negative" value={t ? `${t.positive} / ${t.negative}` : '—'} />
        <Kpi label="Companies with Feedback" value={formatNumber(t?.companiesWithFeature)} />
      </div>
      <div className="dash-grid">
        <Card title="Ratings" size="small">
          <Chart option={stars} height={260} loading={q.isLoading} />
        </Card>
        <Card title="Feedback per day" size="small">
          <Chart option={daily} height={260} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title="Companies">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.data}
          loading={q.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
        />
      </Card>
    </>
  );
}

/** The connection's state, with its review sync freshness (stalest location, failing ones) on hover. */
function ConnectionTag({ c }: { c: Connection }) {
  if (!c.connected) return <Tag>Not connected</Tag>;
  const sync = c.locations
    ? `Stalest location sync: ${c.stalestSyncAt ? formatDate(c.stalestSyncAt) : 'never'}${c.failingLocations ? ` · ${c.failingLocations} failing` : ''}`
    : 'No locations mapped for review sync';
  const removed = c.removedReviews ? ` · ${c.removedReviews} review(s) removed at the source` : '';
  const tag = c.reconnectNeeded ? (
    <Tag color="red">Reconnect needed</Tag>
  ) : c.expired ? (
    <Tag color="red">Reconnect ({c.expired} expired)</Tag>
  ) : c.failingLocations ? (
    <Tag color="orange">Sync failing ({c.failingLocations})</Tag>
  ) : (
    <Tag color="green">{c.companyWide ? 'Connected' : `${c.locations} locations`}</Tag>
  );
  return <Tooltip title={sync + removed}>{tag}</Tooltip>;
}

function OauthTab() {
  const q = useReport<OauthReport>('oauth', { from: '', to: '' }, true);
  const t = q.data?.totals;
  const pie: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          center: ['50%', '45%'],
          label: { show: false },
          data: [
            { name: 'Google', value: t?.googleConnected ?? 0, itemStyle: { color: '#4285F4' } },
            { name: 'Facebook', value: t?.facebookConnected ?? 0, itemStyle: { color: '#1877F2' } },
            { name: 'Not connected', value: t?.notConnected ?? 0, itemStyle: { color: COLORS.neutral } },
          ],
        },
      ],
    }),
    [t],
  );
  const columns: TableColumnsType<OauthReport['data'][number]> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>{v}</div>
          <div className="muted small">{r.partner_name ?? 'No partner'}</div>
        </div>
      ),
    },
    { title: 'Locations', dataIndex: 'locations', align: 'right' },
    { title: 'Google', key: 'google', render: (_, r) => <ConnectionTag c={r.google} /> },
    { title: 'Facebook', key: 'facebook', render: (_, r) => <ConnectionTag c={r.facebook} /> },
    { title: 'Status', dataIndex: 'status', responsive: ['md'], render: (s: string) => <StatusTag status={s} /> },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi label="Google connected" value={t ? `${t.googleConnected} / ${t.companies}` : '—'} />
        <Kpi label="Facebook connected" value={t ? `${t.facebookConnected} / ${t.companies}` : '—'} />
        <Kpi label="Not connected" value={formatNumber(t?.notConnected)} tone={t?.notConnected ? 'warn' : undefined} />
        <Kpi label="Expired tokens" value={formatNumber(t?.expired)} tone={t?.expired ? 'bad' : 'good'} />
      </div>
      <div className="dash-grid">
        <Card title="Connections" size="small">
          {t && t.googleConnected + t.facebookConnected + t.notConnected === 0 ? (
            <Empty description="No companies yet" />
          ) : (
            <Chart option={pie} height={260} loading={q.isLoading} />
          )}
        </Card>
        <Card title="What this shows" size="small">
          <p className="muted">
            Companies reply on Google and Facebook through their connected accounts. A connection whose access expired
            without a refresh token must be reconnected by the company in Settings, Third-party login.
          </p>
          <p className="muted small">As of {formatDate(q.data?.asOf)}.</p>
        </Card>
      </div>
      <Card size="small" title="Companies">
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={q.data?.data}
          loading={q.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 600 }}
        />
      </Card>
    </>
  );
}

/** The customer-success dashboard (Owner only): overview, response, feedback and OAuth figures across companies. */
export default function CsDashboardPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.key === params.get('tab'))?.key ?? 'overview') as Tab;
  const [range, setRange] = useState<DateRange>(() => lastDays(30, new Date()));
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile('/v2/api/admin/dashboard/export', { report: tab, dateFrom: range.from, dateTo: range.to }),
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <PageHeader
        title="CS Dashboard"
        description="How every company is doing: reviews, replies, feedback and connected accounts."
        extra={
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="cs-export"
          >
            Export
          </Button>
        }
      />
      {tab !== 'oauth' && (
        <div className="list-toolbar">
          <AdminDateRange value={range} onChange={setRange} testId="cs-range" />
        </div>
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={TABS.map((t) => ({
          key: t.key,
          label: t.label,
          children:
            t.key === tab ? (
              t.key === 'overview' ? (
                <OverviewTab range={range} />
              ) : t.key === 'response' ? (
                <ResponseTab range={range} />
              ) : t.key === 'feedback' ? (
                <FeedbackTab range={range} />
              ) : (
                <OauthTab />
              )
            ) : null,
        }))}
      />
    </>
  );
}

import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { FileExcelOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { lastDays, type DateRange } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { Chart, COLORS, STAR_COLORS, type EChartsOption } from '../reporting/Chart';
import { downloadFile } from './api';
import { StatusTag } from './StatusTag';
import { Kpi } from './ui';
import { errorText, formatDate, formatDateTime, formatNumber, localDigits } from './format';
import { isolate, useRtlCharts } from './chartDirection';
import { packageLabel } from './labels';
import { AdminDateRange } from './AdminDateRange';
import './admin.css';
import { adminKeys } from './queryKeys';

type Tab = 'overview' | 'response' | 'feedback' | 'oauth';
const TABS: Tab[] = ['overview', 'response', 'feedback', 'oauth'];

type Overview = ApiResponse<'/v2/api/admin/dashboard/overview'>;
type ResponseReport = ApiResponse<'/v2/api/admin/dashboard/response'>;
type FeedbackReport = ApiResponse<'/v2/api/admin/dashboard/feedback'>;
type OauthReport = ApiResponse<'/v2/api/admin/dashboard/oauth'>;
type Connection = OauthReport['data'][number]['google'];

const pct = (v: number | null) =>
  v === null ? '—' : formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 });
const rating = (v: number | null) =>
  v === null ? '—' : formatNumber(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const hours = (t: TFunction<'admin'>, v: number | null) =>
  v === null ? '—' : t('units.hours', { value: formatNumber(v) });
const count = (n: number | null | undefined) => formatNumber(n);
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
  return localDigits(day.slice(5).replace('-', '/'));
}

function OverviewTab({ range }: { range: DateRange }) {
  const { t } = useTranslation('admin');
  const rtl = useRtlCharts();
  const q = useReport<Overview>('overview', range, true);
  const totals = q.data?.totals;
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
          name: t('cs.reviews'),
          type: 'bar',
          data: (q.data?.daily ?? []).map((d) => d.reviews),
          itemStyle: { color: COLORS.brandSoft },
        },
        {
          name: t('cs.answered'),
          type: 'bar',
          data: (q.data?.daily ?? []).map((d) => d.responded),
          itemStyle: { color: COLORS.brand },
        },
        {
          name: t('cs.avgRating'),
          type: 'line',
          yAxisIndex: 1,
          smooth: true,
          data: (q.data?.daily ?? []).map((d) => d.avgRating),
          itemStyle: { color: COLORS.amber },
        },
      ],
    }),
    [q.data, t, rtl],
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
        data: rows.map((r) => isolate(r.company_name, rtl)),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        { name: t('cs.reviews'), type: 'bar', data: rows.map((r) => r.reviews), itemStyle: { color: COLORS.brand } },
      ],
    };
  }, [q.data, t, rtl]);
  const columns: TableColumnsType<Overview['data'][number]> = [
    {
      title: t('cs.company'),
      dataIndex: 'company_name',
      fixed: 'start',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>
            <bdi>{v}</bdi>
          </div>
          <div className="muted small">
            {r.partner_name ? <bdi>{r.partner_name}</bdi> : t('cs.noPartner')} · {packageLabel(t, r.package)}
          </div>
        </div>
      ),
    },
    { title: t('cs.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} />, responsive: ['md'] },
    { title: t('cs.locations'), dataIndex: 'locations', align: 'end', sorter: byNumber('locations'), render: count },
    {
      title: t('cs.users'),
      dataIndex: 'users',
      align: 'end',
      responsive: ['lg'],
      sorter: byNumber('users'),
      render: count,
    },
    {
      title: t('cs.reviews'),
      dataIndex: 'reviews',
      align: 'end',
      sorter: byNumber('reviews'),
      defaultSortOrder: 'descend',
      render: count,
    },
    { title: t('cs.rating'), dataIndex: 'avgRating', align: 'end', sorter: byNumber('avgRating'), render: rating },
    {
      title: t('cs.responseRate'),
      dataIndex: 'responseRate',
      align: 'end',
      sorter: byNumber('responseRate'),
      render: pct,
    },
    { title: t('cs.lastReview'), dataIndex: 'lastReviewDay', responsive: ['lg'], render: formatDate },
    { title: t('cs.lastSignIn'), dataIndex: 'lastLoginAt', responsive: ['xl'], render: formatDateTime },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label={t('cs.companies')}
          value={totals ? `${count(totals.activeCompanies)} / ${count(totals.companies)}` : '—'}
          hint={t('cs.activeOfAll')}
          testId="kpi-companies"
        />
        <Kpi label={t('cs.locations')} value={count(totals?.locations)} />
        <Kpi label={t('cs.reviews')} value={count(totals?.reviews)} hint={t('cs.inPeriod')} testId="kpi-reviews" />
        <Kpi label={t('cs.avgRating')} value={totals ? rating(totals.avgRating) : '—'} />
        <Kpi label={t('cs.responseRate')} value={totals ? pct(totals.responseRate) : '—'} />
      </div>
      <div className="dash-grid">
        <Card title={t('cs.reviewsPerDay')} size="small">
          <Chart option={option} height={280} loading={q.isLoading} testId="chart-daily" />
        </Card>
        <Card title={t('cs.busiest')} size="small">
          <Chart option={top} height={280} loading={q.isLoading} testId="chart-top" />
        </Card>
      </div>
      <Card size="small" title={t('cs.companies')}>
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
  const { t } = useTranslation('admin');
  const rtl = useRtlCharts();
  const q = useReport<ResponseReport>('response', range, true);
  const totals = q.data?.totals;
  const rates: EChartsOption = useMemo(() => {
    const rows = (q.data?.data ?? [])
      .filter((r) => r.reviews > 0)
      .sort((a, b) => (a.responseRate ?? 0) - (b.responseRate ?? 0))
      .slice(-10);
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v) => pct(typeof v === 'number' ? v : null) },
      grid: { left: 150, right: 24, top: 8, bottom: 24 },
      xAxis: { type: 'value', max: 100 },
      yAxis: {
        type: 'category',
        data: rows.map((r) => isolate(r.company_name, rtl)),
        axisLabel: { width: 140, overflow: 'truncate' },
      },
      series: [
        {
          name: t('cs.responseRate'),
          type: 'bar',
          data: rows.map((r) => r.responseRate),
          itemStyle: { color: COLORS.positive },
        },
      ],
    };
  }, [q.data, t, rtl]);
  const origins: EChartsOption = useMemo(
    () =>
      donutOption([
        {
          name: t('cs.origin.manual'),
          value: totals?.byOrigin.manual ?? 0,
          itemStyle: { color: COLORS.brand },
        },
        {
          name: t('cs.origin.template'),
          value: totals?.byOrigin.template ?? 0,
          itemStyle: { color: COLORS.sky },
        },
        { name: t('cs.origin.ai'), value: totals?.byOrigin.ai ?? 0, itemStyle: { color: COLORS.amber } },
        { name: t('cs.origin.auto'), value: totals?.byOrigin.auto ?? 0, itemStyle: { color: COLORS.positive } },
      ]),
    [totals, t],
  );
  const columns: TableColumnsType<ResponseReport['data'][number]> = [
    {
      title: t('cs.company'),
      dataIndex: 'company_name',
      render: (v: string) => (
        <span style={{ fontWeight: 600 }} dir="auto">
          {v}
        </span>
      ),
    },
    { title: t('cs.reviews'), dataIndex: 'reviews', align: 'end', sorter: byNumber('reviews'), render: count },
    { title: t('cs.answered'), dataIndex: 'responded', align: 'end', sorter: byNumber('responded'), render: count },
    {
      title: t('cs.responseRate'),
      dataIndex: 'responseRate',
      align: 'end',
      sorter: byNumber('responseRate'),
      defaultSortOrder: 'descend',
      render: pct,
    },
    {
      title: t('cs.avgResponse'),
      dataIndex: 'avgResponseHours',
      align: 'end',
      sorter: byNumber('avgResponseHours'),
      render: (v: number | null) => hours(t, v),
    },
    {
      title: t('cs.failed'),
      dataIndex: 'failed',
      align: 'end',
      responsive: ['md'],
      render: (n: number) => (n ? <Tag color="red">{count(n)}</Tag> : count(0)),
    },
    { title: t('cs.auto'), dataIndex: 'auto', align: 'end', responsive: ['lg'], render: count },
    { title: t('cs.ai'), dataIndex: 'ai', align: 'end', responsive: ['lg'], render: count },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label={t('cs.responseRate')}
          value={totals ? pct(totals.responseRate) : '—'}
          tone={totals && (totals.responseRate ?? 0) >= 60 ? 'good' : 'warn'}
        />
        <Kpi label={t('cs.avgResponseTime')} value={totals ? hours(t, totals.avgResponseHours) : '—'} />
        <Kpi label={t('cs.repliesPosted')} value={count(totals?.posted)} />
        <Kpi label={t('cs.repliesFailed')} value={count(totals?.failed)} tone={totals?.failed ? 'bad' : undefined} />
      </div>
      <div className="dash-grid">
        <Card title={t('cs.rateByCompany')} size="small">
          <Chart option={rates} height={280} loading={q.isLoading} />
        </Card>
        <Card title={t('cs.byOrigin')} size="small">
          <Chart option={origins} height={280} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title={t('cs.companies')}>
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
  const { t } = useTranslation('admin');
  const q = useReport<FeedbackReport>('feedback', range, true);
  const totals = q.data?.totals;
  const stars: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: {
        type: 'category',
        data: [1, 2, 3, 4, 5].map((n) => t('cs.stars', { count: n, stars: formatNumber(n) })),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('cs.feedback'),
          type: 'bar',
          data: (totals?.stars ?? [0, 0, 0, 0, 0]).map((v, i) => ({
            value: v,
            itemStyle: { color: STAR_COLORS[i] },
          })),
        },
      ],
    }),
    [totals, t],
  );
  const daily: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: (q.data?.daily ?? []).map((d) => shortDay(d.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('cs.feedback'),
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: (q.data?.daily ?? []).map((d) => d.feedback),
          itemStyle: { color: COLORS.brand },
        },
      ],
    }),
    [q.data, t],
  );
  const columns: TableColumnsType<FeedbackReport['data'][number]> = [
    {
      title: t('cs.company'),
      dataIndex: 'company_name',
      render: (v: string) => (
        <span style={{ fontWeight: 600 }} dir="auto">
          {v}
        </span>
      ),
    },
    {
      title: t('cs.feature'),
      dataIndex: 'featureOn',
      render: (on: boolean) => (on ? <Tag color="green">{t('cs.on')}</Tag> : <Tag>{t('cs.off')}</Tag>),
    },
    {
      title: t('cs.feedback'),
      dataIndex: 'feedback',
      align: 'end',
      sorter: byNumber('feedback'),
      defaultSortOrder: 'descend',
      render: count,
    },
    { title: t('cs.rating'), dataIndex: 'avgRating', align: 'end', sorter: byNumber('avgRating'), render: rating },
    { title: t('cs.positive'), dataIndex: 'positive', align: 'end', responsive: ['md'], render: count },
    { title: t('cs.negative'), dataIndex: 'negative', align: 'end', responsive: ['md'], render: count },
    { title: t('cs.answered'), dataIndex: 'responded', align: 'end', responsive: ['lg'], render: count },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi label={t('cs.feedback')} value={count(totals?.feedback)} hint={t('cs.inPeriod')} />
        <Kpi label={t('cs.avgRating')} value={totals ? rating(totals.avgRating) : '—'} />
        <Kpi
          label={t('cs.positiveNegative')}
          value={totals ? `${count(totals.positive)} / ${count(totals.negative)}` : '—'}
        />
        <Kpi label={t('cs.withFeedback')} value={count(totals?.companiesWithFeature)} />
      </div>
      <div className="dash-grid">
        <Card title={t('cs.ratings')} size="small">
          <Chart option={stars} height={260} loading={q.isLoading} />
        </Card>
        <Card title={t('cs.feedbackPerDay')} size="small">
          <Chart option={daily} height={260} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title={t('cs.companies')}>
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
  const { t } = useTranslation('admin');
  if (!c.connected) return <Tag>{t('cs.oauth.notConnected')}</Tag>;
  const sync = c.locations
    ? t('cs.oauth.stalest', { date: c.stalestSyncAt ? formatDate(c.stalestSyncAt) : t('cs.oauth.never') }) +
      (c.failingLocations
        ? ` · ${t('cs.oauth.failing', { count: c.failingLocations, number: count(c.failingLocations) })}`
        : '')
    : t('cs.oauth.noLocations');
  const removed = c.removedReviews
    ? ` · ${t('cs.oauth.removed', { count: c.removedReviews, number: count(c.removedReviews) })}`
    : '';
  const tag = c.reconnectNeeded ? (
    <Tag color="red">{t('cs.oauth.reconnectNeeded')}</Tag>
  ) : c.expired ? (
    <Tag color="red">{t('cs.oauth.reconnectExpired', { count: c.expired, number: count(c.expired) })}</Tag>
  ) : c.failingLocations ? (
    <Tag color="orange">{t('cs.oauth.syncFailing', { number: count(c.failingLocations) })}</Tag>
  ) : (
    <Tag color="green">
      {c.companyWide
        ? t('cs.oauth.connected')
        : t('cs.oauth.locations', { count: c.locations, number: count(c.locations) })}
    </Tag>
  );
  return <Tooltip title={sync + removed}>{tag}</Tooltip>;
}

/** A donut of named, coloured shares with its legend below (reply origins, connected accounts). */
function donutOption(data: { name: string; value: number; itemStyle: { color: string } }[]): EChartsOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['45%', '70%'], center: ['50%', '45%'], label: { show: false }, data }],
  };
}

function OauthTab() {
  const { t } = useTranslation('admin');
  const q = useReport<OauthReport>('oauth', { from: '', to: '' }, true);
  const totals = q.data?.totals;
  const pie: EChartsOption = useMemo(
    () =>
      donutOption([
        { name: 'Google', value: totals?.googleConnected ?? 0, itemStyle: { color: '#4285F4' } },
        { name: 'Facebook', value: totals?.facebookConnected ?? 0, itemStyle: { color: '#1877F2' } },
        {
          name: t('cs.oauth.notConnected'),
          value: totals?.notConnected ?? 0,
          itemStyle: { color: COLORS.neutral },
        },
      ]),
    [totals, t],
  );
  const columns: TableColumnsType<OauthReport['data'][number]> = [
    {
      title: t('cs.company'),
      dataIndex: 'company_name',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>
            <bdi>{v}</bdi>
          </div>
          <div className="muted small">{r.partner_name ? <bdi>{r.partner_name}</bdi> : t('cs.noPartner')}</div>
        </div>
      ),
    },
    { title: t('cs.locations'), dataIndex: 'locations', align: 'end', render: count },
    { title: 'Google', key: 'google', render: (_, r) => <ConnectionTag c={r.google} /> },
    { title: 'Facebook', key: 'facebook', render: (_, r) => <ConnectionTag c={r.facebook} /> },
    { title: t('cs.status'), dataIndex: 'status', responsive: ['md'], render: (s: string) => <StatusTag status={s} /> },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label={t('cs.oauth.googleConnected')}
          value={totals ? `${count(totals.googleConnected)} / ${count(totals.companies)}` : '—'}
        />
        <Kpi
          label={t('cs.oauth.facebookConnected')}
          value={totals ? `${count(totals.facebookConnected)} / ${count(totals.companies)}` : '—'}
        />
        <Kpi
          label={t('cs.oauth.notConnected')}
          value={count(totals?.notConnected)}
          tone={totals?.notConnected ? 'warn' : undefined}
        />
        <Kpi label={t('cs.oauth.expired')} value={count(totals?.expired)} tone={totals?.expired ? 'bad' : 'good'} />
      </div>
      <div className="dash-grid">
        <Card title={t('cs.oauth.connections')} size="small">
          {totals && totals.googleConnected + totals.facebookConnected + totals.notConnected === 0 ? (
            <Empty description={t('cs.oauth.noCompanies')} />
          ) : (
            <Chart option={pie} height={260} loading={q.isLoading} />
          )}
        </Card>
        <Card title={t('cs.oauth.whatTitle')} size="small">
          <p className="muted">{t('cs.oauth.whatText')}</p>
          <p className="muted small">{t('cs.oauth.asOf', { date: formatDate(q.data?.asOf) })}</p>
        </Card>
      </div>
      <Card size="small" title={t('cs.companies')}>
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
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'overview';
  const [range, setRange] = useState<DateRange>(() => lastDays(30, new Date()));
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile('/v2/api/admin/dashboard/export', { report: tab, dateFrom: range.from, dateTo: range.to }),
    onError: (e) => void message.error(errorText(e)),
  });
  return (
    <>
      <PageHeader
        title={t('cs.title')}
        description={t('cs.description')}
        extra={
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="cs-export"
          >
            {t('export')}
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
        items={TABS.map((key) => ({
          key,
          label: t(`cs.tabs.${key}`),
          children:
            key === tab ? (
              key === 'overview' ? (
                <OverviewTab range={range} />
              ) : key === 'response' ? (
                <ResponseTab range={range} />
              ) : key === 'feedback' ? (
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

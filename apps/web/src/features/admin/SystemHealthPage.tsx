import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, List, Skeleton, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../app/ui/PageHeader';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { Chart, COLORS, type EChartsOption } from '../reporting/Chart';
import { Kpi } from './ui';
import { formatDateTime, formatNumber } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';

/** Loaded when its tab is chosen: its forms weighed 28 kB on every first load of System Health. */
const ServiceCredentialsTab = lazy(() =>
  import('./ServiceCredentialsTab').then((m) => ({ default: m.ServiceCredentialsTab })),
);

type Summary = ApiResponse<'/v2/api/admin/systemhealth'>;
type SyncRow = Summary['sync'][number];
type CompanyRow = ApiResponse<'/v2/api/admin/systemhealth/companies'>['data'][number];
type LocationRow = ApiResponse<'/v2/api/admin/systemhealth/locations'>['data'][number];
type Performance = ApiResponse<'/v2/api/admin/systemhealth/performance'>;

/** A service that is not configured is a choice of the installation, shown plainly, not as a fault. */
const SERVICE_COLORS = { ok: 'green', degraded: 'orange', 'not configured': 'default' } as const;
const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v} ms`);
const age = (h: number | null) =>
  h === null
    ? 'never'
    : h < 1
      ? `${Math.round(h * 60)} min ago`
      : h < 48
        ? `${Math.round(h)} h ago`
        : `${Math.round(h / 24)} days ago`;
const uptime = (s: number) =>
  s < 3600 ? `${Math.round(s / 60)} min` : s < 86400 ? `${Math.round(s / 3600)} h` : `${Math.round(s / 86400)} days`;

function SummaryTab({ summary }: { summary: Summary | undefined }) {
  const s = summary;
  const columns: TableColumnsType<SyncRow> = [
    {
      title: 'Source',
      dataIndex: 'title',
      render: (t: string, r) => (
        <span>
          <img
            src={`/v2/api/admin/sources/${r.source}/logo.svg`}
            alt=""
            width={18}
            height={18}
            className="source-logo"
          />{' '}
          {t}
        </span>
      ),
    },
    {
      title: 'Last sync',
      dataIndex: 'ageHours',
      render: (h: number | null, r) => (
        <Tooltip title={r.lastFetchedAt ? formatDateTime(r.lastFetchedAt) : 'Never synced'}>
          {r.stale ? <Tag color="red">{age(h)}</Tag> : <Tag color="green">{age(h)}</Tag>}
        </Tooltip>
      ),
      sorter: (a, b) => (a.ageHours ?? 1e9) - (b.ageHours ?? 1e9),
    },
    { title: 'Fetched today', dataIndex: 'fetchedLastDay', align: 'right', render: formatNumber },
    { title: 'Companies', dataIndex: 'companies', align: 'right', responsive: ['md'] },
    {
      title: 'Stale at',
      dataIndex: 'staleCompanies',
      align: 'right',
      responsive: ['md'],
      render: (n: number) => (n ? <Tag color="orange">{n}</Tag> : 0),
    },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label="Database"
          value={ms(s?.database.latencyMs)}
          hint={s?.database.driver}
          tone={s && s.database.latencyMs > 250 ? 'bad' : 'good'}
          testId="kpi-db"
        />
        <Kpi
          label="API p95 (recent)"
          value={ms(s?.api.recent.p95)}
          hint={s ? `${formatNumber(s.api.requests)} requests since start` : undefined}
          testId="kpi-p95"
        />
        <Kpi
          label="Server errors"
          value={formatNumber(s?.api.lastHour.errors5xx)}
          hint="last hour"
          tone={s?.api.lastHour.errors5xx ? 'bad' : 'good'}
        />
        <Kpi
          label="Queue"
          value={s ? `${s.queue.due} due` : '—'}
          hint={s ? `${s.queue.queued} queued (${s.queue.retrying} retrying), ${s.queue.running} running` : undefined}
          testId="kpi-queue"
        />
        <Kpi
          label="Dead jobs"
          value={formatNumber(s?.queue.deadLastDay)}
          hint="last 24 hours"
          tone={s?.queue.deadLastDay ? 'bad' : 'good'}
          testId="kpi-dead"
        />
        <Kpi
          label="Mails retrying"
          value={formatNumber(s?.mail.retrying)}
          hint={
            s?.mail.nextAttemptAt
              ? `next ${formatDateTime(s.mail.nextAttemptAt)}`
              : `${formatNumber(s?.mail.failedLastDay)} given up today`
          }
          tone={s?.mail.retrying || s?.mail.failedLastDay ? 'warn' : undefined}
          testId="kpi-mail"
        />
        <Kpi
          label="Failed replies"
          value={formatNumber(s?.replies.failedLastDay)}
          hint="last 24 hours"
          tone={s?.replies.failedLastDay ? 'warn' : undefined}
        />
      </div>
      <div className="dash-grid">
        <Card size="small" title="Outside services">
          <List
            size="small"
            data-testid="services"
            dataSource={s?.services ?? []}
            renderItem={(v) => (
              <List.Item extra={<Tag color={SERVICE_COLORS[v.state]}>{v.state}</Tag>}>
                <List.Item.Meta title={v.title} description={<span className="small">{v.detail}</span>} />
              </List.Item>
            )}
          />
        </Card>
        <Card size="small" title="Sync freshness by source">
          <Table
            rowKey="source"
            size="small"
            columns={columns}
            dataSource={s?.sync}
            pagination={{ pageSize: 8, hideOnSinglePage: true }}
            scroll={{ x: 520 }}
            data-testid="sync-table"
          />
          {(s?.connections ?? []).map((c) => (
            <p className="muted small" key={c.source} data-testid={`connections-${c.source}`}>
              {c.title} connections: {c.accounts} account(s), {c.locations} location(s) synced
              {c.reconnectNeeded ? `, ${c.reconnectNeeded} need a reconnect` : ''}
              {c.failingLocations ? `, ${c.failingLocations} failing` : ''}
              {c.overdueLocations ? `, ${c.overdueLocations} late` : ''}; stalest{' '}
              {c.stalestSyncAt ? formatDateTime(c.stalestSyncAt) : 'never'}.
            </p>
          ))}
        </Card>
        <Card size="small" title="Dead jobs (failed their last attempt)">
          {s && s.queue.recentDead.length === 0 ? (
            <p className="muted">No dead jobs.</p>
          ) : (
            <List
              size="small"
              data-testid="dead-jobs"
              dataSource={s?.queue.recentDead ?? []}
              renderItem={(j) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span>
                        {j.name}{' '}
                        <span className="muted small">
                          · {j.attempts} attempts · {formatDateTime(j.at)}
                        </span>
                      </span>
                    }
                    description={<span className="small">{j.error ?? 'No error text'}</span>}
                  />
                </List.Item>
              )}
            />
          )}
          {s && s.mail.recentFailed.length > 0 && (
            <List
              size="small"
              header={<strong>Mails given up</strong>}
              dataSource={s.mail.recentFailed}
              renderItem={(m) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span>
                        {m.subject}{' '}
                        <span className="muted small">
                          · {m.to} · {m.attempts} attempts · {formatDateTime(m.at)}
                        </span>
                      </span>
                    }
                    description={<span className="small">{m.error ?? 'No error text'}</span>}
                  />
                </List.Item>
              )}
            />
          )}
          <p className="muted small" style={{ marginTop: 12 }}>
            {s
              ? `${s.tenancy.activeCompanies} of ${s.tenancy.companies} companies active · ${formatNumber(s.tenancy.locations)} locations, ${formatNumber(s.tenancy.locationsWithoutReviews)} without any review yet · up ${uptime(s.uptimeSeconds)}`
              : ''}
          </p>
        </Card>
      </div>
    </>
  );
}

function CompaniesTab() {
  const q = useQuery({
    queryKey: adminKeys.health.companies,
    queryFn: ({ signal }) =>
      api<{ data: CompanyRow[]; staleHours: number }>('/v2/api/admin/systemhealth/companies', { signal }),
  });
  const columns: TableColumnsType<CompanyRow> = [
    {
      title: 'Company',
      dataIndex: 'company_name',
      render: (v: string) => <span style={{ fontWeight: 600 }}>{v}</span>,
    },
    {
      title: 'Last sync',
      dataIndex: 'ageHours',
      render: (h: number | null) => age(h),
      sorter: (a, b) => (a.ageHours ?? 1e9) - (b.ageHours ?? 1e9),
    },
    { title: 'Today', dataIndex: 'fetchedLastDay', align: 'right' },
    { title: 'This week', dataIndex: 'fetchedLastWeek', align: 'right', responsive: ['md'] },
    {
      title: 'Stale sources',
      key: 'stale',
      render: (_, r) =>
        r.staleSources.length ? (
          r.staleSources.map((s) => (
            <Tag key={s.value} color="orange">
              {s.title}
            </Tag>
          ))
        ) : (
          <Tag color="green">All fresh</Tag>
        ),
    },
    {
      title: 'Failed replies',
      dataIndex: 'failedReplies',
      align: 'right',
      responsive: ['lg'],
      render: (n: number) => (n ? <Tag color="red">{n}</Tag> : 0),
    },
  ];
  return (
    <Card size="small" title={`Companies (sources silent for over ${q.data?.staleHours ?? 48} hours are stale)`}>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={q.data?.data}
        loading={q.isLoading}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 720 }}
      />
    </Card>
  );
}

function LocationsTab() {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: adminKeys.health.locations(page),
    queryFn: ({ signal }) =>
      api<{ data: LocationRow[]; total: number }>('/v2/api/admin/systemhealth/locations', {
        query: { page, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<LocationRow> = [
    {
      title: 'Location',
      dataIndex: 'title',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>{v}</div>
          <div className="muted small">
            {r.company_name}
            {r.locationId ? ` · ${r.locationId}` : ''}
          </div>
        </div>
      ),
    },
    {
      title: 'Last sync',
      dataIndex: 'ageHours',
      render: (h: number | null) => (h === null || h > 48 ? <Tag color="orange">{age(h)}</Tag> : age(h)),
    },
    { title: 'Fetched this week', dataIndex: 'fetchedLastWeek', align: 'right', render: formatNumber },
  ];
  return (
    <Card size="small" title="Locations, stalest first">
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={q.data?.data}
        loading={q.isFetching}
        pagination={{ current: page, pageSize: 20, total: q.data?.total, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 480 }}
      />
    </Card>
  );
}

function PerformanceTab() {
  const q = useQuery({
    queryKey: adminKeys.health.performance,
    queryFn: ({ signal }) => api<Performance>('/v2/api/admin/systemhealth/performance', { signal }),
    refetchInterval: 30_000,
  });
  const p = q.data;
  const minutes: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 64, right: 40, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: (p?.minutes ?? []).map((m) => m.minute.slice(11, 16)) },
      yAxis: [
        { type: 'value', axisLabel: { formatter: '{value} ms' } },
        { type: 'value', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: 'p95',
          type: 'line',
          smooth: true,
          data: (p?.minutes ?? []).map((m) => m.p95),
          itemStyle: { color: COLORS.amber },
          connectNulls: false,
        },
        {
          name: 'Average',
          type: 'line',
          smooth: true,
          data: (p?.minutes ?? []).map((m) => m.avgMs),
          itemStyle: { color: COLORS.brand },
        },
        {
          name: 'Requests',
          type: 'bar',
          yAxisIndex: 1,
          data: (p?.minutes ?? []).map((m) => m.count),
          itemStyle: { color: COLORS.brandSoft },
        },
      ],
    }),
    [p],
  );
  const histogram: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: { type: 'category', data: (p?.histogram ?? []).map((b) => (b.le === null ? '> 5 s' : `≤ ${b.le} ms`)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: 'Requests',
          type: 'bar',
          data: (p?.histogram ?? []).map((b) => b.count),
          itemStyle: { color: COLORS.sky },
        },
      ],
    }),
    [p],
  );
  const columns: TableColumnsType<Performance['routes'][number]> = [
    { title: 'Route', dataIndex: 'route', render: (v: string) => <code className="small">{v}</code> },
    {
      title: 'Requests',
      dataIndex: 'count',
      align: 'right',
      sorter: (a, b) => a.count - b.count,
      defaultSortOrder: 'descend',
    },
    { title: 'Avg', dataIndex: 'avgMs', align: 'right', render: ms, sorter: (a, b) => a.avgMs - b.avgMs },
    { title: 'p95', dataIndex: 'p95', align: 'right', render: ms, responsive: ['md'] },
    { title: 'Max', dataIndex: 'maxMs', align: 'right', render: ms, responsive: ['lg'] },
    {
      title: 'Errors',
      key: 'errors',
      align: 'right',
      render: (_, r) =>
        r.errors5xx ? <Tag color="red">{r.errors5xx} 5xx</Tag> : r.errors4xx ? <Tag>{r.errors4xx} 4xx</Tag> : 0,
    },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi label="p50" value={ms(p?.recent.p50)} hint={`last ${formatNumber(p?.recent.count)} requests`} />
        <Kpi label="p95" value={ms(p?.recent.p95)} />
        <Kpi label="p99" value={ms(p?.recent.p99)} />
        <Kpi
          label="Requests"
          value={formatNumber(p?.total.count)}
          hint={p ? `since ${formatDateTime(p.since)}` : undefined}
        />
        <Kpi
          label="Errors"
          value={p ? `${p.total.errors5xx} / ${p.total.errors4xx}` : '—'}
          hint="5xx / 4xx"
          tone={p?.total.errors5xx ? 'bad' : undefined}
        />
      </div>
      <div className="dash-grid">
        <Card size="small" title="Last hour, per minute">
          <Chart option={minutes} height={260} loading={q.isLoading} testId="chart-latency" />
        </Card>
        <Card size="small" title="Latency distribution">
          <Chart option={histogram} height={260} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title="Routes">
        <Table
          rowKey="route"
          size="small"
          columns={columns}
          dataSource={p?.routes}
          loading={q.isLoading}
          pagination={{ pageSize: 15, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
        />
      </Card>
    </>
  );
}

/** System health (Owner only), from real measurements of this server and its database. */
export default function SystemHealthPage() {
  const [tab, setTab] = useState('summary');
  const summary = useQuery({
    queryKey: adminKeys.health.summary,
    queryFn: ({ signal }) => api<Summary>('/v2/api/admin/systemhealth', { signal }),
    refetchInterval: 30_000,
  });
  const s = summary.data;
  return (
    <>
      <PageHeader
        title="System Health"
        description="Review sync, background jobs, errors and API latency, measured live."
        extra={
          <Button icon={<ReloadOutlined />} loading={summary.isFetching} onClick={() => void summary.refetch()}>
            Refresh
          </Button>
        }
      />
      {s && (
        <Alert
          type={s.status === 'ok' ? 'success' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={s.status === 'ok' ? 'All systems normal' : 'Needs attention'}
          description={
            s.reasons.length ? (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {s.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              `Checked ${formatDateTime(s.checkedAt)}.`
            )
          }
          data-testid="health-status"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'summary', label: 'Overview', children: <SummaryTab summary={s} /> },
          { key: 'companies', label: 'Companies', children: tab === 'companies' ? <CompaniesTab /> : null },
          { key: 'locations', label: 'Locations', children: tab === 'locations' ? <LocationsTab /> : null },
          { key: 'performance', label: 'Performance', children: tab === 'performance' ? <PerformanceTab /> : null },
          {
            key: 'credentials',
            label: 'Service credentials',
            children:
              tab === 'credentials' ? (
                <Suspense fallback={<Skeleton active />}>
                  <ServiceCredentialsTab />
                </Suspense>
              ) : null,
          },
        ]}
      />
    </>
  );
}

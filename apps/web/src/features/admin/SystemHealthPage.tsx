import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Button, Card, List, Skeleton, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { Chart, COLORS, type EChartsOption } from '../reporting/Chart';
import { Kpi } from './ui';
import { formatDateTime, formatNumber } from './format';
import { jobTitle, reasonText, serviceDetail, serviceState, serviceTitle } from './healthTexts';
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
type T = TFunction<'admin'>;
/** Percentile names, the same in every language. */
const [P50, P95, P99] = ['p50', 'p95', 'p99'];
const ms = (t: T, v: number | null | undefined) =>
  v === null || v === undefined ? '—' : t('units.ms', { value: formatNumber(v) });
const age = (t: T, h: number | null) => {
  if (h === null) return t('health.never');
  const [count, unit] =
    h < 1 ? [Math.round(h * 60), 'minutes'] : h < 48 ? [Math.round(h), 'hours'] : [Math.round(h / 24), 'days'];
  return t(`health.ago.${unit}`, { count, number: formatNumber(count) });
};
const uptime = (t: T, s: number) => {
  const [count, unit] =
    s < 3600
      ? [Math.round(s / 60), 'minutes']
      : s < 86400
        ? [Math.round(s / 3600), 'hours']
        : [Math.round(s / 86400), 'days'];
  return t(`health.for.${unit}`, { count, number: formatNumber(count) });
};
const n = (v: number | null | undefined) => formatNumber(v);

function SummaryTab({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation('admin');
  const s = summary;
  const columns: TableColumnsType<SyncRow> = [
    {
      title: t('health.columns.source'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <span dir="auto">
          <img
            src={`/v2/api/admin/sources/${r.source}/logo.svg`}
            alt=""
            width={18}
            height={18}
            className="source-logo"
          />{' '}
          {title}
        </span>
      ),
    },
    {
      title: t('health.columns.lastSync'),
      dataIndex: 'ageHours',
      render: (h: number | null, r) => (
        <Tooltip title={r.lastFetchedAt ? formatDateTime(r.lastFetchedAt) : t('health.neverSynced')}>
          {r.stale ? <Tag color="red">{age(t, h)}</Tag> : <Tag color="green">{age(t, h)}</Tag>}
        </Tooltip>
      ),
      sorter: (a, b) => (a.ageHours ?? 1e9) - (b.ageHours ?? 1e9),
    },
    { title: t('health.columns.fetchedToday'), dataIndex: 'fetchedLastDay', align: 'end', render: n },
    { title: t('health.columns.companies'), dataIndex: 'companies', align: 'end', responsive: ['md'], render: n },
    {
      title: t('health.columns.staleAt'),
      dataIndex: 'staleCompanies',
      align: 'end',
      responsive: ['md'],
      render: (v: number) => (v ? <Tag color="orange">{n(v)}</Tag> : n(0)),
    },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi
          label={t('health.kpi.database')}
          value={ms(t, s?.database.latencyMs)}
          hint={s ? <span dir="auto">{s.database.driver}</span> : undefined}
          tone={s && s.database.latencyMs > 250 ? 'bad' : 'good'}
          testId="kpi-db"
        />
        <Kpi
          label={t('health.kpi.p95')}
          value={ms(t, s?.api.recent.p95)}
          hint={s ? t('health.kpi.requestsSinceStart', { number: n(s.api.requests) }) : undefined}
          testId="kpi-p95"
        />
        <Kpi
          label={t('health.kpi.serverErrors')}
          value={n(s?.api.lastHour.errors5xx)}
          hint={t('health.kpi.lastHour')}
          tone={s?.api.lastHour.errors5xx ? 'bad' : 'good'}
        />
        <Kpi
          label={t('health.kpi.queue')}
          value={s ? t('health.kpi.due', { number: n(s.queue.due) }) : '—'}
          hint={
            s
              ? t('health.kpi.queueHint', {
                  queued: n(s.queue.queued),
                  retrying: n(s.queue.retrying),
                  running: n(s.queue.running),
                })
              : undefined
          }
          testId="kpi-queue"
        />
        <Kpi
          label={t('health.kpi.deadJobs')}
          value={n(s?.queue.deadLastDay)}
          hint={t('health.kpi.last24h')}
          tone={s?.queue.deadLastDay ? 'bad' : 'good'}
          testId="kpi-dead"
        />
        <Kpi
          label={t('health.kpi.mailsRetrying')}
          value={n(s?.mail.retrying)}
          hint={
            s?.mail.nextAttemptAt
              ? t('health.kpi.nextAttempt', { date: formatDateTime(s.mail.nextAttemptAt) })
              : t('health.kpi.givenUpToday', { number: n(s?.mail.failedLastDay) })
          }
          tone={s?.mail.retrying || s?.mail.failedLastDay ? 'warn' : undefined}
          testId="kpi-mail"
        />
        <Kpi
          label={t('health.kpi.failedReplies')}
          value={n(s?.replies.failedLastDay)}
          hint={t('health.kpi.last24h')}
          tone={s?.replies.failedLastDay ? 'warn' : undefined}
        />
      </div>
      <div className="dash-grid">
        <Card size="small" title={t('health.outsideServices')}>
          <List
            size="small"
            data-testid="services"
            dataSource={s?.services ?? []}
            renderItem={(v) => (
              <List.Item extra={<Tag color={SERVICE_COLORS[v.state]}>{serviceState(t, v.state)}</Tag>}>
                <List.Item.Meta
                  title={serviceTitle(t, v)}
                  description={<span className="small">{serviceDetail(t, v, s?.mail)}</span>}
                />
              </List.Item>
            )}
          />
        </Card>
        <Card size="small" title={t('health.syncBySource')}>
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
              {t('health.connections.summary', {
                source: c.title,
                accounts: n(c.accounts),
                locations: n(c.locations),
              })}
              {c.reconnectNeeded ? t('health.connections.reconnect', { number: n(c.reconnectNeeded) }) : ''}
              {c.failingLocations ? t('health.connections.failing', { number: n(c.failingLocations) }) : ''}
              {c.overdueLocations ? t('health.connections.late', { number: n(c.overdueLocations) }) : ''}
              {t('health.connections.stalest', {
                date: c.stalestSyncAt ? formatDateTime(c.stalestSyncAt) : t('health.never'),
              })}
            </p>
          ))}
        </Card>
        <Card size="small" title={t('health.deadJobs')}>
          {s && s.queue.recentDead.length === 0 ? (
            <p className="muted">{t('health.noDeadJobs')}</p>
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
                        <span title={j.name}>{jobTitle(t, j.name)}</span>{' '}
                        <span className="muted small">
                          · {t('health.attempts', { count: j.attempts, number: n(j.attempts) })} ·{' '}
                          {formatDateTime(j.at)}
                        </span>
                      </span>
                    }
                    description={
                      j.error ? (
                        <span className="small" dir="auto">
                          {j.error}
                        </span>
                      ) : (
                        <span className="small">{t('health.noErrorText')}</span>
                      )
                    }
                  />
                </List.Item>
              )}
            />
          )}
          {s && s.mail.recentFailed.length > 0 && (
            <List
              size="small"
              header={<strong>{t('health.mailsGivenUp')}</strong>}
              dataSource={s.mail.recentFailed}
              renderItem={(m) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <span>
                        <span dir="auto">{m.subject}</span>{' '}
                        <span className="muted small">
                          · <bdi>{m.to}</bdi> · {t('health.attempts', { count: m.attempts, number: n(m.attempts) })} ·{' '}
                          {formatDateTime(m.at)}
                        </span>
                      </span>
                    }
                    description={
                      m.error ? (
                        <span className="small" dir="auto">
                          {m.error}
                        </span>
                      ) : (
                        <span className="small">{t('health.noErrorText')}</span>
                      )
                    }
                  />
                </List.Item>
              )}
            />
          )}
          <p className="muted small" style={{ marginBlockStart: 12 }}>
            {s
              ? t('health.tenancy', {
                  active: n(s.tenancy.activeCompanies),
                  companies: n(s.tenancy.companies),
                  locations: n(s.tenancy.locations),
                  without: n(s.tenancy.locationsWithoutReviews),
                  uptime: uptime(t, s.uptimeSeconds),
                })
              : ''}
          </p>
        </Card>
      </div>
    </>
  );
}

function CompaniesTab() {
  const { t } = useTranslation('admin');
  const q = useQuery({
    queryKey: adminKeys.health.companies,
    queryFn: ({ signal }) =>
      api<{ data: CompanyRow[]; staleHours: number }>('/v2/api/admin/systemhealth/companies', { signal }),
  });
  const columns: TableColumnsType<CompanyRow> = [
    {
      title: t('health.columns.company'),
      dataIndex: 'company_name',
      render: (v: string) => (
        <span style={{ fontWeight: 600 }} dir="auto">
          {v}
        </span>
      ),
    },
    {
      title: t('health.columns.lastSync'),
      dataIndex: 'ageHours',
      render: (h: number | null) => age(t, h),
      sorter: (a, b) => (a.ageHours ?? 1e9) - (b.ageHours ?? 1e9),
    },
    { title: t('health.columns.today'), dataIndex: 'fetchedLastDay', align: 'end', render: n },
    { title: t('health.columns.thisWeek'), dataIndex: 'fetchedLastWeek', align: 'end', responsive: ['md'], render: n },
    {
      title: t('health.columns.staleSources'),
      key: 'stale',
      render: (_, r) =>
        r.staleSources.length ? (
          r.staleSources.map((s) => (
            <Tag key={s.value} color="orange">
              <span dir="auto">{s.title}</span>
            </Tag>
          ))
        ) : (
          <Tag color="green">{t('health.allFresh')}</Tag>
        ),
    },
    {
      title: t('health.kpi.failedReplies'),
      dataIndex: 'failedReplies',
      align: 'end',
      responsive: ['lg'],
      render: (v: number) => (v ? <Tag color="red">{n(v)}</Tag> : n(0)),
    },
  ];
  return (
    <Card size="small" title={t('health.companiesTitle', { hours: n(q.data?.staleHours ?? 48) })}>
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
  const { t } = useTranslation('admin');
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
      title: t('health.columns.location'),
      dataIndex: 'title',
      render: (v: string, r) => (
        <div>
          <div style={{ fontWeight: 600 }}>
            <bdi>{v}</bdi>
          </div>
          <div className="muted small">
            <bdi>{r.company_name}</bdi>
            {r.locationId ? (
              <>
                {' · '}
                <bdi>{r.locationId}</bdi>
              </>
            ) : (
              ''
            )}
          </div>
        </div>
      ),
    },
    {
      title: t('health.columns.lastSync'),
      dataIndex: 'ageHours',
      render: (h: number | null) => (h === null || h > 48 ? <Tag color="orange">{age(t, h)}</Tag> : age(t, h)),
    },
    { title: t('health.columns.fetchedThisWeek'), dataIndex: 'fetchedLastWeek', align: 'end', render: n },
  ];
  return (
    <Card size="small" title={t('health.locationsTitle')}>
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
  const { t } = useTranslation('admin');
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
        { type: 'value', axisLabel: { formatter: (v: number) => ms(t, v) } },
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
          name: t('health.average'),
          type: 'line',
          smooth: true,
          data: (p?.minutes ?? []).map((m) => m.avgMs),
          itemStyle: { color: COLORS.brand },
        },
        {
          name: t('health.requests'),
          type: 'bar',
          yAxisIndex: 1,
          data: (p?.minutes ?? []).map((m) => m.count),
          itemStyle: { color: COLORS.brandSoft },
        },
      ],
    }),
    [p, t],
  );
  const histogram: EChartsOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      xAxis: {
        type: 'category',
        data: (p?.histogram ?? []).map((b) =>
          b.le === null
            ? t('health.overSeconds', { value: formatNumber(5) })
            : t('health.upTo', { value: ms(t, b.le) }),
        ),
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('health.requests'),
          type: 'bar',
          data: (p?.histogram ?? []).map((b) => b.count),
          itemStyle: { color: COLORS.sky },
        },
      ],
    }),
    [p, t],
  );
  const columns: TableColumnsType<Performance['routes'][number]> = [
    {
      title: t('health.columns.route'),
      dataIndex: 'route',
      render: (v: string) => (
        <code className="small" dir="ltr">
          {v}
        </code>
      ),
    },
    {
      title: t('health.requests'),
      dataIndex: 'count',
      align: 'end',
      sorter: (a, b) => a.count - b.count,
      defaultSortOrder: 'descend',
      render: n,
    },
    {
      title: t('health.columns.avg'),
      dataIndex: 'avgMs',
      align: 'end',
      render: (v: number) => ms(t, v),
      sorter: (a, b) => a.avgMs - b.avgMs,
    },
    { title: 'p95', dataIndex: 'p95', align: 'end', render: (v: number | null) => ms(t, v), responsive: ['md'] },
    {
      title: t('health.columns.max'),
      dataIndex: 'maxMs',
      align: 'end',
      render: (v: number) => ms(t, v),
      responsive: ['lg'],
    },
    {
      title: t('health.columns.errors'),
      key: 'errors',
      align: 'end',
      render: (_, r) =>
        r.errors5xx ? (
          <Tag color="red">{t('health.errorsOf', { number: n(r.errors5xx), kind: '5xx' })}</Tag>
        ) : r.errors4xx ? (
          <Tag>{t('health.errorsOf', { number: n(r.errors4xx), kind: '4xx' })}</Tag>
        ) : (
          n(0)
        ),
    },
  ];
  return (
    <>
      <div className="kpis">
        <Kpi label={P50} value={ms(t, p?.recent.p50)} hint={t('health.lastRequests', { number: n(p?.recent.count) })} />
        <Kpi label={P95} value={ms(t, p?.recent.p95)} />
        <Kpi label={P99} value={ms(t, p?.recent.p99)} />
        <Kpi
          label={t('health.requests')}
          value={n(p?.total.count)}
          hint={p ? t('health.since', { date: formatDateTime(p.since) }) : undefined}
        />
        <Kpi
          label={t('health.columns.errors')}
          value={p ? `${n(p.total.errors5xx)} / ${n(p.total.errors4xx)}` : '—'}
          hint="5xx / 4xx"
          tone={p?.total.errors5xx ? 'bad' : undefined}
        />
      </div>
      <div className="dash-grid">
        <Card size="small" title={t('health.perMinute')}>
          <Chart option={minutes} height={260} loading={q.isLoading} testId="chart-latency" />
        </Card>
        <Card size="small" title={t('health.latency')}>
          <Chart option={histogram} height={260} loading={q.isLoading} />
        </Card>
      </div>
      <Card size="small" title={t('health.routes')}>
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
  const { t } = useTranslation('admin');
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
        title={t('health.title')}
        description={t('health.description')}
        extra={
          <Button icon={<ReloadOutlined />} loading={summary.isFetching} onClick={() => void summary.refetch()}>
            {t('health.refresh')}
          </Button>
        }
      />
      {s && (
        <Alert
          type={s.status === 'ok' ? 'success' : 'warning'}
          showIcon
          style={{ marginBlockEnd: 16 }}
          title={s.status === 'ok' ? t('health.allNormal') : t('health.needsAttention')}
          description={
            s.reasons.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {s.reasons.map((r) => (
                  <li key={r}>{reasonText(t, r)}</li>
                ))}
              </ul>
            ) : (
              t('health.checked', { date: formatDateTime(s.checkedAt) })
            )
          }
          data-testid="health-status"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'summary', label: t('health.tabs.summary'), children: <SummaryTab summary={s} /> },
          {
            key: 'companies',
            label: t('health.tabs.companies'),
            children: tab === 'companies' ? <CompaniesTab /> : null,
          },
          {
            key: 'locations',
            label: t('health.tabs.locations'),
            children: tab === 'locations' ? <LocationsTab /> : null,
          },
          {
            key: 'performance',
            label: t('health.tabs.performance'),
            children: tab === 'performance' ? <PerformanceTab /> : null,
          },
          {
            key: 'credentials',
            label: t('credentials.title'),
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

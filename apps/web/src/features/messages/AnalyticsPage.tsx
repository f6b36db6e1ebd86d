import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Select, Skeleton, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { i18n } from '../../i18n/i18n';
import { fixed, int } from '../reporting/display';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useEmbedded } from '../../app/EmbedContext';
import { Kpi } from '../reporting/ui';
import {
  downloadMessagesExport,
  EXPORTS,
  messagesApi,
  type AnalyticsFilter,
  type BreakdownRow,
  type ConversationAnalytics,
} from './api';
import { messagesKeys } from './queryKeys';
import '../reporting/reporting.css';
import './messages.css';

const VolumeChart = lazy(() => import('./VolumeChart'));

type Row = BreakdownRow;

/** Rows Monday first; the server counts weekdays from 0 = Sunday. Names from the catalogue by number. */
const WEEKDAYS: number[] = [1, 2, 3, 4, 5, 6, 0];

/** Seconds as the largest sensible unit: 40 s, 45 min, 3.2 h, 1.5 d. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  const unit = (key: string, value: string) => i18n.t(`messages:units.${key}`, { value });
  if (seconds < 60) return unit('seconds', int(Math.round(seconds)));
  const minutes = seconds / 60;
  if (minutes < 60) return unit('minutes', int(Math.round(minutes)));
  if (minutes < 60 * 24) return unit('hours', fixed(minutes / 60, 1));
  return unit('days', fixed(minutes / 60 / 24, 1));
}

const percent = (v: number | null | undefined) =>
  v === null || v === undefined ? '–' : i18n.t('messages:units.percent', { value: int(Math.round(v)) });

/** Weekday (Monday first) by hour: each cell's shade is its share of the busiest hour. */
function HeatMap({ cells }: { cells: ConversationAnalytics['heatmap'] }) {
  const { t } = useTranslation('messages');
  const grid = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.count]));
  const max = Math.max(1, ...cells.map((c) => c.count));
  const shade = (n: number) => (n === 0 ? '#f1f5f9' : `rgba(79, 70, 229, ${0.15 + (0.85 * n) / max})`);
  return (
    <div className="msg-heat-wrap">
      <div className="msg-heat" role="table" aria-label={t('analytics.heatAria')} data-testid="heat-map">
        <div role="row" style={{ display: 'contents' }}>
          <span role="columnheader" aria-label={t('analytics.weekday')} />
          {Array.from({ length: 24 }, (_, h) => (
            <span key={h} className="msg-heat-hour" role="columnheader" aria-label={`${int(h)}:00`}>
              {h % 3 === 0 ? int(h) : ''}
            </span>
          ))}
        </div>
        {WEEKDAYS.map((d) => {
          const day = t(`analytics.days.${d}`);
          return (
            <div key={d} role="row" style={{ display: 'contents' }}>
              <span className="msg-heat-day" role="rowheader">
                {day}
              </span>
              {Array.from({ length: 24 }, (_, h) => {
                const n = grid.get(`${d}:${h}`) ?? 0;
                return (
                  <span
                    key={h}
                    role="cell"
                    className="msg-heat-cell"
                    style={{ background: shade(n) }}
                    title={t('analytics.cellTitle', {
                      day,
                      hour: `${int(h).padStart(2, int(0))}:${int(0)}${int(0)}`,
                      count: n,
                      value: int(n),
                    })}
                    aria-label={t('analytics.cellAria', {
                      day,
                      hour: `${int(h)}:${int(0)}${int(0)}`,
                      count: n,
                      value: int(n),
                    })}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
      <div className="msg-heat-legend">
        {t('analytics.heatLegend')}
        {[0.15, 0.4, 0.65, 1].map((a) => (
          <span key={a} className="swatch" style={{ background: `rgba(79, 70, 229, ${a})` }} />
        ))}
        {t('analytics.more')}
      </div>
    </div>
  );
}

function breakdownColumns(first: string, t: TFunction): TableColumnsType<Row> {
  return [
    { key: 'name', title: first, dataIndex: 'name', render: (v: string) => <span dir="auto">{v}</span> },
    {
      key: 'conversations',
      title: t('analytics.columns.conversations'),
      align: 'end',
      dataIndex: 'conversations',
      render: int,
    },
    { key: 'inbound', title: t('analytics.columns.received'), align: 'end', dataIndex: 'inbound', render: int },
    { key: 'outbound', title: t('analytics.columns.sent'), align: 'end', dataIndex: 'outbound', render: int },
    {
      key: 'rate',
      title: t('analytics.columns.responseRate'),
      align: 'end',
      render: (_, r) => percent(r.responseRate),
    },
    {
      key: 'first',
      title: t('analytics.columns.firstResponse'),
      align: 'end',
      render: (_, r) => duration(r.firstResponseMedianSeconds),
    },
  ];
}

function Breakdown({ rows, first, loading, testId }: { rows: Row[]; first: string; loading: boolean; testId: string }) {
  const { t } = useTranslation('messages');
  return (
    <Table<Row>
      rowKey={(r) => String(r.id ?? r.name)}
      columns={breakdownColumns(first, t)}
      dataSource={rows}
      loading={loading}
      pagination={false}
      size="small"
      data-testid={testId}
    />
  );
}

/** /messages/analytics: how many conversations come in, how fast and how often they are answered. */
export default function AnalyticsPage() {
  const { t } = useTranslation('messages');
  const embedded = useEmbedded();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(29, 'day'), dayjs()]);
  const [pageId, setPageId] = useState<number | undefined>();
  const filter: AnalyticsFilter = useMemo(
    () => ({ date_from: range[0].format('YYYY-MM-DD'), date_to: range[1].format('YYYY-MM-DD'), pageId }),
    [range, pageId],
  );
  const pages = useQuery({ queryKey: messagesKeys.pages, queryFn: messagesApi.pages });
  const data = useQuery({
    queryKey: messagesKeys.analytics(filter),
    queryFn: ({ signal }) => messagesApi.analytics(filter, signal),
    placeholderData: keepPreviousData,
  });
  const a = data.data;
  const exportQuery = { date_from: filter.date_from, date_to: filter.date_to, pageId: pageId?.toString() };

  return (
    <div className="msg-page">
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.description')}
        extra={
          !embedded && (
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadMessagesExport(EXPORTS.analytics, exportQuery)}
                data-testid="export-analytics"
              >
                {t('analytics.exportAnalytics')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadMessagesExport(EXPORTS.pages, exportQuery)}
                data-testid="export-pages"
              >
                {t('analytics.exportPages')}
              </Button>
            </Space>
          )
        }
      />
      <Space wrap className="msg-analytics-filters" style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
          aria-label={t('analytics.period')}
          data-testid="analytics-range"
        />
        <Select
          allowClear
          placeholder={t('analytics.allPages')}
          aria-label={t('analytics.page')}
          value={pageId}
          onChange={(v?: number) => setPageId(v)}
          options={(pages.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          style={{ minWidth: 200 }}
          data-testid="analytics-page"
        />
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Kpi
            title={t('analytics.kpi.conversations')}
            value={a ? int(a.totals.conversations) : '–'}
            loading={data.isPending}
            testId="kpi-conversations"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title={t('analytics.kpi.median')}
            value={duration(a?.totals.firstResponseMedianSeconds)}
            loading={data.isPending}
            testId="kpi-median"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title={t('analytics.kpi.p90')}
            value={duration(a?.totals.firstResponseP90Seconds)}
            loading={data.isPending}
            testId="kpi-p90"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title={t('analytics.kpi.responseRate')}
            value={percent(a?.totals.responseRate)}
            loading={data.isPending}
            testId="kpi-response-rate"
            hint={t('analytics.kpi.responseRateHint')}
          />
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('analytics.volume')}>
            {data.isPending ? (
              <Skeleton active />
            ) : a && a.volume.length > 0 ? (
              <Suspense fallback={<Skeleton active />}>
                <VolumeChart volume={a.volume} from={a.date_from} to={a.date_to} />
              </Suspense>
            ) : (
              <Empty description={t('analytics.noMessages')} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('analytics.busiest')}>
            {data.isPending ? <Skeleton active /> : <HeatMap cells={a?.heatmap ?? []} />}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('analytics.byPage')}>
            <Breakdown
              rows={a?.pages ?? []}
              first={t('analytics.page')}
              loading={data.isPending}
              testId="analytics-pages"
            />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('analytics.byLocation')}>
            <Breakdown
              rows={a?.locations ?? []}
              first={t('analytics.location')}
              loading={data.isPending}
              testId="analytics-locations"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

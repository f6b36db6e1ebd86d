import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Col, DatePicker, Empty, Row, Select, Skeleton, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
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

/** Rows Monday first; the server counts weekdays from 0 = Sunday. */
const WEEKDAYS: [string, number][] = [
  ['Mon', 1],
  ['Tue', 2],
  ['Wed', 3],
  ['Thu', 4],
  ['Fri', 5],
  ['Sat', 6],
  ['Sun', 0],
];

/** Seconds as the largest sensible unit: 40 s, 45 min, 3.2 h, 1.5 d. */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = seconds / 60;
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 60 * 24) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 60 / 24).toFixed(1)} d`;
}

const percent = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${Math.round(v)}%`);

/** Weekday (Monday first) by hour: each cell's shade is its share of the busiest hour. */
function HeatMap({ cells }: { cells: ConversationAnalytics['heatmap'] }) {
  const grid = new Map(cells.map((c) => [`${c.weekday}:${c.hour}`, c.count]));
  const max = Math.max(1, ...cells.map((c) => c.count));
  const shade = (n: number) => (n === 0 ? '#f1f5f9' : `rgba(79, 70, 229, ${0.15 + (0.85 * n) / max})`);
  return (
    <div className="msg-heat-wrap">
      <div className="msg-heat" role="table" aria-label="Messages by weekday and hour" data-testid="heat-map">
        <div role="row" style={{ display: 'contents' }}>
          <span role="columnheader" aria-label="Weekday" />
          {Array.from({ length: 24 }, (_, h) => (
            <span key={h} className="msg-heat-hour" role="columnheader" aria-label={`${h}:00`}>
              {h % 3 === 0 ? h : ''}
            </span>
          ))}
        </div>
        {WEEKDAYS.map(([day, d]) => (
          <div key={day} role="row" style={{ display: 'contents' }}>
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
                  title={`${day} ${String(h).padStart(2, '0')}:00 · ${n} messages`}
                  aria-label={`${day} ${h}:00, ${n} messages`}
                />
              );
            })}
          </div>
        ))}
      </div>
      <div className="msg-heat-legend">
        Inbound messages by hour (UTC) · Fewer
        {[0.15, 0.4, 0.65, 1].map((a) => (
          <span key={a} className="swatch" style={{ background: `rgba(79, 70, 229, ${a})` }} />
        ))}
        More
      </div>
    </div>
  );
}

function breakdownColumns(first: string): TableColumnsType<Row> {
  return [
    { key: 'name', title: first, dataIndex: 'name' },
    { key: 'conversations', title: 'Conversations', align: 'right', dataIndex: 'conversations' },
    { key: 'inbound', title: 'Received', align: 'right', dataIndex: 'inbound' },
    { key: 'outbound', title: 'Sent', align: 'right', dataIndex: 'outbound' },
    { key: 'rate', title: 'Response rate', align: 'right', render: (_, r) => percent(r.responseRate) },
    {
      key: 'first',
      title: 'First response (median)',
      align: 'right',
      render: (_, r) => duration(r.firstResponseMedianSeconds),
    },
  ];
}

function Breakdown({ rows, first, loading, testId }: { rows: Row[]; first: string; loading: boolean; testId: string }) {
  return (
    <Table<Row>
      rowKey={(r) => String(r.id ?? r.name)}
      columns={breakdownColumns(first)}
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
        title="Messages Analytics"
        description="Conversation volume, response times and the busiest hours of your pages."
        extra={
          !embedded && (
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadMessagesExport(EXPORTS.analytics, exportQuery)}
                data-testid="export-analytics"
              >
                Conversation analytics
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void downloadMessagesExport(EXPORTS.pages, exportQuery)}
                data-testid="export-pages"
              >
                Pages
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
          aria-label="Period"
          data-testid="analytics-range"
        />
        <Select
          allowClear
          placeholder="All pages"
          aria-label="Page"
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
            title="Conversations"
            value={a?.totals.conversations ?? '–'}
            loading={data.isPending}
            testId="kpi-conversations"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title="First response, median"
            value={duration(a?.totals.firstResponseMedianSeconds)}
            loading={data.isPending}
            testId="kpi-median"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title="First response, 90th percentile"
            value={duration(a?.totals.firstResponseP90Seconds)}
            loading={data.isPending}
            testId="kpi-p90"
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            title="Response rate"
            value={percent(a?.totals.responseRate)}
            loading={data.isPending}
            testId="kpi-response-rate"
            hint="Conversations with at least one answer from your team, out of all conversations in the period."
          />
        </Col>
        <Col xs={24} xl={14}>
          <Card title="Volume by day and channel">
            {data.isPending ? (
              <Skeleton active />
            ) : a && a.volume.length > 0 ? (
              <Suspense fallback={<Skeleton active />}>
                <VolumeChart volume={a.volume} from={a.date_from} to={a.date_to} />
              </Suspense>
            ) : (
              <Empty description="No messages in this period" />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="Busiest hours">
            {data.isPending ? <Skeleton active /> : <HeatMap cells={a?.heatmap ?? []} />}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="By page">
            <Breakdown rows={a?.pages ?? []} first="Page" loading={data.isPending} testId="analytics-pages" />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="By location">
            <Breakdown
              rows={a?.locations ?? []}
              first="Location"
              loading={data.isPending}
              testId="analytics-locations"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

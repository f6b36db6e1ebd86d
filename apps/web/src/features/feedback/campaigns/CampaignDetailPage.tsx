import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, StopOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import dayjs from 'dayjs';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMe } from '../../auth/queries';
import { campaignKeys, campaignsApi, MANAGERS, pct, STATUS_TAGS, type Campaign, type Recipient } from './api';
import { CampaignFunnelCard } from './CampaignFunnelCard';
import './campaigns.css';

const FILTERS = [
  ['', 'Everyone'],
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['opened', 'Opened'],
  ['clicked', 'Clicked'],
  ['rated', 'Rated'],
  ['reviewed', 'Reviewed publicly'],
  ['feedback', 'Private feedback'],
  ['unsubscribed', 'Unsubscribed'],
  ['failed', 'Failed'],
  ['skipped', 'Skipped'],
] as const;

/** Solid tags in dark shades: white text on them passes WCAG AA contrast (antd's light cyan and gold do not). */
const STAGE: Record<string, { color: string; label: string }> = {
  sent: { color: '#475569', label: 'Sent' },
  delivered: { color: '#1d4ed8', label: 'Delivered' },
  opened: { color: '#4338ca', label: 'Opened' },
  clicked: { color: '#0e7490', label: 'Clicked' },
  rated: { color: '#a16207', label: 'Rated' },
  reviewed: { color: '#15803d', label: 'Reviewed publicly' },
  feedback: { color: '#be185d', label: 'Private feedback' },
};

/** What a recipient's row says: where they got to, or why they were not sent to. */
function RecipientState({ r }: { r: Recipient }) {
  const extra = r.unsubscribed_at ? <Tag color="#c2410c">Unsubscribed</Tag> : null;
  if (r.state === 'failed' || r.state === 'skipped')
    return (
      <Space size={4} wrap>
        <Tag color={r.state === 'failed' ? '#b91c1c' : 'default'}>{r.state === 'failed' ? 'Failed' : 'Skipped'}</Tag>
        <span className="cp-reason">{r.failure_reason}</span>
        {extra}
      </Space>
    );
  if (r.state === 'queued' || r.state === 'sending') return <Tag>{r.state === 'queued' ? 'Queued' : 'Sending'}</Tag>;
  const stage = STAGE[r.stage ?? 'sent'] ?? STAGE.sent!;
  return (
    <Space size={4} wrap>
      <Tag color={stage.color} data-testid="recipient-stage">
        {stage.label}
      </Tag>
      {extra}
    </Space>
  );
}

function Counts({ c }: { c: Campaign }) {
  const items: [string, number, string?][] = [
    ['Recipients', c.counts.total],
    ['Sent', c.counts.sent],
    ['Delivered', c.counts.delivered, pct(c.rates.delivery_rate)],
    ...(c.channel === 'email'
      ? ([['Opened', c.counts.opened, pct(c.rates.open_rate)]] as [string, number, string][])
      : []),
    ['Clicked', c.counts.clicked, pct(c.rates.click_rate)],
    ['Rated', c.counts.rated, pct(c.rates.rating_rate)],
    ['Reviewed', c.counts.reviewed, pct(c.rates.review_rate)],
    ['Feedback', c.counts.feedback, pct(c.rates.feedback_rate)],
    ['Unsubscribed', c.counts.unsubscribed],
    ['Failed', c.counts.failed],
    ['Skipped', c.counts.skipped],
    ...(c.counts.queued ? ([['Queued', c.counts.queued]] as [string, number][]) : []),
  ];
  return (
    <div className="cp-counts" data-testid="campaign-counts">
      {items.map(([label, value, rate]) => (
        <Card key={label} size="small">
          <div className="cp-count-label">{label}</div>
          <div className="cp-count-value">{value.toLocaleString('en')}</div>
          <div className="cp-rate">{rate && rate !== '–' ? rate : '\u00a0'}</div>
        </Card>
      ))}
    </div>
  );
}

/** /feedback/campaigns/:id: counts, funnel and every recipient's state, refreshed while it sends. */
export default function CampaignDetailPage() {
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const manage = MANAGERS.includes(useMe().data?.role ?? 'analyst');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const campaign = useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: ({ signal }) => campaignsApi.get(id, signal),
    refetchInterval: (q) => (q.state.data && ['sending', 'scheduled'].includes(q.state.data.status) ? 2000 : false),
  });
  const live = campaign.data && ['sending', 'scheduled'].includes(campaign.data.status) ? 2000 : false;
  const recipients = useQuery({
    queryKey: campaignKeys.recipients(id, page, filter || undefined),
    queryFn: ({ signal }) => campaignsApi.recipients(id, page, filter || undefined, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live,
  });
  const act = useMutation({
    mutationFn: (kind: 'cancel' | 'resume') =>
      kind === 'cancel' ? campaignsApi.cancel(id) : campaignsApi.send(id, null),
    onSuccess: (c) => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
      void message.success(c.status === 'cancelled' ? 'Campaign cancelled.' : 'Campaign resumed.');
    },
    onError: (e) => void message.error(e.message),
  });
  const c = campaign.data;
  if (campaign.isError) return <Alert type="error" showIcon message={campaign.error.message} />;

  const columns: TableColumnsType<Recipient> = [
    {
      title: 'Recipient',
      key: 'who',
      render: (_, r) => (
        <div>
          <div>{r.name ?? '—'}</div>
          <div className="cp-muted">{r.address || '—'}</div>
        </div>
      ),
    },
    { title: 'Location', dataIndex: 'location', render: (v: string | null) => v ?? '—' },
    { title: 'State', key: 'state', render: (_, r) => <RecipientState r={r} /> },
    {
      title: 'Sent',
      dataIndex: 'sent_at',
      render: (v: string | null, r) =>
        v ? (
          <Tooltip
            title={r.reminder_sent_at ? `Reminder ${dayjs(r.reminder_sent_at).format('D MMM HH:mm')}` : undefined}
          >
            {dayjs(v).format('D MMM HH:mm')}
          </Tooltip>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={c?.name ?? 'Campaign'}
        description={
          c && (
            <Space wrap size={6}>
              <Link to="/feedback/campaigns">
                <ArrowLeftOutlined /> Campaigns
              </Link>
              <span>·</span>
              <Tag color={STATUS_TAGS[c.status].color} data-testid="campaign-detail-status">
                {STATUS_TAGS[c.status].label}
              </Tag>
              <span>
                {c.channel === 'sms' ? 'SMS' : 'Email'} to {c.list_name ?? 'every contact'}
                {c.template_name ? ` with “${c.template_name}”` : ''}
                {c.reminder_after_days ? `, reminder after ${c.reminder_after_days} days` : ''}
              </span>
            </Space>
          )
        }
        extra={
          c &&
          manage &&
          ['scheduled', 'sending', 'failed'].includes(c.status) && (
            <Space>
              {c.status === 'failed' && (
                <Button icon={<SendOutlined />} onClick={() => act.mutate('resume')} loading={act.isPending}>
                  Resume
                </Button>
              )}
              {['scheduled', 'sending', 'failed'].includes(c.status) && (
                <Popconfirm
                  title="Cancel this campaign? Recipients not sent yet will be skipped."
                  okText="Cancel campaign"
                  cancelText="Keep"
                  onConfirm={() => act.mutate('cancel')}
                >
                  <Button danger icon={<StopOutlined />}>
                    Cancel
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )
        }
      />
      {c?.status === 'failed' && c.error && (
        <Alert className="cp-alert" type="error" showIcon message="Sending stopped" description={c.error} />
      )}
      {c?.status === 'scheduled' && c.scheduled_at && (
        <Alert
          className="cp-alert"
          type="info"
          showIcon
          message={`Scheduled for ${dayjs(c.scheduled_at).format('D MMM YYYY, HH:mm')}`}
        />
      )}
      {c && <Counts c={c} />}
      <div className="cp-detail-grid">
        <CampaignFunnelCard campaignId={id} refetchMs={live} />
        <Card
          title="Recipients"
          extra={
            <Select
              value={filter}
              onChange={(v) => {
                setFilter(v);
                setPage(1);
              }}
              options={FILTERS.map(([value, label]) => ({ value, label }))}
              style={{ minWidth: 170 }}
              // Twelve short options: all of them rendered (and reachable), none virtualised away.
              virtual={false}
              listHeight={400}
              aria-label="Filter recipients"
              data-testid="recipient-filter"
            />
          }
        >
          <Table<Recipient>
            rowKey="id"
            columns={columns}
            dataSource={recipients.data?.data}
            loading={recipients.isLoading}
            locale={{
              emptyText: (
                <span className="cp-empty">
                  {c?.status === 'draft' || c?.status === 'scheduled'
                    ? 'Recipients appear when the campaign starts sending.'
                    : 'No recipient in this state.'}
                </span>
              ),
            }}
            pagination={{
              current: page,
              pageSize: 20,
              total: recipients.data?.total ?? 0,
              hideOnSinglePage: true,
              onChange: setPage,
              showSizeChanger: false,
            }}
            data-testid="recipients-table"
          />
        </Card>
      </div>
    </>
  );
}

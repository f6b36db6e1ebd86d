import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined, StopOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link } from '../../../lib/Link';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMe } from '../../auth/queries';
import { campaignKeys, campaignsApi, MANAGERS, pct, STATUS_TAGS, type Campaign, type Recipient } from './api';
import { CampaignFunnelCard } from './CampaignFunnelCard';
import './campaigns.css';

/** The recipient filter's states; each label is `feedback:campaigns.filter.<state>` ('' is everyone). */
const FILTERS = [
  '',
  'queued',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'rated',
  'reviewed',
  'feedback',
  'unsubscribed',
  'failed',
  'skipped',
] as const;

/** Solid tags in dark shades: white text on them passes WCAG AA contrast (antd's light cyan and gold do not). */
/** A send time as the table shows it (day, month, time). */
const shortTime = (iso: string) => dayjs(iso).format('D MMM HH:mm');

const STAGE: Record<string, string> = {
  sent: '#475569',
  delivered: '#1d4ed8',
  opened: '#4338ca',
  clicked: '#0e7490',
  rated: '#a16207',
  reviewed: '#15803d',
  feedback: '#be185d',
};

/** What a recipient's row says: where they got to, or why they were not sent to. */
function RecipientState({ r }: { r: Recipient }) {
  const { t } = useTranslation('feedback');
  const extra = r.unsubscribed_at ? <Tag color="#c2410c">{t('campaigns.filter.unsubscribed')}</Tag> : null;
  if (r.state === 'failed' || r.state === 'skipped')
    return (
      <Space size={4} wrap>
        <Tag color={r.state === 'failed' ? '#b91c1c' : 'default'}>
          {r.state === 'failed' ? t('campaigns.filter.failed') : t('campaigns.filter.skipped')}
        </Tag>
        <span className="cp-reason">{r.failure_reason}</span>
        {extra}
      </Space>
    );
  if (r.state === 'queued' || r.state === 'sending')
    return <Tag>{r.state === 'queued' ? t('campaigns.filter.queued') : t('campaigns.status.sending')}</Tag>;
  const stage = r.stage && STAGE[r.stage] ? r.stage : 'sent';
  return (
    <Space size={4} wrap>
      <Tag color={STAGE[stage]} data-testid="recipient-stage">
        {t(`campaigns.filter.${stage}`)}
      </Tag>
      {extra}
    </Space>
  );
}

function Counts({ c }: { c: Campaign }) {
  const { t } = useTranslation('feedback');
  // [key of feedback:campaigns.count, value, rate]
  const items: [string, number, string?][] = [
    ['recipients', c.counts.total],
    ['sent', c.counts.sent],
    ['delivered', c.counts.delivered, pct(c.rates.delivery_rate)],
    ...(c.channel === 'email'
      ? ([['opened', c.counts.opened, pct(c.rates.open_rate)]] as [string, number, string][])
      : []),
    ['clicked', c.counts.clicked, pct(c.rates.click_rate)],
    ['rated', c.counts.rated, pct(c.rates.rating_rate)],
    ['reviewed', c.counts.reviewed, pct(c.rates.review_rate)],
    ['feedback', c.counts.feedback, pct(c.rates.feedback_rate)],
    ['unsubscribed', c.counts.unsubscribed],
    ['failed', c.counts.failed],
    ['skipped', c.counts.skipped],
    ...(c.counts.queued ? ([['queued', c.counts.queued]] as [string, number][]) : []),
  ];
  return (
    <div className="cp-counts" data-testid="campaign-counts">
      {items.map(([label, value, rate]) => (
        <Card key={label} size="small">
          <div className="cp-count-label">{t(`campaigns.count.${label}`)}</div>
          <div className="cp-count-value">{formatNumber(value)}</div>
          <div className="cp-rate">{rate && rate !== '–' ? rate : '\u00a0'}</div>
        </Card>
      ))}
    </div>
  );
}

/** /feedback/campaigns/:id: counts, funnel and every recipient's state, refreshed while it sends. */
export default function CampaignDetailPage() {
  const { t } = useTranslation('feedback');
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
      void message.success(c.status === 'cancelled' ? t('campaigns.cancelled') : t('campaigns.resumed'));
    },
    onError: (e) => void message.error(e.message),
  });
  const c = campaign.data;
  if (campaign.isError) return <Alert type="error" showIcon message={campaign.error.message} />;

  const columns: TableColumnsType<Recipient> = [
    {
      title: t('campaigns.recipient'),
      key: 'who',
      render: (_, r) => (
        <div>
          <div dir="auto">{r.name ?? '—'}</div>
          <div className="cp-muted" dir="ltr">
            {r.address || '—'}
          </div>
        </div>
      ),
    },
    {
      title: t('campaigns.location'),
      dataIndex: 'location',
      render: (v: string | null) => <span dir="auto">{v ?? '—'}</span>,
    },
    { title: t('campaigns.state'), key: 'state', render: (_, r) => <RecipientState r={r} /> },
    {
      title: t('campaigns.sent'),
      dataIndex: 'sent_at',
      render: (v: string | null, r) =>
        v ? (
          <Tooltip
            title={
              r.reminder_sent_at
                ? t('campaigns.reminderAt', { when: dayjs(r.reminder_sent_at).format('D MMM HH:mm') })
                : undefined
            }
          >
            {shortTime(v)}
          </Tooltip>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={c?.name ?? t('campaigns.campaign')}
        description={
          c && (
            <Space wrap size={6}>
              <Link to="/feedback/campaigns">
                <ArrowLeftOutlined className="fb-mirror" /> {t('campaigns.title')}
              </Link>
              <span>·</span>
              <Tag color={STATUS_TAGS[c.status].color} data-testid="campaign-detail-status">
                {t(`campaigns.status.${c.status}`)}
              </Tag>
              <span>
                {t('campaigns.summary', {
                  channel: t(`channel.${c.channel}`),
                  list: c.list_name ?? t('campaigns.everyContactLower'),
                })}
                {c.template_name ? t('campaigns.summaryTemplate', { template: c.template_name }) : ''}
                {c.reminder_after_days
                  ? t('campaigns.summaryReminder', {
                      count: c.reminder_after_days,
                      n: formatNumber(c.reminder_after_days),
                    })
                  : ''}
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
                <Button
                  icon={<SendOutlined className="fb-mirror" />}
                  onClick={() => act.mutate('resume')}
                  loading={act.isPending}
                >
                  {t('campaigns.resume')}
                </Button>
              )}
              {['scheduled', 'sending', 'failed'].includes(c.status) && (
                <Popconfirm
                  title={t('campaigns.cancelConfirm')}
                  okText={t('campaigns.cancelCampaign')}
                  cancelText={t('campaigns.keep')}
                  onConfirm={() => act.mutate('cancel')}
                >
                  <Button danger icon={<StopOutlined />}>
                    {t('campaigns.cancel')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )
        }
      />
      {c?.status === 'failed' && c.error && (
        <Alert className="cp-alert" type="error" showIcon message={t('campaigns.stoppedTitle')} description={c.error} />
      )}
      {c?.status === 'scheduled' && c.scheduled_at && (
        <Alert
          className="cp-alert"
          type="info"
          showIcon
          message={t('campaigns.scheduledFor', { when: dayjs(c.scheduled_at).format('D MMM YYYY, HH:mm') })}
        />
      )}
      {c && <Counts c={c} />}
      <div className="cp-detail-grid">
        <CampaignFunnelCard campaignId={id} refetchMs={live} />
        <Card
          title={t('campaigns.recipients')}
          extra={
            <Select
              value={filter}
              onChange={(v) => {
                setFilter(v);
                setPage(1);
              }}
              options={FILTERS.map((value) => ({ value, label: t(`campaigns.filter.${value || 'everyone'}`) }))}
              style={{ minWidth: 170 }}
              // Twelve short options: all of them rendered (and reachable), none virtualised away.
              virtual={false}
              listHeight={400}
              aria-label={t('campaigns.filterRecipients')}
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
                    ? t('campaigns.recipientsLater')
                    : t('campaigns.noRecipient')}
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

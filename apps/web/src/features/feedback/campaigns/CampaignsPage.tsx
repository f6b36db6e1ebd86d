import { useState } from 'react';
import { App, Button, Card, Popconfirm, Progress, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, MailOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Link } from '../../../lib/Link';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../i18n/format';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMe } from '../../auth/queries';
import { campaignKeys, campaignsApi, MANAGERS, pct, STATUS_TAGS, type Campaign } from './api';
import './campaigns.css';
import { lazyPart } from '../../../lib/lazyPart';

const CampaignDrawer = lazyPart(() => import('./CampaignDrawer').then((m) => m.CampaignDrawer));

function when(c: Campaign, t: TFunction): string {
  if (c.status === 'scheduled' && c.scheduled_at)
    return t('campaigns.scheduledAt', { when: dayjs(c.scheduled_at).format('D MMM YYYY, HH:mm') });
  const at = c.finished_at ?? c.started_at ?? c.created_at;
  return dayjs(at).format('D MMM YYYY');
}

/** Sent of those to send, while a campaign goes out. */
function progressOf(c: Campaign): number {
  const todo = c.counts.total - c.counts.skipped;
  return todo > 0 ? Math.round(((c.counts.sent + c.counts.failed) / todo) * 100) : 0;
}

/** /feedback/campaigns: email and SMS invitations with their status and rates; create, send, follow. */
export default function CampaignsPage() {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const manage = MANAGERS.includes(useMe().data?.role ?? 'analyst');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const list = useQuery({
    queryKey: campaignKeys.list(page),
    queryFn: ({ signal }) => campaignsApi.list(page, signal),
    placeholderData: keepPreviousData,
    // While one is going out its progress moves: poll until none is.
    refetchInterval: (q) =>
      q.state.data?.data.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 3000 : false,
  });
  const remove = useMutation({
    mutationFn: (id: number) => campaignsApi.remove(id),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
      void message.success(r.message);
    },
    onError: (e) => void message.error(e.message),
  });

  const columns: TableColumnsType<Campaign> = [
    {
      title: t('campaigns.campaign'),
      key: 'name',
      render: (_, c) => (
        <div>
          <Link to={`/feedback/campaigns/${c.id}`} className="cp-name" data-testid="campaign-link">
            {c.channel === 'sms' ? (
              <MessageOutlined aria-label={t('channel.sms')} />
            ) : (
              <MailOutlined aria-label={t('channel.email')} />
            )}{' '}
            <span dir="auto">{c.name}</span>
          </Link>
          <div className="cp-muted">
            <span dir="auto">{c.list_name ?? t('campaigns.everyContact')}</span> · {when(c, t)}
          </div>
        </div>
      ),
    },
    {
      title: t('campaigns.statusTitle'),
      key: 'status',
      render: (_, c) =>
        c.status === 'sending' ? (
          <div className="cp-progress">
            <Tag color="processing">{t('campaigns.status.sending')}</Tag>
            <Progress
              percent={progressOf(c)}
              format={(p) => formatNumber((p ?? 0) / 100, { style: 'percent' })}
              size="small"
              aria-label={t('campaigns.progressOf', { name: c.name })}
            />
          </div>
        ) : (
          <Tag color={STATUS_TAGS[c.status].color} data-testid="campaign-status">
            {t(`campaigns.status.${c.status}`)}
          </Tag>
        ),
    },
    { title: t('campaigns.sent'), key: 'sent', align: 'end', render: (_, c) => formatNumber(c.counts.sent) },
    { title: t('campaigns.delivered'), key: 'delivered', align: 'end', render: (_, c) => pct(c.rates.delivery_rate) },
    {
      title: t('campaigns.opened'),
      key: 'opened',
      align: 'end',
      render: (_, c) => (c.channel === 'sms' ? '–' : pct(c.rates.open_rate)),
    },
    { title: t('campaigns.clicked'), key: 'clicked', align: 'end', render: (_, c) => pct(c.rates.click_rate) },
    { title: t('campaigns.rated'), key: 'rated', align: 'end', render: (_, c) => pct(c.rates.rating_rate) },
    { title: t('campaigns.reviews'), key: 'reviewed', align: 'end', render: (_, c) => pct(c.rates.review_rate) },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, c) =>
        manage && (c.status === 'draft' || c.status === 'cancelled') ? (
          <Space>
            {c.status === 'draft' && (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(c)}
                aria-label={t('campaigns.editOf', { name: c.name })}
              />
            )}
            <Popconfirm
              title={t('campaigns.deleteConfirm')}
              okText={t('campaigns.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('campaigns.cancel')}
              onConfirm={() => remove.mutate(c.id)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('campaigns.deleteOf', { name: c.name })}
              />
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('campaigns.title')}
        description={t('campaigns.description')}
        extra={
          manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="campaign-new">
              {t('campaigns.new')}
            </Button>
          )
        }
      />
      <Card>
        <Table<Campaign>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isLoading}
          locale={{
            emptyText: <span className="cp-empty">{t('campaigns.empty')}</span>,
          }}
          pagination={{
            current: page,
            pageSize: 20,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid="campaigns-table"
        />
      </Card>
      {editing && (
        <CampaignDrawer
          editing={editing}
          onClose={() => setEditing(null)}
          onSent={(id) => {
            setEditing(null);
            void navigate(`/feedback/campaigns/${id}`);
          }}
        />
      )}
    </>
  );
}

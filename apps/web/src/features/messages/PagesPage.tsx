import type { CSSProperties } from 'react';
import { App, Button, Empty, Select, Switch, Tag, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { int } from '../reporting/display';
import { PageHeader } from '../../app/ui/PageHeader';
import { Table } from '../../app/ui/ResponsiveTable';
import { useEmbedded } from '../../app/EmbedContext';
import { reviewsApi } from '../reviews/api';
import { settingsKeys } from '../settings/queryKeys';
import { downloadMessagesExport, EXPORTS, messagesApi, type MessagePage } from './api';
import { messagesKeys } from './queryKeys';
import { ChannelIcon, channelLabel, useCanManage } from './ui';
import './messages.css';

// Text colours at 4.5:1 or more on their tag backgrounds (antd's orange text is lighter).
const CONNECT: Record<string, { labelKey: string; style: CSSProperties }> = {
  connected: {
    labelKey: 'pages.state.connected',
    style: { color: '#166534', background: '#dcfce7', borderColor: '#86efac' },
  },
  reconnect_needed: {
    labelKey: 'pages.state.reconnect',
    style: { color: '#9a3412', background: '#ffedd5', borderColor: '#fdba74' },
  },
  not_connected: {
    labelKey: 'pages.state.notConnected',
    style: { color: '#334155', background: '#f1f5f9', borderColor: '#cbd5e1' },
  },
};

export function ConnectState({ state, error }: { state: string; error?: string | null }) {
  const { t } = useTranslation('messages');
  const s = CONNECT[state] ?? CONNECT.not_connected!;
  const tag = (
    <Tag style={s.style} className="msg-connect" data-testid="connect-state" data-state={state}>
      {t(s.labelKey)}
    </Tag>
  );
  return error && state !== 'connected' ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}

/** /messages/pages: the company's Facebook pages, Instagram accounts and Google locations that receive messages. */
export default function PagesPage() {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const embedded = useEmbedded();
  // Mapping pages to locations and switching them on or off is for the company's administrators.
  const canManage = useCanManage();
  const pages = useQuery({ queryKey: messagesKeys.pages, queryFn: messagesApi.pages });
  const locations = useQuery({ queryKey: settingsKeys.locations.short, queryFn: reviewsApi.locations });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: { locationId?: number | null; enabled?: boolean } }) =>
      messagesApi.updatePage(id, body),
    onSuccess: () => {
      void message.success(t('pages.saved'));
      void queryClient.invalidateQueries({ queryKey: messagesKeys.pages });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const locationOptions = (locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }));

  const columns: TableColumnsType<MessagePage> = [
    {
      key: 'page',
      title: t('pages.columns.page'),
      render: (_, p) => (
        <span className="msg-page-name">
          <ChannelIcon channel={p.provider} />
          <span>
            <b dir="auto">{p.name}</b>
            <span className="msg-muted msg-page-channel">{channelLabel(p.provider)}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'state',
      title: t('pages.columns.connection'),
      render: (_, p) => <ConnectState state={p.connectionState} error={p.lastError} />,
    },
    {
      key: 'location',
      title: t('pages.columns.location'),
      render: (_, p) => (
        <Select
          size="small"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('pages.noLocation')}
          aria-label={t('pages.locationOf', { name: p.name })}
          value={p.locationId ?? null}
          options={locationOptions}
          disabled={!canManage}
          onChange={(v?: number | null) => update.mutate({ id: p.id, body: { locationId: v ?? null } })}
          className="msg-page-location"
          popupMatchSelectWidth={false}
          data-testid="page-location"
        />
      ),
    },
    {
      key: 'enabled',
      title: t('pages.columns.enabled'),
      render: (_, p) => (
        <Switch
          checked={p.enabled}
          disabled={!canManage}
          aria-label={t('pages.receiveFrom', { name: p.name })}
          onChange={(enabled) => update.mutate({ id: p.id, body: { enabled } })}
          data-testid="page-enabled"
        />
      ),
    },
    {
      key: 'conversations',
      title: t('pages.columns.conversations'),
      align: 'end',
      render: (_, p) => int(p.conversations),
    },
    { key: 'unread', title: t('pages.columns.unread'), align: 'end', render: (_, p) => int(p.unread) },
  ];

  return (
    <div className="msg-page">
      <PageHeader
        title={t('pages.title')}
        description={t('pages.description')}
        extra={
          !embedded && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadMessagesExport(EXPORTS.pages, {})}
              data-testid="export-pages"
            >
              {t('pages.export')}
            </Button>
          )
        }
      />
      <Table<MessagePage>
        rowKey="id"
        loading={pages.isPending}
        columns={columns}
        dataSource={pages.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('pages.empty')} /> }}
        data-testid="pages-table"
      />
    </div>
  );
}

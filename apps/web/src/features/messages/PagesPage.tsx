import type { CSSProperties } from 'react';
import { App, Button, Empty, Select, Switch, Tag, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
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
const CONNECT: Record<string, { label: string; style: CSSProperties }> = {
  connected: { label: 'Connected', style: { color: '#166534', background: '#dcfce7', borderColor: '#86efac' } },
  reconnect_needed: {
    label: 'Reconnect needed',
    style: { color: '#9a3412', background: '#ffedd5', borderColor: '#fdba74' },
  },
  not_connected: { label: 'Not connected', style: { color: '#334155', background: '#f1f5f9', borderColor: '#cbd5e1' } },
};

export function ConnectState({ state, error }: { state: string; error?: string | null }) {
  const s = CONNECT[state] ?? CONNECT.not_connected!;
  const tag = (
    <Tag style={s.style} className="msg-connect" data-testid="connect-state" data-state={state}>
      {s.label}
    </Tag>
  );
  return error && state !== 'connected' ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}

/** /messages/pages: the company's Facebook pages, Instagram accounts and Google locations that receive messages. */
export default function PagesPage() {
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
      void message.success('Page saved');
      void queryClient.invalidateQueries({ queryKey: messagesKeys.pages });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const locationOptions = (locations.data?.locations ?? []).map((l) => ({ value: l.id, label: l.title }));

  const columns: TableColumnsType<MessagePage> = [
    {
      key: 'page',
      title: 'Page',
      render: (_, p) => (
        <span className="msg-page-name">
          <ChannelIcon channel={p.provider} />
          <span>
            <b>{p.name}</b>
            <span className="msg-muted msg-page-channel">{channelLabel(p.provider)}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'state',
      title: 'Connection',
      render: (_, p) => <ConnectState state={p.connectionState} error={p.lastError} />,
    },
    {
      key: 'location',
      title: 'Location',
      render: (_, p) => (
        <Select
          size="small"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="No location"
          aria-label={`Location of ${p.name}`}
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
      title: 'Enabled',
      render: (_, p) => (
        <Switch
          checked={p.enabled}
          disabled={!canManage}
          aria-label={`Receive messages from ${p.name}`}
          onChange={(enabled) => update.mutate({ id: p.id, body: { enabled } })}
          data-testid="page-enabled"
        />
      ),
    },
    { key: 'conversations', title: 'Conversations', align: 'right', render: (_, p) => p.conversations },
    { key: 'unread', title: 'Unread', align: 'right', render: (_, p) => p.unread },
  ];

  return (
    <div className="msg-page">
      <PageHeader
        title="Pages"
        description="The pages and accounts that bring messages and comments in, and the location each belongs to."
        extra={
          !embedded && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadMessagesExport(EXPORTS.pages, {})}
              data-testid="export-pages"
            >
              Export pages
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
        locale={{ emptyText: <Empty description="No pages connected yet" /> }}
        data-testid="pages-table"
      />
    </div>
  );
}

import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Radio, Space, Tag, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import { DownloadOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from '../../../app/ui/ResponsiveTable';
import { ChannelFilter } from '../ChannelFilter';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format';
import { listKeys, listsApi, PER_PAGE, type Channel, type Suppression } from './api';

/** Each reason's tag colour; its label is `feedback:suppressions.reason.<reason>`. */
const REASONS: Record<string, string> = {
  // Colours whose text keeps a 4.5:1 contrast on their tint (orange and volcano do not).
  unsubscribed: 'blue',
  bounced: 'red',
  complained: 'purple',
  stop: 'geekblue',
  manual: 'default',
};

const EXAMPLES: Record<Channel, string> = { email: 'name@example.com', sms: '+971 50 123 4567' };

function SuppressModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [channel, setChannel] = useState<Channel>('email');
  const [address, setAddress] = useState('');
  const save = useMutation({
    mutationFn: () => listsApi.suppress(channel, address.trim()),
    onSuccess: (s) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(t('suppressions.added', { address: s.address }));
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title={t('suppressions.new')}
      okText={t('suppressions.suppress')}
      okButtonProps={{ disabled: !address.trim(), 'data-testid': 'suppress-save' } as never}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="fl-muted">{t('suppressions.newHelp')}</p>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={channel}
        onChange={(e) => setChannel(e.target.value as Channel)}
        options={[
          { value: 'email', label: t('channel.email') },
          { value: 'sms', label: t('channel.sms') },
        ]}
        style={{ marginBlockEnd: 12 }}
      />
      <Input
        autoFocus
        value={address}
        dir="ltr"
        onChange={(e) => setAddress(e.target.value)}
        placeholder={EXAMPLES[channel]}
        aria-label={t('suppressions.address')}
        data-testid="suppress-address"
      />
    </Modal>
  );
}

/** The addresses no campaign writes to: unsubscribed, bounced, STOP, or added by hand. */
export function SuppressionsPanel({ manage, resubscribe }: { manage: boolean; resubscribe: boolean }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [channel, setChannel] = useState<Channel | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const rows = useQuery({
    queryKey: listKeys.suppressions(page, search, channel),
    queryFn: ({ signal }) => listsApi.suppressions(page, search, channel, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (s: Suppression) => listsApi.resubscribe(s.channel, s.address),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(r.message);
    },
    onError: (e) => void message.error(e.message),
  });
  const columns: TableColumnsType<Suppression> = [
    {
      title: t('suppressions.address'),
      dataIndex: 'address',
      render: (v: string) => (
        <span className="fl-title" dir="ltr">
          {v}
        </span>
      ),
    },
    { title: t('channel.label'), dataIndex: 'channel', render: (v: Channel) => t(`channel.${v}`) },
    {
      title: t('suppressions.reasonTitle'),
      dataIndex: 'reason',
      render: (v: string) => <Tag color={REASONS[v]}>{REASONS[v] ? t(`suppressions.reason.${v}`) : v}</Tag>,
    },
    {
      title: t('suppressions.since'),
      dataIndex: 'created_at',
      render: (v: string) => formatDate(v.slice(0, 10), { dateStyle: 'medium', timeZone: 'UTC' }),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      hidden: !resubscribe,
      render: (_, s) => (
        <Popconfirm
          title={t('suppressions.resubscribeConfirm')}
          description={t('suppressions.resubscribeHelp')}
          okText={t('suppressions.resubscribe')}
          onConfirm={() => remove.mutate(s)}
        >
          <Button size="small">{t('suppressions.resubscribe')}</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      <div className="fl-toolbar">
        <Space wrap className="fl-filters">
          <Search
            allowClear
            placeholder={t('suppressions.search')}
            aria-label={t('suppressions.searchLabel')}
            onSearch={(v) => {
              setPage(1);
              setSearch(v.trim());
            }}
          />
          <ChannelFilter
            value={channel}
            onChange={(v) => {
              setPage(1);
              setChannel(v);
            }}
          />
        </Space>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void listsApi.exportSuppressions(channel).catch((e: Error) => message.error(e.message))}
          >
            {t('lists.export')}
          </Button>
          {manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="suppress-new">
              {t('suppressions.new')}
            </Button>
          )}
        </Space>
      </div>
      <Table<Suppression>
        rowKey={(s) => `${s.channel}:${s.address}`}
        columns={columns}
        dataSource={rows.data?.data}
        loading={rows.isFetching}
        locale={{
          emptyText: (
            <span className="fl-empty">
              <StopOutlined /> {search || channel ? t('suppressions.noMatches') : t('suppressions.empty')}
            </span>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: rows.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="suppressions-table"
      />
      {adding && <SuppressModal onClose={() => setAdding(false)} />}
    </>
  );
}

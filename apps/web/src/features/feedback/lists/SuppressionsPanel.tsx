import { useState } from 'react';
import { App, Button, Input, Modal, Popconfirm, Radio, Space, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from '../../../app/ui/ResponsiveTable';
import { ChannelFilter } from '../ChannelFilter';
import { listKeys, listsApi, PER_PAGE, type Channel, type Suppression } from './api';

const REASONS: Record<string, { label: string; color: string }> = {
  // Colours whose text keeps a 4.5:1 contrast on their tint (orange and volcano do not).
  unsubscribed: { label: 'Unsubscribed', color: 'blue' },
  bounced: { label: 'Bounced', color: 'red' },
  complained: { label: 'Complained', color: 'purple' },
  stop: { label: 'Replied STOP', color: 'geekblue' },
  manual: { label: 'Added by hand', color: 'default' },
};

function SuppressModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [channel, setChannel] = useState<Channel>('email');
  const [address, setAddress] = useState('');
  const save = useMutation({
    mutationFn: () => listsApi.suppress(channel, address.trim()),
    onSuccess: (s) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(`${s.address} will not be asked again.`);
      onClose();
    },
    onError: (e) => void message.error(e.message),
  });
  return (
    <Modal
      open
      title="Suppress an address"
      okText="Suppress"
      okButtonProps={{ disabled: !address.trim(), 'data-testid': 'suppress-save' } as never}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="fl-muted">
        For a customer who asked not to be contacted (by phone, at the till): no campaign will write to this address
        again.
      </p>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={channel}
        onChange={(e) => setChannel(e.target.value as Channel)}
        options={[
          { value: 'email', label: 'Email' },
          { value: 'sms', label: 'SMS' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Input
        autoFocus
        value={address}
        dir="ltr"
        onChange={(e) => setAddress(e.target.value)}
        placeholder={channel === 'email' ? 'name@example.com' : '+971 50 123 4567'}
        aria-label="Address"
        data-testid="suppress-address"
      />
    </Modal>
  );
}

/** The addresses no campaign writes to: unsubscribed, bounced, STOP, or added by hand. */
export function SuppressionsPanel({ manage, resubscribe }: { manage: boolean; resubscribe: boolean }) {
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
      title: 'Address',
      dataIndex: 'address',
      render: (v: string) => (
        <span className="fl-title" dir="ltr">
          {v}
        </span>
      ),
    },
    { title: 'Channel', dataIndex: 'channel', render: (v: Channel) => (v === 'email' ? 'Email' : 'SMS') },
    {
      title: 'Reason',
      dataIndex: 'reason',
      render: (v: string) => <Tag color={REASONS[v]?.color}>{REASONS[v]?.label ?? v}</Tag>,
    },
    { title: 'Since', dataIndex: 'created_at', render: (v: string) => v.slice(0, 10) },
    {
      title: '',
      key: 'actions',
      align: 'right',
      hidden: !resubscribe,
      render: (_, s) => (
        <Popconfirm
          title="Re-subscribe this address?"
          description="Only when the customer asked to hear from you again."
          okText="Re-subscribe"
          onConfirm={() => remove.mutate(s)}
        >
          <Button size="small">Re-subscribe</Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <>
      <div className="fl-toolbar">
        <Space wrap className="fl-filters">
          <Input.Search
            allowClear
            placeholder="Search an address"
            aria-label="Search suppressed addresses"
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
            Export
          </Button>
          {manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="suppress-new">
              Suppress an address
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
              <StopOutlined /> {search || channel ? 'No suppressed address matches.' : 'Nobody has opted out yet.'}
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

import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Space,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from '../../app/ui/ResponsiveTable';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { errorText, formatDateTime } from './format';
import { adminKeys } from './queryKeys';

type Credentials = ApiResponse<'/v2/api/admin/servicecredentials'>;
type Credential = Credentials['data'][number];

const BASE = '/v2/api/admin/servicecredentials';
const SERVICE_TITLES: Record<string, string> = {
  google: 'Google',
  meta: 'Meta (Facebook, Instagram)',
  twitter: 'Twitter',
  openai: 'AI replies',
  translate: 'Translation',
  sms: 'SMS (Twilio)',
};
const SOURCE_TAGS = {
  environment: <Tag color="blue">Environment</Tag>,
  stored: <Tag color="green">Stored</Tag>,
  none: <Tag>Not set</Tag>,
} as const;
const ACTIONS: Record<string, string> = { created: 'set', updated: 'replaced', removed: 'removed' };

/** The value dialog: a new value for one credential, never showing the old one. */
function ValueDialog({ credential, onClose }: { credential: Credential; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ value: string }>();
  const save = useMutation({
    mutationFn: (value: string) =>
      api(`${BASE}/${credential.stored ? 'update' : 'create'}`, {
        method: credential.stored ? 'PUT' : 'POST',
        body: { provider: credential.provider, name: credential.name, value },
      }),
    onSuccess: () => {
      void message.success(`${credential.label} saved`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.credentials });
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.summary });
      onClose();
    },
    onError: (e) => form.setFields([{ name: 'value', errors: [errorText(e)] }]),
  });
  return (
    <Modal
      open
      title={`${credential.stored ? 'Replace' : 'Set'} ${credential.label}`}
      okText="Save"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {credential.source === 'environment' && (
        <Typography.Paragraph type="secondary">
          {credential.env_var} is set on the server and takes precedence: a stored value is used once it is unset.
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.value)}>
        <Form.Item
          name="value"
          label="Value"
          extra="Stored encrypted; only its last four characters are shown again."
          rules={[{ required: true, whitespace: true, message: 'Enter a value' }]}
        >
          <Input.Password autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The platform's own keys for outside services (Owner only): set, replace, remove, and who changed what. */
export function ServiceCredentialsTab() {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Credential | null>(null);
  const q = useQuery({
    queryKey: adminKeys.health.credentials,
    queryFn: ({ signal }) => api<Credentials>(BASE, { signal }),
  });
  const remove = useMutation({
    mutationFn: (c: Credential) =>
      api(BASE + '/remove', { method: 'DELETE', query: { provider: c.provider, name: c.name } }),
    onSuccess: (_r, c) => {
      void message.success(`${c.label} removed`);
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.credentials });
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.summary });
    },
    onError: (e) => notification.error({ title: 'Error', description: errorText(e) }),
  });
  const columns: TableColumnsType<Credential> = [
    { title: 'Service', dataIndex: 'provider', render: (p: string) => SERVICE_TITLES[p] ?? p },
    {
      title: 'Credential',
      dataIndex: 'label',
      render: (label: string, c) => (
        <span>
          {label}
          <br />
          <Typography.Text type="secondary" code>
            {c.env_var}
          </Typography.Text>
        </span>
      ),
    },
    { title: 'Used', dataIndex: 'source', render: (s: Credential['source']) => SOURCE_TAGS[s] },
    {
      title: 'Value',
      dataIndex: 'last_four',
      render: (v: string | null) => (v ? <Typography.Text code>••••{v}</Typography.Text> : '—'),
    },
    { title: 'Stored', dataIndex: 'updated_at', render: (at: string | null) => (at ? formatDateTime(at) : '—') },
    {
      title: '',
      key: 'actions',
      render: (_v, c) => (
        <Space>
          <Button size="small" onClick={() => setEditing(c)}>
            {c.stored ? 'Replace' : 'Set'}
          </Button>
          {c.stored && (
            <Popconfirm title={`Remove the stored ${c.label}?`} okText="Remove" onConfirm={() => remove.mutate(c)}>
              <Button size="small" danger>
                Remove
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="credentials-stack">
      <Card size="small" title="Service credentials">
        <Typography.Paragraph type="secondary">
          The platform&apos;s own keys for outside services. A variable set in the server&apos;s environment takes
          precedence over a stored value.
        </Typography.Paragraph>
        <Table<Credential>
          rowKey={(c) => `${c.provider}.${c.name}`}
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.data ?? []}
          columns={columns}
          pagination={false}
        />
      </Card>
      <Card size="small" title="Changes">
        <List
          size="small"
          locale={{ emptyText: 'No credential has been changed yet.' }}
          dataSource={q.data?.events ?? []}
          renderItem={(e) => (
            <List.Item>
              {formatDateTime(e.at)}: {e.by ?? 'Someone'} {ACTIONS[e.action] ?? e.action}{' '}
              {SERVICE_TITLES[e.provider] ?? e.provider} <Typography.Text code>{e.name}</Typography.Text>
              {e.last_four ? ` (••••${e.last_four})` : ''}
            </List.Item>
          )}
        />
      </Card>
      {editing && <ValueDialog credential={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

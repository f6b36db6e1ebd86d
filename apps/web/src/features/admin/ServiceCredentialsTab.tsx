import { useState } from 'react';
import { App, Button, Card, Form, List, Modal, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import Password from 'antd/es/input/Password';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Table } from '../../app/ui/ResponsiveTable';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { errorText, formatDateTime } from './format';
import { adminKeys } from './queryKeys';

type Credentials = ApiResponse<'/v2/api/admin/servicecredentials'>;
type Credential = Credentials['data'][number];

const BASE = '/v2/api/admin/servicecredentials';
const MASK = '••••';
const SOURCE_COLORS: Record<string, string | undefined> = { environment: 'blue', stored: 'green', none: undefined };
const serviceTitle = (t: TFunction<'admin'>, provider: string) =>
  t(`credentials.services.${provider}`, { defaultValue: provider });
const credentialLabel = (t: TFunction<'admin'>, c: { provider: string; name: string; label: string }) =>
  t(`credentials.labels.${c.provider}_${c.name}`, { defaultValue: c.label });

/** The value dialog: a new value for one credential, never showing the old one. */
function ValueDialog({ credential, onClose }: { credential: Credential; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const label = credentialLabel(t, credential);
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
      void message.success(t('credentials.saved', { label }));
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.credentials });
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.summary });
      onClose();
    },
    onError: (e) => form.setFields([{ name: 'value', errors: [errorText(e)] }]),
  });
  return (
    <Modal
      open
      title={credential.stored ? t('credentials.replaceNamed', { label }) : t('credentials.setNamed', { label })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {credential.source === 'environment' && (
        <Typography.Paragraph type="secondary">
          {t('credentials.environmentWins', { variable: credential.env_var })}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v.value)}>
        <Form.Item
          name="value"
          label={t('credentials.value')}
          extra={t('credentials.valueHelp')}
          rules={[{ required: true, whitespace: true, message: t('credentials.valueRequired') }]}
        >
          <Password autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The platform's own keys for outside services (Owner only): set, replace, remove, and who changed what. */
export function ServiceCredentialsTab() {
  const { t } = useTranslation('admin');
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
      void message.success(t('credentials.removed', { label: credentialLabel(t, c) }));
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.credentials });
      void queryClient.invalidateQueries({ queryKey: adminKeys.health.summary });
    },
    onError: (e) => notification.error({ title: t('credentials.error'), description: errorText(e) }),
  });
  const columns: TableColumnsType<Credential> = [
    { title: t('credentials.columns.service'), dataIndex: 'provider', render: (p: string) => serviceTitle(t, p) },
    {
      title: t('credentials.columns.credential'),
      dataIndex: 'label',
      render: (_label: string, c) => (
        <span>
          {credentialLabel(t, c)}
          <br />
          <Typography.Text type="secondary" code>
            {c.env_var}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('credentials.columns.used'),
      dataIndex: 'source',
      render: (s: Credential['source']) => <Tag color={SOURCE_COLORS[s]}>{t(`credentials.source.${s}`)}</Tag>,
    },
    {
      title: t('credentials.value'),
      dataIndex: 'last_four',
      render: (v: string | null) =>
        v ? (
          <Typography.Text code>
            <bdi dir="ltr">{MASK + v}</bdi>
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('credentials.columns.stored'),
      dataIndex: 'updated_at',
      render: (at: string | null) => (at ? formatDateTime(at) : '—'),
    },
    {
      title: '',
      key: 'actions',
      render: (_v, c) => (
        <Space>
          <Button size="small" onClick={() => setEditing(c)}>
            {c.stored ? t('credentials.replace') : t('credentials.set')}
          </Button>
          {c.stored && (
            <Popconfirm
              title={t('credentials.removeTitle', { label: credentialLabel(t, c) })}
              okText={t('credentials.remove')}
              cancelText={t('common:cancel')}
              onConfirm={() => remove.mutate(c)}
            >
              <Button size="small" danger>
                {t('credentials.remove')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <div className="credentials-stack">
      <Card size="small" title={t('credentials.title')}>
        <Typography.Paragraph type="secondary">{t('credentials.description')}</Typography.Paragraph>
        <Table<Credential>
          rowKey={(c) => `${c.provider}.${c.name}`}
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.data ?? []}
          columns={columns}
          pagination={false}
        />
      </Card>
      <Card size="small" title={t('credentials.changes')}>
        <List
          size="small"
          locale={{ emptyText: t('credentials.noChanges') }}
          dataSource={q.data?.events ?? []}
          renderItem={(e) => (
            <List.Item>
              {t(`credentials.events.${e.action}`, {
                at: formatDateTime(e.at),
                by: e.by ?? t('credentials.someone'),
                service: serviceTitle(t, e.provider),
                defaultValue: `${formatDateTime(e.at)}: ${e.by ?? t('credentials.someone')} ${e.action} ${serviceTitle(t, e.provider)}`,
              })}{' '}
              <Typography.Text code>{e.name}</Typography.Text>
              {e.last_four ? <bdi>{` (••••${e.last_four})`}</bdi> : ''}
            </List.Item>
          )}
        />
      </Card>
      {editing && <ValueDialog credential={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

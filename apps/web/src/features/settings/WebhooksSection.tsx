import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
} from 'antd';
import {
  ApiOutlined,
  CopyOutlined,
  DeleteOutlined,
  HistoryOutlined,
  PlusOutlined,
  RedoOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';
import { fieldErrors } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import {
  webhookKeys,
  webhooksApi,
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventName,
} from './integrationsApi';

const when = (iso: string | null) => (iso ? formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }) : '—');

const DELIVERY_COLORS: Record<WebhookDelivery['status'], string> = {
  succeeded: 'green',
  failed: 'red',
  retrying: 'orange',
  pending: 'blue',
};

/** The endpoint's state as tags: on or off, verified, and the spec's verify error and test error flags. */
function EndpointTags({ e }: { e: WebhookEndpoint }) {
  const { t } = useTranslation('settings');
  return (
    <Space size={[4, 4]} wrap>
      {e.enabled ? (
        <Tag color="green">{t('webhooks.enabled')}</Tag>
      ) : (
        <Tag data-testid="webhook-disabled">{t('webhooks.disabled')}</Tag>
      )}
      {e.verified ? <Tag color="blue">{t('webhooks.verified')}</Tag> : <Tag>{t('webhooks.notVerified')}</Tag>}
      {e.verifyError && (
        <Tag color="red" data-testid="webhook-verify-error">
          {t('webhooks.verificationFailed')}
        </Tag>
      )}
      {e.testError && (
        <Tag color="red" data-testid="webhook-test-error">
          {t('webhooks.testFailed')}
        </Tag>
      )}
    </Space>
  );
}

/** One endpoint's delivery log, newest first, with replay. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: [...webhookKeys.deliveries(endpoint.id), page],
    queryFn: ({ signal }) => webhooksApi.deliveries(endpoint.id, page, signal),
  });
  const replay = useMutation({
    mutationFn: webhooksApi.replay,
    onSuccess: async () => {
      void message.success(t('webhooks.replayed'));
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  if (log.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (log.isError) return <Alert type="error" showIcon title={translateMessage(log.error.message)} />;
  const rows = log.data?.deliveries ?? [];
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.noDeliveries')} />;
  return (
    <div className="wh-log" data-testid={`webhook-log-${endpoint.id}`}>
      {rows.map((d) => (
        <div key={d.id} className="wh-delivery" data-testid="webhook-delivery">
          <div className="wh-delivery-main">
            <span className="wh-mono">{d.event}</span>
            <Tag color={DELIVERY_COLORS[d.status]}>{t(`webhooks.status.${d.status}`)}</Tag>
            <span className="st-muted">
              {d.responseCode ? `HTTP ${d.responseCode}` : t('webhooks.noAnswer')} ·{' '}
              {t('webhooks.attempts', { count: d.attempts })} · {when(d.lastAttemptAt ?? d.createdAt)}
            </span>
          </div>
          {d.lastError && d.status !== 'succeeded' && (d.lastError !== `HTTP ${d.responseCode}` || d.nextAttemptAt) && (
            <div className="int-error wh-delivery-error">
              {translateMessage(d.lastError)}
              {d.nextAttemptAt ? t('webhooks.nextTry', { when: when(d.nextAttemptAt) }) : ''}
            </div>
          )}
          <Button
            size="small"
            icon={<RedoOutlined className="st-flip" />}
            disabled={!endpoint.enabled}
            loading={replay.isPending && replay.variables === d.id}
            onClick={() => replay.mutate(d.id)}
            data-testid={`webhook-replay-${d.id}`}
          >
            {t('webhooks.replay')}
          </Button>
        </div>
      ))}
      {(log.data?.total_pages ?? 1) > 1 && (
        <Pagination size="small" current={page} total={log.data?.total} pageSize={10} onChange={setPage} simple />
      )}
    </div>
  );
}

function EndpointItem({ e, titles }: { e: WebhookEndpoint; titles: Map<string, string> }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  // Verify and test fail with the reason (the server keeps the error flag): say it, and show the flag.
  const onError = async (error: Error) => {
    void message.error(translateMessage(error.message));
    await refresh();
  };
  const verify = useMutation({
    mutationFn: () => webhooksApi.verify(e.id),
    onSuccess: async () => {
      void message.success(t('webhooks.verifiedNotice'));
      await refresh();
    },
    onError,
  });
  const test = useMutation({
    mutationFn: () => webhooksApi.test(e.id),
    onSuccess: async (r) => {
      void message.success(t('webhooks.testDelivered', { code: r.delivery.responseCode }));
      await refresh();
    },
    onError,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => webhooksApi.update(e.id, { enabled }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => webhooksApi.remove(e.id),
    onSuccess: async () => {
      void message.success(t('webhooks.removed'));
      await refresh();
    },
    onError,
  });
  const problem = e.disabledReason && !e.enabled ? e.disabledReason : e.verifyError || e.testError ? e.lastError : null;
  return (
    <div className="wh-endpoint" data-testid={`webhook-${e.id}`}>
      <div className="wh-head">
        <div className="wh-url wh-mono" title={e.url} dir="ltr">
          {e.url}
        </div>
        <Tooltip title={e.enabled ? t('webhooks.disable') : t('webhooks.enable')}>
          <Switch
            checked={e.enabled}
            loading={toggle.isPending}
            onChange={(on) => toggle.mutate(on)}
            aria-label={e.enabled ? t('webhooks.disableAria') : t('webhooks.enableAria')}
            data-testid={`webhook-enabled-${e.id}`}
          />
        </Tooltip>
      </div>
      {e.description && (
        <div className="st-muted" dir="auto">
          {e.description}
        </div>
      )}
      <EndpointTags e={e} />
      <div className="wh-events">
        {e.events.map((ev) => (
          <Tag key={ev} bordered={false}>
            {titles.get(ev) ?? ev}
          </Tag>
        ))}
      </div>
      {problem && <Alert type="error" showIcon title={translateMessage(problem)} className="int-alert" />}
      <div className="st-muted">
        {t('webhooks.lastDelivered', { when: when(e.lastDeliveryAt) })}
        {e.failureCount > 0 ? t('webhooks.failures', { count: e.failureCount }) : ''}
      </div>
      <Space className="int-actions" wrap>
        <Button
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          data-testid={`webhook-verify-${e.id}`}
        >
          {t('webhooks.verify')}
        </Button>
        <Button
          icon={<SendOutlined className="st-flip" />}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid={`webhook-test-${e.id}`}
        >
          {t('webhooks.sendTest')}
        </Button>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setShowLog((s) => !s)}
          aria-expanded={showLog}
          data-testid={`webhook-deliveries-${e.id}`}
        >
          {showLog ? t('webhooks.hideDeliveries') : t('webhooks.deliveries')}
        </Button>
        <Popconfirm
          title={t('webhooks.removeConfirm')}
          okText={t('actions.yes')}
          cancelText={t('actions.no')}
          onConfirm={() => remove.mutate()}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid={`webhook-delete-${e.id}`}>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      </Space>
      {showLog && <DeliveryLog endpoint={e} />}
    </div>
  );
}

interface AddValues {
  url: string;
  events: WebhookEventName[];
  description?: string;
}

/** Adding an endpoint; then its signing secret, shown this once. */
function AddWebhookModal({
  open,
  onClose,
  events,
}: {
  open: boolean;
  onClose: () => void;
  events: { value: WebhookEventName; title: string }[];
}) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddValues>();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const create = useMutation({
    mutationFn: webhooksApi.create,
    onSuccess: async (r) => {
      setCreated(r);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
    onError: (e: Error) => {
      const fields = fieldErrors(e);
      if (fields.length) form.setFields(fields as never);
      else void message.error(translateMessage(e.message));
    },
  });
  const close = () => {
    setCreated(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={created ? t('webhooks.addedTitle') : t('webhooks.addTitle')}
      onCancel={close}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="webhook-done">
            {t('webhooks.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('actions.cancel')}</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="webhook-save">
              {t('webhooks.add')}
            </Button>
          </Space>
        )
      }
    >
      {created ? (
        <div data-testid="webhook-secret-panel">
          <Alert
            type="warning"
            showIcon
            title={t('webhooks.secretWarning')}
            description={t('webhooks.secretHelp')}
            className="int-alert"
          />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={created.secret} className="wh-mono" data-testid="webhook-secret" dir="ltr" />
            <Button
              icon={<CopyOutlined />}
              onClick={async () => {
                await copyText(created.secret);
                void message.success(t('webhooks.copied'));
              }}
            >
              {t('webhooks.copy')}
            </Button>
          </Space.Compact>
          <p className="st-muted wh-next">{t('webhooks.next')}</p>
        </div>
      ) : (
        <Form<AddValues>
          form={form}
          layout="vertical"
          initialValues={{ events: ['review.created'] }}
          onFinish={(v) => create.mutate(v)}
          requiredMark={false}
        >
          <Form.Item
            name="url"
            label={t('webhooks.url')}
            rules={[
              { required: true, message: t('webhooks.urlRequired') },
              { type: 'url', message: t('webhooks.urlInvalid') },
            ]}
          >
            <Input placeholder={t('webhooks.urlPlaceholder')} inputMode="url" data-testid="webhook-url" dir="auto" />
          </Form.Item>
          <Form.Item
            name="events"
            label={t('webhooks.events')}
            rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
          >
            <Checkbox.Group
              className="wh-event-choice"
              options={events.map((e) => ({ value: e.value, label: e.title }))}
              data-testid="webhook-events"
            />
          </Form.Item>
          <Form.Item name="description" label={t('webhooks.description')}>
            <Input maxLength={200} placeholder={t('webhooks.descriptionPlaceholder')} dir="auto" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * Webhooks on Settings > Other > Third-party login: endpoints with their state (the spec's verify
 * error and test error flags), adding one with its secret shown once, Verify, Send test, the delivery
 * log with replay, enable or disable, delete.
 */
export function WebhooksSection() {
  const { t } = useTranslation('settings');
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: ({ signal }) => webhooksApi.list(signal) });
  // The API titles its events in English; the screen names them from the catalogue by value.
  const events = (list.data?.events ?? []).map((e) => ({
    value: e.value,
    title: t(`webhooks.eventTypes.${e.value}`, { defaultValue: e.title }),
  }));
  const titles = new Map<string, string>(events.map((e) => [e.value, e.title]));
  const endpoints = list.data?.endpoints ?? [];
  return (
    <Card
      title={
        <span>
          <ApiOutlined /> {t('webhooks.title')}
        </span>
      }
      className="wh-card"
      data-testid="webhooks"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="webhook-add">
          {t('webhooks.add')}
        </Button>
      }
    >
      <p className="st-muted wh-intro">{t('webhooks.intro')}</p>
      {list.isError && <Alert type="error" showIcon title={translateMessage(list.error.message)} />}
      {list.isLoading ? (
        <Skeleton active />
      ) : endpoints.length === 0 ? (
        <Empty description={t('webhooks.empty')} />
      ) : (
        <div className="wh-list">
          {endpoints.map((e) => (
            <EndpointItem key={e.id} e={e} titles={titles} />
          ))}
        </div>
      )}
      <AddWebhookModal open={adding} onClose={() => setAdding(false)} events={events} />
    </Card>
  );
}

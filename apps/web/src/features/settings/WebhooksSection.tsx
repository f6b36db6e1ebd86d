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

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—';

const DELIVERY_COLORS: Record<WebhookDelivery['status'], string> = {
  succeeded: 'green',
  failed: 'red',
  retrying: 'orange',
  pending: 'blue',
};

/** The endpoint's state as tags: on or off, verified, and the spec's verify error and test error flags. */
function EndpointTags({ e }: { e: WebhookEndpoint }) {
  return (
    <Space size={[4, 4]} wrap>
      {e.enabled ? <Tag color="green">Enabled</Tag> : <Tag data-testid="webhook-disabled">Disabled</Tag>}
      {e.verified ? <Tag color="blue">Verified</Tag> : <Tag>Not verified</Tag>}
      {e.verifyError && (
        <Tag color="red" data-testid="webhook-verify-error">
          Verification failed
        </Tag>
      )}
      {e.testError && (
        <Tag color="red" data-testid="webhook-test-error">
          Test failed
        </Tag>
      )}
    </Space>
  );
}

/** One endpoint's delivery log, newest first, with replay. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
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
      void message.success('Delivery queued again.');
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  if (log.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (log.isError) return <Alert type="error" showIcon title={log.error.message} />;
  const rows = log.data?.deliveries ?? [];
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No deliveries yet. Send a test event." />;
  return (
    <div className="wh-log" data-testid={`webhook-log-${endpoint.id}`}>
      {rows.map((d) => (
        <div key={d.id} className="wh-delivery" data-testid="webhook-delivery">
          <div className="wh-delivery-main">
            <span className="wh-mono">{d.event}</span>
            <Tag color={DELIVERY_COLORS[d.status]}>{d.status}</Tag>
            <span className="st-muted">
              {d.responseCode ? `HTTP ${d.responseCode}` : 'no answer'} · {d.attempts} attempt(s) ·{' '}
              {when(d.lastAttemptAt ?? d.createdAt)}
            </span>
          </div>
          {d.lastError && d.status !== 'succeeded' && (d.lastError !== `HTTP ${d.responseCode}` || d.nextAttemptAt) && (
            <div className="int-error wh-delivery-error">
              {d.lastError}
              {d.nextAttemptAt ? ` · next try ${when(d.nextAttemptAt)}` : ''}
            </div>
          )}
          <Button
            size="small"
            icon={<RedoOutlined />}
            disabled={!endpoint.enabled}
            loading={replay.isPending && replay.variables === d.id}
            onClick={() => replay.mutate(d.id)}
            data-testid={`webhook-replay-${d.id}`}
          >
            Replay
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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  // Verify and test fail with the reason (the server keeps the error flag): say it, and show the flag.
  const onError = async (error: Error) => {
    void message.error(error.message);
    await refresh();
  };
  const verify = useMutation({
    mutationFn: () => webhooksApi.verify(e.id),
    onSuccess: async () => {
      void message.success('Webhook verified: it echoed the challenge.');
      await refresh();
    },
    onError,
  });
  const test = useMutation({
    mutationFn: () => webhooksApi.test(e.id),
    onSuccess: async (r) => {
      void message.success(`Test event delivered (HTTP ${r.delivery.responseCode}).`);
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
      void message.success('Webhook removed.');
      await refresh();
    },
    onError,
  });
  const problem = e.disabledReason && !e.enabled ? e.disabledReason : e.verifyError || e.testError ? e.lastError : null;
  return (
    <div className="wh-endpoint" data-testid={`webhook-${e.id}`}>
      <div className="wh-head">
        <div className="wh-url wh-mono" title={e.url}>
          {e.url}
        </div>
        <Tooltip title={e.enabled ? 'Disable' : 'Enable'}>
          <Switch
            checked={e.enabled}
            loading={toggle.isPending}
            onChange={(on) => toggle.mutate(on)}
            aria-label={e.enabled ? 'Disable webhook' : 'Enable webhook'}
            data-testid={`webhook-enabled-${e.id}`}
          />
        </Tooltip>
      </div>
      {e.description && <div className="st-muted">{e.description}</div>}
      <EndpointTags e={e} />
      <div className="wh-events">
        {e.events.map((ev) => (
          <Tag key={ev} bordered={false}>
            {titles.get(ev) ?? ev}
          </Tag>
        ))}
      </div>
      {problem && <Alert type="error" showIcon title={problem} className="int-alert" />}
      <div className="st-muted">
        Last delivered {when(e.lastDeliveryAt)}
        {e.failureCount > 0 ? ` · ${e.failureCount} failed delivery(ies) in a row` : ''}
      </div>
      <Space className="int-actions" wrap>
        <Button
          icon={<SafetyCertificateOutlined />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          data-testid={`webhook-verify-${e.id}`}
        >
          Verify
        </Button>
        <Button
          icon={<SendOutlined />}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid={`webhook-test-${e.id}`}
        >
          Send test
        </Button>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setShowLog((s) => !s)}
          aria-expanded={showLog}
          data-testid={`webhook-deliveries-${e.id}`}
        >
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Popconfirm
          title="Remove this webhook and its delivery log?"
          okText="Yes"
          cancelText="No"
          onConfirm={() => remove.mutate()}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid={`webhook-delete-${e.id}`}>
            Delete
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
      else void message.error(e.message);
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
      title={created ? 'Webhook added' : 'Add a webhook'}
      onCancel={close}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="webhook-done">
            Done
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="webhook-save">
              Add webhook
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
            title="Copy the signing secret now: it is not shown again."
            description="Your receiver checks each message's webhook-signature header with it (Standard Webhooks)."
            className="int-alert"
          />
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={created.secret} className="wh-mono" data-testid="webhook-secret" />
            <Button
              icon={<CopyOutlined />}
              onClick={async () => {
                await copyText(created.secret);
                void message.success('The signing secret has been copied to the clipboard.');
              }}
            >
              Copy
            </Button>
          </Space.Compact>
          <p className="st-muted wh-next">Next: press Verify to prove the endpoint answers, then Send test.</p>
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
            label="Endpoint URL"
            rules={[
              { required: true, message: 'Enter the URL' },
              { type: 'url', message: 'Enter a valid URL' },
            ]}
          >
            <Input placeholder="https://example.com/webhooks/reputo" inputMode="url" data-testid="webhook-url" />
          </Form.Item>
          <Form.Item
            name="events"
            label="Events"
            rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event' }]}
          >
            <Checkbox.Group
              className="wh-event-choice"
              options={events.map((e) => ({ value: e.value, label: e.title }))}
              data-testid="webhook-events"
            />
          </Form.Item>
          <Form.Item name="description" label="Description (optional)">
            <Input maxLength={200} placeholder="e.g. CRM sync" />
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
  const [adding, setAdding] = useState(false);
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: ({ signal }) => webhooksApi.list(signal) });
  const events = list.data?.events ?? [];
  const titles = new Map<string, string>(events.map((e) => [e.value, e.title]));
  const endpoints = list.data?.endpoints ?? [];
  return (
    <Card
      title={
        <span>
          <ApiOutlined /> Webhooks
        </span>
      }
      className="wh-card"
      data-testid="webhooks"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="webhook-add">
          Add webhook
        </Button>
      }
    >
      <p className="st-muted wh-intro">
        Reputo posts signed events (Standard Webhooks) to your endpoints, retries failures for a day, and disables an
        endpoint that keeps failing.
      </p>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      {list.isLoading ? (
        <Skeleton active />
      ) : endpoints.length === 0 ? (
        <Empty description="No webhooks yet." />
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

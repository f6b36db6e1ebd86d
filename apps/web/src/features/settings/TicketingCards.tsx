import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { responseApi } from './api';
import { settingsKeys } from './queryKeys';
import { ticketingApi, ticketingKeys, type TicketConnection, type TicketProvider } from './integrationsApi';

const RATING_OPTIONS = [
  { value: 0, label: 'Off' },
  ...[1, 2, 3, 4].map((n) => ({ value: n, label: `${n} star${n > 1 ? 's' : ''} or less` })),
];

/** A connection's state tag (help desks, trackers, email audiences). */
export function ConnectionTag({ c }: { c: Pick<TicketConnection, 'status'> }) {
  if (c.status === 'connected') return <Tag color="green">Connected</Tag>;
  if (c.status === 'reconnect_needed')
    return (
      <Tag color="red" data-testid="reconnect-needed">
        Reconnect needed
      </Tag>
    );
  return <Tag>Not connected</Tag>;
}

type ConnectValues = { account: string; email: string; apiToken?: string };

/** The connect form: Zendesk's subdomain or Jira's site, the email and the API token. */
function ConnectModal({ c, open, onClose }: { c: TicketConnection; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConnectValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const zendesk = c.provider === 'zendesk';
  const save = useMutation({
    mutationFn: (v: ConnectValues) =>
      zendesk
        ? ticketingApi.connectZendesk({ subdomain: v.account.trim(), email: v.email.trim(), apiToken: v.apiToken })
        : ticketingApi.connectJira({ site: v.account.trim(), email: v.email.trim(), apiToken: v.apiToken }),
    onSuccess: async () => {
      void message.success(`${c.title} connected.`);
      setProblem(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ticketingKeys.all });
    },
    onError: (e: Error) => setProblem(e.message),
  });
  return (
    <Modal
      open={open}
      title={`Connect ${c.title}`}
      okText="Connect"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={() => {
        setProblem(null);
        onClose();
      }}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} className="int-alert" data-testid="connect-error" />}
      <Form<ConnectValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ account: c.account?.replace(/^https:\/\//, '') ?? '', email: c.email ?? '' }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="account"
          label={zendesk ? 'Subdomain' : 'Jira site'}
          extra={zendesk ? 'acme for acme.zendesk.com' : 'acme.atlassian.net'}
          rules={[{ required: true, message: zendesk ? 'Enter the subdomain' : 'Enter your Jira site' }]}
        >
          <Input placeholder={zendesk ? 'acme' : 'acme.atlassian.net'} data-testid={`${c.provider}-account`} />
        </Form.Item>
        <Form.Item
          name="email"
          label={zendesk ? 'Agent email' : 'Atlassian account email'}
          rules={[
            { required: true, message: 'Email is required!' },
            { type: 'email', message: 'Email is not valid!' },
          ]}
        >
          <Input type="email" data-testid={`${c.provider}-email`} />
        </Form.Item>
        <Form.Item
          name="apiToken"
          label="API token"
          extra={
            zendesk
              ? 'Admin Center › Apps and integrations › Zendesk API › API tokens'
              : 'id.atlassian.com › Security › API tokens'
          }
          rules={[{ required: true, message: 'Enter the API token' }]}
        >
          <Input.Password autoComplete="off" data-testid={`${c.provider}-token`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Jira's project, issue type and category rule, read from Jira when the card shows. */
function JiraChoices({ c }: { c: TicketConnection }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lists = useQuery({
    queryKey: ticketingKeys.jira,
    queryFn: ({ signal }) => ticketingApi.jiraSettings({}, signal),
    retry: false,
  });
  const categories = useQuery({
    queryKey: settingsKeys.categories,
    queryFn: ({ signal }) => responseApi.categories(signal),
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof ticketingApi.jiraSettings>[0]) => ticketingApi.jiraSettings(body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(ticketingKeys.jira, answer);
      void message.success('Jira settings saved.');
      await queryClient.invalidateQueries({ queryKey: ticketingKeys.state });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  if (lists.isError) return <Alert type="error" showIcon title={lists.error.message} className="int-alert" />;
  return (
    <div className="tk-choices">
      <Select
        className="int-select"
        placeholder="Project"
        aria-label="Jira project"
        data-testid="jira-project"
        loading={lists.isLoading || save.isPending}
        value={c.projectId ?? undefined}
        options={(lists.data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.key})` }))}
        onChange={(projectId: string) => save.mutate({ projectId })}
      />
      <Select
        className="int-select"
        placeholder="Issue type"
        aria-label="Jira issue type"
        data-testid="jira-issue-type"
        disabled={!c.projectId}
        value={c.issueTypeId ?? undefined}
        options={(lists.data?.issueTypes ?? []).map((t) => ({ value: t.id, label: t.name }))}
        onChange={(issueTypeId: string) => save.mutate({ projectId: c.projectId ?? undefined, issueTypeId })}
      />
      <Select
        mode="multiple"
        allowClear
        className="int-select"
        placeholder="Create issues for reviews in these categories"
        aria-label="Jira categories"
        value={c.categoryIds}
        options={(categories.data?.categories ?? []).map((x) => ({ value: x.id, label: x.title }))}
        onChange={(categoryIds: number[]) => save.mutate({ categoryIds })}
      />
    </div>
  );
}

function ConnectionCard({ c, admin }: { c: TicketConnection; admin: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ticketingKeys.all });
  const disconnect = useMutation({
    mutationFn: () => ticketingApi.disconnect(c.provider),
    onSuccess: async () => {
      void message.success(`${c.title} disconnected. Tickets already made keep their links.`);
      await refresh();
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const rule = useMutation({
    mutationFn: (maxRating: number | null) =>
      ticketingApi.connectZendesk({ subdomain: c.account ?? '', email: c.email ?? '', maxRating }),
    onSuccess: async () => {
      void message.success('Rule saved.');
      await refresh();
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const live = c.status === 'connected';
  return (
    <Card data-testid={`integration-${c.provider}`}>
      <div className="int-head">
        <span className="st-name">{c.title}</span>
        <ConnectionTag c={c} />
      </div>
      {c.status === 'reconnect_needed' && c.statusReason && (
        <Alert type="warning" showIcon title={c.statusReason} className="int-alert" />
      )}
      <div className="st-muted">
        {c.status === 'not_connected'
          ? c.provider === 'zendesk'
            ? 'Turn reviews into Zendesk tickets, by hand or when a low rating arrives.'
            : 'Turn reviews into Jira issues, by hand or when a review is put in a category.'
          : `${c.account ?? ''} · ${c.accountName ?? c.email ?? ''} · token ${c.tokenHint ?? '—'}`}
      </div>
      {admin && live && c.provider === 'zendesk' && (
        <div className="tk-choices">
          <span className="st-muted">Create a ticket when a review arrives rated</span>
          <Select
            className="tk-rule"
            aria-label="Zendesk rating rule"
            data-testid="zendesk-rule"
            loading={rule.isPending}
            value={c.maxRating ?? 0}
            options={RATING_OPTIONS}
            onChange={(v: number) => rule.mutate(v || null)}
          />
        </div>
      )}
      {admin && live && c.provider === 'jira' && <JiraChoices c={c} />}
      {admin && (
        <Space className="int-actions" wrap>
          <Button
            type={live ? 'default' : 'primary'}
            icon={<LinkOutlined />}
            onClick={() => setConnecting(true)}
            data-testid={`connect-${c.provider}`}
          >
            {c.status === 'not_connected' ? `Connect ${c.title}` : `Reconnect ${c.title}`}
          </Button>
          {c.status !== 'not_connected' && (
            <Popconfirm
              title={`Disconnect ${c.title}? Tickets already made keep their links.`}
              okText="Yes"
              cancelText="No"
              onConfirm={() => disconnect.mutate()}
            >
              <Button danger icon={<DisconnectOutlined />} data-testid={`disconnect-${c.provider}`}>
                Disconnect
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      <ConnectModal c={c} open={connecting} onClose={() => setConnecting(false)} />
    </Card>
  );
}

/** Zendesk and Jira cards for Settings › Third-party login, beside the review sources. */
export function TicketingCards({ admin }: { admin: boolean }) {
  const state = useQuery({ queryKey: ticketingKeys.state, queryFn: ({ signal }) => ticketingApi.state(signal) });
  if (state.isError) return <Alert type="error" showIcon title={state.error.message} />;
  if (!state.data) return null;
  const providers: TicketProvider[] = ['zendesk', 'jira'];
  return (
    <>
      {providers.map((p) => (
        <ConnectionCard key={p} c={state.data[p]} admin={admin} />
      ))}
    </>
  );
}

import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import Password from 'antd/es/input/Password';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '@reputo/core';
import { translateMessage } from '../../i18n/messages';
import { responseApi } from './api';
import { settingsKeys } from './queryKeys';
import { ticketingApi, ticketingKeys, type TicketConnection, type TicketProvider } from './integrationsApi';

/** A connection's state tag (help desks, trackers, email audiences). */
export function ConnectionTag({ c }: { c: Pick<TicketConnection, 'status'> }) {
  const { t } = useTranslation('settings');
  if (c.status === 'connected') return <Tag color="green">{t('integrations.connected')}</Tag>;
  if (c.status === 'reconnect_needed')
    return (
      <Tag color="red" data-testid="reconnect-needed">
        {t('integrations.reconnectNeeded')}
      </Tag>
    );
  return <Tag>{t('integrations.notConnected')}</Tag>;
}

type ConnectValues = { account: string; email: string; apiToken?: string };

/** The connect form: Zendesk's subdomain or Jira's site, the email and the API token. */
function ConnectModal({ c, open, onClose }: { c: TicketConnection; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
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
      void message.success(t('ticketing.connected', { title: c.title }));
      setProblem(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ticketingKeys.all });
    },
    onError: (e: Error) => setProblem(translateMessage(e.message)),
  });
  return (
    <Modal
      open={open}
      title={t('ticketing.connectTitle', { title: c.title })}
      okText={t('actions.connect')}
      cancelText={t('actions.cancel')}
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
          label={zendesk ? t('ticketing.subdomain') : t('ticketing.jiraSite')}
          extra={zendesk ? t('ticketing.subdomainExtra') : t('ticketing.jiraSiteExtra')}
          rules={[
            { required: true, message: zendesk ? t('ticketing.subdomainRequired') : t('ticketing.jiraSiteRequired') },
          ]}
        >
          <Input
            placeholder={zendesk ? t('ticketing.subdomainPlaceholder') : t('ticketing.jiraSitePlaceholder')}
            data-testid={`${c.provider}-account`}
            dir="ltr"
          />
        </Form.Item>
        <Form.Item
          name="email"
          label={zendesk ? t('ticketing.agentEmail') : t('ticketing.atlassianEmail')}
          rules={[
            { required: true, message: translateMessage(MSG.emailRequired) },
            { type: 'email', message: translateMessage(MSG.emailNotValid) },
          ]}
        >
          <Input type="email" data-testid={`${c.provider}-email`} dir="ltr" />
        </Form.Item>
        <Form.Item
          name="apiToken"
          label={t('ticketing.apiToken')}
          extra={zendesk ? t('ticketing.zendeskTokenExtra') : t('ticketing.jiraTokenExtra')}
          rules={[{ required: true, message: t('ticketing.tokenRequired') }]}
        >
          <Password autoComplete="off" data-testid={`${c.provider}-token`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Jira's project, issue type and category rule, read from Jira when the card shows. */
function JiraChoices({ c }: { c: TicketConnection }) {
  const { t } = useTranslation('settings');
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
      void message.success(t('ticketing.jiraSaved'));
      await queryClient.invalidateQueries({ queryKey: ticketingKeys.state });
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  if (lists.isError)
    return <Alert type="error" showIcon title={translateMessage(lists.error.message)} className="int-alert" />;
  return (
    <div className="tk-choices">
      <Select
        className="int-select"
        placeholder={t('ticketing.project')}
        aria-label={t('ticketing.projectAria')}
        data-testid="jira-project"
        loading={lists.isLoading || save.isPending}
        value={c.projectId ?? undefined}
        options={(lists.data?.projects ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.key})` }))}
        onChange={(projectId: string) => save.mutate({ projectId })}
      />
      <Select
        className="int-select"
        placeholder={t('ticketing.issueType')}
        aria-label={t('ticketing.issueTypeAria')}
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
        placeholder={t('ticketing.categories')}
        aria-label={t('ticketing.categoriesAria')}
        value={c.categoryIds}
        options={(categories.data?.categories ?? []).map((x) => ({ value: x.id, label: x.title }))}
        onChange={(categoryIds: number[]) => save.mutate({ categoryIds })}
      />
    </div>
  );
}

function ConnectionCard({ c, admin }: { c: TicketConnection; admin: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ticketingKeys.all });
  const disconnect = useMutation({
    mutationFn: () => ticketingApi.disconnect(c.provider),
    onSuccess: async () => {
      void message.success(t('ticketing.disconnected', { title: c.title }));
      await refresh();
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  const rule = useMutation({
    mutationFn: (maxRating: number | null) =>
      ticketingApi.connectZendesk({ subdomain: c.account ?? '', email: c.email ?? '', maxRating }),
    onSuccess: async () => {
      void message.success(t('ticketing.ruleSaved'));
      await refresh();
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  const live = c.status === 'connected';
  const ratingOptions = [
    { value: 0, label: t('ticketing.ratingOff') },
    ...[1, 2, 3, 4].map((n) => ({ value: n, label: t('ticketing.ratingOrLess', { count: n }) })),
  ];
  return (
    <Card data-testid={`integration-${c.provider}`}>
      <div className="int-head">
        <span className="st-name">{c.title}</span>
        <ConnectionTag c={c} />
      </div>
      {c.status === 'reconnect_needed' && c.statusReason && (
        <Alert type="warning" showIcon title={translateMessage(c.statusReason)} className="int-alert" />
      )}
      <div className="st-muted">
        {c.status === 'not_connected'
          ? c.provider === 'zendesk'
            ? t('ticketing.zendeskIntro')
            : t('ticketing.jiraIntro')
          : t('ticketing.account', {
              account: c.account ?? '',
              name: c.accountName ?? c.email ?? '',
              hint: c.tokenHint ?? '—',
            })}
      </div>
      {admin && live && c.provider === 'zendesk' && (
        <div className="tk-choices">
          <span className="st-muted">{t('ticketing.ruleLabel')}</span>
          <Select
            className="tk-rule"
            aria-label={t('ticketing.ruleAria')}
            data-testid="zendesk-rule"
            loading={rule.isPending}
            value={c.maxRating ?? 0}
            options={ratingOptions}
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
            {c.status === 'not_connected'
              ? t('integrations.connect', { title: c.title })
              : t('integrations.reconnect', { title: c.title })}
          </Button>
          {c.status !== 'not_connected' && (
            <Popconfirm
              title={t('ticketing.disconnectConfirm', { title: c.title })}
              okText={t('actions.yes')}
              cancelText={t('actions.no')}
              onConfirm={() => disconnect.mutate()}
            >
              <Button danger icon={<DisconnectOutlined />} data-testid={`disconnect-${c.provider}`}>
                {t('actions.disconnect')}
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
  if (state.isError) return <Alert type="error" showIcon title={translateMessage(state.error.message)} />;
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

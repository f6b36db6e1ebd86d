import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tooltip } from 'antd';
import { DisconnectOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { audiencesApi, audienceKeys, type AudienceConnection, type AudienceProvider } from './integrationsApi';
import { ConnectionTag } from './TicketingCards';

type ConnectValues = { accountUrl?: string; apiKey: string };

/** The connect form: Mailchimp's API key, or ActiveCampaign's account URL and API token. */
function ConnectModal({ c, open, onClose }: { c: AudienceConnection; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ConnectValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const mailchimp = c.provider === 'mailchimp';
  const save = useMutation({
    mutationFn: (v: ConnectValues) =>
      mailchimp
        ? audiencesApi.connectMailchimp({ apiKey: v.apiKey.trim() })
        : audiencesApi.connectActiveCampaign({ accountUrl: (v.accountUrl ?? '').trim(), apiToken: v.apiKey.trim() }),
    onSuccess: async () => {
      void message.success(`${c.title} connected.`);
      setProblem(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: audienceKeys.all });
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
        initialValues={{ accountUrl: mailchimp ? undefined : (c.account ?? '') }}
        onFinish={(v) => save.mutate(v)}
      >
        {!mailchimp && (
          <Form.Item
            name="accountUrl"
            label="Account URL"
            extra="Settings › Developer › URL, like https://acme.api-us1.com"
            rules={[{ required: true, message: 'Enter your account URL' }]}
          >
            <Input placeholder="https://acme.api-us1.com" data-testid="activecampaign-account" />
          </Form.Item>
        )}
        <Form.Item
          name="apiKey"
          label={mailchimp ? 'API key' : 'API token'}
          extra={
            mailchimp
              ? 'Profile › Extras › API keys (ends with the data center, like -us6)'
              : 'Settings › Developer › Key'
          }
          rules={[{ required: true, message: mailchimp ? 'Enter the API key' : 'Enter the API token' }]}
        >
          <Input.Password autoComplete="off" data-testid={`${c.provider}-key`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Mailchimp's audience, read from Mailchimp when the card shows. */
function MailchimpChoice({ c }: { c: AudienceConnection }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lists = useQuery({
    queryKey: audienceKeys.lists('mailchimp'),
    queryFn: ({ signal }) => audiencesApi.mailchimpLists({}, signal),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (listId: string) => audiencesApi.mailchimpLists({ listId }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(audienceKeys.lists('mailchimp'), answer);
      void message.success('Audience saved.');
      await queryClient.invalidateQueries({ queryKey: audienceKeys.state });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  if (lists.isError) return <Alert type="error" showIcon title={lists.error.message} className="int-alert" />;
  return (
    <div className="tk-choices">
      <Select
        className="int-select"
        placeholder="Audience"
        aria-label="Mailchimp audience"
        data-testid="mailchimp-audience"
        loading={lists.isLoading || save.isPending}
        value={c.listId ?? undefined}
        options={(lists.data?.lists ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.memberCount})` }))}
        onChange={(listId: string) => save.mutate(listId)}
      />
    </div>
  );
}

/** ActiveCampaign's list for each brand and for the other contacts. */
function ActiveCampaignChoices({ c }: { c: AudienceConnection }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lists = useQuery({
    queryKey: audienceKeys.lists('activecampaign'),
    queryFn: ({ signal }) => audiencesApi.activeCampaignBrands({}, signal),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: Parameters<typeof audiencesApi.activeCampaignBrands>[0]) =>
      audiencesApi.activeCampaignBrands(body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(audienceKeys.lists('activecampaign'), answer);
      void message.success('Lists saved.');
      await queryClient.invalidateQueries({ queryKey: audienceKeys.state });
    },
    onError: (e: Error) => void message.error(e.message),
  });
  if (lists.isError) return <Alert type="error" showIcon title={lists.error.message} className="int-alert" />;
  const options = (lists.data?.lists ?? []).map((l) => ({ value: l.id, label: l.name }));
  const brands = lists.data?.brands ?? [];
  return (
    <div className="int-stacked">
      {brands.map((b) => (
        <label key={b.id} className="aud-row">
          <span className="st-muted">{b.title}</span>
          <Select
            className="int-select"
            allowClear
            placeholder="Other contacts’ list"
            aria-label={`ActiveCampaign list of ${b.title}`}
            value={b.listId ?? undefined}
            options={options}
            onChange={(listId?: string) => save.mutate({ brands: [{ brandId: b.id, listId: listId ?? null }] })}
          />
        </label>
      ))}
      <label className="aud-row">
        <span className="st-muted">{brands.length ? 'Other contacts' : 'All contacts'}</span>
        <Select
          className="int-select"
          allowClear
          placeholder="List"
          aria-label="ActiveCampaign list"
          data-testid="activecampaign-list"
          loading={lists.isLoading || save.isPending}
          value={c.defaultListId ?? undefined}
          options={options}
          onChange={(listId?: string) => save.mutate({ defaultListId: listId ?? null })}
        />
      </label>
    </div>
  );
}

/** "Synced 12, failed 1 · 27 Nov, 21:05", with the failures' reasons on hover. */
function SyncResult({ c }: { c: AudienceConnection }) {
  const s = c.sync;
  if (!s) return <div className="st-muted aud-sync">Not synced yet.</div>;
  if (s.running)
    return (
      <div className="st-muted aud-sync" data-testid={`${c.provider}-sync`}>
        Syncing… {s.synced} synced{s.failed ? `, ${s.failed} failed` : ''}
        {s.error ? ` (retrying: ${s.error})` : ''}
      </div>
    );
  const failed = <span className={s.failed ? 'int-error' : undefined}>failed {s.failed}</span>;
  return (
    <div className="st-muted aud-sync" data-testid={`${c.provider}-sync`}>
      Last sync: synced {s.synced},{' '}
      {s.errors.length ? (
        <Tooltip title={s.errors.map((e) => `${e.email}: ${e.reason}`).join('\n')}>{failed}</Tooltip>
      ) : (
        failed
      )}{' '}
      · {dayjs(s.finishedAt ?? s.startedAt).format('D MMM YYYY, HH:mm')}
      {s.error && <Alert type="warning" showIcon title={`Stopped: ${s.error}`} className="int-alert" />}
    </div>
  );
}

function AudienceCard({ c, admin }: { c: AudienceConnection; admin: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: audienceKeys.all });
  const disconnect = useMutation({
    mutationFn: () => audiencesApi.disconnect(c.provider),
    onSuccess: async () => {
      void message.success(`${c.title} disconnected.`);
      await refresh();
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const sync = useMutation({
    mutationFn: () => audiencesApi.sync(c.provider),
    onSuccess: async () => {
      void message.success('Sync started.');
      await refresh();
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const live = c.status === 'connected';
  const ready = c.provider === 'mailchimp' ? !!c.listId : !!c.defaultListId || c.brandLists.length > 0;
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
          ? c.provider === 'mailchimp'
            ? 'Send customers who agreed to email to a Mailchimp audience, tagged with their rating, location and NPS group.'
            : 'Send customers who agreed to email to ActiveCampaign lists by brand, tagged with their rating, location and NPS group.'
          : `${c.accountName ?? c.account ?? ''} · key ${c.keyHint ?? '—'}`}
      </div>
      {admin && live && (c.provider === 'mailchimp' ? <MailchimpChoice c={c} /> : <ActiveCampaignChoices c={c} />)}
      {c.status !== 'not_connected' && <SyncResult c={c} />}
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
          {live && (
            <Button
              icon={<SyncOutlined />}
              disabled={!ready || !!c.sync?.running}
              loading={sync.isPending}
              onClick={() => sync.mutate()}
              data-testid={`sync-${c.provider}`}
            >
              Sync now
            </Button>
          )}
          {c.status !== 'not_connected' && (
            <Popconfirm
              title={`Disconnect ${c.title}? Contacts already sent stay there.`}
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

/** Mailchimp and ActiveCampaign cards for Settings › Third-party login; a running sync is followed. */
export function AudienceCards({ admin }: { admin: boolean }) {
  const state = useQuery({
    queryKey: audienceKeys.state,
    queryFn: ({ signal }) => audiencesApi.state(signal),
    refetchInterval: (q) =>
      q.state.data?.mailchimp.sync?.running || q.state.data?.activecampaign.sync?.running ? 2000 : false,
  });
  if (state.isError) return <Alert type="error" showIcon title={state.error.message} />;
  if (!state.data) return null;
  const providers: AudienceProvider[] = ['mailchimp', 'activecampaign'];
  return (
    <>
      {providers.map((p) => (
        <AudienceCard key={p} c={state.data[p]} admin={admin} />
      ))}
    </>
  );
}

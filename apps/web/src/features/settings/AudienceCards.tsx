import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tooltip } from 'antd';
import Password from 'antd/es/input/Password';
import { DisconnectOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { audiencesApi, audienceKeys, type AudienceConnection, type AudienceProvider } from './integrationsApi';
import { ConnectionTag } from './TicketingCards';

type ConnectValues = { accountUrl?: string; apiKey: string };

/** How a sync's time is written (dayjs, in the interface language). */
const STAMP = 'D MMM YYYY, HH:mm';

/** The connect form: Mailchimp's API key, or ActiveCampaign's account URL and API token. */
function ConnectModal({ c, open, onClose }: { c: AudienceConnection; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
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
      void message.success(t('ticketing.connected', { title: c.title }));
      setProblem(null);
      onClose();
      await queryClient.invalidateQueries({ queryKey: audienceKeys.all });
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
        initialValues={{ accountUrl: mailchimp ? undefined : (c.account ?? '') }}
        onFinish={(v) => save.mutate(v)}
      >
        {!mailchimp && (
          <Form.Item
            name="accountUrl"
            label={t('audiences.accountUrl')}
            extra={t('audiences.accountUrlExtra')}
            rules={[{ required: true, message: t('audiences.accountUrlRequired') }]}
          >
            <Input placeholder={t('audiences.accountUrlPlaceholder')} data-testid="activecampaign-account" dir="ltr" />
          </Form.Item>
        )}
        <Form.Item
          name="apiKey"
          label={mailchimp ? t('audiences.apiKey') : t('audiences.apiToken')}
          extra={mailchimp ? t('audiences.mailchimpKeyExtra') : t('audiences.activeCampaignKeyExtra')}
          rules={[{ required: true, message: mailchimp ? t('audiences.keyRequired') : t('audiences.tokenRequired') }]}
        >
          <Password autoComplete="off" data-testid={`${c.provider}-key`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Mailchimp's audience, read from Mailchimp when the card shows. */
function MailchimpChoice({ c }: { c: AudienceConnection }) {
  const { t } = useTranslation('settings');
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
      void message.success(t('audiences.audienceSaved'));
      await queryClient.invalidateQueries({ queryKey: audienceKeys.state });
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  if (lists.isError)
    return <Alert type="error" showIcon title={translateMessage(lists.error.message)} className="int-alert" />;
  return (
    <div className="tk-choices">
      <Select
        className="int-select"
        placeholder={t('audiences.audience')}
        aria-label={t('audiences.audienceAria')}
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
  const { t } = useTranslation('settings');
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
      void message.success(t('audiences.listsSaved'));
      await queryClient.invalidateQueries({ queryKey: audienceKeys.state });
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  if (lists.isError)
    return <Alert type="error" showIcon title={translateMessage(lists.error.message)} className="int-alert" />;
  const options = (lists.data?.lists ?? []).map((l) => ({ value: l.id, label: l.name }));
  const brands = lists.data?.brands ?? [];
  return (
    <div className="int-stacked">
      {brands.map((b) => (
        <label key={b.id} className="aud-row">
          <span className="st-muted" dir="auto">
            {b.title}
          </span>
          <Select
            className="int-select"
            allowClear
            placeholder={t('audiences.otherList')}
            aria-label={t('audiences.brandListAria', { brand: b.title })}
            value={b.listId ?? undefined}
            options={options}
            onChange={(listId?: string) => save.mutate({ brands: [{ brandId: b.id, listId: listId ?? null }] })}
          />
        </label>
      ))}
      <label className="aud-row">
        <span className="st-muted">{brands.length ? t('audiences.otherContacts') : t('audiences.allContacts')}</span>
        <Select
          className="int-select"
          allowClear
          placeholder={t('audiences.list')}
          aria-label={t('audiences.listAria')}
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
  const { t } = useTranslation('settings');
  const s = c.sync;
  if (!s) return <div className="st-muted aud-sync">{t('audiences.notSynced')}</div>;
  if (s.running)
    return (
      <div className="st-muted aud-sync" data-testid={`${c.provider}-sync`}>
        {t('audiences.syncing', { synced: s.synced })}
        {s.failed ? t('audiences.syncingFailed', { failed: s.failed }) : ''}
        {s.error ? t('audiences.retrying', { error: translateMessage(s.error) }) : ''}
      </div>
    );
  const failed = (
    <span className={s.failed ? 'int-error' : undefined}>{t('audiences.failedCount', { failed: s.failed })}</span>
  );
  return (
    <div className="st-muted aud-sync" data-testid={`${c.provider}-sync`}>
      {t('audiences.lastSync', { synced: s.synced })}{' '}
      {s.errors.length ? (
        <Tooltip title={s.errors.map((e) => `${e.email}: ${translateMessage(e.reason)}`).join('\n')}>{failed}</Tooltip>
      ) : (
        failed
      )}{' '}
      · {dayjs(s.finishedAt ?? s.startedAt).format(STAMP)}
      {s.error && (
        <Alert
          type="warning"
          showIcon
          title={t('audiences.stopped', { error: translateMessage(s.error) })}
          className="int-alert"
        />
      )}
    </div>
  );
}

function AudienceCard({ c, admin }: { c: AudienceConnection; admin: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [connecting, setConnecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: audienceKeys.all });
  const disconnect = useMutation({
    mutationFn: () => audiencesApi.disconnect(c.provider),
    onSuccess: async () => {
      void message.success(t('audiences.disconnected', { title: c.title }));
      await refresh();
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
  });
  const sync = useMutation({
    mutationFn: () => audiencesApi.sync(c.provider),
    onSuccess: async () => {
      void message.success(t('audiences.syncStarted'));
      await refresh();
    },
    onError: (e: Error) => void message.error(translateMessage(e.message)),
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
        <Alert type="warning" showIcon title={translateMessage(c.statusReason)} className="int-alert" />
      )}
      <div className="st-muted">
        {c.status === 'not_connected'
          ? c.provider === 'mailchimp'
            ? t('audiences.mailchimpIntro')
            : t('audiences.activeCampaignIntro')
          : t('audiences.account', { account: c.accountName ?? c.account ?? '', hint: c.keyHint ?? '—' })}
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
            {c.status === 'not_connected'
              ? t('integrations.connect', { title: c.title })
              : t('integrations.reconnect', { title: c.title })}
          </Button>
          {live && (
            <Button
              icon={<SyncOutlined />}
              disabled={!ready || !!c.sync?.running}
              loading={sync.isPending}
              onClick={() => sync.mutate()}
              data-testid={`sync-${c.provider}`}
            >
              {t('actions.syncNow')}
            </Button>
          )}
          {c.status !== 'not_connected' && (
            <Popconfirm
              title={t('audiences.disconnectConfirm', { title: c.title })}
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

/** Mailchimp and ActiveCampaign cards for Settings › Third-party login; a running sync is followed. */
export function AudienceCards({ admin }: { admin: boolean }) {
  const state = useQuery({
    queryKey: audienceKeys.state,
    queryFn: ({ signal }) => audiencesApi.state(signal),
    refetchInterval: (q) =>
      q.state.data?.mailchimp.sync?.running || q.state.data?.activecampaign.sync?.running ? 2000 : false,
  });
  if (state.isError) return <Alert type="error" showIcon title={translateMessage(state.error.message)} />;
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

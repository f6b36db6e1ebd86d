import { useEffect, useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Grid, Popconfirm, Select, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { DisconnectOutlined, LinkOutlined, SyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../lib/Link';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import {
  integrationsApi,
  integrationsKeys,
  type ConnectedLocation,
  type Integration,
  type Source,
  type SourceState,
} from './integrationsApi';
import { WebhooksSection } from './WebhooksSection';
import { TicketingCards } from './TicketingCards';
import { AudienceCards } from './AudienceCards';
import { TwitterCard } from './TwitterCard';
import './settings.css';
import './i18n'; // loads the validation catalogue that translateMessage reads

const ADMINS = new Set(['owner', 'partner', 'master_admin']);
const SOURCES: Source[] = ['google', 'facebook'];

/** A sync time in the interface language and digits. */
const when = (iso: string | null) => (iso ? formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }) : '—');
/** A time inside a sentence stays on one line. */
const WHEN = { w: <span className="int-when" /> };
/** Narrow screens keep the location and its Google mapping; the rest come in as the width allows. */
/** From this width the table has a column per source and per freshness; below it each row stacks them. */
const WIDE = 'xl' as const;

function StatusTag({ status }: { status: Integration['status'] }) {
  const { t } = useTranslation('settings');
  if (status === 'connected') return <Tag color="green">{t('integrations.connected')}</Tag>;
  if (status === 'reconnect_needed')
    return (
      <Tag color="red" data-testid="reconnect-needed">
        {t('integrations.reconnectNeeded')}
      </Tag>
    );
  return <Tag>{t('integrations.notConnected')}</Tag>;
}

/** Last success, last error (when newer than the success) and next run of one location's sync. */
function Freshness({ f }: { f: ConnectedLocation['google'] }) {
  const { t } = useTranslation('settings');
  if (!f) return <span className="st-muted">{t('integrations.notMapped')}</span>;
  const failing = f.lastErrorAt && (!f.lastSyncAt || f.lastErrorAt > f.lastSyncAt);
  return (
    <div className="st-muted" data-testid="freshness">
      <div>
        <Trans t={t} i18nKey="integrations.lastSync" values={{ when: when(f.lastSyncAt) }} components={WHEN} />
      </div>
      {failing && (
        <Tooltip title={f.lastError ? translateMessage(f.lastError) : undefined}>
          <div className="int-error">
            <Trans t={t} i18nKey="integrations.failed" values={{ when: when(f.lastErrorAt) }} components={WHEN} />
          </div>
        </Tooltip>
      )}
      <div>
        <Trans t={t} i18nKey="integrations.next" values={{ when: when(f.nextSyncAt) }} components={WHEN} />
      </div>
    </div>
  );
}

/**
 * Settings > Other > Third-party login: connect Google and Facebook by OAuth, map their locations and
 * pages to ours, see each location's sync freshness, and sync now; below, the company's webhooks.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const admin = ADMINS.has(useMe().data?.role ?? '');
  const list = useQuery({ queryKey: integrationsKeys.list, queryFn: ({ signal }) => integrationsApi.list(signal) });
  const locations = useQuery({
    queryKey: integrationsKeys.locations,
    queryFn: ({ signal }) => integrationsApi.locations(signal),
  });
  const byId = new Map((list.data?.integrations ?? []).map((i) => [i.source, i]));
  const connected = (s: Source) => byId.get(s)?.status === 'connected';
  const google = useQuery({
    queryKey: integrationsKeys.places('google'),
    queryFn: ({ signal }) => integrationsApi.places('google', signal),
    enabled: admin && connected('google'),
  });
  const facebook = useQuery({
    queryKey: integrationsKeys.places('facebook'),
    queryFn: ({ signal }) => integrationsApi.places('facebook', signal),
    enabled: admin && connected('facebook'),
  });
  const places: Record<Source, SourceState | undefined> = { google: google.data, facebook: facebook.data };

  // The OAuth callback comes back here with the outcome in the query string: say it once.
  useEffect(() => {
    const source = params.get('source');
    if (!source) return;
    const title = source === 'google' ? 'Google' : 'Facebook';
    const error = params.get('error');
    if (error) void message.error(translateMessage(error));
    else if (params.get('connected'))
      void message.success(
        t('integrations.connectedMapped', { source: title, count: Number(params.get('mapped') ?? 0) || 0 }),
      );
    setParams({}, { replace: true });
  }, [params, setParams, message, t]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all });
  const onError = (e: Error) => void message.error(translateMessage(e.message));
  const connect = useMutation({
    mutationFn: integrationsApi.connectUrl,
    onSuccess: (url) => window.location.assign(url),
    onError,
  });
  const sync = useMutation({
    mutationFn: integrationsApi.syncNow,
    onSuccess: async (r) => {
      void message.success(
        r.queued ? t('integrations.syncQueued', { count: r.queued }) : t('integrations.nothingToSync'),
      );
      await refresh();
    },
    onError,
  });
  const disconnect = useMutation({
    mutationFn: integrationsApi.disconnect,
    onSuccess: async () => {
      void message.success(t('integrations.disconnected'));
      await refresh();
    },
    onError,
  });
  const map = useMutation({
    mutationFn: (v: { source: Source; locationId: number; id: string | null }) =>
      integrationsApi.map(v.source, v.locationId, v.id),
    onSuccess: async () => {
      void message.success(t('integrations.mappingSaved'));
      await refresh();
    },
    onError,
  });

  const wide = Grid.useBreakpoint()[WIDE] ?? true;
  const columns = useMemo(() => {
    const sourceTitle = (source: Source) =>
      source === 'google' ? t('integrations.googleLocation') : t('integrations.facebookPage');
    const mapping = (source: Source, l: ConnectedLocation) => {
      const mapped = l[source];
      const state = places[source];
      if (!admin || !state)
        return mapped ? <span dir="auto">{mapped.name ?? mapped.id}</span> : <span className="st-muted">—</span>;
      return (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          className="int-select"
          placeholder={t('integrations.notMapped')}
          aria-label={t('integrations.mapAria', { what: sourceTitle(source), title: l.title })}
          data-testid={`map-${source}-${l.locationId}`}
          value={mapped?.id ?? null}
          options={state.places.map((p) => ({
            value: p.id,
            label: p.address ? `${p.name} (${p.address})` : p.name,
          }))}
          onChange={(id: string | null | undefined) => map.mutate({ source, locationId: l.locationId, id: id ?? null })}
        />
      );
    };
    return [
      {
        title: t('integrations.location'),
        key: 'title',
        render: (_: unknown, l: ConnectedLocation) => (
          <div>
            <div className="st-name">
              <span dir="auto">{l.title}</span>
            </div>
            {l.address && (
              <div className="st-muted int-address" title={l.address} dir="auto">
                {l.address}
              </div>
            )}
            {/* On a narrow screen the sources stack under the location instead of having columns. */}
            {!wide &&
              SOURCES.map((source) => (
                <div key={source} className="int-stacked">
                  <div className="st-muted">{sourceTitle(source)}</div>
                  {mapping(source, l)}
                  <Freshness f={l[source]} />
                </div>
              ))}
          </div>
        ),
      },
      ...SOURCES.map((source) => ({
        title: sourceTitle(source),
        key: source,
        responsive: [WIDE],
        render: (_: unknown, l: ConnectedLocation) => mapping(source, l),
      })),
      ...SOURCES.map((source) => ({
        title: source === 'google' ? t('integrations.googleSync') : t('integrations.facebookSync'),
        key: `${source}-sync`,
        responsive: [WIDE],
        render: (_: unknown, l: ConnectedLocation) => <Freshness f={l[source]} />,
      })),
    ];
  }, [admin, places, map, wide, t]);

  const anyMapped = (list.data?.integrations ?? []).some((i) => i.mappedLocations > 0);
  // Mapped locations first (their freshness is what one comes to see), then the rest, each in the API's order.
  const rows = useMemo(() => {
    const all = locations.data?.locations ?? [];
    const mapped = (l: ConnectedLocation) => l.google !== null || l.facebook !== null;
    return [...all.filter(mapped), ...all.filter((l) => !mapped(l))];
  }, [locations.data]);
  return (
    <>
      <PageHeader
        title={t('integrations.title')}
        description={t('integrations.description')}
        extra={
          admin && anyMapped ? (
            <Button
              icon={<SyncOutlined />}
              loading={sync.isPending}
              onClick={() => sync.mutate({})}
              data-testid="sync-now"
            >
              {t('actions.syncNow')}
            </Button>
          ) : undefined
        }
      />
      {list.isError && <Alert type="error" showIcon title={translateMessage(list.error.message)} />}
      <div className="int-sources">
        {list.isLoading ? (
          <Card>
            <Skeleton active />
          </Card>
        ) : (
          (list.data?.integrations ?? []).map((i) => (
            <Card key={i.source} data-testid={`integration-${i.source}`}>
              <div className="int-head">
                <span className="st-name">{i.title}</span>
                <StatusTag status={i.status} />
              </div>
              {i.status === 'reconnect_needed' && i.statusReason && (
                <Alert type="warning" showIcon title={translateMessage(i.statusReason)} className="int-alert" />
              )}
              <div className="st-muted">
                {i.accountName && (
                  <>
                    <span dir="auto">{i.accountName}</span> ·{' '}
                  </>
                )}
                {t('integrations.summary', {
                  count: i.mappedLocations,
                  last: when(i.lastSyncAt),
                  next: when(i.nextSyncAt),
                })}
              </div>
              {i.removedReviews > 0 && (
                <Link className="st-muted" to={`/reviews?removed=true&sources=${i.source}`}>
                  {t('integrations.removedReviews', { count: i.removedReviews, source: i.title })}
                </Link>
              )}
              {admin && (
                <Space className="int-actions" wrap>
                  <Button
                    type={i.status === 'connected' ? 'default' : 'primary'}
                    icon={<LinkOutlined />}
                    loading={connect.isPending && connect.variables === i.source}
                    onClick={() => connect.mutate(i.source)}
                    data-testid={`connect-${i.source}`}
                  >
                    {i.status === 'not_connected'
                      ? t('integrations.connect', { title: i.title })
                      : t('integrations.reconnect', { title: i.title })}
                  </Button>
                  {i.status !== 'not_connected' && (
                    <>
                      <Button
                        icon={<SyncOutlined />}
                        onClick={() => sync.mutate({ source: i.source })}
                        disabled={!i.mappedLocations}
                      >
                        {t('actions.syncNow')}
                      </Button>
                      <Popconfirm
                        title={t('integrations.disconnectConfirm', { title: i.title })}
                        okText={t('actions.yes')}
                        cancelText={t('actions.no')}
                        onConfirm={() => disconnect.mutate(i.source)}
                      >
                        <Button danger icon={<DisconnectOutlined />}>
                          {t('actions.disconnect')}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                </Space>
              )}
            </Card>
          ))
        )}
        <TicketingCards admin={admin} />
        <AudienceCards admin={admin} />
        <TwitterCard admin={admin} />
      </div>
      {admin && <WebhooksSection />}
      <Card title={t('integrations.locations')} className="int-locations">
        {locations.isError && <Alert type="error" showIcon title={translateMessage(locations.error.message)} />}
        {!locations.isLoading && (locations.data?.locations.length ?? 0) === 0 ? (
          <Empty description={t('integrations.noLocations')} />
        ) : (
          <Table<ConnectedLocation>
            rowKey="locationId"
            size="middle"
            loading={locations.isLoading}
            dataSource={rows}
            columns={columns}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="integration-locations"
          />
        )}
      </Card>
    </>
  );
}

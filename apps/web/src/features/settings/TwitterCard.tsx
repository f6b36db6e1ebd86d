import { useEffect, useRef } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../lib/Link';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../i18n/messages';
import { ConnectionTag } from './TicketingCards';
import { twitterApi, twitterKeys, type TwitterState } from './integrationsApi';

/** The service's name, the same in every language. */
const TWITTER = 'X (Twitter)';

/** Why mentions and messages may not be arriving although the account is connected. */
function activityProblem(t: TFunction<'settings'>, s: TwitterState): string | null {
  if (s.webhookState === 'failed')
    return t('twitter.webhookFailed', { url: s.webhookUrl, reason: translateMessage(s.webhookError ?? '') });
  if (!s.subscribed)
    return t('twitter.notSubscribed', {
      reason: s.subscriptionError ? translateMessage(s.subscriptionError) : t('twitter.unknownReason'),
    });
  return null;
}

/**
 * Twitter on Settings › Third-party login: "Connect X (Twitter)" sends the browser to Twitter's
 * authorization page, which comes back to this page with `oauth_token` and `oauth_verifier` (or
 * `denied`); the card then completes the connection with `POST oauth/accessToken`.
 */
export function TwitterCard({ admin }: { admin: boolean }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useQuery({ queryKey: twitterKeys.state, queryFn: ({ signal }) => twitterApi.state(signal) });
  const onError = (e: Error) => void message.error(translateMessage(e.message));
  const connect = useMutation({
    mutationFn: twitterApi.link,
    onSuccess: (link) => window.location.assign(link),
    onError,
  });
  const { mutate: complete, isPending: completing } = useMutation({
    mutationFn: twitterApi.accessToken,
    onSuccess: async (s) => {
      // The card's first read of the state may still be on its way, and would answer "not connected"
      // over the new state: cancelled first (CI saw the card stay "Not connected" under the toast).
      await queryClient.cancelQueries({ queryKey: twitterKeys.state });
      queryClient.setQueryData(twitterKeys.state, s);
      void message.success(t('twitter.connectedAs', { name: s.screenName ?? '' }));
    },
    onError: (e: Error) => void message.error(t('twitter.notConnectedError', { reason: translateMessage(e.message) })),
  });
  const disconnect = useMutation({
    mutationFn: twitterApi.disconnect,
    onSuccess: async () => {
      void message.success(t('twitter.disconnected'));
      await queryClient.invalidateQueries({ queryKey: twitterKeys.state });
    },
    onError,
  });

  // Twitter's way back: once per token (a second render must not post a used token again).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const token = params.get('oauth_token');
    const verifier = params.get('oauth_verifier');
    const denied = params.get('denied');
    const key = token ?? denied;
    if (!key || handled.current === key || (token && !verifier)) return;
    handled.current = key;
    if (token && verifier) complete({ oauth_token: token, oauth_verifier: verifier });
    else void message.info(t('twitter.cancelled'));
    setParams({}, { replace: true });
  }, [params, setParams, complete, message, t]);

  if (state.isError) return <Alert type="error" showIcon title={translateMessage(state.error.message)} />;
  const s = state.data;
  if (!s) return null;
  const problem = s.status === 'connected' ? activityProblem(t, s) : null;
  return (
    <Card data-testid="integration-twitter">
      <div className="int-head">
        <span className="st-name">{TWITTER}</span>
        <ConnectionTag c={s} />
      </div>
      {s.status === 'reconnect_needed' && s.statusReason && (
        <Alert type="warning" showIcon title={translateMessage(s.statusReason)} className="int-alert" />
      )}
      {problem && <Alert type="warning" showIcon title={problem} className="int-alert" data-testid="twitter-problem" />}
      <div className="st-muted">
        {s.status === 'not_connected' ? (
          t('twitter.intro')
        ) : (
          <Trans
            t={t}
            i18nKey="twitter.arrive"
            values={{ name: s.screenName }}
            components={{ link: <Link to="/messages" /> }}
          />
        )}
      </div>
      {!s.messaging && <div className="st-muted">{t('twitter.needsMessaging')}</div>}
      {s.messaging && !s.configured && <div className="st-muted">{t('twitter.notSetUp')}</div>}
      {admin && s.messaging && (
        <Space className="int-actions" wrap>
          <Button
            type={s.status === 'connected' ? 'default' : 'primary'}
            icon={<LinkOutlined />}
            disabled={!s.configured}
            loading={connect.isPending || completing}
            onClick={() => connect.mutate()}
            data-testid="connect-twitter"
          >
            {s.status === 'not_connected' ? t('twitter.connect') : t('twitter.reconnect')}
          </Button>
          {s.status !== 'not_connected' && (
            <Popconfirm
              title={t('twitter.disconnectConfirm')}
              okText={t('actions.yes')}
              cancelText={t('actions.no')}
              onConfirm={() => disconnect.mutate()}
            >
              <Button danger icon={<DisconnectOutlined />} data-testid="disconnect-twitter">
                {t('actions.disconnect')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Card>
  );
}

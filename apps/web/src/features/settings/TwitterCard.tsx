import { useEffect, useRef } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { ConnectionTag } from './TicketingCards';
import { twitterApi, twitterKeys, type TwitterState } from './integrationsApi';

/** Why mentions and messages may not be arriving although the account is connected. */
function activityProblem(s: TwitterState): string | null {
  if (s.webhookState === 'failed') return `Twitter did not accept the webhook ${s.webhookUrl}: ${s.webhookError ?? ''}`;
  if (!s.subscribed) return `The account is not subscribed to the webhook: ${s.subscriptionError ?? 'unknown reason'}`;
  return null;
}

/**
 * Twitter on Settings › Third-party login: "Connect X (Twitter)" sends the browser to Twitter's
 * authorization page, which comes back to this page with `oauth_token` and `oauth_verifier` (or
 * `denied`); the card then completes the connection with `POST oauth/accessToken`.
 */
export function TwitterCard({ admin }: { admin: boolean }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const state = useQuery({ queryKey: twitterKeys.state, queryFn: ({ signal }) => twitterApi.state(signal) });
  const onError = (e: Error) => void message.error(e.message);
  const connect = useMutation({
    mutationFn: twitterApi.link,
    onSuccess: (link) => window.location.assign(link),
    onError,
  });
  const { mutate: complete, isPending: completing } = useMutation({
    mutationFn: twitterApi.accessToken,
    onSuccess: (s) => {
      queryClient.setQueryData(twitterKeys.state, s);
      void message.success(`X (Twitter) connected as @${s.screenName ?? ''}.`);
    },
    onError: (e: Error) => void message.error(`X (Twitter) was not connected: ${e.message}`),
  });
  const disconnect = useMutation({
    mutationFn: twitterApi.disconnect,
    onSuccess: async () => {
      void message.success('X (Twitter) disconnected. Its conversations stay in Messages.');
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
    else void message.info('X (Twitter) was not connected: the authorization was cancelled.');
    setParams({}, { replace: true });
  }, [params, setParams, complete, message]);

  if (state.isError) return <Alert type="error" showIcon title={state.error.message} />;
  const s = state.data;
  if (!s) return null;
  const problem = s.status === 'connected' ? activityProblem(s) : null;
  return (
    <Card data-testid="integration-twitter">
      <div className="int-head">
        <span className="st-name">X (Twitter)</span>
        <ConnectionTag c={s} />
      </div>
      {s.status === 'reconnect_needed' && s.statusReason && (
        <Alert type="warning" showIcon title={s.statusReason} className="int-alert" />
      )}
      {problem && <Alert type="warning" showIcon title={problem} className="int-alert" data-testid="twitter-problem" />}
      <div className="st-muted">
        {s.status === 'not_connected' ? (
          'Tweets that mention your account and its Direct Messages arrive in Messages; answers go out from there.'
        ) : (
          <>
            @{s.screenName} · mentions and Direct Messages arrive in <Link to="/messages">Messages</Link>
          </>
        )}
      </div>
      {!s.messaging && <div className="st-muted">Needs the Messaging feature of your package.</div>}
      {s.messaging && !s.configured && (
        <div className="st-muted">
          Not set up on this server: the Owner adds the Twitter API key and secret under Admin › Service credentials.
        </div>
      )}
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
            {s.status === 'not_connected' ? 'Connect X (Twitter)' : 'Reconnect X (Twitter)'}
          </Button>
          {s.status !== 'not_connected' && (
            <Popconfirm
              title="Disconnect X (Twitter)? Its conversations stay in Messages."
              okText="Yes"
              cancelText="No"
              onConfirm={() => disconnect.mutate()}
            >
              <Button danger icon={<DisconnectOutlined />} data-testid="disconnect-twitter">
                Disconnect
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Card>
  );
}

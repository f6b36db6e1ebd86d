import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { countChannel, REALTIME_AUTH_ENDPOINT, UNREAD_LOAD_DELAY_MS } from '@reputo/core';
import { api, getClientConfig, type ClientConfig } from '../../lib/api';

interface Total {
  unreadTotalCount: number;
}
interface PagesReply {
  items: unknown[];
}

const MESSAGES_KEY = ['messages'] as const;
const UNREAD_KEY = ['messages', 'unread'] as const;
const PAGES_KEY = ['messages', 'pages'] as const;

async function fetchUnread(): Promise<number> {
  const [conversations, comments] = await Promise.all([
    api<Total>('/v2/api/conversations/unreadTotalCount'),
    api<Total>('/v2/api/socialpost/unreadTotalCount'),
  ]);
  return conversations.unreadTotalCount + comments.unreadTotalCount;
}

/** Loads later than the first paint (spec 000 section 4): the counters are not worth delaying the page. */
function useDelayed(ms: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setReady(true), ms);
    return () => clearTimeout(t);
  }, [ms]);
  return ready;
}

type PusherSettings = NonNullable<ClientConfig['pusher']>;

/** The embedded hub listens on the page's own host and port. */
function socketOptions(s: PusherSettings) {
  if (!s.embedded)
    return {
      wsHost: s.wsHost ?? undefined,
      wsPort: s.wsPort ?? undefined,
      wssPort: s.wsPort ?? undefined,
      forceTLS: s.forceTLS,
    };
  const tls = window.location.protocol === 'https:';
  const port = Number(window.location.port) || (tls ? 443 : 80);
  return { wsHost: window.location.hostname, wsPort: port, wssPort: port, forceTLS: tls };
}

/**
 * Reloads the counters on each count event of the company's realtime channel and unsubscribes on
 * leaving. The private channel is authorised through the one API client (bearer, acting context).
 */
function useCountChannel(companyId: number | null, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const settings = getClientConfig().pusher;
    if (!enabled || companyId === null || !settings) return;
    const channelName = countChannel(companyId);
    let stop = () => {};
    let cancelled = false;
    void import('pusher-js').then(({ default: Pusher }) => {
      if (cancelled) return;
      const pusher = new Pusher(settings.key, {
        cluster: settings.cluster,
        ...socketOptions(settings),
        enabledTransports: ['ws', 'wss'],
        channelAuthorization: {
          endpoint: settings.authEndpoint ?? REALTIME_AUTH_ENDPOINT,
          transport: 'ajax',
          customHandler: ({ socketId, channelName: channel }, callback) => {
            api<{ auth: string }>(settings.authEndpoint ?? REALTIME_AUTH_ENDPOINT, {
              method: 'POST',
              body: { socket_id: socketId, channel_name: channel },
            }).then(
              (reply) => callback(null, reply),
              (error: Error) => callback(error, null),
            );
          },
        },
      });
      // A count event, or any other of the company's (a message, comment or reaction came in),
      // refreshes the badge and whatever the Messages screens show: the open thread and the lists.
      pusher.subscribe(channelName).bind_global((event: string) => {
        if (!event.startsWith('pusher')) void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      });
      stop = () => {
        pusher.unsubscribe(channelName);
        pusher.disconnect();
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [companyId, enabled, queryClient]);
}

/**
 * The Messages badge (unread messages plus unread comments) and whether the user has message pages.
 * Asked for only with Messaging and a company in view, so the server has no reason to refuse.
 */
export function useUnread(enabled: boolean, companyId: number | null): { unread: number; hasPages: boolean } {
  const ready = useDelayed(UNREAD_LOAD_DELAY_MS);
  const unread = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnread, enabled: enabled && ready, retry: false });
  const pages = useQuery({
    queryKey: PAGES_KEY,
    queryFn: () => api<PagesReply>('/v2/api/pages'),
    enabled: enabled && ready,
    retry: false,
  });
  useCountChannel(companyId, enabled);
  return { unread: unread.data ?? 0, hasPages: (pages.data?.items.length ?? 0) > 0 };
}

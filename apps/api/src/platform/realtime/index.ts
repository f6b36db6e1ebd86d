import { createHmac } from 'node:crypto';
import Pusher from 'pusher';
import { REALTIME_AUTH_ENDPOINT as AUTH_ENDPOINT } from '@reputo/core';
import type { Config } from '../../config';
import { createEmbeddedHub, type EmbeddedHub } from './embedded';
import { signChannel } from './signature';

/**
 * Realtime events over the Pusher Channels protocol. With PUSHER_* settings events go to hosted Pusher
 * or Soketi; otherwise the API's own embedded hub serves pusher-js over a WebSocket on the same port.
 */
export interface Realtime {
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /** The `auth` string pusher-js needs to subscribe a socket to a private channel. */
  channelAuth(socketId: string, channel: string): string;
  /** What the browser needs to connect; `embedded` means: same host and port as the page. */
  clientSettings(): {
    key: string;
    cluster: string;
    wsHost: string | null;
    wsPort: number | null;
    forceTLS: boolean;
    embedded: boolean;
    authEndpoint: string;
  };
  embedded: EmbeddedHub | null;
}

export const EMBEDDED_KEY = 'reputo-embedded';

/** The embedded hub's app secret, derived from JWT_SECRET so every restart (and a second process) agrees on it. */
export function embeddedSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('realtime').digest('hex');
}

export function createRealtime(config: Config): Realtime {
  if (config.pusher) {
    const p = config.pusher;
    const client = new Pusher({
      appId: p.appId,
      key: p.key,
      secret: p.secret,
      cluster: p.cluster,
      host: p.host,
      port: p.port ? String(p.port) : undefined,
      useTLS: !p.host,
    });
    return {
      embedded: null,
      publish: async (channel, event, data) => {
        await client.trigger(channel, event, data);
      },
      channelAuth: (socketId, channel) => signChannel(p.key, p.secret, socketId, channel),
      clientSettings: () => ({
        key: p.key,
        cluster: p.cluster,
        wsHost: p.host ?? null,
        wsPort: p.port ?? null,
        forceTLS: !p.host,
        embedded: false,
        authEndpoint: AUTH_ENDPOINT,
      }),
    };
  }
  const key = EMBEDDED_KEY;
  const secret = embeddedSecret(config.jwtSecret);
  const hub = createEmbeddedHub({ key, secret });
  return {
    embedded: hub,
    publish: async (channel, event, data) => hub.publish(channel, event, data),
    channelAuth: (socketId, channel) => signChannel(key, secret, socketId, channel),
    clientSettings: () => ({
      key,
      cluster: 'embedded',
      wsHost: null,
      wsPort: null,
      forceTLS: false,
      embedded: true,
      authEndpoint: AUTH_ENDPOINT,
    }),
  };
}

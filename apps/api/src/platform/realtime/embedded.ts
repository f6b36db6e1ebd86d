import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { access } from '../access';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthorized } from '../errors';
import { signChannel } from './signature';

/** The zod serializer for a route whose schema type Fastify's typings confuse with the route's whole schema. */
const zodSerializer: FastifySerializerCompiler<unknown> = (route) =>
  serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);

/**
 * A small Pusher-protocol (version 7) server: enough for pusher-js to connect, subscribe to public
 * and private channels (signatures checked), ping, and receive events. One process; for several API
 * processes point PUSHER_* at Soketi or hosted Pusher instead.
 */
export interface EmbeddedHub {
  register(app: FastifyInstance): Promise<void>;
  publish(channel: string, event: string, data: unknown): void;
  subscriberCount(channel: string): number;
  close(): void;
}

interface Incoming {
  event?: string;
  data?: { channel?: string; auth?: string } | string;
}

const ACTIVITY_TIMEOUT_SECONDS = 120;

function send(socket: WebSocket, message: Record<string, unknown>): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createEmbeddedHub(opts: { key: string; secret: string }): EmbeddedHub {
  const channels = new Map<string, Set<WebSocket>>();
  const sockets = new Set<WebSocket>();

  function subscribe(socket: WebSocket, socketId: string, data: { channel?: string; auth?: string }): void {
    const channel = data.channel;
    if (!channel) return send(socket, { event: 'pusher:error', data: { code: 4009, message: 'channel is required' } });
    if (
      channel.startsWith('private-') &&
      !(data.auth && sameText(data.auth, signChannel(opts.key, opts.secret, socketId, channel)))
    ) {
      return send(socket, { event: 'pusher:error', data: { code: 4009, message: `Invalid signature for ${channel}` } });
    }
    if (!channels.has(channel)) channels.set(channel, new Set());
    channels.get(channel)!.add(socket);
    send(socket, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  }

  function unsubscribeAll(socket: WebSocket): void {
    for (const [name, members] of channels) {
      members.delete(socket);
      if (members.size === 0) channels.delete(name);
    }
  }

  function onMessage(socket: WebSocket, socketId: string, raw: string): void {
    let message: Incoming;
    try {
      message = JSON.parse(raw) as Incoming;
    } catch {
      return;
    }
    const data = typeof message.data === 'string' ? safeParse(message.data) : (message.data ?? {});
    if (message.event === 'pusher:ping') send(socket, { event: 'pusher:pong', data: '{}' });
    else if (message.event === 'pusher:subscribe') subscribe(socket, socketId, data);
    else if (message.event === 'pusher:unsubscribe' && data.channel) channels.get(data.channel)?.delete(socket);
  }

  return {
    async register(app) {
      await app.register(websocket);
      app.get('/app/:key', { websocket: true }, (socket, request) => {
        const { key } = request.params as { key: string };
        if (key !== opts.key) {
          send(socket, { event: 'pusher:error', data: { code: 4001, message: 'App key not in use' } });
          socket.close(4001);
          return;
        }
        const socketId = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
        sockets.add(socket);
        send(socket, {
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT_SECONDS }),
        });
        socket.on('message', (raw: Buffer) => onMessage(socket, socketId, raw.toString()));
        socket.on('close', () => {
          sockets.delete(socket);
          unsubscribeAll(socket);
        });
      });
      // The Pusher HTTP publish API, so the `pusher` server library (or another process) can publish here.
      // Public: the Pusher signature of the body is its authentication.
      app.post(
        '/apps/:appId/events',
        {
          config: { access: access.public() },
          // Its own serializer: the hub may be registered on a server without the app's zod compilers.
          serializerCompiler: zodSerializer,
          schema: {
            tags: ['realtime'],
            summary: "Pusher's HTTP publish API, signed with the app's key and secret (auth_key, auth_signature)",
            response: { 200: z.object({}) },
          },
        },
        async (request) => {
          // The body is compact JSON of strings (name, channels, data), so re-serialising gives the signed bytes.
          const raw = JSON.stringify(request.body ?? {});
          const path = request.url.split('?')[0]!;
          if (!validRestSignature(opts.secret, opts.key, path, request.query as Record<string, string>, raw)) {
            throw unauthorized('Invalid Pusher signature');
          }
          const body = request.body as { name?: string; channels?: string[]; channel?: string; data?: string };
          const targets = body.channels ?? (body.channel ? [body.channel] : []);
          if (!body.name || targets.length === 0 || typeof body.data !== 'string') {
            throw badRequest('name, channels and data are required');
          }
          for (const channel of targets) publishRaw(channel, body.name, body.data);
          return {};
        },
      );
    },
    publish(channel, event, data) {
      publishRaw(channel, event, JSON.stringify(data));
    },
    subscriberCount: (channel) => channels.get(channel)?.size ?? 0,
    close() {
      for (const socket of sockets) socket.terminate();
      sockets.clear();
      channels.clear();
    },
  };

  function publishRaw(channel: string, event: string, data: string): void {
    const payload = JSON.stringify({ event, channel, data });
    for (const socket of channels.get(channel) ?? []) if (socket.readyState === socket.OPEN) socket.send(payload);
  }
}

/** Pusher HTTP API authentication: HMAC-SHA256 over method, path and the sorted query (without the signature). */
function validRestSignature(
  secret: string,
  key: string,
  path: string,
  query: Record<string, string>,
  rawBody: string,
): boolean {
  const { auth_signature: signature, ...rest } = query;
  if (!signature || rest.auth_key !== key) return false;
  if (Math.abs(Date.now() / 1000 - Number(rest.auth_timestamp)) > 600) return false;
  if (rest.body_md5 !== createHash('md5').update(rawBody).digest('hex')) return false;
  const sorted = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('&');
  const expected = createHmac('sha256', secret).update(`POST\n${path}\n${sorted}`).digest('hex');
  return sameText(signature, expected);
}

function safeParse(text: string): { channel?: string; auth?: string } {
  try {
    return JSON.parse(text) as { channel?: string; auth?: string };
  } catch {
    return {};
  }
}

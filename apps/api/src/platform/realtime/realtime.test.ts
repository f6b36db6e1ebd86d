import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createRealtime, embeddedSecret, type Realtime } from './index';

/** Both realtime paths against real protocol peers: pusher-js on the embedded hub, and the `pusher` server library publishing to it over HTTP. */
describe('Realtime over the Pusher protocol', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-rt-'));
  const jwtSecret = 'r'.repeat(40);
  let server: FastifyInstance;
  let embedded: Realtime;
  let port = 0;

  beforeAll(async () => {
    embedded = createRealtime(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret }));
    server = Fastify();
    await embedded.embedded!.register(server);
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    embedded.embedded!.close();
    await server.close();
  });

  function subscribeClient(channelName: string): Promise<{ client: Pusher; next: () => Promise<unknown> }> {
    const client = new Pusher(embedded.clientSettings().key, {
      cluster: 'embedded',
      wsHost: '127.0.0.1',
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    const channel = client.subscribe(channelName);
    return new Promise((resolve) =>
      channel.bind('pusher:subscription_succeeded', () =>
        resolve({ client, next: () => new Promise((r) => channel.bind('count', r)) }),
      ),
    );
  }

  it('delivers events published in-process', async () => {
    const { client, next } = await subscribeClient('public-test');
    const got = next();
    await embedded.publish('public-test', 'count', { unreadTotalCount: 7 });
    expect(await got).toEqual({ unreadTotalCount: 7 });
    client.disconnect();
  });

  it('accepts signed publishes from the pusher server library and refuses a wrong secret', async () => {
    const { client, next } = await subscribeClient('public-hosted');
    // A second API process configured as for hosted Pusher, pointed at this hub.
    const env = (s: string) => ({
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'reputo-embedded',
      PUSHER_SECRET: s,
      PUSHER_HOST: '127.0.0.1',
      PUSHER_PORT: String(port),
    });
    const hosted = createRealtime(loadConfig(env(embeddedSecret(jwtSecret))));
    expect(hosted.embedded).toBeNull();
    const got = next();
    await hosted.publish('public-hosted', 'count', { unreadTotalCount: 3 });
    expect(await got).toEqual({ unreadTotalCount: 3 });
    const forged = createRealtime(loadConfig(env('not-the-secret')));
    await expect(forged.publish('public-hosted', 'count', { unreadTotalCount: 99 })).rejects.toThrow(/401/);
    client.disconnect();
  });
});

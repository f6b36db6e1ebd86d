import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { DATA_KINDS, dataChanged, onDataChanged } from './dataChanges';

/**
 * Several API processes on one PostgreSQL: each keeps its own report and identity caches, so each
 * tells the others what it changed. A change is sent with `pg_notify` on one channel; every process
 * LISTENs on a connection of its own and drops the same cached values. Its own notifications come back
 * to it too, and are known by the process's origin id. After the listening connection was lost (and
 * notifications with it), everything cached is dropped once it is back.
 */
const CHANNEL = 'reputo_data_changed';
const ORIGIN = randomUUID();
const RECONNECT_MS = 1000;

const messageSchema = z.object({
  origin: z.string(),
  companyId: z.number().int().nullable(),
  kinds: z.array(z.enum(DATA_KINDS)),
});

export interface ChangeFeed {
  close(): Promise<void>;
}

export async function startChangeFeed(databaseUrl: string, log: FastifyBaseLogger): Promise<ChangeFeed> {
  const sender = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  sender.on('error', (error) => log.warn({ err: error }, 'change feed: an idle sending connection closed'));
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const hear = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    let payload: unknown;
    try {
      payload = JSON.parse(msg.payload);
    } catch {
      payload = null;
    }
    const parsed = messageSchema.safeParse(payload);
    if (!parsed.success) return log.warn({ payload: msg.payload }, 'change feed: an unreadable notification');
    if (parsed.data.origin !== ORIGIN) dataChanged(parsed.data.companyId, parsed.data.kinds, true);
  };

  async function listen(afterLoss: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', hear);
    client.on('error', (error) => {
      log.warn({ err: error }, 'change feed: the listening connection was lost; reconnecting');
      void client.end().catch(() => undefined);
      if (listener === client) listener = null;
      schedule();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
    // Changes sent while nobody listened here were missed: what is cached may be stale.
    if (afterLoss) dataChanged(null, DATA_KINDS, true);
  }

  function schedule(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      listen(true).catch((error: unknown) => {
        log.warn({ err: error }, 'change feed: reconnecting failed; trying again');
        schedule();
      });
    }, RECONNECT_MS);
  }

  await listen(false);
  const stopSending = onDataChanged(async (companyId, kinds) => {
    try {
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin: ORIGIN, companyId, kinds })]);
    } catch (error) {
      log.warn({ err: error }, 'change feed: a change could not be sent to the other processes');
    }
  });
  return {
    async close() {
      closed = true;
      stopSending();
      if (retry) clearTimeout(retry);
      await listener?.end().catch(() => undefined);
      await sender.end();
    },
  };
}

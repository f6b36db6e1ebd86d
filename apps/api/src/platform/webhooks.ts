/**
 * Inbound webhooks of outside services under `/webhooks/<provider>` (DESIGN section 8):
 * - the body is read raw (a content-type parser scoped to these routes), so the signature is checked
 *   on the exact bytes the provider signed, before anything is parsed or stored; a bad one is 401;
 * - a delivery is stored once, unique by provider and delivery id (a provider's retry is a repeat);
 *   deliveries arriving together are written in one statement (a group commit) before each is answered;
 * - the answer is 200 at once; the job `webhooks.<provider>` processes waiting deliveries in claimed
 *   batches (one job per delivery cost more than the work: 42 deliveries/s on PGlite); a delivery
 *   that fails gets a retry job of its own with back-off, which ends dead (system health lists it)
 *   with the last error also on the delivery row.
 *
 * The module that owns a provider passes its processor in; platform/ knows nothing of what it does.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthorized } from './errors';
import { retryDelayMs, type JobQueue } from './jobs';
import type { Db } from '../db/client';
import {
  claimDeliveries,
  markDeliveriesProcessed,
  markDeliveryFailed,
  startDeliveryAttempt,
  storeDeliveries,
  type WebhookDeliveryRow,
} from './webhooks.repository';

export type WebhookDelivery = WebhookDeliveryRow;

export interface WebhookProvider {
  /** The path's last part: `/webhooks/<name>`, and the job `webhooks.<name>`. */
  name: string;
  /** Another path than `/webhooks/<name>`, where the spec fixes one (Twitter's `v2/api/twitter/webhook`). */
  path?: string;
  /** The provider's name in the API documentation (e.g. Meta). */
  title: string;
  /** Whether the raw body carries the provider's valid signature. */
  verify(raw: Buffer, headers: IncomingHttpHeaders): boolean;
  /** The provider's id of the delivery; by default the SHA-256 of the body (a retry resends the same bytes). */
  deliveryId?(raw: Buffer, headers: IncomingHttpHeaders): string;
  /** Header names (lower case) kept with the delivery besides the signature ones. */
  keepHeaders?: readonly string[];
  /**
   * Answers a GET on the path (a subscription check such as Meta's, plain text, or Twitter's CRC, a
   * JSON object); absent: no GET route.
   */
  verification?(query: Record<string, string | undefined>): {
    status: 200 | 403;
    body: string | Record<string, string>;
  };
  /** How the GET check answers: plain text (default) or JSON (documented as Twitter's CRC answer). */
  verificationAnswer?: 'text' | 'json';
  /** Processes a stored delivery; must be idempotent (a failed attempt runs again). Throwing retries it. */
  process(delivery: WebhookDelivery, ctx: { signal: AbortSignal }): Promise<void>;
  /**
   * Processes a claimed batch at once (fewer statements than one delivery after another); must be
   * idempotent. Throwing falls back to `process` per delivery, so one bad delivery fails alone.
   */
  processBatch?(deliveries: WebhookDelivery[], ctx: { signal: AbortSignal }): Promise<void>;
  /** Attempts before a failing delivery's job is dead (default 8: back-off from 5 s to about 10 minutes). */
  maxAttempts?: number;
  /** Drain jobs of this provider running at once across processes (default 2). */
  concurrency?: number;
  /** Deliveries one drain processes at once (default 8); `process` must bear concurrent calls. */
  parallel?: number;
}

const BATCH_SIZE = 100;
/** How long a drain holds its batch; a process that died meanwhile leaves it to another after this. */
const CLAIM_SECONDS = 120;
const RETRY_BASE_SECONDS = 5;
const ENQUEUE_QUIET_MS = 500;
const DEFAULT_KEEP = ['content-type', 'user-agent', 'x-hub-signature-256', 'x-request-id'];

/** Compares an expected `sha256=<hex>` style signature with a received one in constant time. */
export function signaturesMatch(expected: string, received: string | undefined): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `sha256=<hex HMAC-SHA256 of the body>`, as Meta (and GitHub and others) sign deliveries. */
export function hmacSha256Signature(secret: string, raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

export const jobNameOf = (provider: string) => `webhooks.${provider}`;

function keptHeaders(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') kept[name] = value.slice(0, 500);
  }
  return kept;
}

type NewDelivery = Parameters<typeof storeDeliveries>[1][number];

/**
 * Stores deliveries as they arrive, in group commits: the first is written at once; those that
 * arrive meanwhile wait for it and go together in the next statement (one commit, one fsync, for a
 * burst). Each caller learns whether its delivery was new; its 200 is sent only once it is stored.
 */
function deliveryWriter(db: Db): (delivery: NewDelivery) => Promise<boolean> {
  let waiting: { delivery: NewDelivery; done: (isNew: boolean) => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  const flush = async (): Promise<void> => {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, 500);
      waiting = waiting.slice(batch.length);
      try {
        const stored = await storeDeliveries(
          db,
          batch.map((w) => w.delivery),
        );
        // A body sent twice in one burst is stored once; only its first caller hears "new".
        for (const w of batch) w.done(stored.delete(w.delivery.deliveryId));
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
    writing = false;
  };
  return (delivery) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ delivery, done: resolve, failed: reject });
      if (!writing) void flush();
    });
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether the provider processed the whole batch at once; false (after an error) sends it one by one. */
async function processedAsBatch(
  provider: WebhookProvider,
  batch: WebhookDelivery[],
  ctx: { signal: AbortSignal },
): Promise<boolean> {
  try {
    await provider.processBatch!(batch, ctx);
    return true;
  } catch {
    return false;
  }
}

/**
 * Defines the provider's jobs: `webhooks.<name>` drains waiting deliveries in claimed batches
 * (queued by each new delivery, and every 15 s as a sweep for what a stopped process left);
 * a delivery that fails there gets `webhooks.<name>.retry`, a job of its own with back-off that
 * ends dead (listed by system health) when its attempts run out.
 */
function defineProcessing(db: Db, queue: JobQueue, provider: WebhookProvider, onStart: () => void): void {
  const drain = jobNameOf(provider.name);
  const retry = `${drain}.retry`;
  queue.define(
    drain,
    async (_payload, _job, ctx) => {
      onStart();
      while (!ctx.signal.aborted) {
        const batch = await claimDeliveries(db, provider.name, BATCH_SIZE, CLAIM_SECONDS);
        if (batch.length === 0) return;
        if (provider.processBatch && (await processedAsBatch(provider, batch, ctx))) {
          await markDeliveriesProcessed(
            db,
            batch.map((d) => d.id),
          );
          continue;
        }
        const done: number[] = [];
        await eachLimited(batch, provider.parallel ?? 8, async (delivery) => {
          try {
            await provider.process(delivery, ctx);
            done.push(delivery.id);
          } catch (error) {
            await markDeliveryFailed(db, delivery.id, errorText(error));
            await queue.enqueue(
              retry,
              { id: delivery.id },
              {
                runAt: new Date(Date.now() + retryDelayMs(1, RETRY_BASE_SECONDS)),
                maxAttempts: Math.max(1, (provider.maxAttempts ?? 8) - 1),
                dedupeKey: `${retry}:${delivery.id}`,
              },
            );
          }
        });
        await markDeliveriesProcessed(db, done);
      }
    },
    { everySeconds: 15, concurrency: provider.concurrency ?? 2 },
  );
  queue.define(
    retry,
    async (payload, _job, ctx) => {
      const delivery = await startDeliveryAttempt(db, Number(payload.id));
      if (!delivery) return; // processed meanwhile
      try {
        await provider.process(delivery, ctx);
      } catch (error) {
        await markDeliveryFailed(db, delivery.id, errorText(error));
        throw error;
      }
      await markDeliveriesProcessed(db, [delivery.id]);
    },
    { retryBaseSeconds: RETRY_BASE_SECONDS * 2 },
  );
}

/** The operations in the OpenAPI document: plain-text answers, a raw body (its bytes are what is signed). */
function docs(provider: string, what: 'verification' | 'crc' | 'delivery') {
  const text = (description: string) => ({ description, content: { 'text/plain': { schema: z.string() } } });
  if (what === 'crc')
    return {
      tags: ['Webhooks'],
      summary: `The challenge-response check (CRC) of ${provider}: answers response_token, sha256= and the base64 HMAC-SHA256 of crc_token with the app's secret`,
      querystring: z.object({ crc_token: z.string().optional() }),
      response: { 200: z.object({ response_token: z.string() }) },
    };
  return what === 'verification'
    ? {
        tags: ['Webhooks'],
        summary: `The subscription check of ${provider}: answers the challenge as plain text for the right verify token`,
        response: { 200: text('The challenge') },
      }
    : {
        tags: ['Webhooks'],
        summary: `A delivery of ${provider}: accepted only with a valid signature over the raw body, stored once, processed on the job queue`,
        response: { 200: text('EVENT_RECEIVED') },
      };
}

/** Registers `POST /webhooks/<name>` (and GET when the provider verifies subscriptions) and its job. */
export function registerWebhook(app: FastifyInstance, deps: { db: Db; queue: JobQueue }, provider: WebhookProvider) {
  const { db, queue } = deps;
  const url = provider.path ?? `/webhooks/${provider.name}`;
  let enqueuedAt = 0;
  let startedAfter = 0;
  defineProcessing(db, queue, provider, () => {
    startedAfter = Date.now();
  });
  const keep = [...DEFAULT_KEEP, ...(provider.keepHeaders ?? [])];
  const store = deliveryWriter(db);
  /**
   * One drain job waits at a time (its key); a running one takes new deliveries in its next batch.
   * A burst skips the enqueue for a moment after one (a statement saved per delivery): the job
   * queued then has not started, so it will see them.
   */
  const drainSoon = async () => {
    if (Date.now() - enqueuedAt < ENQUEUE_QUIET_MS && startedAfter < enqueuedAt) return;
    enqueuedAt = Date.now();
    await queue.enqueue(jobNameOf(provider.name), {}, { dedupeKey: `${jobNameOf(provider.name)}:drain` });
  };

  void app.register(async (scope) => {
    // Only here: every content type arrives as the exact bytes sent, for the signature check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    if (provider.verification) {
      const verification = provider.verification;
      scope.get(
        url,
        {
          config: { access: { kind: 'public' } },
          schema: docs(provider.title, provider.verificationAnswer === 'json' ? 'crc' : 'verification'),
        },
        async (request, reply) => {
          const answer = verification(request.query as Record<string, string | undefined>);
          // A refusal in our error shape, like every other (Meta and Twitter read only the status).
          if (answer.status !== 200)
            throw forbidden(typeof answer.body === 'string' ? answer.body : 'The check was refused');
          if (typeof answer.body !== 'string') return reply.code(200).send(answer.body);
          return reply.code(200).type('text/plain').send(answer.body);
        },
      );
    }

    scope.post(
      url,
      { config: { access: { kind: 'public' }, writes: 'none' }, schema: docs(provider.title, 'delivery') },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!provider.verify(raw, request.headers)) throw unauthorized('The delivery signature is not valid');
        const deliveryId =
          provider.deliveryId?.(raw, request.headers) ?? createHash('sha256').update(raw).digest('hex');
        const isNew = await store({
          provider: provider.name,
          deliveryId,
          body: raw.toString('utf8'),
          headers: keptHeaders(request.headers, keep),
        });
        if (isNew) await drainSoon();
        return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
      },
    );
  });
}

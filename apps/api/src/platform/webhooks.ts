/**
 * Inbound webhooks of outside services under `/webhooks/<provider>` (DESIGN section 8):
 * - the body is read raw (a content-type parser scoped to these routes), so the signature is checked
 *   on the exact bytes the provider signed, before anything is parsed or stored; a bad one is 401;
 * - a delivery is stored once, unique by provider and delivery id (a provider's retry is a repeat);
 * - the answer is 200 at once; the job `webhooks.<provider>` processes the stored delivery, retried
 *   with back-off by the job queue, and a delivery that keeps failing ends as a dead job (system
 *   health lists it) with its last error on the delivery row.
 *
 * The module that owns a provider passes its processor in; platform/ knows nothing of what it does.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from './errors';
import type { JobQueue } from './jobs';
import type { Db } from '../db/client';
import {
  markDeliveryFailed,
  markDeliveryProcessed,
  startDeliveryAttempt,
  storeDelivery,
  type WebhookDeliveryRow,
} from './webhooks.repository';

export type WebhookDelivery = WebhookDeliveryRow;

export interface WebhookProvider {
  /** The path's last part: `/webhooks/<name>`, and the job `webhooks.<name>`. */
  name: string;
  /** Whether the raw body carries the provider's valid signature. */
  verify(raw: Buffer, headers: IncomingHttpHeaders): boolean;
  /** The provider's id of the delivery; by default the SHA-256 of the body (a retry resends the same bytes). */
  deliveryId?(raw: Buffer, headers: IncomingHttpHeaders): string;
  /** Header names (lower case) kept with the delivery besides the signature ones. */
  keepHeaders?: readonly string[];
  /** Answers a GET on the path (a subscription check such as Meta's); absent: no GET route. */
  verification?(query: Record<string, string | undefined>): { status: number; body: string };
  /** Processes a stored delivery; must be idempotent (a failed attempt runs again). Throwing retries it. */
  process(delivery: WebhookDelivery, ctx: { signal: AbortSignal }): Promise<void>;
  /** Attempts before the job is dead (default 8: back-off from 5 s up to about 10 minutes). */
  maxAttempts?: number;
  /** Deliveries of this provider processed at once across processes (default 4). */
  concurrency?: number;
}

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

/** Defines the processing job of a provider on the queue. */
function defineProcessing(db: Db, queue: JobQueue, provider: WebhookProvider): void {
  queue.define(
    jobNameOf(provider.name),
    async (payload, _job, ctx) => {
      const delivery = await startDeliveryAttempt(db, Number(payload.id));
      if (!delivery) return; // processed by an earlier attempt
      try {
        await provider.process(delivery, ctx);
      } catch (error) {
        await markDeliveryFailed(db, delivery.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await markDeliveryProcessed(db, delivery.id);
    },
    { concurrency: provider.concurrency ?? 4, retryBaseSeconds: 5 },
  );
}

/** Registers `POST /webhooks/<name>` (and GET when the provider verifies subscriptions) and its job. */
export function registerWebhook(app: FastifyInstance, deps: { db: Db; queue: JobQueue }, provider: WebhookProvider) {
  const { db, queue } = deps;
  const url = `/webhooks/${provider.name}`;
  defineProcessing(db, queue, provider);
  const keep = [...DEFAULT_KEEP, ...(provider.keepHeaders ?? [])];

  void app.register(async (scope) => {
    // Only here: every content type arrives as the exact bytes sent, for the signature check.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    if (provider.verification) {
      const verification = provider.verification;
      scope.get(url, { config: { access: { kind: 'public' } }, schema: { hide: true } }, async (request, reply) => {
        const answer = verification(request.query as Record<string, string | undefined>);
        return reply.code(answer.status).type('text/plain').send(answer.body);
      });
    }

    scope.post(
      url,
      { config: { access: { kind: 'public' }, writes: 'none' }, schema: { hide: true } },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!provider.verify(raw, request.headers)) throw unauthorized('The delivery signature is not valid');
        const deliveryId =
          provider.deliveryId?.(raw, request.headers) ?? createHash('sha256').update(raw).digest('hex');
        const stored = await storeDelivery(
          db,
          {
            provider: provider.name,
            deliveryId,
            body: raw.toString('utf8'),
            headers: keptHeaders(request.headers, keep),
          },
          (tx, id) =>
            queue.enqueue(jobNameOf(provider.name), { id }, { db: tx, maxAttempts: provider.maxAttempts ?? 8 }),
        );
        // Committed: the started runner takes the job now rather than at its next tick.
        if (stored !== null) queue.wake();
        return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
      },
    );
  });
}

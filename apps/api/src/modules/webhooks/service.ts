/**
 * Outbound webhooks (issue 27; README.md in this folder): endpoints, the dispatcher that fans events
 * out of the outbox, signed deliveries on the job queue with retries, verify, test and replay.
 */
import { mailHtml, t, textAsHtml } from '../../platform/i18n';
import { languagesOfEmails } from '../me/service';
import { randomBytes } from 'node:crypto';
import { WEBHOOK_VERIFY_EVENT, type WebhookEvent } from '@reputo/core';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JobQueue, JobRow } from '../../platform/jobs';
import { companyAdminEmails } from '../integrations/repository';
import { boxOf } from '../integrations/service';
import { AddressRefused, checkUrlAddress } from './address';
import {
  claimWaitingEvents,
  disableEndpoint,
  enabledEndpointsOf,
  findCompanyDelivery,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  markEventsDispatched,
  pruneWebhookHistory,
  recordEndpointOutcome,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './repository';
import { newSecret, sendSigned, type SendResult } from './sender';
import { sampleData } from './samples';

export const WEBHOOK_DISPATCH_JOB = 'webhooks.dispatch';
export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_PRUNE_JOB = 'webhooks.prune';
/** Dispatched events are kept a week (for support); the delivery log 30 days (replay reaches that far back). */
const KEEP_EVENTS_DAYS = 7;
const KEEP_DELIVERIES_DAYS = 30;
const DAY_MS = 86_400_000;
/** How often the dispatcher looks for waiting events. */
const DISPATCH_SECONDS = 5;
const DISPATCH_BATCH = 100;
const SETTINGS_PAGE = '/settings/other/thirdPartyLogin';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

const sendSettings = (deps: Pick<AppDeps, 'config'>) => ({
  allowPrivate: deps.config.webhooks.allowPrivate,
  timeoutMs: deps.config.webhooks.timeoutMs,
});

/** The JSON body of every message: the Standard Webhooks shape `{type, timestamp, data}`. */
export function messageBody(type: string, at: Date, data: Record<string, unknown>): Record<string, unknown> {
  return { type, timestamp: at.toISOString(), data };
}

/** A refused URL: the message as the error and under the form's url field. */
const urlError = (message: string) => badRequest(message, [{ field: 'url', message }]);

/** A URL an endpoint may have: http(s), no credentials in it, and not an internal address. */
async function checkedUrl(deps: Pick<AppDeps, 'config'>, text: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw urlError('Enter a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw urlError('The URL must start with https:// or http://');
  if (url.username || url.password) throw urlError('The URL may not carry a user name or password');
  try {
    await checkUrlAddress(url, deps.config.webhooks.allowPrivate);
  } catch (error) {
    throw error instanceof AddressRefused ? urlError(error.message) : error;
  }
  return url.toString();
}

export async function createEndpoint(
  deps: Deps,
  companyId: number,
  input: { url: string; events: WebhookEvent[]; description?: string },
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const url = await checkedUrl(deps, input.url);
  const secret = newSecret();
  const endpoint = await insertEndpoint(deps.db, {
    companyId,
    url,
    events: [...new Set(input.events)],
    description: input.description ?? '',
    secret: boxOf(deps).seal(secret),
  });
  return { endpoint, secret };
}

export async function changeEndpoint(
  deps: Deps,
  companyId: number,
  id: number,
  input: { url?: string; events?: WebhookEvent[]; description?: string; enabled?: boolean },
): Promise<EndpointRow> {
  const current = await findEndpoint(deps.db, companyId, id);
  if (!current) throw notFound('Webhook not found');
  const changes: Partial<EndpointRow> = {};
  if (input.url !== undefined && input.url !== current.url) {
    changes.url = await checkedUrl(deps, input.url);
    // A new address has to prove itself again.
    Object.assign(changes, { verifiedAt: null, verifyError: false, testError: false, lastError: null });
  }
  if (input.events) changes.events = [...new Set(input.events)];
  if (input.description !== undefined) changes.description = input.description;
  if (input.enabled !== undefined && input.enabled !== current.enabled) {
    changes.enabled = input.enabled;
    // Enabled again by a person: the failures that disabled it are forgiven.
    Object.assign(
      changes,
      input.enabled ? { disabledReason: null, failureCount: 0 } : { disabledReason: 'Disabled by a user' },
    );
  }
  return (await updateEndpoint(deps.db, companyId, id, changes))!;
}

async function endpointOf(deps: Deps, companyId: number, id: number): Promise<EndpointRow> {
  const endpoint = await findEndpoint(deps.db, companyId, id);
  if (!endpoint) throw notFound('Webhook not found');
  return endpoint;
}

/** Why a verify answer did not prove the endpoint, or null when it did. */
function verifyProblem(result: SendResult, challenge: string): string | null {
  if (!result.ok) return `The endpoint did not accept the challenge: ${result.error}`;
  if (!result.body.includes(challenge)) return 'The endpoint answered without echoing the challenge';
  return null;
}

/**
 * Verify: posts a `webhook.verify` message with a random challenge; the endpoint proves it is the
 * receiver the company meant (and holds the secret, if it checks the signature) by answering 2xx
 * with the challenge in its body. The outcome is kept on the endpoint (verifyError); a failure is
 * also the call's answer (422), so the page shows it.
 */
export async function verifyEndpoint(deps: Deps, companyId: number, id: number): Promise<EndpointRow> {
  const endpoint = await endpointOf(deps, companyId, id);
  const challenge = randomBytes(16).toString('hex');
  const body = JSON.stringify(messageBody(WEBHOOK_VERIFY_EVENT, new Date(), { challenge }));
  const secret = boxOf(deps).open(endpoint.secret);
  const result = await sendSigned({ url: endpoint.url, secret }, `msg_verify_${challenge}`, body, sendSettings(deps));
  const problem = verifyProblem(result, challenge);
  const saved = await updateEndpoint(deps.db, companyId, id, {
    verifyError: problem !== null,
    lastError: problem,
    ...(problem ? {} : { verifiedAt: new Date() }),
  });
  if (problem) throw new AppError(422, 'verify_failed', problem);
  return saved!;
}

/**
 * Test: sends a sample of one of the endpoint's events (marked `"test": true`) once, recorded in the
 * delivery log; a failure sets testError and is the call's answer (422).
 */
export async function testEndpoint(
  deps: Deps,
  companyId: number,
  id: number,
  event?: WebhookEvent,
): Promise<{ endpoint: EndpointRow; delivery: DeliveryRow }> {
  const endpoint = await endpointOf(deps, companyId, id);
  const kind = event ?? (endpoint.events[0] as WebhookEvent | undefined) ?? 'review.created';
  const [delivery] = await insertDeliveries(deps.db, [
    {
      companyId,
      endpointId: id,
      messageId: `msg_test_${randomBytes(12).toString('hex')}`,
      kind,
      body: messageBody(kind, new Date(), { ...sampleData(kind), test: true }),
    },
  ]);
  const result = await attempt(deps, endpoint, delivery!);
  const saved = await updateEndpoint(deps.db, companyId, id, {
    testError: !result.ok,
    lastError: result.ok ? null : `The test event failed: ${result.error}`,
    ...(result.ok ? { lastDeliveryAt: new Date() } : {}),
  });
  const logged = await updateDelivery(deps.db, delivery!.id, { status: result.ok ? 'succeeded' : 'failed' });
  if (!result.ok) throw new AppError(422, 'test_failed', `The test event failed: ${result.error}`);
  return { endpoint: saved!, delivery: logged! };
}

/** One attempt of a delivery: sent, and its outcome written on the delivery row. */
async function attempt(deps: Deps, endpoint: EndpointRow, delivery: DeliveryRow): Promise<SendResult> {
  const secret = boxOf(deps).open(endpoint.secret);
  const result = await sendSigned(
    { url: endpoint.url, secret },
    delivery.messageId,
    JSON.stringify(delivery.body),
    sendSettings(deps),
  );
  await updateDelivery(deps.db, delivery.id, {
    attempts: delivery.attempts + 1,
    responseCode: result.status,
    lastError: result.error,
    durationMs: result.durationMs,
    lastAttemptAt: new Date(),
    nextAttemptAt: null,
    status: result.ok ? 'succeeded' : 'retrying',
  });
  return result;
}

/** Replay: the delivery's message (same `webhook-id`, same body) sent again as a new entry of the log. */
export async function replayDelivery(
  deps: Deps,
  queue: JobQueue,
  companyId: number,
  deliveryId: number,
): Promise<DeliveryRow> {
  const original = await findCompanyDelivery(deps.db, companyId, deliveryId);
  if (!original) throw notFound('Delivery not found');
  const endpoint = await endpointOf(deps, companyId, original.endpointId);
  if (!endpoint.enabled) throw conflict('Enable the webhook before replaying its deliveries');
  const [copy] = await insertDeliveries(deps.db, [
    {
      companyId,
      endpointId: endpoint.id,
      eventId: original.eventId,
      messageId: original.messageId,
      kind: original.kind,
      body: original.body,
    },
  ]);
  await enqueueDelivery(deps, queue, copy!.id);
  return copy!;
}

function enqueueDelivery(deps: Pick<AppDeps, 'config'>, queue: JobQueue, id: number, db?: Db) {
  return queue.enqueue(
    WEBHOOK_DELIVER_JOB,
    { deliveryId: id },
    { dedupeKey: `webhook-delivery:${id}`, maxAttempts: deps.config.webhooks.maxAttempts, db },
  );
}

/**
 * Fans waiting outbox events out: one delivery per enabled endpoint subscribed to the event, each
 * with its delivery job, in the transaction that marks the events dispatched (so an event is
 * delivered once even with several servers). Answers how many events it took.
 */
export async function dispatchWaitingEvents(deps: Deps, queue: JobQueue): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const events = await claimWaitingEvents(tx, DISPATCH_BATCH);
      if (events.length === 0) return 0;
      const endpoints = await enabledEndpointsOf(tx, [...new Set(events.map((e) => e.companyId))]);
      const deliveries = events.flatMap((event) =>
        endpoints
          // An endpoint hears of events from its registration on, not of older ones still waiting.
          .filter(
            (e) => e.companyId === event.companyId && e.events.includes(event.kind) && e.createdAt <= event.createdAt,
          )
          .map((e) => ({
            companyId: event.companyId,
            endpointId: e.id,
            eventId: event.id,
            messageId: `msg_${event.id}`,
            kind: event.kind,
            body: messageBody(event.kind, event.createdAt, event.payload),
          })),
      );
      for (const d of await insertDeliveries(tx, deliveries)) await enqueueDelivery(deps, queue, d.id, tx);
      await markEventsDispatched(
        tx,
        events.map((e) => e.id),
      );
      return events.length;
    });
    total += taken;
    if (taken > 0) queue.wake();
    if (taken < DISPATCH_BATCH) return total;
  }
}

/** The delivery job: one attempt; a failure throws, so the queue retries it with back-off. */
async function deliver(deps: Deps, payload: Record<string, unknown>, job: JobRow): Promise<void> {
  const delivery = await findDelivery(deps.db, Number(payload.deliveryId));
  if (!delivery || delivery.status === 'succeeded' || delivery.status === 'failed') return;
  const endpoint = await findEndpoint(deps.db, delivery.companyId, delivery.endpointId);
  if (!endpoint?.enabled) {
    await updateDelivery(deps.db, delivery.id, {
      status: 'failed',
      lastError: 'The webhook is disabled',
      nextAttemptAt: null,
    });
    return;
  }
  const result = await attempt(deps, endpoint, delivery);
  if (result.ok) {
    await recordEndpointOutcome(deps.db, endpoint.id, true, null);
    return;
  }
  if (job.attempts >= job.maxAttempts) await giveUp(deps, endpoint, delivery, result.error);
  throw new Error(result.error ?? 'Delivery failed');
}

/** The last attempt failed: the delivery is failed, and an endpoint failing again and again is disabled. */
async function giveUp(deps: Deps, endpoint: EndpointRow, delivery: DeliveryRow, error: string | null): Promise<void> {
  await updateDelivery(deps.db, delivery.id, { status: 'failed', nextAttemptAt: null });
  const failures = await recordEndpointOutcome(deps.db, endpoint.id, false, error);
  if (failures < deps.config.webhooks.disableAfter) return;
  const reason = `Disabled after ${failures} deliveries in a row failed every retry (last: ${error ?? 'no answer'})`;
  const disabled = await disableEndpoint(deps.db, endpoint.id, reason);
  if (disabled) await mailDisabled(deps, disabled, { failures, error });
}

async function mailDisabled(
  deps: Deps,
  endpoint: EndpointRow,
  failure: { failures: number; error: string | null },
): Promise<void> {
  const page = `${deps.config.publicUrl}${SETTINGS_PAGE}`;
  const admins = await companyAdminEmails(deps.db, endpoint.companyId);
  const languageOf = await languagesOfEmails(deps.db, admins);
  for (const to of admins) {
    const lang = languageOf(to);
    const reason = t(lang, 'mail:webhookDisabled.reason', {
      count: failure.failures,
      error: failure.error ?? t(lang, 'mail:webhookDisabled.noAnswer'),
    });
    const text = `${t(lang, 'mail:webhookDisabled.intro', { url: endpoint.url, reason })}\n\n${t(lang, 'mail:webhookDisabled.action', { page })}`;
    await deps.mailer.send({
      to,
      subject: t(lang, 'mail:webhookDisabled.subject'),
      text,
      ...(lang === 'en' ? {} : { html: mailHtml(lang, textAsHtml(text)) }),
      links: [page],
    });
  }
}

/** Removes old dispatched events and delivery-log entries (retries still waiting are kept). */
export function pruneHistory(deps: Pick<AppDeps, 'db'>, now = Date.now()): Promise<number> {
  return pruneWebhookHistory(deps.db, {
    events: new Date(now - KEEP_EVENTS_DAYS * DAY_MS),
    deliveries: new Date(now - KEEP_DELIVERIES_DAYS * DAY_MS),
  });
}

/** Registers the dispatcher and the pruning (recurring) and the delivery job on the queue. */
export function defineWebhookJobs(deps: Deps, queue: JobQueue): void {
  queue.define(WEBHOOK_DISPATCH_JOB, async () => void (await dispatchWaitingEvents(deps, queue)), {
    everySeconds: DISPATCH_SECONDS,
    concurrency: 1,
  });
  queue.define(WEBHOOK_PRUNE_JOB, async () => void (await pruneHistory(deps)), { everySeconds: 3600, concurrency: 1 });
  queue.define(WEBHOOK_DELIVER_JOB, (payload, job) => deliver(deps, payload, job), {
    retryBaseSeconds: deps.config.webhooks.retryBaseSeconds,
    concurrency: 4,
    // The next attempt's time, for the delivery log.
    onFailure: async (payload, failure, tx) => {
      if (failure.retryAt)
        await updateDelivery(tx, Number(payload.deliveryId), { status: 'retrying', nextAttemptAt: failure.retryAt });
    },
  });
}

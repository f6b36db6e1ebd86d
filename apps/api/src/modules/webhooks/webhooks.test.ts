import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@reputo/core';
import {
  conversations,
  locations,
  messagePages,
  outboundDeliveries,
  outboundEvents,
  reviews,
  webhookEndpoints,
} from '../../db/schema';
import { applySourcePass } from '../integrations/repository';
import { insertMessagesOnce } from '../messaging/ingest.repository';
import { insertResponse } from '../responses/repository';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase, secondServer, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';
import { enqueueReviewEvents, enqueueWebhookEvent } from './outbox.repository';
import { startReceiver, type Receiver } from './receiver';
import { isPrivateAddress } from './address';
import { EVENT_DATA, sampleData } from './samples';
import { pruneHistory, WEBHOOK_DISPATCH_JOB } from './service';

const BASE = '/v2/api/webhook_settings';

interface Endpoint {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  verified: boolean;
  verifyError: boolean;
  testError: boolean;
  failureCount: number;
  disabledReason: string | null;
  secret?: string;
}
interface Delivery {
  id: number;
  messageId: string;
  status: string;
  attempts: number;
  responseCode: number | null;
  event: string;
}

it('knows private, loopback and link-local addresses', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:10.0.0.1',
  ])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
    expect(isPrivateAddress(a), a).toBe(false);
});

it('sends samples and documents payloads that agree', () => {
  for (const kind of Object.keys(WEBHOOK_EVENTS) as WebhookEvent[])
    expect(() => EVENT_DATA[kind].parse(sampleData(kind)), kind).not.toThrow();
});

describeEachDatabase(
  'webhook settings: endpoints, signed deliveries, retries, replay, auto-disable',
  (use) => {
    let t: TestEnv;
    let receiver: Receiver;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      t = use();
      receiver = await startReceiver();
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        manager: 'manager@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
        owner: 'owner@fixture.test',
      }))
        tokens[key] = (await signIn(t.app, email)).access_token;
    });
    afterAll(async () => {
      await receiver?.close();
    });

    const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
    /**
     * Runs jobs until none is due (retries are due at once here). One runDue now and then ended with a
     * retry that had just become due on PostgreSQL; another pass takes it.
     */
    async function runJobs(): Promise<void> {
      for (let pass = 0; pass < 20; pass++) if ((await jobQueueFor(t.app.deps).runDue()) === 0) return;
    }

    /** Registers an endpoint at a receiver path of its own, its secret handed to the receiver. */
    async function register(path: string, events: string[] = ['review.created']): Promise<Endpoint> {
      const res = await call('admin', 'POST', BASE, { url: `${receiver.url}${path}`, events });
      expect(res.statusCode, res.body).toBe(200);
      const endpoint = res.json() as Endpoint;
      receiver.secrets.set(path, endpoint.secret!);
      return endpoint;
    }

    async function deliveriesOf(id: number): Promise<Delivery[]> {
      const res = await call('admin', 'GET', `${BASE}/${id}/deliveries`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { deliveries: Delivery[] }).deliveries;
    }

    /** A review of company A, and its review.created event through the outbox, dispatched and delivered. */
    async function reviewEvent(): Promise<number> {
      const db = t.database.db;
      const [review] = await db
        .insert(reviews)
        .values({
          companyId: t.fx.companyA.id,
          source: 'google',
          rating: 2,
          text: 'Cold food',
          authorName: 'Ann',
          createdAt: new Date(),
        })
        .returning({ id: reviews.id });
      await db.transaction(async (tx) => {
        await enqueueReviewEvents(tx as never, t.fx.companyA.id, 'review.created', [review!.id]);
      });
      await jobQueueFor(t.app.deps).enqueue(WEBHOOK_DISPATCH_JOB);
      await runJobs();
      return review!.id;
    }

    it('lets Master Admins, the Owner and partners manage webhooks; other roles get 403', async () => {
      for (const who of ['manager', 'analyst']) {
        expect((await call(who, 'GET', BASE)).statusCode).toBe(403);
        expect(
          (await call(who, 'POST', BASE, { url: `${receiver.url}/x`, events: ['review.created'] })).statusCode,
        ).toBe(403);
      }
      const owner = await t.app.inject({
        method: 'GET',
        url: `${BASE}?ownerAsCompany=${t.fx.companyA.id}`,
        headers: bearer(tokens.owner!),
      });
      expect(owner.statusCode, owner.body).toBe(200);
      const list = (await call('admin', 'GET', BASE)).json() as { events: { value: string }[] };
      expect(list.events.map((e) => e.value)).toContain('review.alert');
    });

    it('registers an endpoint, shows its secret once and keeps it sealed', async () => {
      const bad = await call('admin', 'POST', BASE, { url: 'ftp://example.com', events: ['review.created'] });
      expect(bad.statusCode).toBe(400);
      expect((await call('admin', 'POST', BASE, { url: `${receiver.url}/y`, events: ['nope'] })).statusCode).toBe(400);
      expect((await call('admin', 'POST', BASE, { url: `${receiver.url}/y`, events: [] })).statusCode).toBe(400);

      const created = await register('/created');
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      expect(created).toMatchObject({ enabled: true, verified: false, verifyError: false, testError: false });
      const listed = ((await call('admin', 'GET', BASE)).json() as { endpoints: Endpoint[] }).endpoints;
      const again = listed.find((e) => e.id === created.id)!;
      expect(again.secret).toBeUndefined();
      const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(row!.secret).not.toContain(created.secret!.slice(6));
    });

    it('verifies with a challenge; a failing endpoint sets the verify error flag', async () => {
      const endpoint = await register('/verify');
      const ok = await call('admin', 'POST', `${BASE}/verify`, { id: endpoint.id });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ verified: true, verifyError: false });
      const challenge = receiver.received.filter((m) => m.path === '/verify').at(-1)!;
      expect(challenge).toMatchObject({ signed: true, type: 'webhook.verify' });

      receiver.plan('/verify', 500);
      const failed = await call('admin', 'POST', `${BASE}/verify`, { id: endpoint.id });
      expect(failed.statusCode).toBe(422);
      expect(failed.json().error_description).toMatch(/HTTP 500/);
      const listed = ((await call('admin', 'GET', BASE)).json() as { endpoints: Endpoint[] }).endpoints;
      expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({ verifyError: true });
    });

    it('sends a signed test event into the delivery log; a failing one sets the test error flag', async () => {
      const endpoint = await register('/test', ['reply.posted']);
      const ok = await call('admin', 'POST', `${BASE}/test`, { id: endpoint.id });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().delivery).toMatchObject({ status: 'succeeded', responseCode: 200, event: 'reply.posted' });
      const sent = receiver.received.filter((m) => m.path === '/test').at(-1)!;
      expect(sent.signed).toBe(true);
      // The reference library's verifier accepts it; a changed body does not pass.
      const wh = new Webhook(endpoint.secret!);
      expect(() => wh.verify(sent.body, sent.headers as Record<string, string>)).not.toThrow();
      expect(() => wh.verify(`${sent.body} `, sent.headers as Record<string, string>)).toThrow();
      expect(JSON.parse(sent.body)).toMatchObject({ type: 'reply.posted', data: { test: true } });

      receiver.plan('/test', 503);
      const failed = await call('admin', 'POST', `${BASE}/test`, { id: endpoint.id });
      expect(failed.statusCode).toBe(422);
      const listed = ((await call('admin', 'GET', BASE)).json() as { endpoints: Endpoint[] }).endpoints;
      expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({ testError: true });
      const log = await deliveriesOf(endpoint.id);
      expect(log.map((d) => [d.status, d.responseCode])).toEqual([
        ['failed', 503],
        ['succeeded', 200],
      ]);
    });

    it('writes an outbox row only for subscribed events, and delivers it signed, retrying after a 500 and a 429', async () => {
      const db = t.database.db;
      // Company B has no endpoint: nothing is written.
      expect(await enqueueWebhookEvent(db, t.fx.companyB.id, 'review.created', { x: 1 })).toBe(false);
      const endpoint = await register('/events', ['review.created']);
      receiver.plan('/events', 500, 429);
      const before = receiver.received.length;
      await reviewEvent();
      const got = receiver.received.slice(before).filter((m) => m.path === '/events');
      expect(got.map((m) => m.status)).toEqual([500, 429, 200]);
      expect(got.every((m) => m.signed)).toBe(true);
      // Retries carry the same webhook-id, so a receiver can drop repeats.
      expect(new Set(got.map((m) => m.headers['webhook-id'])).size).toBe(1);
      expect(JSON.parse(got[2]!.body)).toMatchObject({ type: 'review.created', data: { review: { rating: 2 } } });
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseCode: 200 });
      const waiting = await db.select().from(outboundEvents).where(eq(outboundEvents.companyId, t.fx.companyA.id));
      expect(waiting.every((e) => e.deliveredAt !== null)).toBe(true);
      // An event the endpoint did not choose is not written.
      expect(await enqueueWebhookEvent(db, t.fx.companyA.id, 'message.received', { x: 1 })).toBe(false);
      await call('admin', 'DELETE', `${BASE}/${endpoint.id}`);
    });

    it('disables an endpoint whose deliveries keep failing, mails the admins, and replays after a fix', async () => {
      const endpoint = await register('/down', ['review.created']);
      receiver.plan('/down', 500, 500, 500, 500, 500, 500);
      await reviewEvent();
      let log = await deliveriesOf(endpoint.id);
      expect(log[0]).toMatchObject({ status: 'failed', attempts: 3, responseCode: 500 });
      await reviewEvent();
      const listed = ((await call('admin', 'GET', BASE)).json() as { endpoints: Endpoint[] }).endpoints;
      const disabled = listed.find((e) => e.id === endpoint.id)!;
      expect(disabled).toMatchObject({ enabled: false, failureCount: 2 });
      expect(disabled.disabledReason).toMatch(/Disabled after 2 deliveries/);
      // In Arabic the reason is Arabic; the receiver's own answer inside stays as it was.
      const inArabic = await t.app.inject({
        url: BASE,
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      const arabicReason = (inArabic.json() as { endpoints: Endpoint[] }).endpoints.find(
        (e) => e.id === endpoint.id,
      )!.disabledReason;
      expect(arabicReason).toMatch(/^عُطّل بعد فشل كل محاولات الإرسال لرسائل متتالية عددها 2 \(آخرها: .+\)$/);
      // The replay refusal too.
      const refusal = await t.app.inject({
        method: 'POST',
        url: `${BASE}/deliveries/${(await deliveriesOf(endpoint.id))[0]!.id}/replay`,
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(refusal.json().error_description).toBe('فعّل خطاف الويب قبل إعادة إرسال رسائله');
      const mail = await lastMailTo(t, 'admin@alpha.test');
      expect(mail.subject).toBe('A webhook was disabled');
      expect(mail.text).toContain(`${receiver.url}/down`);

      // Disabled: no new events are written for it, and replay asks to enable it first.
      log = await deliveriesOf(endpoint.id);
      expect((await call('admin', 'POST', `${BASE}/deliveries/${log[0]!.id}/replay`)).statusCode).toBe(409);
      const enabled = await call('admin', 'PATCH', `${BASE}/${endpoint.id}`, { enabled: true });
      expect(enabled.json()).toMatchObject({ enabled: true, failureCount: 0, disabledReason: null });
      const replay = await call('admin', 'POST', `${BASE}/deliveries/${log[0]!.id}/replay`);
      expect(replay.statusCode, replay.body).toBe(200);
      await runJobs();
      const after = await deliveriesOf(endpoint.id);
      expect(after[0]).toMatchObject({ status: 'succeeded', messageId: log[0]!.messageId, attempts: 1 });
    });

    it('delivers the events of the write points: review sync, replies, inbound messages', async () => {
      const db = t.database.db;
      const endpoint = await register('/writes', [
        'review.created',
        'review.changed',
        'review.removed',
        'reply.posted',
        'message.received',
      ]);
      const [location] = await db
        .insert(locations)
        .values({ companyId: t.fx.companyA.id, title: 'Webhook Street' })
        .returning({ id: locations.id });
      const seen = (rating: number) => ({
        externalId: 'wh-1',
        authorName: 'Sam',
        rating,
        text: 'Nice',
        createdAt: new Date('2026-01-02T10:00:00Z'),
        reply: null,
      });
      const pass = (list: ReturnType<typeof seen>[], firstPass = false) =>
        applySourcePass(db, t.fx.companyA.id, location!.id, 'google', list, { firstPass });
      // A location's first pass imports its history: no events; later passes announce what they find.
      await pass([{ ...seen(5), externalId: 'wh-old' }], true);
      await pass([{ ...seen(5), externalId: 'wh-old' }, seen(5)]);
      await pass([{ ...seen(5), externalId: 'wh-old' }, seen(3)]);
      const review = (await pass([{ ...seen(5), externalId: 'wh-old' }])).removed;
      expect(review).toBe(1);
      const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.externalId, 'wh-1'));
      await insertResponse(db, {
        reviewId: row!.id,
        companyId: t.fx.companyA.id,
        text: 'Thanks!',
        status: 'posted',
        postedAt: new Date(),
      });
      const [page] = await db
        .insert(messagePages)
        .values({ companyId: t.fx.companyA.id, provider: 'facebook', externalId: `wh-page-${t.driver}`, name: 'Page' })
        .returning();
      const [conversation] = await db
        .insert(conversations)
        .values({ companyId: t.fx.companyA.id, pageId: page!.id, channel: 'facebook', customerName: 'Kim' })
        .returning();
      const message = (type: string, id: string) => ({
        companyId: t.fx.companyA.id,
        conversationId: conversation!.id,
        externalId: `${id}-${t.driver}`,
        type,
        message: `${type} text`,
      });
      await insertMessagesOnce(db, [message('inbound', 'wh-m1'), message('outbound', 'wh-m2')]);

      await jobQueueFor(t.app.deps).enqueue(WEBHOOK_DISPATCH_JOB);
      await runJobs();
      const got = receiver.received.filter((m) => m.path === '/writes');
      expect(got.every((m) => m.signed && m.status === 200)).toBe(true);
      expect(got.map((m) => m.type).sort()).toEqual(
        ['message.received', 'reply.posted', 'review.changed', 'review.created', 'review.removed'].sort(),
      );
      const bodies = got.map((m) => JSON.parse(m.body) as { type: string; data: Record<string, never> });
      expect(bodies.find((b) => b.type === 'review.changed')!.data).toMatchObject({
        review: { id: row!.id, rating: 3 },
      });
      expect(bodies.find((b) => b.type === 'message.received')!.data).toMatchObject({
        message: { customer_name: 'Kim', text: 'inbound text', channel: 'facebook' },
      });
      // What the writers send is what the OpenAPI document's x-webhooks says.
      for (const b of bodies) expect(() => EVENT_DATA[b.type as WebhookEvent].parse(b.data), b.type).not.toThrow();
      expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'succeeded')).toBe(true);
      await call('admin', 'DELETE', `${BASE}/${endpoint.id}`);
    });

    it('prunes old dispatched events and delivery-log entries, keeping waiting retries', async () => {
      const db = t.database.db;
      const endpoint = await register('/prune');
      const old = new Date(Date.now() - 40 * 86_400_000);
      const rows = await db
        .insert(outboundDeliveries)
        .values(
          ['succeeded', 'retrying'].map((status) => ({
            companyId: t.fx.companyA.id,
            endpointId: endpoint.id,
            messageId: `msg_old_${status}`,
            kind: 'review.created',
            body: {},
            status,
            createdAt: old,
          })),
        )
        .returning({ id: outboundDeliveries.id, status: outboundDeliveries.status });
      expect(await pruneHistory(t.app.deps)).toBeGreaterThanOrEqual(1);
      const left = await db.select().from(outboundDeliveries).where(eq(outboundDeliveries.endpointId, endpoint.id));
      expect(left.map((d) => d.id)).toEqual(rows.filter((r) => r.status === 'retrying').map((r) => r.id));
      await call('admin', 'DELETE', `${BASE}/${endpoint.id}`);
    });

    it("answers 404 for another company's webhooks and deliveries", async () => {
      const endpoint = await register('/tenant');
      await call('admin', 'POST', `${BASE}/test`, { id: endpoint.id });
      const [delivery] = await deliveriesOf(endpoint.id);
      const attempts = [
        await call('beta', 'PATCH', `${BASE}/${endpoint.id}`, { enabled: false }),
        await call('beta', 'DELETE', `${BASE}/${endpoint.id}`),
        await call('beta', 'POST', `${BASE}/verify`, { id: endpoint.id }),
        await call('beta', 'POST', `${BASE}/test`, { id: endpoint.id }),
        await call('beta', 'GET', `${BASE}/${endpoint.id}/deliveries`),
        await call('beta', 'POST', `${BASE}/deliveries/${delivery!.id}/replay`),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
      const beta = (await call('beta', 'GET', BASE)).json() as { endpoints: Endpoint[] };
      expect(beta.endpoints).toEqual([]);
      // Still there for its own company, which can change and remove it.
      const changed = await call('admin', 'PATCH', `${BASE}/${endpoint.id}`, {
        events: ['review.removed', 'review.alert'],
      });
      expect(changed.json().events).toEqual(['review.removed', 'review.alert']);
      expect((await call('admin', 'DELETE', `${BASE}/${endpoint.id}`)).statusCode).toBe(200);
      expect((await call('admin', 'DELETE', `${BASE}/${endpoint.id}`)).statusCode).toBe(404);
      const rows = await t.database.db
        .select()
        .from(outboundDeliveries)
        .where(eq(outboundDeliveries.endpointId, endpoint.id));
      expect(rows).toEqual([]);
    });

    // The last two tests build a second app with other settings. Keep them last: on PGlite it shares the
    // first app's database, hence its job queue, which it redefines and, on closing, stops.
    it('counts an endpoint that does not answer in time as failed', async () => {
      const endpoint = await register('/slow');
      receiver.plan('/slow', 0);
      const quick = await secondServer(t, { webhooks: { ...t.config.webhooks, timeoutMs: 300 } });
      try {
        const token = (await signIn(quick.app, 'admin@alpha.test')).access_token;
        const res = await quick.app.inject({
          method: 'POST',
          url: `${BASE}/verify`,
          headers: bearer(token),
          payload: { id: endpoint.id },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().error_description).toMatch(/No answer within 300 ms/);
      } finally {
        await quick.close();
      }
    });

    it('refuses private, loopback and link-local addresses unless the setting allows them', async () => {
      const endpoint = await register('/private');
      const strict = await secondServer(t, { webhooks: { ...t.config.webhooks, allowPrivate: false } });
      try {
        const token = (await signIn(strict.app, 'admin@alpha.test')).access_token;
        for (const url of [
          `${receiver.url}/p`,
          'http://10.0.0.8/hook',
          'http://[::1]:8080/hook',
          'http://169.254.169.254/latest',
          'http://localhost:3000/hook',
        ]) {
          const res = await strict.app.inject({
            method: 'POST',
            url: BASE,
            headers: bearer(token),
            payload: { url, events: ['review.created'] },
          });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().error_description).toMatch(/private, loopback or link-local/);
        }
        // An endpoint saved while allowed is refused at sending time too.
        const verify = await strict.app.inject({
          method: 'POST',
          url: `${BASE}/verify`,
          headers: bearer(token),
          payload: { id: endpoint.id },
        });
        expect(verify.statusCode).toBe(422);
        expect(verify.json().error_description).toMatch(/private, loopback or link-local/);
      } finally {
        await strict.close();
      }
    });
  },
  {
    env: {
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // Retries at once (the back-off's schedule is the job queue's, tested there), few of them.
      WEBHOOKS_RETRY_BASE_SECONDS: '0',
      WEBHOOKS_MAX_ATTEMPTS: '3',
      WEBHOOKS_DISABLE_AFTER: '2',
      WEBHOOKS_TIMEOUT_MS: '2000',
    },
  },
);

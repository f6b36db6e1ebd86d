import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  activityDelivery,
  directMessageEvent,
  signActivity,
  startFakeTwitter,
  tweetEvent,
  type ActivityUser,
  type FakeTwitter,
} from '../../../connectors/twitter/fake';
import { conversations, jobs, messagePages, messages, sourceConnections } from '../../../db/schema';
import { jobQueueFor } from '../../../platform/jobs';
import { isSealed } from '../../../platform/secrets';
import { describeEachDatabase, type TestEnv } from '../../../test/harness';
import { bearer, signIn } from '../../../test/http';
import { pickPort } from '../../../test/processes';
import { SEND_JOB } from '../delivery';

/**
 * Twitter for Messages end to end through HTTP, against the local fake Twitter: connecting (oauth/link,
 * the consent, oauth/accessToken) with roles and tenants, the webhook's CRC answer and signature
 * check, mentions and Direct Messages becoming conversations (once, however often delivered), replies
 * sent as Direct Messages and reply tweets, their failures, and disconnecting.
 */
const KEY = 'twitter-consumer-key-for-tests';
const SECRET = 'twitter-consumer-secret-for-tests';
const port = pickPort();
let fake: FakeTwitter;

beforeAll(async () => {
  fake = await startFakeTwitter({ port, consumerKey: KEY, consumerSecret: SECRET });
});
afterAll(() => fake?.close());

const ANN: ActivityUser = { id: '9001', screenName: 'ann', name: 'Ann Lee' };
const OMAR: ActivityUser = { id: '9002', screenName: 'omar', name: 'Omar K' };

interface State {
  status: string;
  statusReason: string | null;
  userId: string | null;
  screenName: string | null;
  pageId: number | null;
  webhookUrl: string;
  webhookState: string | null;
  webhookError: string | null;
  subscribed: boolean;
  configured: boolean;
  messaging: boolean;
}

describeEachDatabase(
  'Twitter: connect by OAuth 1.0a, Account Activity webhook, mentions and DMs in Messages, replies',
  (use) => {
    let t: TestEnv;
    const tokens: Record<string, string> = {};
    const me = () => ({ id: fake.user.id, screenName: fake.user.screenName, name: fake.user.name });

    beforeAll(async () => {
      t = use();
      // The fake is shared by both databases' suites: each starts with no webhook and no subscription.
      fake.webhooks.length = 0;
      fake.subscriptions.clear();
      // Twitter's CRC check reaches this app (which listens nowhere) through inject.
      fake.crc = async (url, crcToken) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${new URL(url).pathname}?crc_token=${encodeURIComponent(crcToken)}`,
        });
        return { status: res.statusCode, body: res.json() as unknown };
      };
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        manager: 'manager@alpha.test',
        responder: 'responder@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
        owner: 'owner@fixture.test',
        partner: 'partner1@fixture.test',
      }))
        tokens[key] = (await signIn(t.app, email)).access_token;
    });

    const call = (who: string, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
    async function runJobs(): Promise<void> {
      for (let pass = 0; pass < 20; pass++) if ((await jobQueueFor(t.app.deps).runDue()) === 0) return;
    }
    const state = async (who = 'admin') => (await call(who, 'GET', '/v2/api/twitter')).json() as State;

    /** oauth/link, then the user's consent on Twitter's page: answers what comes back to the callback. */
    async function authorize(who = 'admin'): Promise<{ oauth_token: string; oauth_verifier: string }> {
      const res = await call(who, 'GET', '/v2/api/oauth/link');
      expect(res.statusCode, res.body).toBe(200);
      const link = new URL((res.json() as { link: string }).link);
      expect(`${link.origin}${link.pathname}`).toBe(`${fake.url}/oauth/authorize`);
      const allow = await fetch(`${fake.url}/oauth/authorize/allow${link.search}`, { redirect: 'manual' });
      const back = new URL(allow.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe('http://reputo.test/settings/other/thirdPartyLogin');
      return {
        oauth_token: back.searchParams.get('oauth_token')!,
        oauth_verifier: back.searchParams.get('oauth_verifier')!,
      };
    }
    async function connect(): Promise<State> {
      const res = await call('admin', 'POST', '/v2/api/oauth/accessToken', await authorize());
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as State;
    }

    const deliver = (delivery: unknown, secret = SECRET) => {
      const signed = signActivity(secret, delivery);
      return t.app.inject({
        method: 'POST',
        url: '/v2/api/twitter/webhook',
        headers: signed.headers,
        payload: signed.body,
      });
    };
    async function conversationWith(customer: string) {
      const [row] = await t.database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.companyId, t.fx.companyA.id), eq(conversations.customerExternalId, customer)));
      return row;
    }
    const messagesOf = (conversationId: number) =>
      t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(messages.id);
    async function message(id: number) {
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
      return row!;
    }
    /** The team answers in Messages (the send route), and the job runs. */
    async function reply(customer: string, text: string) {
      const conversation = (await conversationWith(customer))!;
      const res = await call('responder', 'PATCH', `/v2/api/conversations/messages/${conversation.id}`, {
        message: text,
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = (res.json() as { message: { id: number } }).message.id;
      await runJobs();
      return message(id);
    }

    it('answers Twitter’s CRC with the documented HMAC, and only with the app’s secret', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v2/api/twitter/webhook?crc_token=Zm9vYmFy-123' });
      expect(res.statusCode).toBe(200);
      const expected = `sha256=${createHmac('sha256', SECRET).update('Zm9vYmFy-123').digest('base64')}`;
      expect(res.json()).toEqual({ response_token: expected });
      const missing = await t.app.inject({ method: 'GET', url: '/v2/api/twitter/webhook' });
      expect(missing.statusCode).toBe(403);
    });

    it('shows the state to members; only admins of a company with Messaging may connect', async () => {
      expect(await state()).toMatchObject({
        status: 'not_connected',
        configured: true,
        messaging: true,
        webhookUrl: 'http://reputo.test/v2/api/twitter/webhook',
      });
      for (const who of ['manager', 'responder', 'analyst']) {
        expect((await state(who)).status).toBe('not_connected');
        expect((await call(who, 'GET', '/v2/api/oauth/link')).statusCode).toBe(403);
        expect(
          (await call(who, 'POST', '/v2/api/oauth/accessToken', { oauth_token: 'x', oauth_verifier: 'y' })).statusCode,
        ).toBe(403);
        expect((await call(who, 'DELETE', '/v2/api/twitter')).statusCode).toBe(403);
      }
      // Beta's package has no Messaging: the card says so, connecting is refused.
      expect(await state('beta')).toMatchObject({ messaging: false });
      expect((await call('beta', 'GET', '/v2/api/oauth/link')).statusCode).toBe(403);
      // The Owner acts as a company first.
      expect((await call('owner', 'GET', '/v2/api/oauth/link')).statusCode).toBe(403);
      const bad = await call('admin', 'POST', '/v2/api/oauth/accessToken', { oauth_token: '', oauth_verifier: 'y' });
      expect(bad.statusCode).toBe(400);
    });

    it('connects: the token stays with the company that asked (another’s is 404), sealed at rest; webhook and subscription set up', async () => {
      const consented = await authorize();
      // Partner 1 acting as its other company (Gamma) cannot complete Alpha's authorization.
      const foreign = await call(
        'partner',
        'POST',
        `/v2/api/oauth/accessToken?partnerAsCompany=${t.fx.companyC.id}`,
        consented,
      );
      expect(foreign.statusCode, foreign.body).toBe(404);
      const wrongVerifier = await call('admin', 'POST', '/v2/api/oauth/accessToken', {
        ...(await authorize()),
        oauth_verifier: 'not-the-verifier',
      });
      expect(wrongVerifier.statusCode).toBe(422);
      expect(wrongVerifier.json()).toMatchObject({ error: 'connect_failed' });
      expect(wrongVerifier.json().error_description).toContain('Invalid or expired token.');

      const res = await call('admin', 'POST', '/v2/api/oauth/accessToken', consented);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'connected',
        userId: fake.user.id,
        screenName: fake.user.screenName,
        webhookState: 'registered',
        webhookError: null,
        subscribed: true,
      });
      // Used once.
      expect((await call('admin', 'POST', '/v2/api/oauth/accessToken', consented)).statusCode).toBe(404);
      expect(fake.webhooks).toEqual([expect.objectContaining({ url: 'http://reputo.test/v2/api/twitter/webhook' })]);
      expect(fake.subscriptions.has(fake.user.id)).toBe(true);

      const [row] = await t.database.db
        .select()
        .from(sourceConnections)
        .where(and(eq(sourceConnections.companyId, t.fx.companyA.id), eq(sourceConnections.source, 'twitter')));
      expect(row).toMatchObject({
        account: fake.user.id,
        accountName: `@${fake.user.screenName}`,
        status: 'connected',
      });
      expect(isSealed(row!.accessToken!)).toBe(true);
      expect(row!.accessToken).not.toContain(fake.user.id);
      const settings = row!.settings as { tokenSecret: string };
      expect(isSealed(settings.tokenSecret)).toBe(true);
      const [page] = await t.database.db
        .select()
        .from(messagePages)
        .where(and(eq(messagePages.provider, 'twitter'), eq(messagePages.externalId, fake.user.id)));
      expect(page).toMatchObject({
        companyId: t.fx.companyA.id,
        name: `@${fake.user.screenName}`,
        connectionState: 'connected',
      });
      // Other companies see nothing of it.
      expect(
        (await call('partner', 'GET', `/v2/api/twitter?partnerAsCompany=${t.fx.companyC.id}`)).json(),
      ).toMatchObject({
        status: 'not_connected',
      });
      expect((await call('partner', 'DELETE', `/v2/api/twitter?partnerAsCompany=${t.fx.companyC.id}`)).json()).toEqual({
        removed: 0,
      });
      expect((await state()).status).toBe('connected');
    });

    it('refuses deliveries without the app’s signature', async () => {
      const body = activityDelivery(fake.user.id, {
        tweets: [tweetEvent({ from: ANN, text: '@x hi', mentions: [me()] })],
      });
      expect((await deliver(body, 'another-secret')).statusCode).toBe(401);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/v2/api/twitter/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(unsigned.statusCode).toBe(401);
      const signed = signActivity(SECRET, body);
      const altered = await t.app.inject({
        method: 'POST',
        url: '/v2/api/twitter/webhook',
        headers: signed.headers,
        payload: signed.body.replace('hi', 'ho'),
      });
      expect(altered.statusCode).toBe(401);
      await runJobs();
      expect(await conversationWith(`mention:${ANN.id}`)).toBeUndefined();
    });

    it('turns a mention into a Messages conversation, once however often it is delivered', async () => {
      const mention = tweetEvent({
        from: ANN,
        text: `@${fake.user.screenName} best brunch in town!`,
        mentions: [me()],
        id: '1700000000000000001',
      });
      const body = activityDelivery(fake.user.id, { tweets: [mention] });
      for (let i = 0; i < 2; i++) expect((await deliver(body)).statusCode).toBe(200);
      // The same tweet in another delivery (Twitter retries, or batches differently) stores nothing twice.
      const skipped = [
        tweetEvent({ from: OMAR, text: 'RT something', mentions: [me()], retweet: true }),
        tweetEvent({ from: me(), text: 'Our own tweet', mentions: [] }),
        tweetEvent({ from: OMAR, text: 'Not about us', mentions: [] }),
      ];
      expect((await deliver(activityDelivery(fake.user.id, { tweets: [mention, ...skipped] }))).statusCode).toBe(200);
      await runJobs();
      const conversation = await conversationWith(`mention:${ANN.id}`);
      expect(conversation).toMatchObject({
        channel: 'twitter',
        customerName: 'Ann Lee (@ann) · mentions',
        unreadCount: 1,
        lastMessage: `@${fake.user.screenName} best brunch in town!`,
      });
      expect((await messagesOf(conversation!.id)).map((m) => [m.externalId, m.type, m.message])).toEqual([
        ['twitter-tweet:1700000000000000001', 'inbound', `@${fake.user.screenName} best brunch in town!`],
      ]);
      expect(await conversationWith(`mention:${OMAR.id}`)).toBeUndefined();
      // It is in the inbox, under the Twitter channel.
      const inbox = await call('admin', 'POST', '/v2/api/conversations', { channel: 'twitter' });
      expect(inbox.statusCode, inbox.body).toBe(200);
      expect((inbox.json() as { conversations: { id: number }[] }).conversations.map((c) => c.id)).toContain(
        conversation!.id,
      );
    });

    it('turns Direct Messages into a conversation (the account’s own as sent), and ignores unknown accounts', async () => {
      const inbound = directMessageEvent({
        senderId: OMAR.id,
        recipientId: fake.user.id,
        text: 'Do you deliver?',
        id: '1800000000000000001',
      });
      const picture = directMessageEvent({
        senderId: OMAR.id,
        recipientId: fake.user.id,
        text: 'This one https://t.co/x',
        id: '1800000000000000002',
        imageUrl: 'https://ton.twitter.com/1.1/ton/data/dm/1/2/photo.jpg',
      });
      const body = activityDelivery(fake.user.id, { directMessages: [inbound, picture], users: [OMAR, me()] });
      expect((await deliver(body)).statusCode).toBe(200);
      expect((await deliver(body)).statusCode).toBe(200);
      const echo = directMessageEvent({
        senderId: fake.user.id,
        recipientId: OMAR.id,
        text: 'Yes, until 11pm',
        id: '1800000000000000003',
      });
      await deliver(activityDelivery(fake.user.id, { directMessages: [echo], users: [OMAR, me()] }));
      // An account no company connected: answered 200, nothing stored.
      await deliver(
        activityDelivery('555', {
          directMessages: [
            directMessageEvent({ senderId: ANN.id, recipientId: '555', text: 'Hello?', id: '1800000000000000009' }),
          ],
          users: [ANN],
        }),
      );
      await runJobs();
      const conversation = await conversationWith(`dm:${OMAR.id}`);
      expect(conversation).toMatchObject({ channel: 'twitter', customerName: 'Omar K (@omar)', unreadCount: 2 });
      expect(
        (await messagesOf(conversation!.id)).map((m) => [m.externalId, m.type, m.attachmentType, m.deliveryState]),
      ).toEqual([
        ['twitter-dm:1800000000000000001', 'inbound', null, 'delivered'],
        ['twitter-dm:1800000000000000002', 'inbound', 'image', 'delivered'],
        ['twitter-dm:1800000000000000003', 'outbound', null, 'sent'],
      ]);
      const [stray] = await t.database.db
        .select()
        .from(messages)
        .where(eq(messages.externalId, 'twitter-dm:1800000000000000009'));
      expect(stray).toBeUndefined();
    });

    it('sends replies: a Direct Message to the DM conversation, a reply tweet to the mention', async () => {
      const dm = await reply(`dm:${OMAR.id}`, 'We deliver within 5 km.');
      expect(dm).toMatchObject({ deliveryState: 'sent', failureReason: null });
      expect(dm.externalId).toBe(`twitter-dm:${fake.directMessages.at(-1)!.id}`);
      expect(fake.directMessages.at(-1)).toMatchObject({
        senderId: fake.user.id,
        recipientId: OMAR.id,
        text: 'We deliver within 5 km.',
      });
      // Twitter sends our own DM back in a delivery: stored once.
      await deliver(
        activityDelivery(fake.user.id, {
          directMessages: [
            directMessageEvent({
              senderId: fake.user.id,
              recipientId: OMAR.id,
              text: 'We deliver within 5 km.',
              id: fake.directMessages.at(-1)!.id,
            }),
          ],
          users: [OMAR, me()],
        }),
      );
      await runJobs();
      expect(await t.database.db.select().from(messages).where(eq(messages.externalId, dm.externalId!))).toHaveLength(
        1,
      );

      const tweet = await reply(`mention:${ANN.id}`, 'Thank you, Ann! See you soon.');
      expect(tweet).toMatchObject({ deliveryState: 'sent' });
      expect(fake.tweets.at(-1)).toMatchObject({
        authorId: fake.user.id,
        text: 'Thank you, Ann! See you soon.',
        inReplyTo: '1700000000000000001',
      });
      expect(tweet.externalId).toBe(`twitter-tweet:${fake.tweets.at(-1)!.id}`);
    });

    it('a 4xx fails the reply with Twitter’s words (kept for a retry); a time-out fails it without sending twice', async () => {
      fake.failNext('bad_request');
      const refused = await reply(`dm:${OMAR.id}`, 'Hello again');
      expect(refused).toMatchObject({
        deliveryState: 'failed',
        message: 'Hello again',
        failureReason:
          'Twitter refused the request (400): Invalid Request: One or more parameters to your request was invalid.',
      });
      const retried = await call('responder', 'POST', `/v2/api/conversations/messages/retry/${refused.id}`);
      expect(retried.statusCode, retried.body).toBe(200);
      await runJobs();
      expect(await message(refused.id)).toMatchObject({ deliveryState: 'sent', failureReason: null });

      const before = fake.refused.length;
      fake.failNext('hang');
      const late = await reply(`dm:${OMAR.id}`, 'Still there?');
      expect(late).toMatchObject({
        deliveryState: 'failed',
        failureReason:
          'Twitter did not answer in time: it may have gone out. Check on Twitter before sending it again.',
      });
      expect(fake.refused.length - before).toBe(1);
    });

    it('5xx and 429 beyond the call’s own retries: kept sending, sent again later (at the rate limit’s reset)', async () => {
      fake.failNext('server_error', 'server_error', 'server_error');
      const busy = await reply(`dm:${OMAR.id}`, 'Our menu is online.');
      expect(busy.deliveryState).toBe('sending');
      expect(busy.failureReason).toMatch(
        /^Twitter failed \(503\): Service Unavailable; sending again at \d\d:\d\d UTC\.$/,
      );
      const [later] = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, SEND_JOB), eq(jobs.status, 'queued')));
      expect(later).toMatchObject({ payload: { messageId: busy.id, attempt: 2 } });
      expect(later!.runAt.getTime()).toBeGreaterThan(Date.now());
      // Its time comes: sent.
      await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, later!.id));
      await runJobs();
      expect(await message(busy.id)).toMatchObject({ deliveryState: 'sent', failureReason: null });

      fake.rateLimitResetSeconds = 900;
      fake.failNext('rate_limited');
      const limited = await reply(`mention:${ANN.id}`, 'Thanks again!');
      fake.rateLimitResetSeconds = 0;
      expect(limited.deliveryState).toBe('sending');
      expect(limited.failureReason).toMatch(/^Twitter is limiting requests \(429\)/);
      const [waiting] = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, SEND_JOB), eq(jobs.status, 'queued')));
      expect(waiting).toMatchObject({ payload: { messageId: limited.id, attempt: 2 } });
      expect(Math.abs(waiting!.runAt.getTime() - (Date.now() + 900_000))).toBeLessThan(10_000);
      await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, waiting!.id));
      await runJobs();
      expect(await message(limited.id)).toMatchObject({ deliveryState: 'sent' });
    });

    it('a revoked token fails the reply and asks to reconnect; connecting again mends it', async () => {
      fake.revokeUser(fake.user.id);
      const failed = await reply(`dm:${OMAR.id}`, 'Are you still there?');
      expect(failed.deliveryState).toBe('failed');
      expect(failed.failureReason).toMatch(
        /^Twitter refused the account’s token .*connect Twitter again in Settings › Third-party Login\./,
      );
      expect(await state()).toMatchObject({ status: 'reconnect_needed', statusReason: failed.failureReason });
      // In Arabic: our reason and our words for Twitter's refusal inside it; Twitter's own answer stays.
      const inArabic = await t.app.inject({
        url: '/v2/api/twitter',
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(inArabic.json().statusReason).toMatch(
        /^رفض Twitter رمز الحساب \(أُلغي أو انتهت صلاحيته\): اربط Twitter مرة أخرى في الإعدادات › تسجيل الدخول عبر جهات خارجية\. \(رفض Twitter التفويض \(401\): .+\)$/,
      );
      const conversation = (await conversationWith(`dm:${OMAR.id}`))!;
      const refused = await call('responder', 'PATCH', `/v2/api/conversations/messages/${conversation.id}`, {
        message: 'x',
      });
      expect(refused.statusCode).toBe(422);

      expect(await connect()).toMatchObject({ status: 'connected', subscribed: true });
      const retried = await call('responder', 'POST', `/v2/api/conversations/messages/retry/${failed.id}`);
      expect(retried.statusCode, retried.body).toBe(200);
      await runJobs();
      expect(await message(failed.id)).toMatchObject({ deliveryState: 'sent' });
    });

    it('disconnects: the subscription ends, deliveries are ignored, the conversations stay', async () => {
      expect((await call('admin', 'DELETE', '/v2/api/twitter')).json()).toEqual({ removed: 1 });
      expect(fake.subscriptions.has(fake.user.id)).toBe(false);
      expect(await state()).toMatchObject({ status: 'not_connected', userId: null });
      await deliver(
        activityDelivery(fake.user.id, {
          tweets: [tweetEvent({ from: OMAR, text: `@${fake.user.screenName} hello?`, mentions: [me()] })],
        }),
      );
      await runJobs();
      expect(await conversationWith(`mention:${OMAR.id}`)).toBeUndefined();
      expect(await conversationWith(`mention:${ANN.id}`)).toBeDefined();
      const [page] = await t.database.db
        .select()
        .from(messagePages)
        .where(and(eq(messagePages.provider, 'twitter'), eq(messagePages.externalId, fake.user.id)));
      expect(page!.connectionState).toBe('not_connected');
      expect((await call('admin', 'DELETE', '/v2/api/twitter')).json()).toEqual({ removed: 0 });
    });
  },
  {
    env: {
      TWITTER_API_URL: `http://127.0.0.1:${port}`,
      TWITTER_CONSUMER_KEY: KEY,
      TWITTER_CONSUMER_SECRET: SECRET,
      // Long enough for a loaded 2-core CI machine, short enough for the hang test.
      TWITTER_TIMEOUT_MS: '1500',
      TWITTER_RETRY_MS: '10',
    },
  },
);

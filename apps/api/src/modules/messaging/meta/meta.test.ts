import { and, eq, sql } from 'drizzle-orm';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN_REASON, WINDOW_REASON } from '../../../connectors/meta';
import {
  feedDelivery,
  messagingDelivery,
  metaEvents,
  signDelivery,
  startFakeGraph,
  type FakeGraph,
  type MetaDelivery,
} from '../../../connectors/meta/fake';
import { conversations, jobs, messagePages, messages, postComments, reactions, socialPosts } from '../../../db/schema';
import { jobQueueFor } from '../../../platform/jobs';
import { createSecretBox } from '../../../platform/secrets';
import { findDeliveries } from '../../../platform/webhooks.repository';
import { describeEachDatabase, type TestEnv } from '../../../test/harness';
import { bearer, signIn } from '../../../test/http';
import { COMMENT_HIDE_JOB, COMMENT_REPLY_JOB, SEND_JOB } from '../delivery';

/**
 * The Meta channel end to end through HTTP: signed deliveries posted to /webhooks/meta and
 * processed by the job queue into conversations, comments and reactions; sends, comment replies and
 * hides carried to a local server that answers as the Graph API does, with its failures.
 */
const APP_SECRET = 'meta-app-secret-for-tests';
const PAGE = 'PAGE_A';
const env: Record<string, string> = {
  META_APP_SECRET: APP_SECRET,
  META_VERIFY_TOKEN: 'verify-token-for-tests',
  // Long enough that a loaded 2-core CI machine answers in time (400 ms did not, once), short enough for the hang tests.
  FACEBOOK_GRAPH_TIMEOUT_MS: '1500',
  FACEBOOK_GRAPH_RETRY_MS: '10',
};
let fake: FakeGraph;

beforeAll(async () => {
  fake = await startFakeGraph();
  env.FACEBOOK_GRAPH_URL = fake.url;
});
afterAll(() => fake.close());

describeEachDatabase(
  'Meta channel: webhook ingest and sending through the Graph API',
  (use) => {
    let pageId = 0;
    let token = '';
    /** The page's token at Meta, one per database's suite (the fake is shared, and a test expires one). */
    let pageToken = '';

    const runJobs = (e: TestEnv) => jobQueueFor({ db: e.database.db }).runDue();
    const deliver = (e: TestEnv, delivery: MetaDelivery) => {
      const signed = signDelivery(APP_SECRET, delivery);
      return e.app.inject({ method: 'POST', url: '/webhooks/meta', headers: signed.headers, payload: signed.body });
    };
    /** The customer writes: Meta delivers the webhook, and its 24-hour window opens for replies. */
    async function customerWrites(e: TestEnv, senderId: string, text: string, mid?: string) {
      fake.customerWrote(PAGE, senderId);
      const res = await deliver(
        e,
        messagingDelivery(PAGE, [metaEvents.message({ pageId: PAGE, senderId, text, mid })]),
      );
      expect(res.statusCode).toBe(200);
      await runJobs(e);
    }
    const unread = async (e: TestEnv, url: string) =>
      (await e.app.inject({ url, headers: bearer(token) })).json().unreadTotalCount as number;

    async function conversationWith(e: TestEnv, customer: string) {
      const [row] = await e.database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.pageId, pageId), eq(conversations.customerExternalId, customer)));
      return row!;
    }

    /** What msg-api's send route does: an outbound message "sending", and its job. */
    async function send(e: TestEnv, customer: string, text: string) {
      const conversation = await conversationWith(e, customer);
      const [row] = await e.database.db
        .insert(messages)
        .values({
          companyId: e.fx.companyA.id,
          conversationId: conversation.id,
          type: 'outbound',
          message: text,
          deliveryState: 'sending',
        })
        .returning();
      await jobQueueFor({ db: e.database.db }).enqueue(SEND_JOB, { messageId: row!.id });
      await runJobs(e);
      return message(e, row!.id);
    }
    async function message(e: TestEnv, id: number) {
      const [row] = await e.database.db.select().from(messages).where(eq(messages.id, id));
      return row!;
    }
    /** The team's retry of a failed message (msg-api's retry route): the same row, queued again. */
    async function retry(e: TestEnv, id: number) {
      await e.database.db.update(messages).set({ deliveryState: 'sending' }).where(eq(messages.id, id));
      await jobQueueFor({ db: e.database.db }).enqueue(SEND_JOB, { messageId: id });
      await runJobs(e);
      return message(e, id);
    }

    it('sets up a Facebook page of company A with its sealed token', async () => {
      const e = use();
      const box = createSecretBox(e.config.secrets);
      pageToken = `page-a-token-${e.driver}`;
      fake.addPage(PAGE, pageToken);
      const [page] = await e.database.db
        .insert(messagePages)
        .values({
          companyId: e.fx.companyA.id,
          provider: 'facebook',
          externalId: PAGE,
          name: 'Alpha Cafe',
          accessToken: box.seal(pageToken),
        })
        .returning();
      pageId = page!.id;
      expect(page!.accessToken).not.toContain(pageToken);
      token = (await signIn(e.app, 'admin@alpha.test')).access_token;
    });

    it('an inbound message raises the unread count once, however often Meta delivers it', async () => {
      const e = use();
      const before = await unread(e, '/v2/api/conversations/unreadTotalCount');
      await customerWrites(e, 'U1', 'Do you have a table for four tonight?', 'm_in_1');
      expect(await unread(e, '/v2/api/conversations/unreadTotalCount')).toBe(before + 1);
      await customerWrites(e, 'U1', 'Do you have a table for four tonight?', 'm_in_1');
      expect(await unread(e, '/v2/api/conversations/unreadTotalCount')).toBe(before + 1);
      const conversation = await conversationWith(e, 'U1');
      expect(conversation).toMatchObject({ companyId: e.fx.companyA.id, channel: 'facebook', unreadCount: 1 });
      const stored = await e.database.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
      expect(stored).toEqual([
        expect.objectContaining({
          externalId: 'm_in_1',
          type: 'inbound',
          message: 'Do you have a table for four tonight?',
        }),
      ]);
      // Only the page's company has it.
      const elsewhere = await e.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.companyId, e.fx.companyB.id));
      expect(elsewhere).toEqual([]);
    });

    it('ingests comments (threaded) and reactions from feed changes', async () => {
      const e = use();
      const before = await unread(e, '/v2/api/socialpost/unreadTotalCount');
      const res = await deliver(
        e,
        feedDelivery(PAGE, [
          metaEvents.comment({
            postId: `${PAGE}_1`,
            commentId: '1_10',
            from: { id: 'U2', name: 'Sara' },
            message: 'Great brunch!',
          }),
          metaEvents.comment({
            postId: `${PAGE}_1`,
            commentId: '1_11',
            parentId: '1_10',
            from: { id: 'U3', name: 'Omar' },
            message: 'Agreed',
          }),
          metaEvents.reaction({ postId: `${PAGE}_1`, from: { id: 'U4', name: 'Lina' }, reactionType: 'love' }),
          metaEvents.reaction({ postId: `${PAGE}_1`, commentId: '1_10', from: { id: 'U3' }, reactionType: 'like' }),
        ]),
      );
      expect(res.statusCode).toBe(200);
      await runJobs(e);
      const [post] = await e.database.db
        .select()
        .from(socialPosts)
        .where(eq(socialPosts.postId, `${PAGE}_1`));
      expect(post).toMatchObject({ companyId: e.fx.companyA.id, unreadCount: 2 });
      const comments = await e.database.db
        .select()
        .from(postComments)
        .where(eq(postComments.postId, post!.id))
        .orderBy(postComments.id);
      expect(comments.map((c) => [c.externalId, c.authorName, c.text, c.parentId])).toEqual([
        ['1_10', 'Sara', 'Great brunch!', null],
        ['1_11', 'Omar', 'Agreed', comments[0]!.id],
      ]);
      const stored = await e.database.db.select().from(reactions).where(eq(reactions.postId, post!.id));
      expect(stored.map((r) => [r.type, r.commentId]).sort()).toEqual([
        ['like', comments[0]!.id],
        ['love', null],
      ]);
      expect(await unread(e, '/v2/api/socialpost/unreadTotalCount')).toBe(before + 2);
    });

    it('sends with the Send API and marks the message sent with Meta’s id', async () => {
      const e = use();
      const sent = await send(e, 'U1', 'Yes, see you at 8!');
      expect(sent).toMatchObject({ deliveryState: 'sent', failureReason: null });
      expect(sent.externalId).toMatch(/^m_/);
      expect(fake.calls.at(-1)).toMatchObject({
        method: 'POST',
        path: `/${PAGE}/messages`,
        token: pageToken,
        body: { recipient: { id: 'U1' }, messaging_type: 'RESPONSE', message: { text: 'Yes, see you at 8!' } },
      });
      // Meta's echo of our own message (same mid) stores nothing twice.
      const echo = metaEvents.message({
        pageId: PAGE,
        senderId: PAGE,
        text: 'Yes, see you at 8!',
        mid: sent.externalId!,
      });
      echo.recipient = { id: 'U1' };
      echo.message!.is_echo = true;
      await deliver(e, messagingDelivery(PAGE, [echo]));
      await runJobs(e);
      const rows = await e.database.db.select().from(messages).where(eq(messages.externalId, sent.externalId!));
      expect(rows).toHaveLength(1);
    });

    it('shows a refused send (Graph error 4xx) as failed with its reason, and a retry sends it', async () => {
      const e = use();
      fake.script({
        status: 400,
        error: { message: '(#100) Param message[text] must be non-empty UTF-8 encoded string', code: 100 },
      });
      const failed = await send(e, 'U1', 'Hello');
      expect(failed).toMatchObject({
        deliveryState: 'failed',
        message: 'Hello',
        failureReason:
          'Facebook refused it (code 100): (#100) Param message[text] must be non-empty UTF-8 encoded string',
      });
      expect(await retry(e, failed.id)).toMatchObject({ deliveryState: 'sent', message: 'Hello', failureReason: null });
    });

    it('retries server errors, then shows them failed; a 429 with Retry-After is waited out', async () => {
      const e = use();
      fake.script({ status: 500 }, { status: 502 }, { status: 500 });
      const failed = await send(e, 'U1', 'Are you open?');
      expect(failed.deliveryState).toBe('failed');
      expect(failed.failureReason).toMatch(/^Facebook had a temporary error \(HTTP 500\)/);
      const calls = fake.calls.length;
      fake.script({ status: 429, retryAfter: 1, error: { message: '(#32) Page request limit reached', code: 32 } });
      const sent = await send(e, 'U1', 'We are open until 11.');
      expect(sent.deliveryState).toBe('sent');
      expect(fake.calls.length - calls).toBe(2);
      expect(fake.calls[calls + 1]!.at.getTime() - fake.calls[calls]!.at.getTime()).toBeGreaterThanOrEqual(900);
    });

    it('shows a time-out as failed without sending twice', async () => {
      const e = use();
      const calls = fake.calls.length;
      fake.script({ hang: true });
      const failed = await send(e, 'U1', 'Still there?');
      expect(failed).toMatchObject({ deliveryState: 'failed', failureReason: 'Facebook: no answer in time.' });
      expect(fake.calls.length - calls).toBe(1);
      expect(await retry(e, failed.id)).toMatchObject({ deliveryState: 'sent' });
    });

    it('says why outside the 24-hour window', async () => {
      const e = use();
      await customerWrites(e, 'U_OLD', 'Hello?', 'm_old');
      fake.customerWrote(PAGE, 'U_OLD', new Date(Date.now() - 25 * 3_600_000));
      const failed = await send(e, 'U_OLD', 'Sorry for the late answer');
      expect(failed).toMatchObject({
        deliveryState: 'failed',
        failureReason: WINDOW_REASON,
        message: 'Sorry for the late answer',
      });
      expect(fake.calls.at(-1)?.path).toBe(`/${PAGE}/messages`);
    });

    it('an expired token fails the send and asks to reconnect the page', async () => {
      const e = use();
      fake.expireToken(pageToken);
      try {
        const failed = await send(e, 'U1', 'Hi again');
        expect(failed).toMatchObject({ deliveryState: 'failed', failureReason: TOKEN_REASON });
        const [page] = await e.database.db.select().from(messagePages).where(eq(messagePages.id, pageId));
        expect(page).toMatchObject({ connectionState: 'reconnect_needed', lastError: TOKEN_REASON });
      } finally {
        pageToken = `${pageToken}-renewed`;
        fake.addPage(PAGE, pageToken);
        const box = createSecretBox(e.config.secrets);
        await e.database.db
          .update(messagePages)
          .set({ accessToken: box.seal(pageToken), connectionState: 'connected' })
          .where(eq(messagePages.id, pageId));
      }
    });

    it('replies to and hides comments through the Graph API', async () => {
      const e = use();
      const [parent] = await e.database.db.select().from(postComments).where(eq(postComments.externalId, '1_10'));
      const [reply] = await e.database.db
        .insert(postComments)
        .values({
          companyId: e.fx.companyA.id,
          postId: parent!.postId,
          parentId: parent!.id,
          authorName: 'Alpha Cafe',
          text: 'Thank you, Sara!',
          fromPage: true,
          deliveryState: 'sending',
          isRead: true,
        })
        .returning();
      const queue = jobQueueFor({ db: e.database.db });
      await queue.enqueue(COMMENT_REPLY_JOB, { commentId: reply!.id });
      await queue.enqueue(COMMENT_HIDE_JOB, { commentId: parent!.id, hidden: true });
      await runJobs(e);
      const [posted] = await e.database.db.select().from(postComments).where(eq(postComments.id, reply!.id));
      expect(posted).toMatchObject({ deliveryState: 'sent', failureReason: null });
      expect(fake.comments.get(posted!.externalId!)).toMatchObject({ message: 'Thank you, Sara!', parentId: '1_10' });
      const [hidden] = await e.database.db.select().from(postComments).where(eq(postComments.id, parent!.id));
      expect(hidden).toMatchObject({ hidden: true, hidePending: false });
      // The two jobs ran side by side: the hide is found by its path.
      expect(fake.calls.filter((c) => c.path === '/1_10').at(-1)).toMatchObject({ body: { is_hidden: true } });
    });

    it('keeps a delivery it cannot process, retries it, and shows it dead in system health', async () => {
      const e = use();
      const res = await deliver(e, {
        object: 'page',
        entry: [{ id: PAGE, time: 1, messaging: [{ broken: true }] }],
      } as unknown as MetaDelivery);
      expect(res.statusCode).toBe(200);
      await runJobs(e);
      const failing = (await findDeliveries(e.database.db, 'meta')).filter((d) => d.lastError);
      expect(failing).toHaveLength(1);
      expect(failing[0]).toMatchObject({ processedAt: null, retrying: true, attempts: 1 });
      // Each retry is due at once (the back-off is the queue's, tested there).
      for (let i = 0; i < 8; i++) {
        await e.database.db
          .update(jobs)
          .set({ runAt: sql`now()` })
          .where(eq(jobs.status, 'queued'));
        await runJobs(e);
      }
      const [dead] = await e.database.db.select().from(jobs).where(eq(jobs.name, 'webhooks.meta.retry'));
      expect(dead).toMatchObject({ status: 'dead', payload: { id: failing[0]!.id } });
      const owner = (await signIn(e.app, 'owner@fixture.test')).access_token;
      const health = await e.app.inject({ url: '/v2/api/admin/systemhealth', headers: bearer(owner) });
      expect(JSON.stringify(health.json())).toContain('webhooks.meta.retry');
    });

    it('publishes a signed inbound message on the company’s private channel to a pusher-js client', async () => {
      const e = use();
      await e.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = e.app.server.address() as { port: number };
      const settings = (await e.app.inject({ url: '/v2/api/client-config' })).json().pusher;
      const client = new Pusher(settings.key, {
        cluster: 'embedded',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: {
          endpoint: `http://127.0.0.1:${port}/v2/api/realtime/auth`,
          transport: 'ajax',
          headers: { Authorization: `Bearer ${token}` },
        },
      });
      try {
        const channel = client.subscribe(`private-total-count-${e.fx.companyA.id}`);
        await new Promise<void>((resolve, reject) => {
          channel.bind('pusher:subscription_succeeded', () => resolve());
          channel.bind('pusher:subscription_error', (err: unknown) => reject(new Error(JSON.stringify(err))));
        });
        const before = await unread(e, '/v2/api/conversations/unreadTotalCount');
        const count = new Promise<{ kind: string; unreadTotalCount: number }>((resolve) =>
          channel.bind('count', resolve),
        );
        const message = new Promise<{ conversationId: number }>((resolve) => channel.bind('message', resolve));
        // Over the socket, as Meta posts; the started job runner processes it without our help.
        const signed = signDelivery(
          APP_SECRET,
          messagingDelivery(PAGE, [metaEvents.message({ pageId: PAGE, senderId: 'U9', text: 'Is parking free?' })]),
        );
        const res = await fetch(`http://127.0.0.1:${port}/webhooks/meta`, {
          method: 'POST',
          headers: signed.headers,
          body: signed.body,
        });
        expect(res.status).toBe(200);
        expect(await count).toEqual({ kind: 'message', unreadTotalCount: before + 1 });
        expect((await message).conversationId).toBe((await conversationWith(e, 'U9')).id);
      } finally {
        client.disconnect();
      }
    });
  },
  { env },
);

import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { conversations, conversationUnreadTotals, jobs, messages } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { markFailed, markSent, loadOutbound, SEND_JOB } from './delivery';
import { ingestMessage } from './ingest';
import { as, buildWorld, clear, conversationOf, inbound, ingestDeps, userId, type World } from './test/world';

const HOUR = 3600_000;

describeEachDatabase('Messages: the inbox, threads, sending and tags', (use) => {
  let env: TestEnv;
  let w: World;
  beforeAll(async () => {
    env = use();
    w = await buildWorld(env);
  });
  beforeEach(async () => {
    await clear(env);
  });

  /** Three conversations of A: two on Facebook (Marina), one on Google (Downtown); one of B. */
  async function threeConversations() {
    const t = Date.now();
    await inbound(env, w.fbA, 'c1', 'Hello, are you open?', new Date(t - 3 * HOUR));
    await inbound(env, w.fbA, 'c1', 'Anyone there?', new Date(t - 3 * HOUR + 60_000));
    await inbound(env, w.fbA, 'c2', 'Do you deliver to the marina?', new Date(t - 2 * HOUR));
    await inbound(env, w.googleA, 'c3', 'Table for two tonight', new Date(t - HOUR), { provider: 'google' });
    await inbound(env, w.fbB, 'b1', 'Beta question', new Date(t - HOUR));
    return {
      c1: await conversationOf(env, 'c1'),
      c2: await conversationOf(env, 'c2'),
      c3: await conversationOf(env, 'c3'),
      b1: await conversationOf(env, 'b1'),
    };
  }

  it('lists the inbox newest first with exact unread counts; skip 0 replaces, skip > 0 continues', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const first = (await admin('POST', '/v2/api/conversations', { skip: 0, limit: 2 })).json();
    expect(first.conversations.map((c: { id: number }) => c.id)).toEqual([ids.c3, ids.c2]);
    expect(first).toMatchObject({ skip: 0, hasMore: true, unreadTotalCount: 4 });
    expect(first.conversations[1]).toMatchObject({
      channel: 'facebook',
      pageName: 'Alpha Marina',
      customerName: 'c2',
      isRead: false,
      unreadCount: 1,
      replyWindowOpen: true,
      tags: [],
    });
    const next = (await admin('POST', '/v2/api/conversations', { skip: 2, limit: 2 })).json();
    expect(next.conversations.map((c: { id: number }) => c.id)).toEqual([ids.c1]);
    expect(next).toMatchObject({ skip: 2, hasMore: false });
    expect(next.conversations[0]).toMatchObject({ unreadCount: 2, lastMessage: 'Anyone there?' });
    expect((await admin('GET', '/v2/api/conversations/unreadTotalCount')).json()).toEqual({ unreadTotalCount: 4 });
    expect((await admin('GET', `/v2/api/conversations/count/${env.fx.companyA.id}`)).json()).toEqual({
      conversations: 3,
      unreadConversations: 3,
      unreadTotalCount: 4,
      commentsUnreadTotalCount: 0,
      badge: 4,
    });
    expect((await admin('GET', `/v2/api/conversations/count/${env.fx.companyB.id}`)).statusCode).toBe(404);
  });

  it('filters by page, channel, read state, assignee, tag and search', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const list = async (filter: object) =>
      (await admin('POST', '/v2/api/conversations', { skip: 0, ...filter }))
        .json()
        .conversations.map((c: { id: number }) => c.id)
        .sort();
    expect(await list({ pageId: w.googleA.id })).toEqual([ids.c3]);
    expect(await list({ channel: 'facebook' })).toEqual([ids.c1, ids.c2].sort());
    await admin('PATCH', `/v2/api/conversationsread/${ids.c2}`, { isRead: true });
    expect(await list({ read: 'read' })).toEqual([ids.c2]);
    expect(await list({ read: 'unread' })).toEqual([ids.c1, ids.c3].sort());
    const responder = await userId(env, 'responder@alpha.test');
    const assigned = await admin('PATCH', `/v2/api/conversations/${ids.c1}`, { assigneeId: responder });
    expect(assigned.json()).toMatchObject({ assigneeId: responder, assigneeName: 'responder Tester' });
    expect(await list({ assignee: responder })).toEqual([ids.c1]);
    expect(await list({ assignee: 'none' })).toEqual([ids.c2, ids.c3].sort());
    expect(await list({ assignee: 'me' })).toEqual([]);
    const tag = (await admin('POST', '/v2/api/tags/create', { name: 'Delivery', color: '#D97706' })).json();
    await admin('POST', '/v2/api/tagsmessage/create', { conversationId: ids.c2, tagId: tag.id });
    expect(await list({ tagId: tag.id })).toEqual([ids.c2]);
    expect(await list({ search: 'deliver' })).toEqual([ids.c2]);
    expect(await list({ search: 'deliv' })).toEqual([]);
    expect(await list({ search: 'nothing-like-this' })).toEqual([]);
    expect(await list({ search: 'marina' })).toEqual([ids.c2]);
    expect(await list({ search: 'c3' })).toEqual([ids.c3]);
    // Assigning someone outside the team is refused.
    const foreign = await admin('PATCH', `/v2/api/conversations/${ids.c1}`, { assigneeId: env.fx.companyB.admin.id });
    expect(foreign.statusCode).toBe(400);
  });

  it('finds a name in over a thousand conversations by walking the inbox, on the first page and the next', async () => {
    const ids = await threeConversations();
    // 1,005 customers called Sara on company A's Facebook page, one minute apart (newest last): too many
    // to list by id, so the search walks the inbox newest first and checks each conversation.
    await env.database.db.execute(sql`
      INSERT INTO conversations (company_id, page_id, location_id, channel, customer_name, last_message, last_message_at)
      SELECT ${env.fx.companyA.id}, ${w.fbA.id}, (SELECT location_id FROM message_pages WHERE id = ${w.fbA.id}), 'facebook',
             'Sara ' || n, 'Hi',
             now() - interval '1 day' + n * interval '1 minute'
      FROM generate_series(1, 1005) AS n`);
    const admin = await as(env, 'admin@alpha.test');
    const page = async (skip: number, filter: object = {}) =>
      (await admin('POST', '/v2/api/conversations', { skip, search: 'sara', ...filter }))
        .json()
        .conversations.map((c: { customerName: string }) => c.customerName);
    for (let round = 0; round < 2; round++) {
      // The second round takes the way kept from the first.
      const first = await page(0);
      expect(first.slice(0, 3)).toEqual(['Sara 1005', 'Sara 1004', 'Sara 1003']);
      const second = await page(first.length);
      expect(second[0]).toBe(`Sara ${1005 - first.length}`);
    }
    expect(await page(0, { channel: 'google' })).toEqual([]);
    // A rare word is still looked up, and another company's search sees none of A's Saras.
    expect((await admin('POST', '/v2/api/conversations', { skip: 0, search: 'marina' })).json().conversations).toEqual([
      expect.objectContaining({ id: ids.c2 }),
    ]);
    const adminB = await as(env, 'admin@beta.test');
    expect((await adminB('POST', '/v2/api/conversations', { skip: 0, search: 'sara' })).json().conversations).toEqual(
      [],
    );
  });

  it('toggles read and unread with exact counts, and ingesting a duplicate stores it once', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const read = (await admin('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: true })).json();
    expect(read).toMatchObject({
      updatedConversations: [{ id: ids.c1, isRead: true, unreadCount: 0 }],
      unreadTotalCount: 2,
    });
    const unread = (await admin('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: false })).json();
    expect(unread).toMatchObject({ updatedConversations: [{ isRead: false, unreadCount: 1 }], unreadTotalCount: 3 });
    const opened = (await admin('POST', `/v2/api/conversations/read/${ids.c1}`)).json();
    expect(opened.unreadTotalCount).toBe(2);
    const event = {
      provider: 'facebook' as const,
      pageExternalId: w.fbA.externalId,
      customerExternalId: 'c1',
      messageExternalId: 'mid.duplicate.1',
      text: 'Me again',
      sentAt: new Date(),
    };
    expect((await ingestMessage(env.database.db, ingestDeps(env), event)).status).toBe('stored');
    expect((await ingestMessage(env.database.db, ingestDeps(env), event)).status).toBe('duplicate');
    const stored = await env.database.db.select().from(messages).where(eq(messages.externalId, 'mid.duplicate.1'));
    expect(stored).toHaveLength(1);
    expect((await admin('GET', '/v2/api/conversations/unreadTotalCount')).json().unreadTotalCount).toBe(3);
    // An unknown page is ignored with its reason, nothing stored.
    const unknown = await ingestMessage(env.database.db, ingestDeps(env), {
      ...event,
      pageExternalId: 'nobody',
      messageExternalId: 'x',
    });
    expect(unknown).toEqual({ status: 'ignored', reason: 'No facebook page nobody is connected' });
  });

  /** The kept unread totals per (company, location), without zeros, against a sum of the rows themselves. */
  async function keptAndSummed() {
    const { db } = env.database;
    const kept = (await db.select().from(conversationUnreadTotals))
      .filter((r) => r.unread !== 0)
      .map((r) => `${r.companyId}/${r.locationId}: ${r.unread}`)
      .sort();
    const summed = rowsOf<{ c: number; l: number; n: number }>(
      await db.execute(sql`SELECT company_id AS c, coalesce(location_id, 0) AS l, sum(unread_count)::int AS n
        FROM conversations WHERE NOT is_read GROUP BY 1, 2 HAVING sum(unread_count) <> 0`),
    )
      .map((r) => `${r.c}/${r.l}: ${r.n}`)
      .sort();
    return { kept, summed };
  }

  it('keeps the unread total exact after ingest, toggles, answers, page moves, bulk updates and deletes', async () => {
    const check = async (adminTotal: number, limitedTotal: number) => {
      const { kept, summed } = await keptAndSummed();
      expect(kept).toEqual(summed);
      const admin = await as(env, 'admin@alpha.test');
      expect((await admin('POST', '/v2/api/conversations', {})).json().unreadTotalCount).toBe(adminTotal);
      expect((await admin('GET', '/v2/api/conversations/unreadTotalCount')).json().unreadTotalCount).toBe(adminTotal);
      const limited = await as(env, w.limitedEmail);
      expect((await limited('POST', '/v2/api/conversations', {})).json().unreadTotalCount).toBe(limitedTotal);
    };
    const ids = await threeConversations();
    await check(4, 1);
    const admin = await as(env, 'admin@alpha.test');
    await admin('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: true });
    await check(2, 1);
    await admin('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: false });
    await admin('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: false });
    await check(3, 1);
    await admin('POST', `/v2/api/conversations/read/${ids.c3}`);
    await check(2, 0);
    await inbound(env, w.googleA, 'c3', 'Still there?', new Date(), { provider: 'google' });
    await inbound(env, w.googleA, 'c3', 'Hello?', new Date(), { provider: 'google' });
    await check(4, 2);
    expect((await admin('PATCH', `/v2/api/conversations/messages/${ids.c3}`, { message: 'Yes!' })).statusCode).toBe(
      200,
    );
    await check(2, 0);
    // The Facebook page moves to the limited member's location: its unread conversations follow.
    await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { locationId: w.downtown });
    await check(2, 2);
    await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { locationId: w.marina });
    await check(2, 0);
    // Changes outside the API count too: a bulk update, a conversation without location, deletes.
    const { db } = env.database;
    await db.update(conversations).set({ unreadCount: 5 }).where(eq(conversations.companyId, env.fx.companyA.id));
    await check(10, 0);
    await db.update(conversations).set({ locationId: null }).where(eq(conversations.id, ids.c2));
    await check(10, 0);
    await db.delete(conversations).where(eq(conversations.id, ids.c1));
    await check(5, 0);
    await db.update(conversations).set({ isRead: false }).where(eq(conversations.id, ids.c3));
    await check(10, 5);
    await clear(env);
    await check(0, 0);
  }, 120_000); // ~40 calls and checks: 3 s alone, over 30 s when the full run loads both cores (load 14)

  it('reads a thread oldest first and pages back with before', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const all = (await admin('GET', `/v2/api/conversations/messages/${ids.c1}`)).json();
    expect(all.messages.map((m: { message: string }) => m.message)).toEqual(['Hello, are you open?', 'Anyone there?']);
    expect(all.messages[0]).toMatchObject({ type: 'inbound', deliveryState: 'delivered', attachmentType: null });
    const last = (await admin('GET', `/v2/api/conversations/messages/${ids.c1}?limit=1`)).json();
    expect(last).toMatchObject({ hasMore: true, messages: [{ message: 'Anyone there?' }] });
    const earlier = (
      await admin('GET', `/v2/api/conversations/messages/${ids.c1}?limit=1&before=${last.messages[0].id}`)
    ).json();
    expect(earlier).toMatchObject({ hasMore: false, messages: [{ message: 'Hello, are you open?' }] });
  });

  it('sends: stores the message as sending, queues messaging.send, reads the conversation; retries a failed one', async () => {
    const ids = await threeConversations();
    const responder = await as(env, 'responder@alpha.test');
    const empty = await responder('PATCH', `/v2/api/conversations/messages/${ids.c1}`, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error_description).toBe('Write a message or attach a file');
    const long = await responder('PATCH', `/v2/api/conversations/messages/${ids.c1}`, { message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const sent = await responder('PATCH', `/v2/api/conversations/messages/${ids.c1}`, {
      message: 'Yes, we open at 9!',
      sentAt: new Date().toISOString(),
      type: 'outbound',
    });
    expect(sent.statusCode).toBe(200);
    const { message, conversation } = sent.json();
    expect(message).toMatchObject({
      type: 'outbound',
      deliveryState: 'sending',
      message: 'Yes, we open at 9!',
      authorName: 'responder Tester',
    });
    expect(conversation).toMatchObject({ isRead: true, unreadCount: 0, lastMessage: 'Yes, we open at 9!' });
    const queued = await env.database.db.select().from(jobs).where(eq(jobs.name, SEND_JOB));
    expect(queued.map((j) => j.payload)).toContainEqual({ messageId: message.id });
    // What the send job reads (its run against the Graph API is tested in meta/meta.test.ts).
    const outbound = await loadOutbound(env.database.db, message.id);
    expect(outbound).toMatchObject({
      message: { id: message.id, deliveryState: 'sending' },
      page: { externalId: w.fbA.externalId, provider: 'facebook' },
      conversation: { customerExternalId: 'c1' },
    });
    // The job's outcomes as the Meta job records them: a failure; the team retries; a success.
    await markFailed(env.database.db, message.id, '(#200) The page is not allowed to send');
    const thread = (await responder('GET', `/v2/api/conversations/messages/${ids.c1}`)).json();
    expect(thread.messages.at(-1)).toMatchObject({
      deliveryState: 'failed',
      failureReason: '(#200) The page is not allowed to send',
    });
    const retried = await responder('POST', `/v2/api/conversations/messages/retry/${message.id}`);
    expect(retried.json().message).toMatchObject({ deliveryState: 'sending', failureReason: null });
    expect((await responder('POST', `/v2/api/conversations/messages/retry/${message.id}`)).statusCode).toBe(409);
    await markSent(env.database.db, message.id, 'mid.sent.1');
    const [row] = await env.database.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ deliveryState: 'sent', externalId: 'mid.sent.1' });
  });

  it("refuses to send outside Meta's 24-hour window with the reason, but not on Google", async () => {
    const old = new Date(Date.now() - 25 * HOUR);
    await inbound(env, w.fbA, 'late', 'Hello from yesterday', old);
    await inbound(env, w.googleA, 'glate', 'Hello from yesterday', old, { provider: 'google' });
    const id = await conversationOf(env, 'late');
    const admin = await as(env, 'admin@alpha.test');
    const listed = (await admin('POST', '/v2/api/conversations', {})).json().conversations;
    expect(listed.find((c: { id: number }) => c.id === id).replyWindowOpen).toBe(false);
    const res = await admin('PATCH', `/v2/api/conversations/messages/${id}`, { message: 'Sorry for the delay' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('reply_window_closed');
    expect(res.json().error_description).toContain("This conversation's 24-hour reply window closed");
    const none = await env.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.type, 'outbound')));
    expect(none).toHaveLength(0);
    const google = await admin('PATCH', `/v2/api/conversations/messages/${await conversationOf(env, 'glate')}`, {
      message: 'Sorry for the delay',
    });
    expect(google.statusCode).toBe(200);
  });

  it('tags and tagsmessage: create, update, attach, replace, detach, delete; managers manage tags', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const responder = await as(env, 'responder@alpha.test');
    const booking = (await admin('POST', '/v2/api/tags/create', { name: 'Booking' })).json();
    expect(booking).toMatchObject({ name: 'Booking', color: '#4F46E5' });
    expect((await admin('POST', '/v2/api/tags/create', { name: 'Booking' })).statusCode).toBe(409);
    expect((await admin('POST', '/v2/api/tags/create', { name: ' ' })).json().error_description).toBe(
      'The tag name is required',
    );
    expect((await responder('POST', '/v2/api/tags/create', { name: 'Nope' })).statusCode).toBe(403);
    const vip = (await admin('POST', '/v2/api/tags/create', { name: 'VIP', color: '#7C3AED' })).json();
    expect((await admin('PATCH', `/v2/api/tags/update/${vip.id}`, { name: 'VIP guest' })).json().name).toBe(
      'VIP guest',
    );
    expect((await responder('POST', '/v2/api/tags/get')).json().items.map((t: { name: string }) => t.name)).toEqual([
      'Booking',
      'VIP guest',
    ]);
    const attached = (
      await responder('POST', '/v2/api/tagsmessage/create', { conversationId: ids.c1, tagId: booking.id })
    ).json();
    expect(attached).toEqual({ conversationId: ids.c1, items: [booking] });
    const replaced = (await responder('PATCH', `/v2/api/tagsmessage/update/${ids.c1}`, { tagIds: [vip.id] })).json();
    expect(replaced.items.map((t: { id: number }) => t.id)).toEqual([vip.id]);
    const viaPatch = (
      await responder('PATCH', `/v2/api/conversations/${ids.c1}`, { tagIds: [booking.id, vip.id] })
    ).json();
    expect(viaPatch.tags.map((t: { name: string }) => t.name)).toEqual(['Booking', 'VIP guest']);
    const detached = (
      await responder('POST', '/v2/api/tagsmessage/delete', { conversationId: ids.c1, tagId: vip.id })
    ).json();
    expect(detached.items.map((t: { id: number }) => t.id)).toEqual([booking.id]);
    expect((await responder('POST', '/v2/api/tagsmessage/get', { conversationId: ids.c1 })).json().items).toEqual([
      booking,
    ]);
    const left = (await admin('POST', `/v2/api/tags/delete/${booking.id}`)).json();
    expect(left.items.map((t: { id: number }) => t.id)).toEqual([vip.id]);
    expect((await responder('POST', '/v2/api/tagsmessage/get', { conversationId: ids.c1 })).json().items).toEqual([]);
  });

  it('Analysts read but never write', async () => {
    const ids = await threeConversations();
    const analyst = await as(env, 'analyst@alpha.test');
    expect((await analyst('POST', '/v2/api/conversations', {})).statusCode).toBe(200);
    expect((await analyst('GET', `/v2/api/conversations/messages/${ids.c1}`)).statusCode).toBe(200);
    expect((await analyst('GET', '/v2/api/conversations/info')).statusCode).toBe(200);
    const writes: [string, string, unknown][] = [
      ['PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: true }],
      ['POST', `/v2/api/conversations/read/${ids.c1}`, undefined],
      ['PATCH', `/v2/api/conversations/${ids.c1}`, { isRead: true }],
      ['PATCH', `/v2/api/conversations/messages/${ids.c1}`, { message: 'hi' }],
      ['POST', '/v2/api/conversations/messages/retry/1', undefined],
      ['POST', '/v2/api/tags/create', { name: 'x' }],
      ['POST', '/v2/api/tagsmessage/create', { conversationId: ids.c1, tagId: 1 }],
      ['PATCH', `/v2/api/pages/update/${w.fbA.id}`, { enabled: false }],
    ];
    for (const [method, url, payload] of writes)
      expect((await analyst(method as 'POST', url, payload)).statusCode, `${method} ${url}`).toBe(403);
    const [row] = await env.database.db.select().from(conversations).where(eq(conversations.id, ids.c1));
    expect(row!.unreadCount).toBe(2);
  });

  it("location-limited members see only their locations' pages and conversations", async () => {
    const ids = await threeConversations();
    const limited = await as(env, w.limitedEmail);
    const list = (await limited('POST', '/v2/api/conversations', {})).json();
    expect(list.conversations.map((c: { id: number }) => c.id)).toEqual([ids.c3]);
    expect(list.unreadTotalCount).toBe(1);
    expect((await limited('GET', '/v2/api/conversations/unreadTotalCount')).json().unreadTotalCount).toBe(1);
    expect((await limited('GET', '/v2/api/pages')).json().items.map((p: { id: number }) => p.id)).toEqual([
      w.googleA.id,
    ]);
    expect((await limited('GET', `/v2/api/pages/${w.fbA.id}`)).statusCode).toBe(404);
    expect((await limited('GET', `/v2/api/conversations/messages/${ids.c1}`)).statusCode).toBe(404);
    expect((await limited('PATCH', `/v2/api/conversationsread/${ids.c1}`, { isRead: true })).statusCode).toBe(404);
    expect(
      (await limited('PATCH', `/v2/api/conversations/messages/${ids.c3}`, { message: 'Welcome!' })).statusCode,
    ).toBe(200);
    const info = (await limited('GET', '/v2/api/conversations/info')).json();
    expect(info).toMatchObject({ hasPages: true, channels: ['google'] });
  });

  it("answers 404 for another company's ids on every call that takes one", async () => {
    const ids = await threeConversations();
    const beta = await as(env, 'admin@beta.test');
    const betaTag = (await beta('POST', '/v2/api/tags/create', { name: 'Beta tag' })).json();
    const betaSend = (await beta('PATCH', `/v2/api/conversations/messages/${ids.b1}`, { message: 'Hi' })).json();
    const admin = await as(env, 'admin@alpha.test');
    const calls: [string, string, unknown][] = [
      ['PATCH', `/v2/api/conversations/${ids.b1}`, { isRead: true }],
      ['PATCH', `/v2/api/conversationsread/${ids.b1}`, { isRead: true }],
      ['POST', `/v2/api/conversations/read/${ids.b1}`, undefined],
      ['GET', `/v2/api/conversations/messages/${ids.b1}`, undefined],
      ['PATCH', `/v2/api/conversations/messages/${ids.b1}`, { message: 'Hi' }],
      ['POST', `/v2/api/conversations/messages/retry/${betaSend.message.id}`, undefined],
      ['GET', `/v2/api/conversations/count/${env.fx.companyB.id}`, undefined],
      ['GET', `/v2/api/pages/${w.fbB.id}`, undefined],
      ['PATCH', `/v2/api/pages/update/${w.fbB.id}`, { enabled: false }],
      ['PATCH', `/v2/api/tags/update/${betaTag.id}`, { name: 'Mine' }],
      ['POST', `/v2/api/tags/delete/${betaTag.id}`, undefined],
      ['POST', '/v2/api/tagsmessage/get', { conversationId: ids.b1 }],
      ['POST', '/v2/api/tagsmessage/create', { conversationId: ids.b1, tagId: betaTag.id }],
      ['POST', '/v2/api/tagsmessage/create', { conversationId: ids.c1, tagId: betaTag.id }],
      ['PATCH', `/v2/api/tagsmessage/update/${ids.b1}`, { tagIds: [] }],
      ['PATCH', `/v2/api/tagsmessage/update/${ids.c1}`, { tagIds: [betaTag.id] }],
      ['PATCH', `/v2/api/conversations/${ids.c1}`, { tagIds: [betaTag.id] }],
      ['POST', '/v2/api/tagsmessage/delete', { conversationId: ids.b1, tagId: betaTag.id }],
    ];
    for (const [method, url, payload] of calls)
      expect((await admin(method as 'POST', url, payload)).statusCode, `${method} ${url}`).toBe(404);
    // Beta's own view is untouched; a company without Messaging is refused outright.
    expect((await beta('POST', '/v2/api/tags/get')).json().items).toHaveLength(1);
  });

  it('pages: read one, turn it off, move it to a location (its conversations follow), export them', async () => {
    const ids = await threeConversations();
    const admin = await as(env, 'admin@alpha.test');
    const page = (await admin('GET', `/v2/api/pages/${w.fbA.id}`)).json();
    expect(page).toMatchObject({
      provider: 'facebook',
      name: 'Alpha Marina',
      locationName: 'Marina',
      enabled: true,
      connectionState: 'connected',
      conversations: 2,
      unread: 3,
    });
    const moved = (await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { locationId: w.downtown })).json();
    expect(moved.locationName).toBe('Downtown');
    const limited = await as(env, w.limitedEmail);
    const seen = (await limited('POST', '/v2/api/conversations', {}))
      .json()
      .conversations.map((c: { id: number }) => c.id);
    expect(seen.sort()).toEqual([ids.c1, ids.c2, ids.c3].sort());
    await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { locationId: w.marina });
    const off = (await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { enabled: false })).json();
    expect(off.enabled).toBe(false);
    const refused = await admin('PATCH', `/v2/api/conversations/messages/${ids.c1}`, { message: 'Hi' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_description).toContain('is turned off');
    expect((await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { locationId: 999999 })).statusCode).toBe(400);
    await admin('PATCH', `/v2/api/pages/update/${w.fbA.id}`, { enabled: true });
    const xlsx = await admin('GET', '/v2/api/pages/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Pages')!;
    const names = sheet.getColumn(1).values.filter(Boolean).map(String);
    expect(names).toEqual(expect.arrayContaining(['Page', 'Alpha Marina', "'@alpha.marina", 'Alpha Downtown']));
    expect(names).not.toContain('Beta Riyadh');
  });
});

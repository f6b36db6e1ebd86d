import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { jobs, messages, notificationSettings, postComments } from '../../db/schema';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { lastMailTo } from '../../test/mail';
import {
  COMMENT_HIDE_JOB,
  COMMENT_REPLY_JOB,
  loadCommentReply,
  markCommentHidden,
  markCommentReplySent,
} from './delivery';
import { ingestComment, ingestDeliveryStatus, ingestReaction, type InboundComment } from './ingest';
import { as, buildWorld, clear, conversationOf, inbound, ingestDeps, type World } from './test/world';

const HOUR = 3600_000;

describeEachDatabase('Messages: posts, comments, reactions, delivery, mails and analytics', (use) => {
  let env: TestEnv;
  let w: World;
  beforeAll(async () => {
    env = use();
    w = await buildWorld(env);
  });
  beforeEach(async () => {
    await clear(env);
  });

  let seq = 0;
  const comment = (
    page: { externalId: string },
    post: string,
    extra: Partial<InboundComment> = {},
  ): InboundComment => ({
    provider: 'facebook',
    pageExternalId: page.externalId,
    postExternalId: post,
    postText: `Post ${post}`,
    commentExternalId: `cm-${++seq}`,
    authorExternalId: `fan-${seq}`,
    authorName: `Fan ${seq}`,
    text: `Comment ${seq}`,
    createdAt: new Date(Date.now() - 60_000 * (100 - seq)),
    verb: 'add',
    ...extra,
  });
  const add = (e: InboundComment) => ingestComment(env.database.db, ingestDeps(env), e);

  it('ingests comments once, counts them unread, lists posts with skip, reads and removes them', async () => {
    const first = comment(w.fbA, `${w.fbA.externalId}_p1`);
    expect((await add(first)).status).toBe('stored');
    expect((await add(first)).status).toBe('duplicate');
    await add(comment(w.fbA, `${w.fbA.externalId}_p1`));
    await add(comment(w.fbA, `${w.fbA.externalId}_p2`));
    await add(comment(w.igA, `${w.igA.externalId}_p3`, { provider: 'instagram' }));
    await add(comment(w.fbB, `${w.fbB.externalId}_p9`));
    const admin = await as(env, 'admin@alpha.test');
    expect((await admin('GET', '/v2/api/socialpost/unreadTotalCount')).json()).toEqual({ unreadTotalCount: 4 });
    const page = (await admin('POST', '/v2/api/socialpost/get', { skip: 0, limit: 2 })).json();
    expect(page).toMatchObject({ total: 3, skip: 0, hasMore: true, unreadTotalCount: 4 });
    const rest = (await admin('POST', '/v2/api/socialpost/get', { skip: 2, limit: 2 })).json();
    expect(rest).toMatchObject({ skip: 2, hasMore: false });
    const all = [...page.posts, ...rest.posts];
    const p1 = all.find((p: { postId: string }) => p.postId === `${w.fbA.externalId}_p1`);
    expect(p1).toMatchObject({
      unreadCount: 2,
      comments: 2,
      message: `Post ${w.fbA.externalId}_p1`,
      pageName: 'Alpha Marina',
    });
    // The badge: unread messages plus unread comments.
    await inbound(env, w.fbA, 'badge-customer', 'Hi');
    const count = (await admin('GET', `/v2/api/conversations/count/${env.fx.companyA.id}`)).json();
    expect(count).toMatchObject({ unreadTotalCount: 1, commentsUnreadTotalCount: 4, badge: 5 });
    // updateCount reads the post's comments; it answers postId and unreadCount.
    const updated = (await admin('PATCH', '/v2/api/socialpost/updateCount', { postId: p1.postId })).json();
    expect(updated).toEqual({ postId: p1.postId, unreadCount: 0, unreadTotalCount: 2 });
    // A removed comment that was unread no longer counts; a repeated removal changes nothing.
    const p2 = all.find((p: { postId: string }) => p.postId === `${w.fbA.externalId}_p2`);
    const p2Comments = (await admin('POST', '/v2/api/postcomment/get', { postId: p2.id })).json().comments;
    const removal = {
      ...comment(w.fbA, p2.postId),
      commentExternalId: p2Comments[0].externalId,
      verb: 'remove' as const,
    };
    expect((await add(removal)).status).toBe('updated');
    expect((await add(removal)).status).toBe('duplicate');
    expect((await admin('GET', '/v2/api/socialpost/unreadTotalCount')).json().unreadTotalCount).toBe(1);
    // Updating a post removes it from the list.
    const removed = await admin('PATCH', `/v2/api/socialpost/update/${p1.id}`, {});
    expect(removed.statusCode).toBe(200);
    const after = (await admin('POST', '/v2/api/socialpost/get', {})).json();
    expect(after.posts.map((p: { id: number }) => p.id)).not.toContain(p1.id);
    expect(after.total).toBe(2);
    // The Analyst reads and may not write; Beta's post is a 404.
    const analyst = await as(env, 'analyst@alpha.test');
    expect((await analyst('POST', '/v2/api/socialpost/get', {})).statusCode).toBe(200);
    expect((await analyst('PATCH', `/v2/api/socialpost/update/${p1.id}`, {})).statusCode).toBe(403);
    expect((await analyst('PATCH', '/v2/api/socialpost/updateCount', { postId: p1.postId })).statusCode).toBe(403);
    const beta = await as(env, 'admin@beta.test');
    const betaPost = (await beta('POST', '/v2/api/socialpost/get', {})).json().posts[0];
    expect((await admin('GET', `/v2/api/socialpost/get/${betaPost.postId}`)).statusCode).toBe(404);
    expect((await admin('PATCH', `/v2/api/socialpost/update/${betaPost.id}`, {})).statusCode).toBe(404);
    expect((await admin('PATCH', '/v2/api/socialpost/updateCount', { postId: betaPost.postId })).statusCode).toBe(404);
    expect((await admin('POST', '/v2/api/postcomment/get', { postId: betaPost.id })).statusCode).toBe(404);
    expect((await admin('POST', '/v2/api/reaction/get', { postId: betaPost.id })).statusCode).toBe(404);
    const betaComment = (await beta('GET', `/v2/api/socialpost/get/${betaPost.postId}`)).json().comments[0];
    expect((await admin('POST', `/v2/api/postcomment/reply/${betaComment.id}`, { text: 'Hi' })).statusCode).toBe(404);
    expect((await admin('PATCH', `/v2/api/postcomment/hide/${betaComment.id}`, { hidden: true })).statusCode).toBe(404);
    // Location-limited members see no Marina posts.
    const limited = await as(env, w.limitedEmail);
    expect((await limited('POST', '/v2/api/socialpost/get', {})).json()).toMatchObject({
      posts: [],
      unreadTotalCount: 0,
    });
    expect((await limited('GET', `/v2/api/socialpost/get/${p2.postId}`)).statusCode).toBe(404);
  });

  it('threads comments, replies and hides through queued jobs, counts reactions by type', async () => {
    const post = `${w.fbA.externalId}_thread`;
    const parent = comment(w.fbA, post, { text: 'Do you open on Friday?' });
    await add(parent);
    await add(comment(w.fbA, post, { parentExternalId: parent.commentExternalId, text: 'Same question!' }));
    const react = (reactor: string, type: string, commentExternalId?: string, verb: 'add' | 'remove' = 'add') =>
      ingestReaction(env.database.db, ingestDeps(env), {
        provider: 'facebook',
        pageExternalId: w.fbA.externalId,
        postExternalId: post,
        commentExternalId,
        reactorExternalId: reactor,
        reactionType: type,
        verb,
      });
    expect((await react('r1', 'like')).status).toBe('stored');
    expect((await react('r1', 'like')).status).toBe('duplicate');
    await react('r2', 'love');
    await react('r3', 'LOVE');
    await react('r3', 'haha');
    await react('r2', 'love', undefined, 'remove');
    await react('r1', 'wow', parent.commentExternalId);
    expect((await react('r9', 'thumbsup')).status).toBe('ignored');
    const admin = await as(env, 'admin@alpha.test');
    const detail = (await admin('GET', `/v2/api/socialpost/get/${post}`)).json();
    expect(detail.reactions).toEqual({ like: 1, haha: 1 });
    expect(
      detail.comments.map((c: { text: string; parentId: number | null }) => [c.text, c.parentId !== null]),
    ).toEqual([
      ['Do you open on Friday?', false],
      ['Same question!', true],
    ]);
    const parentRow = detail.comments[0];
    expect(detail.comments[1].parentId).toBe(parentRow.id);
    expect(parentRow.reactions).toEqual({ wow: 1 });
    const onPost = (await admin('POST', '/v2/api/reaction/get', { postId: detail.post.id })).json();
    expect(onPost).toMatchObject({ total: 2, summary: { like: 1, haha: 1 } });
    const onComment = (
      await admin('POST', '/v2/api/reaction/get', { postId: detail.post.id, commentId: parentRow.id })
    ).json();
    expect(onComment.reactions.map((r: { type: string }) => r.type)).toEqual(['wow']);

    const responder = await as(env, 'responder@alpha.test');
    expect((await responder('POST', `/v2/api/postcomment/reply/${parentRow.id}`, { text: ' ' })).statusCode).toBe(400);
    const reply = (
      await responder('POST', `/v2/api/postcomment/reply/${parentRow.id}`, { text: 'Yes, from 9 am!' })
    ).json();
    expect(reply.comment).toMatchObject({
      fromPage: true,
      deliveryState: 'sending',
      parentId: parentRow.id,
      authorName: 'Alpha Marina',
    });
    const queued = await env.database.db.select().from(jobs).where(eq(jobs.name, COMMENT_REPLY_JOB));
    expect(queued.map((j) => j.payload)).toContainEqual({ commentId: reply.comment.id });
    const loaded = await loadCommentReply(env.database.db, reply.comment.id);
    expect(loaded).toMatchObject({
      parentExternalId: parent.commentExternalId,
      postExternalId: post,
      page: { id: w.fbA.id },
    });
    await markCommentReplySent(env.database.db, reply.comment.id, 'cm-reply-1');
    // The page's own comment arriving by webhook is the reply already stored: not stored twice, not unread.
    expect(
      (await add(comment(w.fbA, post, { commentExternalId: 'cm-reply-1', authorExternalId: w.fbA.externalId }))).status,
    ).toBe('duplicate');
    const thread = (await admin('POST', '/v2/api/postcomment/get', { postId: detail.post.id })).json().comments;
    expect(thread).toHaveLength(3);
    expect(thread.find((c: { id: number }) => c.id === parentRow.id)).toMatchObject({ isRead: true });
    expect(thread.find((c: { id: number }) => c.id === parentRow.id).repliedAt).not.toBeNull();
    // One unread left (the second comment).
    expect((await admin('GET', '/v2/api/socialpost/unreadTotalCount')).json().unreadTotalCount).toBe(1);

    const hide = (await responder('PATCH', `/v2/api/postcomment/hide/${parentRow.id}`, { hidden: true })).json();
    expect(hide.comment).toMatchObject({ hidden: false, hidePending: true });
    const hideJobs = await env.database.db.select().from(jobs).where(eq(jobs.name, COMMENT_HIDE_JOB));
    expect(hideJobs.map((j) => j.payload)).toContainEqual({ commentId: parentRow.id, hidden: true });
    await markCommentHidden(env.database.db, parentRow.id, true);
    const [row] = await env.database.db.select().from(postComments).where(eq(postComments.id, parentRow.id));
    expect(row).toMatchObject({ hidden: true, hidePending: false });
    const analyst = await as(env, 'analyst@alpha.test');
    expect((await analyst('POST', `/v2/api/postcomment/reply/${parentRow.id}`, { text: 'x' })).statusCode).toBe(403);
    expect((await analyst('PATCH', `/v2/api/postcomment/hide/${parentRow.id}`, { hidden: false })).statusCode).toBe(
      403,
    );
  });

  it('advances delivery states by watermark and by message ids', async () => {
    await inbound(env, w.fbA, 'watcher', 'Hello');
    const id = await conversationOf(env, 'watcher');
    const admin = await as(env, 'admin@alpha.test');
    const sent = (await admin('PATCH', `/v2/api/conversations/messages/${id}`, { message: 'Hi there' })).json().message;
    await env.database.db
      .update(messages)
      .set({ deliveryState: 'sent', externalId: 'mid.out.1' })
      .where(eq(messages.id, sent.id));
    const status = (state: 'delivered' | 'read', extra: object) =>
      ingestDeliveryStatus(env.database.db, ingestDeps(env), {
        provider: 'facebook',
        pageExternalId: w.fbA.externalId,
        customerExternalId: 'watcher',
        state,
        ...extra,
      });
    expect((await status('delivered', { messageExternalIds: ['mid.out.1'] })).status).toBe('updated');
    expect((await status('delivered', { messageExternalIds: ['mid.out.1'] })).status).toBe('duplicate');
    expect((await status('read', { watermark: new Date(Date.now() + 1000) })).status).toBe('updated');
    const thread = (await admin('GET', `/v2/api/conversations/messages/${id}`)).json();
    expect(thread.messages.at(-1).deliveryState).toBe('read');
  });

  it('mails the notification kinds message, post and comment to the members who chose them', async () => {
    const { db } = env.database;
    await db.delete(notificationSettings);
    await db.insert(notificationSettings).values([
      {
        userId: env.fx.companyA.manager.id,
        companyId: env.fx.companyA.id,
        delivery: 'instant',
        kinds: ['message', 'comment', 'post'],
      },
      { userId: env.fx.companyA.responder.id, companyId: env.fx.companyA.id, delivery: 'instant', kinds: ['count'] },
    ]);
    await inbound(env, w.fbA, 'mailer', 'Do you have a table for 4 tonight?');
    const mail = await lastMailTo(env, 'manager@alpha.test');
    expect(mail.subject).toBe('New message from mailer on Alpha Marina');
    expect(mail.text).toContain('Do you have a table for 4 tonight?');
    await inbound(env, w.fbA, 'mailer', 'At 8 pm');
    // The conversation was unread already: no second mail.
    expect((await lastMailTo(env, 'manager@alpha.test')).id).toBe(mail.id);
    await add(comment(w.fbA, `${w.fbA.externalId}_mailpost`, { text: 'Love this place' }));
    const commentMail = await lastMailTo(env, 'manager@alpha.test');
    expect(commentMail.subject).toMatch(/^New comment from Fan \d+ on Alpha Marina$/);
    await expect(lastMailTo(env, 'responder@alpha.test')).rejects.toThrow('no mail');
  });

  it('computes analytics (volume, first response median and p90, response rate, heat map, per page and location) and exports them', async () => {
    const t = Date.UTC(2026, 0, 5, 9); // Monday 09:00 UTC
    const at = (h: number) => new Date(t + h * HOUR);
    const { db } = env.database;
    await inbound(env, w.fbA, 'a1', 'Q1', at(0));
    await inbound(env, w.fbA, 'a2', 'Q2', at(1));
    await inbound(env, w.googleA, 'a3', 'Q3', at(2), { provider: 'google' });
    const reply = async (customer: string, h: number) => {
      const id = await conversationOf(env, customer);
      await db.insert(messages).values({
        companyId: env.fx.companyA.id,
        conversationId: id,
        type: 'outbound',
        sentAt: at(h),
        message: 'Answer',
        deliveryState: 'sent',
      });
    };
    await reply('a1', 0.5); // 30 minutes
    await reply('a2', 3); // 2 hours
    const admin = await as(env, 'admin@alpha.test');
    const a = (await admin('GET', '/v2/api/conversations/analytics?date_from=2026-01-05&date_to=2026-01-05')).json();
    expect(a.totals).toEqual({
      conversations: 3,
      inbound: 3,
      outbound: 2,
      responseRate: 66.7,
      firstResponseMedianSeconds: 4500,
      firstResponseP90Seconds: 6660,
    });
    expect(a.volume).toEqual([
      { date: '2026-01-05', channel: 'facebook', inbound: 2, outbound: 2 },
      { date: '2026-01-05', channel: 'google', inbound: 1, outbound: 0 },
    ]);
    expect(a.heatmap).toEqual([
      { weekday: 1, hour: 9, count: 1 },
      { weekday: 1, hour: 10, count: 1 },
      { weekday: 1, hour: 11, count: 1 },
    ]);
    expect(a.pages.map((p: { name: string; conversations: number }) => [p.name, p.conversations])).toEqual([
      ['Alpha Marina', 2],
      ['Alpha Downtown', 1],
    ]);
    expect(a.locations.find((l: { name: string }) => l.name === 'Downtown')).toMatchObject({ responseRate: 0 });
    const onePage = (
      await admin(
        'GET',
        `/v2/api/conversations/analytics?date_from=2026-01-05&date_to=2026-01-05&pageId=${w.googleA.id}`,
      )
    ).json();
    expect(onePage.totals.conversations).toBe(1);
    const limited = await as(env, w.limitedEmail);
    expect(
      (await limited('GET', '/v2/api/conversations/analytics?date_from=2026-01-05&date_to=2026-01-05')).json().totals
        .conversations,
    ).toBe(1);
    expect(
      (await admin('GET', '/v2/api/conversations/analytics?date_from=2026-02-05&date_to=2026-01-05')).statusCode,
    ).toBe(400);
    const xlsx = await admin('GET', '/v2/api/conversations/analytics/export?date_from=2026-01-05&date_to=2026-01-05');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('conversation-analytics.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Summary',
      'Volume by day',
      'Busiest hours',
      'Pages',
      'Locations',
    ]);
    const summary = wb.getWorksheet('Summary')!;
    const values = summary
      .getSheetValues()
      .flat()
      .filter((v) => v !== undefined && v !== null);
    expect(values).toEqual(expect.arrayContaining(['Conversations', 3, 'Response rate (%)', 66.7]));
    // Downloads carry the token in the query.
    const { access_token } = await (await import('../../test/http')).signIn(env.app, 'analyst@alpha.test');
    const download = await env.app.inject({
      url: `/v2/api/conversations/analytics/export?access_token=${access_token}`,
    });
    expect(download.statusCode).toBe(200);
  });
});

import { COMMENT_EVENT, COUNT_EVENT, MESSAGE_EVENT, REACTION_EVENT, countChannel } from '@reputo/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import {
  addPostUnread,
  advanceDelivery,
  companyUnreadMessages,
  deleteReaction,
  findCommentByExternal,
  findConversationOf,
  findPageByExternal,
  findPagesByExternal,
  insertMessagesOnce,
  touchConversations,
  upsertConversations,
  type ConversationStart,
  type ConversationTouch,
  insertCommentOnce,
  insertMessageOnce,
  setDeliveryByExternalIds,
  touchConversation,
  unreadCommentTotal,
  updateComment,
  upsertConversation,
  upsertPost,
  upsertReaction,
  type PageRow,
} from './ingest.repository';
import { instantSubscribers, notifyMessaging } from './notify';
import { REACTION_TYPES, type Provider, type ReactionType } from './schemas';

/**
 * What arrives from the providers (msg-meta's webhook processor and the demo simulator call these):
 * each function is idempotent by the provider's id (a delivery repeated stores once and counts
 * once), ignores an unknown or disabled page with a logged reason, keeps the unread counts, pushes
 * the realtime events on the company's private channel and sends the notification mails.
 */
export interface IngestDeps extends Pick<AppDeps, 'realtime' | 'mailer' | 'config'> {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export type IngestResult =
  | { status: 'stored'; companyId: number; id: number }
  | { status: 'duplicate'; companyId: number; id?: number }
  | { status: 'updated'; companyId: number; id: number }
  | { status: 'ignored'; reason: string };

export interface InboundMessage {
  provider: Provider;
  pageExternalId: string;
  customerExternalId: string;
  customerName?: string;
  customerPicture?: string;
  messageExternalId: string;
  text?: string;
  attachment?: { type: string; url: string };
  sentAt: Date;
  /** 'echo': a message the page sent from another tool (Meta Business Suite); stored as outbound, sent. */
  direction?: 'inbound' | 'echo';
}

export interface InboundComment {
  provider: Provider;
  pageExternalId: string;
  postExternalId: string;
  postText?: string;
  commentExternalId: string;
  parentExternalId?: string;
  authorExternalId: string;
  authorName: string;
  text: string;
  createdAt: Date;
  verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
}

export interface InboundReaction {
  provider: Provider;
  pageExternalId: string;
  postExternalId: string;
  commentExternalId?: string;
  reactorExternalId: string;
  reactorName?: string;
  reactionType: string;
  verb: 'add' | 'edit' | 'remove';
}

export interface InboundDeliveryStatus {
  provider: Provider;
  pageExternalId: string;
  customerExternalId: string;
  state: 'delivered' | 'read';
  /** Every message sent up to this time is delivered (or read): Messenger's watermark. */
  watermark?: Date;
  /** Or the messages by their ids (Messenger's `delivery.mids`). */
  messageExternalIds?: string[];
}

function ignored(deps: IngestDeps, what: string, reason: string): IngestResult {
  deps.log?.info({ ingest: what, reason }, 'messaging ingest ignored');
  return { status: 'ignored', reason };
}

async function receivingPage(
  db: Db,
  deps: IngestDeps,
  what: string,
  provider: string,
  externalId: string,
): Promise<PageRow | IngestResult> {
  const page = await findPageByExternal(db, provider, externalId);
  if (!page) return ignored(deps, what, `No ${provider} page ${externalId} is connected`);
  if (!page.enabled) return ignored(deps, what, `The ${provider} page ${externalId} is turned off`);
  return page;
}

const isResult = (v: PageRow | IngestResult): v is IngestResult => 'status' in v;

/** Publishing must not fail an ingest: what is stored stays stored, the client catches up on its next read. */
async function publish(deps: IngestDeps, companyId: number, event: string, data: unknown): Promise<void> {
  try {
    await deps.realtime.publish(countChannel(companyId), event, data);
  } catch (error) {
    deps.log?.warn({ err: error, event }, 'messaging realtime publish failed');
  }
}

async function notifySafely(db: Db, deps: IngestDeps, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    deps.log?.warn({ err: error }, 'messaging notification mail failed');
  }
  void db;
}

function previewOf(text: string | undefined, attachment: { type: string } | undefined): string {
  if (text?.trim()) return text.trim().slice(0, 500);
  return `[${attachment?.type ?? 'attachment'}]`;
}

export async function ingestMessage(db: Db, deps: IngestDeps, e: InboundMessage): Promise<IngestResult> {
  const page = await receivingPage(db, deps, 'message', e.provider, e.pageExternalId);
  if (isResult(page)) return page;
  const inbound = e.direction !== 'echo';
  const stored = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const conversationId = await upsertConversation(
      tx,
      page,
      { externalId: e.customerExternalId, name: e.customerName, picture: e.customerPicture },
      e.sentAt,
    );
    const message = await insertMessageOnce(tx, {
      companyId: page.companyId,
      conversationId,
      externalId: e.messageExternalId,
      type: inbound ? 'inbound' : 'outbound',
      sentAt: e.sentAt,
      message: e.text?.trim() ? e.text : null,
      attachmentType: e.attachment?.type ?? null,
      attachmentUrl: e.attachment?.url ?? null,
      deliveryState: inbound ? 'delivered' : 'sent',
    });
    if (!message) return null;
    const conversation = await touchConversation(tx, conversationId, {
      inbound,
      text: previewOf(e.text, e.attachment),
      at: e.sentAt,
    });
    return { message, conversation };
  });
  if (!stored) return { status: 'duplicate', companyId: page.companyId };
  const { message, conversation } = stored;
  await publish(deps, page.companyId, MESSAGE_EVENT, { conversationId: conversation.id, messageId: message.id });
  if (inbound) {
    const unreadTotalCount = await companyUnreadMessages(db, page.companyId);
    await publish(deps, page.companyId, COUNT_EVENT, { kind: 'message', unreadTotalCount });
    // One mail when a conversation turns unread, not one per line the customer types.
    if (conversation.unreadCount === 1)
      await notifySafely(db, deps, () =>
        notifyMessaging(db, deps, {
          kind: 'message',
          companyId: page.companyId,
          locationId: page.locationId,
          pageName: page.name,
          author: conversation.customerName,
          text: previewOf(e.text, e.attachment),
          path: `/messages?conversation=${conversation.id}`,
        }),
      );
  }
  return { status: 'stored', companyId: page.companyId, id: message.id };
}

type Accepted = { index: number; e: InboundMessage; page: PageRow };

/** The messages of a batch whose page is connected and on; the others answered ignored (in `results`). */
async function acceptedMessages(
  db: Db,
  deps: IngestDeps,
  list: InboundMessage[],
  results: IngestResult[],
): Promise<Accepted[]> {
  const pages = await findPagesByExternal(
    db,
    list.map((e) => ({ provider: e.provider, externalId: e.pageExternalId })),
  );
  const accepted: Accepted[] = [];
  list.forEach((e, index) => {
    const page = pages.get(`${e.provider}:${e.pageExternalId}`);
    if (!page) results[index] = ignored(deps, 'message', `No ${e.provider} page ${e.pageExternalId} is connected`);
    else if (!page.enabled)
      results[index] = ignored(deps, 'message', `The ${e.provider} page ${e.pageExternalId} is turned off`);
    else accepted.push({ index, e, page });
  });
  return accepted;
}

/** Each conversation of the batch once: created as its first message would create it, named by the last name heard. */
function conversationStarts(accepted: Accepted[]): ConversationStart[] {
  const starts = new Map<string, ConversationStart>();
  for (const { e, page } of accepted) {
    const key = `${page.id}:${e.customerExternalId}`;
    const start = starts.get(key);
    if (!start)
      starts.set(key, {
        page,
        customerExternalId: e.customerExternalId,
        customerName: e.customerName,
        customerPicture: e.customerPicture,
        at: e.sentAt,
      });
    else if (e.customerName) Object.assign(start, { customerName: e.customerName, customerPicture: e.customerPicture });
  }
  return [...starts.values()];
}

/** A message of the batch stored now, with its conversation. */
type StoredMessage = Accepted & { id: number; conversationId: number; inbound: boolean };

/** The touches of the batch's new messages, summed per conversation in arrival order (as one touch after another). */
function touchesOf(stored: StoredMessage[]): ConversationTouch[] {
  const touches = new Map<number, ConversationTouch>();
  for (const m of stored) {
    const text = previewOf(m.e.text, m.e.attachment);
    const t = touches.get(m.conversationId);
    if (!t) {
      touches.set(m.conversationId, {
        id: m.conversationId,
        inbound: m.inbound ? 1 : 0,
        text,
        at: m.e.sentAt,
        inboundAt: m.inbound ? m.e.sentAt : null,
      });
      continue;
    }
    if (m.e.sentAt >= t.at) Object.assign(t, { text, at: m.e.sentAt });
    if (m.inbound) {
      t.inbound++;
      if (!t.inboundAt || m.e.sentAt > t.inboundAt) t.inboundAt = m.e.sentAt;
    }
  }
  return [...touches.values()];
}

/**
 * ingestMessage for a whole batch (a drained batch of webhook deliveries) in a few statements: the
 * pages read once; in one transaction the conversations upserted, the messages stored once by
 * their id, the conversations touched; then each stored message's realtime 'message' event, one
 * unread count event per company, and one mail per conversation that turned unread (its first new
 * inbound message). Stored, counted and mailed exactly as ingestMessage one after another would.
 */
export async function ingestMessages(db: Db, deps: IngestDeps, list: InboundMessage[]): Promise<IngestResult[]> {
  const results: IngestResult[] = new Array<IngestResult>(list.length);
  const accepted = await acceptedMessages(db, deps, list, results);
  for (const a of accepted) results[a.index] = { status: 'duplicate', companyId: a.page.companyId };
  if (accepted.length === 0) return results;
  const firstById = new Map<string, Accepted>();
  for (const a of accepted) if (!firstById.has(a.e.messageExternalId)) firstById.set(a.e.messageExternalId, a);
  const done = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const conversationIds = await upsertConversations(tx, conversationStarts(accepted));
    const inserted = await insertMessagesOnce(
      tx,
      [...firstById.values()].map(({ e, page }) => {
        const inbound = e.direction !== 'echo';
        return {
          companyId: page.companyId,
          conversationId: conversationIds.get(`${page.id}:${e.customerExternalId}`)!,
          externalId: e.messageExternalId,
          type: inbound ? 'inbound' : 'outbound',
          sentAt: e.sentAt,
          message: e.text?.trim() ? e.text : null,
          attachmentType: e.attachment?.type ?? null,
          attachmentUrl: e.attachment?.url ?? null,
          deliveryState: inbound ? 'delivered' : 'sent',
        };
      }),
    );
    const stored: StoredMessage[] = inserted
      .map((row) => ({
        ...firstById.get(row.externalId!)!,
        id: row.id,
        conversationId: row.conversationId,
        inbound: row.type === 'inbound',
      }))
      .sort((a, b) => a.index - b.index);
    const touches = touchesOf(stored);
    const after = await touchConversations(tx, touches);
    return { stored, touches, after };
  });
  for (const m of done.stored) {
    results[m.index] = { status: 'stored', companyId: m.page.companyId, id: m.id };
    await publish(deps, m.page.companyId, MESSAGE_EVENT, { conversationId: m.conversationId, messageId: m.id });
  }
  await publishUnreadTotals(db, deps, done.stored);
  await mailTurnedUnread(db, deps, done);
  return results;
}

/** One unread count event per company that received inbound messages. */
async function publishUnreadTotals(db: Db, deps: IngestDeps, stored: StoredMessage[]): Promise<void> {
  const companies = new Set(stored.filter((m) => m.inbound).map((m) => m.page.companyId));
  for (const companyId of companies) {
    const unreadTotalCount = await companyUnreadMessages(db, companyId);
    await publish(deps, companyId, COUNT_EVENT, { kind: 'message', unreadTotalCount });
  }
}

/** One mail per conversation that was read before the batch and is unread now (the subscribers read once per company). */
async function mailTurnedUnread(
  db: Db,
  deps: IngestDeps,
  done: {
    stored: StoredMessage[];
    touches: ConversationTouch[];
    after: { id: number; unreadCount: number; customerName: string }[];
  },
): Promise<void> {
  const added = new Map(done.touches.map((t) => [t.id, t.inbound]));
  const firstInbound = new Map<number, StoredMessage>();
  for (const m of done.stored)
    if (m.inbound && !firstInbound.has(m.conversationId)) firstInbound.set(m.conversationId, m);
  const subscribers = new Map<number, Awaited<ReturnType<typeof instantSubscribers>>>();
  for (const c of done.after) {
    const inbound = added.get(c.id) ?? 0;
    if (inbound === 0 || c.unreadCount !== inbound) continue;
    const { page, e } = firstInbound.get(c.id)!;
    await notifySafely(db, deps, async () => {
      if (!subscribers.has(page.companyId))
        subscribers.set(page.companyId, await instantSubscribers(db, page.companyId));
      return notifyMessaging(
        db,
        deps,
        {
          kind: 'message',
          companyId: page.companyId,
          locationId: page.locationId,
          pageName: page.name,
          author: c.customerName,
          text: previewOf(e.text, e.attachment),
          path: `/messages?conversation=${c.id}`,
        },
        subscribers.get(page.companyId),
      );
    });
  }
}

async function commentCount(db: Db, deps: IngestDeps, companyId: number): Promise<void> {
  const unreadTotalCount = await unreadCommentTotal(db, companyId);
  await publish(deps, companyId, COUNT_EVENT, { kind: 'comment', unreadTotalCount });
}

async function addComment(db: Db, deps: IngestDeps, page: PageRow, e: InboundComment): Promise<IngestResult> {
  const fromPage = e.authorExternalId === page.externalId;
  const result = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { post, created } = await upsertPost(tx, page, e.postExternalId, e.postText, e.createdAt);
    const parent = e.parentExternalId ? await findCommentByExternal(tx, e.parentExternalId) : undefined;
    const comment = await insertCommentOnce(tx, {
      companyId: page.companyId,
      postId: post.id,
      parentId: parent && parent.postId === post.id ? parent.id : null,
      externalId: e.commentExternalId,
      authorExternalId: e.authorExternalId,
      authorName: e.authorName,
      text: e.text,
      fromPage,
      deliveryState: fromPage ? 'sent' : null,
      isRead: fromPage,
      createdAt: e.createdAt,
    });
    if (!comment) return null;
    if (fromPage && parent) await updateComment(tx, parent.id, { repliedAt: e.createdAt });
    if (!fromPage) await addPostUnread(tx, post.id, 1, e.createdAt);
    return { post, created, comment, wasUnread: post.unreadCount };
  });
  if (!result) return { status: 'duplicate', companyId: page.companyId };
  const { post, created, comment } = result;
  await publish(deps, page.companyId, COMMENT_EVENT, { postId: post.id, commentId: comment.id });
  if (fromPage) return { status: 'stored', companyId: page.companyId, id: comment.id };
  await commentCount(db, deps, page.companyId);
  const mail = (kind: 'post' | 'comment', author: string, text: string) =>
    notifySafely(db, deps, () =>
      notifyMessaging(db, deps, {
        kind,
        companyId: page.companyId,
        locationId: page.locationId,
        pageName: page.name,
        author,
        text,
        path: `/messages?post=${post.id}`,
      }),
    );
  if (created) await mail('post', page.name, e.postText ?? post.message ?? '');
  if (result.wasUnread === 0) await mail('comment', e.authorName, e.text);
  return { status: 'stored', companyId: page.companyId, id: comment.id };
}

export async function ingestComment(db: Db, deps: IngestDeps, e: InboundComment): Promise<IngestResult> {
  const page = await receivingPage(db, deps, 'comment', e.provider, e.pageExternalId);
  if (isResult(page)) return page;
  if (e.verb === 'add') return addComment(db, deps, page, e);
  const existing = await findCommentByExternal(db, e.commentExternalId);
  if (!existing || existing.companyId !== page.companyId) {
    // An edit of a comment we never saw: store it as it is now.
    if (e.verb === 'edited') return addComment(db, deps, page, { ...e, verb: 'add' });
    return ignored(deps, 'comment', `Comment ${e.commentExternalId} is not stored`);
  }
  if (e.verb === 'edited') {
    if (existing.text === e.text) return { status: 'duplicate', companyId: page.companyId, id: existing.id };
    await updateComment(db, existing.id, { text: e.text });
  } else if (e.verb === 'remove') {
    if (existing.removed) return { status: 'duplicate', companyId: page.companyId, id: existing.id };
    await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await updateComment(tx, existing.id, { removed: true, isRead: true });
      if (!existing.isRead) await addPostUnread(tx, existing.postId, -1);
    });
    await commentCount(db, deps, page.companyId);
  } else {
    const hidden = e.verb === 'hide';
    if (existing.hidden === hidden && !existing.hidePending)
      return { status: 'duplicate', companyId: page.companyId, id: existing.id };
    await updateComment(db, existing.id, { hidden, hidePending: false });
  }
  await publish(deps, page.companyId, COMMENT_EVENT, { postId: existing.postId, commentId: existing.id });
  return { status: 'updated', companyId: page.companyId, id: existing.id };
}

const isReactionType = (t: string): t is ReactionType => (REACTION_TYPES as readonly string[]).includes(t);

export async function ingestReaction(db: Db, deps: IngestDeps, e: InboundReaction): Promise<IngestResult> {
  const type = e.reactionType.toLowerCase();
  if (!isReactionType(type)) return ignored(deps, 'reaction', `Unknown reaction type ${e.reactionType}`);
  const page = await receivingPage(db, deps, 'reaction', e.provider, e.pageExternalId);
  if (isResult(page)) return page;
  const changed = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const { post } = await upsertPost(tx, page, e.postExternalId, undefined, new Date());
    const comment = e.commentExternalId ? await findCommentByExternal(tx, e.commentExternalId) : undefined;
    if (e.commentExternalId && (!comment || comment.postId !== post.id)) return null;
    const commentId = comment?.id ?? null;
    const ok =
      e.verb === 'remove'
        ? await deleteReaction(tx, post.id, commentId, e.reactorExternalId)
        : await upsertReaction(tx, {
            companyId: page.companyId,
            postId: post.id,
            commentId,
            reactorExternalId: e.reactorExternalId,
            reactorName: e.reactorName ?? null,
            type,
          });
    return ok ? { postId: post.id, commentId } : false;
  });
  if (changed === null) return ignored(deps, 'reaction', `Comment ${e.commentExternalId} is not stored`);
  if (!changed) return { status: 'duplicate', companyId: page.companyId };
  await publish(deps, page.companyId, REACTION_EVENT, changed);
  return { status: 'stored', companyId: page.companyId, id: changed.postId };
}

export async function ingestDeliveryStatus(db: Db, deps: IngestDeps, e: InboundDeliveryStatus): Promise<IngestResult> {
  const page = await receivingPage(db, deps, 'delivery', e.provider, e.pageExternalId);
  if (isResult(page)) return page;
  const conversation = await findConversationOf(db, page.id, e.customerExternalId);
  if (!conversation) return ignored(deps, 'delivery', `No conversation with ${e.customerExternalId}`);
  let changed = 0;
  if (e.messageExternalIds?.length)
    changed += await setDeliveryByExternalIds(db, page.companyId, e.messageExternalIds, e.state);
  if (e.watermark) changed += await advanceDelivery(db, conversation.id, e.state, e.watermark);
  if (changed === 0) return { status: 'duplicate', companyId: page.companyId, id: conversation.id };
  await publish(deps, page.companyId, MESSAGE_EVENT, { conversationId: conversation.id, delivery: e.state });
  return { status: 'updated', companyId: page.companyId, id: conversation.id };
}

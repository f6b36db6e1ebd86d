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
import { notifyMessaging } from './notify';
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

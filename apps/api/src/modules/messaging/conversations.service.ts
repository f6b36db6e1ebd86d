import { COUNT_EVENT, MESSAGE_EVENT, countChannel } from '@reputo/core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import {
  conversationCounts,
  findConversation,
  findConversations,
  findConversationView,
  findMessage,
  findMessageWithAuthor,
  findMessages,
  insertOutbound,
  isCompanyMember,
  setAssignee,
  setMessageState,
  setRead,
  unreadConversationTotal,
  type ConversationRow,
  type ConversationView,
  type MessageRow,
  type Scope,
} from './conversations.repository';
import { SEND_ATTEMPTS, SEND_JOB } from './delivery';
import { findPage } from './pages.repository';
import { unreadCommentScoped } from './posts.repository';
import { replaceConversationTags } from './tags.repository';
import {
  REPLY_WINDOW_MS,
  type ConversationDto,
  type InboxFilter,
  type MessageDto,
  type conversationPatch,
  type sendBody,
} from './schemas';

const META_CHANNELS = new Set(['facebook', 'instagram']);

/** Meta lets a page answer within 24 hours of the customer's last message; Google has no such window. */
export function replyWindowOpen(c: Pick<ConversationRow, 'channel' | 'lastInboundAt'>, now = Date.now()): boolean {
  if (!META_CHANNELS.has(c.channel)) return true;
  return c.lastInboundAt !== null && now - c.lastInboundAt.getTime() <= REPLY_WINDOW_MS;
}

export function conversationDto(c: ConversationView): ConversationDto {
  return {
    id: c.id,
    pageId: c.pageId,
    pageName: c.pageName,
    channel: c.channel,
    locationId: c.locationId,
    customerExternalId: c.customerExternalId,
    customerName: c.customerName,
    customerPicture: c.customerPicture,
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt.toISOString(),
    lastInboundAt: c.lastInboundAt?.toISOString() ?? null,
    replyWindowOpen: replyWindowOpen(c),
    isRead: c.isRead,
    unreadCount: c.unreadCount,
    assigneeId: c.assigneeId,
    assigneeName: c.assigneeName,
    tags: c.tags,
  };
}

export function messageDto(m: MessageRow & { authorName?: string | null }): MessageDto {
  return {
    id: m.id,
    conversationId: m.conversationId,
    externalId: m.externalId,
    type: m.type as MessageDto['type'],
    sentAt: m.sentAt.toISOString(),
    message: m.message,
    attachmentType: m.attachmentType,
    attachmentUrl: m.attachmentUrl,
    deliveryState: m.deliveryState as MessageDto['deliveryState'],
    failureReason: m.failureReason,
    authorUserId: m.authorUserId,
    authorName: m.authorName ?? null,
  };
}

async function view(db: Db, scope: Scope, row: ConversationRow): Promise<ConversationDto> {
  const found = await findConversationView(db, scope, row.id);
  if (!found) throw notFound('Conversation not found');
  return conversationDto(found);
}

export async function requireConversation(db: Db, scope: Scope, id: number): Promise<ConversationRow> {
  const row = await findConversation(db, scope, id);
  if (!row) throw notFound('Conversation not found');
  return row;
}

export async function inbox(db: Db, scope: Scope, filter: InboxFilter) {
  const { rows, unreadTotal: unreadTotalCount } = await findConversations(db, scope, filter);
  return {
    conversations: rows.slice(0, filter.limit).map(conversationDto),
    skip: filter.skip,
    hasMore: rows.length > filter.limit,
    unreadTotalCount,
  };
}

/** Pushes the new unread total on the company's channel (the sidebar badge listens there). */
export async function publishUnread(deps: Pick<AppDeps, 'realtime'>, db: Db, companyId: number): Promise<void> {
  const unreadTotalCount = await unreadConversationTotal(db, { companyId, locationIds: null });
  await deps.realtime.publish(countChannel(companyId), COUNT_EVENT, { kind: 'message', unreadTotalCount });
}

export async function toggleRead(deps: Pick<AppDeps, 'db' | 'realtime'>, scope: Scope, id: number, isRead: boolean) {
  const updated = await setRead(deps.db, scope, id, isRead);
  if (!updated) throw notFound('Conversation not found');
  await publishUnread(deps, deps.db, scope.companyId);
  return {
    updatedConversations: [await view(deps.db, scope, updated)],
    unreadTotalCount: await unreadConversationTotal(deps.db, scope),
  };
}

export async function updateConversation(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  scope: Scope,
  id: number,
  patch: z.infer<typeof conversationPatch>,
): Promise<ConversationDto> {
  const { db } = deps;
  await requireConversation(db, scope, id);
  if (patch.assigneeId !== undefined) {
    if (patch.assigneeId !== null && !(await isCompanyMember(db, scope.companyId, patch.assigneeId)))
      throw badRequest('The assignee must be an active member of the team', [
        { field: 'assigneeId', message: 'The assignee must be an active member of the team' },
      ]);
    await setAssignee(db, scope, id, patch.assigneeId);
  }
  if (patch.tagIds && !(await replaceConversationTags(db, scope.companyId, id, patch.tagIds)))
    throw notFound('Tag not found');
  if (patch.isRead !== undefined) {
    await setRead(db, scope, id, patch.isRead);
    await publishUnread(deps, db, scope.companyId);
  }
  return view(db, scope, await requireConversation(db, scope, id));
}

export async function counts(db: Db, scope: Scope, companyId: number) {
  if (companyId !== scope.companyId) throw notFound('Company not found');
  const [c, unreadTotalCount, commentsUnreadTotalCount] = await Promise.all([
    conversationCounts(db, scope),
    unreadConversationTotal(db, scope),
    unreadCommentScoped(db, scope),
  ]);
  return {
    conversations: c.total,
    unreadConversations: c.unread,
    unreadTotalCount,
    commentsUnreadTotalCount,
    badge: unreadTotalCount + commentsUnreadTotalCount,
  };
}

export async function thread(db: Db, scope: Scope, id: number, before: number | undefined, limit: number) {
  const conversation = await requireConversation(db, scope, id);
  const rows = await findMessages(db, id, before, limit);
  return {
    conversation: await view(db, scope, conversation),
    // Oldest first, as a thread reads; `before` pages back to earlier ones.
    messages: rows.slice(0, limit).reverse().map(messageDto),
    hasMore: rows.length > limit,
  };
}

/** 422: the request is well formed but the provider would refuse it now. */
const windowClosed = (c: ConversationRow) =>
  new AppError(
    422,
    'reply_window_closed',
    c.lastInboundAt
      ? `This conversation's 24-hour reply window closed on ${c.lastInboundAt.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${c.channel === 'instagram' ? 'Instagram' : 'Facebook'} lets a page answer only within 24 hours of the customer's last message. You can answer again once the customer writes.`
      : `This conversation has no message from the customer yet: ${c.channel === 'instagram' ? 'Instagram' : 'Facebook'} lets a page answer only within 24 hours of the customer's last message.`,
  );

async function requireSendablePage(db: Db, scope: Scope, c: ConversationRow): Promise<void> {
  if (c.pageId === null) throw new AppError(422, 'page_not_connected', 'This conversation has no connected page.');
  const page = await findPage(db, scope, c.pageId);
  if (!page) throw new AppError(422, 'page_not_connected', 'This conversation has no connected page.');
  if (!page.enabled)
    throw new AppError(422, 'page_disabled', `The page ${page.name} is turned off: turn it on under Messages > Pages.`);
  if (page.connectionState !== 'connected')
    throw new AppError(
      422,
      'page_not_connected',
      `The page ${page.name} needs to be reconnected before messages can be sent.`,
    );
}

async function enqueueSend(deps: Pick<AppDeps, 'db' | 'config'>, messageId: number): Promise<void> {
  await jobQueueFor(deps).enqueue(
    SEND_JOB,
    { messageId },
    { dedupeKey: `messaging.send:${messageId}`, maxAttempts: SEND_ATTEMPTS },
  );
}

/** Stores what the team wrote (state 'sending') and queues its delivery; the connector's job sends it. */
export async function sendMessage(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>,
  scope: Scope,
  conversationId: number,
  body: z.infer<typeof sendBody>,
) {
  const { db } = deps;
  const conversation = await requireConversation(db, scope, conversationId);
  if (!replyWindowOpen(conversation)) throw windowClosed(conversation);
  await requireSendablePage(db, scope, conversation);
  const message = await insertOutbound(db, conversation, {
    message: body.message?.trim() ? body.message.trim() : null,
    attachmentType: body.attachmentUrl ? (body.attachmentType ?? null) : null,
    attachmentUrl: body.attachmentUrl ?? null,
    userId: scope.userId,
  });
  await enqueueSend(deps, message.id);
  await deps.realtime.publish(countChannel(scope.companyId), MESSAGE_EVENT, {
    conversationId,
    messageId: message.id,
  });
  if (conversation.unreadCount > 0) await publishUnread(deps, db, scope.companyId);
  return {
    message: messageDto((await findMessageWithAuthor(db, scope.companyId, message.id))!),
    conversation: await view(db, scope, await requireConversation(db, scope, conversationId)),
  };
}

/** A failed message is sent again as it was typed (nothing is lost); the window still applies. */
export async function retryMessage(deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>, scope: Scope, messageId: number) {
  const { db } = deps;
  const message = await findMessage(db, scope.companyId, messageId);
  if (!message) throw notFound('Message not found');
  const conversation = await requireConversation(db, scope, message.conversationId);
  if (message.type !== 'outbound' || message.deliveryState !== 'failed')
    throw new AppError(409, 'conflict', 'Only a message that failed to send can be sent again.');
  if (!replyWindowOpen(conversation)) throw windowClosed(conversation);
  await requireSendablePage(db, scope, conversation);
  await setMessageState(db, messageId, { deliveryState: 'sending', failureReason: null });
  await enqueueSend(deps, messageId);
  await deps.realtime.publish(countChannel(scope.companyId), MESSAGE_EVENT, {
    conversationId: conversation.id,
    messageId,
  });
  return {
    message: messageDto((await findMessageWithAuthor(db, scope.companyId, messageId))!),
    conversation: await view(db, scope, conversation),
  };
}

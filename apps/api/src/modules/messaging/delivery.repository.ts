import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, messagePages, messages, postComments, socialPosts } from '../../db/schema';

type PageRow = typeof messagePages.$inferSelect;

export interface OutboundMessage {
  message: typeof messages.$inferSelect;
  page: PageRow;
  conversation: { id: number; companyId: number; customerExternalId: string | null; lastInboundAt: Date | null };
}

export interface OutboundCommentReply {
  reply: typeof postComments.$inferSelect;
  /** The provider's id of the comment answered (the reply is posted under it). */
  parentExternalId: string | null;
  postExternalId: string;
  page: PageRow;
}

export interface OutboundCommentHide {
  comment: typeof postComments.$inferSelect;
  postExternalId: string;
  page: PageRow;
}

export async function loadOutboundRow(db: Db, messageId: number): Promise<OutboundMessage | undefined> {
  const [row] = await db
    .select({
      message: messages,
      page: messagePages,
      conversation: {
        id: conversations.id,
        companyId: conversations.companyId,
        customerExternalId: conversations.customerExternalId,
        lastInboundAt: conversations.lastInboundAt,
      },
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(messagePages, eq(messagePages.id, conversations.pageId))
    .where(eq(messages.id, messageId));
  return row;
}

const parents = alias(postComments, 'parent');

export async function loadCommentReplyRow(db: Db, commentId: number): Promise<OutboundCommentReply | undefined> {
  const [row] = await db
    .select({
      reply: postComments,
      parentExternalId: parents.externalId,
      postExternalId: socialPosts.postId,
      page: messagePages,
    })
    .from(postComments)
    .innerJoin(socialPosts, eq(socialPosts.id, postComments.postId))
    .innerJoin(messagePages, eq(messagePages.id, socialPosts.pageId))
    .leftJoin(parents, eq(parents.id, postComments.parentId))
    .where(and(eq(postComments.id, commentId), eq(postComments.fromPage, true)));
  return row;
}

export async function loadCommentHideRow(db: Db, commentId: number): Promise<OutboundCommentHide | undefined> {
  const [row] = await db
    .select({ comment: postComments, postExternalId: socialPosts.postId, page: messagePages })
    .from(postComments)
    .innerJoin(socialPosts, eq(socialPosts.id, postComments.postId))
    .innerJoin(messagePages, eq(messagePages.id, socialPosts.pageId))
    .where(eq(postComments.id, commentId));
  return row;
}

export async function markCommentReplySent(db: Db, commentId: number, externalId: string): Promise<void> {
  await db
    .update(postComments)
    .set({ deliveryState: 'sent', externalId, failureReason: null })
    .where(eq(postComments.id, commentId));
}

export async function markCommentReplyFailed(db: Db, commentId: number, reason: string): Promise<void> {
  await db
    .update(postComments)
    .set({ deliveryState: 'failed', failureReason: reason.slice(0, 1000) })
    .where(eq(postComments.id, commentId));
}

/** The provider confirmed the hide (or unhide) asked for. */
export async function markCommentHidden(db: Db, commentId: number, hidden: boolean): Promise<void> {
  await db
    .update(postComments)
    .set({ hidden, hidePending: false, failureReason: null })
    .where(eq(postComments.id, commentId));
}

/** The hide failed: the comment keeps its state as the provider has it, with the reason. */
export async function markCommentHideFailed(db: Db, commentId: number, reason: string): Promise<void> {
  await db
    .update(postComments)
    .set({ hidePending: false, failureReason: reason.slice(0, 1000) })
    .where(eq(postComments.id, commentId));
}

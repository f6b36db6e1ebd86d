import type { Db } from '../../db/client';
import type { JobPayload, JobQueue } from '../../platform/jobs';
import {
  loadOutboundRow,
  loadCommentReplyRow,
  loadCommentHideRow,
  markCommentHidden,
  markCommentHideFailed,
  markCommentReplyFailed,
  markCommentReplySent,
  type OutboundMessage,
  type OutboundCommentReply,
  type OutboundCommentHide,
} from './delivery.repository';
import { setMessageState } from './conversations.repository';

/**
 * The contract between this module (which stores what the team writes and queues it) and the
 * provider connector (msg-meta, which defines the job handlers and calls the Graph API):
 *
 * - `messaging.send` { messageId }: loadOutbound, send, then markSent(externalId) or markFailed(reason).
 *   A failed message can be retried by the team (`POST v2/api/conversations/messages/retry/{id}`).
 * - `messaging.commentReply` { commentId }: loadCommentReply (the reply row, its parent's provider id,
 *   the page), post it, then markCommentReplySent(externalId) or markCommentReplyFailed(reason).
 * - `messaging.commentHide` { commentId, hidden }: loadCommentHide, hide or unhide it, then
 *   markCommentHidden or markCommentHideFailed(reason).
 *
 * No handler is registered here: the queue claims only kinds a process defined, so these jobs wait
 * (status 'queued') until the connector's handlers are defined; nothing fails meanwhile.
 *
 * One handler runs a job kind. Meta's defines `messaging.send`; a provider with its own API (Twitter)
 * registers a sender for its pages with `registerSender`, and Meta's handler hands it their messages.
 */
export const SEND_JOB = 'messaging.send';
export const COMMENT_REPLY_JOB = 'messaging.commentReply';
export const COMMENT_HIDE_JOB = 'messaging.commentHide';
/** Sends are retried by the queue for about 10 minutes before they show as failed. */
export const SEND_ATTEMPTS = 5;

export type { OutboundMessage, OutboundCommentReply, OutboundCommentHide };

/** The message with its page (provider, externalId, encrypted accessToken) and the customer's provider id; undefined if gone. */
export function loadOutbound(db: Db, messageId: number): Promise<OutboundMessage | undefined> {
  return loadOutboundRow(db, messageId);
}

export async function markSent(db: Db, messageId: number, externalId: string): Promise<void> {
  await setMessageState(db, messageId, { deliveryState: 'sent', externalId, failureReason: null });
}

/** The reason is shown to the team beside the message (e.g. "(#10) This message is sent outside of allowed window"). */
export async function markFailed(db: Db, messageId: number, reason: string): Promise<void> {
  await setMessageState(db, messageId, { deliveryState: 'failed', failureReason: reason.slice(0, 1000) });
}

export function loadCommentReply(db: Db, commentId: number): Promise<OutboundCommentReply | undefined> {
  return loadCommentReplyRow(db, commentId);
}

export { markCommentReplySent, markCommentReplyFailed, markCommentHidden, markCommentHideFailed };

export function loadCommentHide(db: Db, commentId: number): Promise<OutboundCommentHide | undefined> {
  return loadCommentHideRow(db, commentId);
}

/** Sends one message of a provider's page and marks it (sent, failed, or queued again); `payload` is the job's. */
export type MessageSender = (outbound: OutboundMessage, payload: JobPayload) => Promise<void>;

const senders = new WeakMap<JobQueue, Map<string, MessageSender>>();

/** The sender of `messaging.send` for pages of this provider (per queue: tests build several apps). */
export function registerSender(queue: JobQueue, provider: string, sender: MessageSender): void {
  let byProvider = senders.get(queue);
  if (!byProvider) senders.set(queue, (byProvider = new Map()));
  byProvider.set(provider, sender);
}

export function senderFor(queue: JobQueue, provider: string): MessageSender | undefined {
  return senders.get(queue)?.get(provider);
}

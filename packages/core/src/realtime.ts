/** Realtime names both sides must agree on (spec 000: a channel named by the total-count kind and the client id, with a count event). */
export const COUNT_EVENT = 'count';
export const REALTIME_AUTH_ENDPOINT = '/v2/api/realtime/auth';

/** A company's private channel for its unread totals. */
export function countChannel(companyId: number): string {
  return `private-total-count-${companyId}`;
}

/**
 * Events of the Messages area on the company's private channel (countChannel): an inbound or sent
 * message ({ conversationId, messageId }), a comment ({ postId, commentId }) and a reaction
 * ({ postId, commentId }). The count event carries { kind: 'message' | 'comment', unreadTotalCount }.
 */
export const MESSAGE_EVENT = 'message';
export const COMMENT_EVENT = 'comment';
export const REACTION_EVENT = 'reaction';

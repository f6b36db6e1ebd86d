import { MESSAGE_EVENT, COMMENT_EVENT, countChannel } from '@reputo/core';
import { metaClient, MetaApiError, TOKEN_REASON, type MetaChannel, type MetaClient } from '../../../connectors/meta';
import type { Db } from '../../../db/client';
import type { AppDeps } from '../../../platform/deps';
import type { JobQueue } from '../../../platform/jobs';
import { createSecretBox, isSealed, SecretError, type SecretBox } from '../../../platform/secrets';
import {
  COMMENT_HIDE_JOB,
  COMMENT_REPLY_JOB,
  SEND_JOB,
  loadCommentHide,
  loadCommentReply,
  loadOutbound,
  markCommentHidden,
  markCommentHideFailed,
  markCommentReplyFailed,
  markCommentReplySent,
  markFailed,
  markSent,
  senderFor,
} from '../delivery';
import { markPageReconnectNeeded } from './repository';

/**
 * The jobs that carry what the team writes to Meta (msg-api queues them, delivery.ts):
 * `messaging.send` {messageId}, `messaging.commentReply` {commentId}, `messaging.commentHide`
 * {commentId, hidden}. The page token is opened from its sealed form (platform/secrets.ts), the
 * Graph API is called (which waits out rate limits and retries server errors itself), and the row is
 * marked sent with Meta's id, or failed with a reason the team reads beside it. A failure is final
 * for the job: the text stays, and the team retries it (a blind resend after a time-out could post
 * it twice). Meta's code 190 also turns the page to `reconnect_needed`.
 */
type PageLike = { id: number; provider: string; externalId: string; accessToken: string | null };

const NOT_META = 'This page is not a Facebook or Instagram page: messages to it cannot be sent from Reputo.';

function channelOf(page: PageLike): MetaChannel | null {
  return page.provider === 'facebook' || page.provider === 'instagram' ? page.provider : null;
}

/** The page's token in clear, or null when it has none or it cannot be opened (a key dropped, a value altered). */
function pageToken(box: SecretBox, page: PageLike): string | null {
  if (!page.accessToken) return null;
  // Rows written before tokens were sealed hold them in clear.
  if (!isSealed(page.accessToken)) return page.accessToken;
  try {
    return box.open(page.accessToken);
  } catch (error) {
    if (error instanceof SecretError) return null;
    throw error;
  }
}

/** What to tell the team, and the page's state change, for a failed call. */
async function reasonOf(db: Db, page: PageLike, error: unknown): Promise<string> {
  if (!(error instanceof MetaApiError)) throw error; // ours (database, bug): the queue retries the job
  if (error.kind === 'token') await markPageReconnectNeeded(db, page.id, error.message);
  return error.message;
}

async function publishQuietly(deps: AppDeps, companyId: number, event: string, data: unknown): Promise<void> {
  try {
    await deps.realtime.publish(countChannel(companyId), event, data);
  } catch {
    // the open screen catches up on its next read
  }
}

export function defineMetaSendJobs(queue: JobQueue, deps: AppDeps, client?: MetaClient): void {
  const { db } = deps;
  const box = createSecretBox(deps.config.secrets);
  const { facebook } = deps.config;
  // Read at each call: the demo points graphUrl at its fake Graph API after the app is built.
  const graph = () =>
    client ?? metaClient({ graphUrl: facebook.graphUrl, timeoutMs: facebook.timeoutMs, backoffMs: facebook.retryMs });

  /** Runs the call with the page's token; answers its result, or the reason it failed (page updated). */
  async function withToken<T>(
    page: PageLike,
    call: (token: string, channel: MetaChannel) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
    const channel = channelOf(page);
    if (!channel) return { ok: false, reason: NOT_META };
    const token = pageToken(box, page);
    // The page's state changes on Meta's word (code 190) only; a page without a token was never connected here.
    if (!token) return { ok: false, reason: TOKEN_REASON };
    try {
      return { ok: true, value: await call(token, channel) };
    } catch (error) {
      return { ok: false, reason: await reasonOf(db, page, error) };
    }
  }

  queue.define(
    SEND_JOB,
    async (payload) => {
      const messageId = Number(payload.messageId);
      const outbound = await loadOutbound(db, messageId);
      if (!outbound || outbound.message.deliveryState !== 'sending') return; // gone, or settled meanwhile
      // A page of a provider with a sender of its own (Twitter: modules/messaging/twitter/send.ts).
      const other = senderFor(queue, outbound.page.provider);
      if (other) return other(outbound, payload);
      const { message, page, conversation } = outbound;
      const recipient = conversation.customerExternalId;
      const result = recipient
        ? await withToken(page, (token) =>
            graph().sendMessage(
              page.externalId,
              token,
              recipient,
              message.attachmentUrl
                ? {
                    attachment: {
                      type: (['image', 'video', 'audio'].includes(message.attachmentType ?? '')
                        ? message.attachmentType
                        : 'file') as 'image' | 'video' | 'audio' | 'file',
                      url: message.attachmentUrl,
                    },
                  }
                : { text: message.message ?? '' },
            ),
          )
        : ({ ok: false, reason: 'The customer of this conversation is unknown to Meta.' } as const);
      if (result.ok) await markSent(db, messageId, result.value.messageId);
      else await markFailed(db, messageId, result.reason);
      await publishQuietly(deps, conversation.companyId, MESSAGE_EVENT, {
        conversationId: conversation.id,
        messageId,
        deliveryState: result.ok ? 'sent' : 'failed',
      });
    },
    {
      concurrency: 4,
      onFailure: async (payload, failure, tx) => {
        // Only our own errors reach the queue; when they run out, the message must not stay "sending".
        if (!failure.retryAt) await markFailed(tx, Number(payload.messageId), `Could not be sent: ${failure.error}`);
      },
    },
  );

  queue.define(
    COMMENT_REPLY_JOB,
    async (payload) => {
      const commentId = Number(payload.commentId);
      const row = await loadCommentReply(db, commentId);
      if (!row || row.reply.deliveryState !== 'sending') return;
      const target = row.parentExternalId ?? row.postExternalId;
      const result = await withToken(row.page, (token, channel) =>
        graph().replyToComment(token, target, row.reply.text, channel),
      );
      if (result.ok) await markCommentReplySent(db, commentId, result.value.id);
      else await markCommentReplyFailed(db, commentId, result.reason);
      await publishQuietly(deps, row.reply.companyId, COMMENT_EVENT, { postId: row.reply.postId, commentId });
    },
    {
      onFailure: async (payload, failure, tx) => {
        if (!failure.retryAt)
          await markCommentReplyFailed(tx, Number(payload.commentId), `Could not be sent: ${failure.error}`);
      },
    },
  );

  queue.define(
    COMMENT_HIDE_JOB,
    async (payload) => {
      const commentId = Number(payload.commentId);
      const hidden = payload.hidden !== false;
      const row = await loadCommentHide(db, commentId);
      if (!row?.comment.externalId) return;
      const externalId = row.comment.externalId;
      const result = await withToken(row.page, (token, channel) =>
        graph().hideComment(token, externalId, hidden, channel),
      );
      if (result.ok) await markCommentHidden(db, commentId, hidden);
      else await markCommentHideFailed(db, commentId, result.reason);
      await publishQuietly(deps, row.comment.companyId, COMMENT_EVENT, { postId: row.comment.postId, commentId });
    },
    {
      onFailure: async (payload, failure, tx) => {
        if (!failure.retryAt)
          await markCommentHideFailed(tx, Number(payload.commentId), `Could not be changed: ${failure.error}`);
      },
    },
  );
}

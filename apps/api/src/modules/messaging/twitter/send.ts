import { countChannel, MESSAGE_EVENT } from '@reputo/core';
import { TwitterApiError } from '../../../connectors/twitter';
import type { AppDeps } from '../../../platform/deps';
import { retryDelayMs, type JobPayload, type JobQueue } from '../../../platform/jobs';
import { findConnection, markReconnectNeeded } from '../../tickets/repository';
import { setMessageState } from '../conversations.repository';
import { markFailed, markSent, SEND_ATTEMPTS, SEND_JOB, type MessageSender, type OutboundMessage } from '../delivery';
import { markPageReconnectNeeded } from '../meta/repository';
import { DM_CUSTOMER, DM_ID_PREFIX, MENTION_CUSTOMER, TWEET_ID_PREFIX } from './events';
import { lastInboundTweetId, TWITTER } from './repository';
import { clientOrNull, NOT_SET_UP, userTokenOf } from './service';

/**
 * Sends what the team writes in a Twitter conversation (`messaging.send`, handed over by Meta's job
 * handler, delivery.ts): a Direct Message conversation answers with a Direct Message, a mentions
 * conversation with a public reply to the customer's newest tweet, signed with the account's token.
 *
 * - Sent: the message gets Twitter's id (the same id coming back in a delivery stores nothing twice).
 * - A rate limit (429, until `x-rate-limit-reset`) or a server error that the call's own retries did
 *   not get past: the message stays "sending" with the reason, and is sent again at the reset (or
 *   after a back-off) by a new job, up to SEND_ATTEMPTS times; then it is failed with the reason.
 * - A time-out: failed at once with the reason (it may have gone out; the team checks and retries).
 * - 401: the token was revoked: the connection and its page turn "reconnect needed", the message fails.
 * - Any other refusal: failed with Twitter's words. A failed message keeps its text; the team retries it.
 */
const RETRY_BASE_SECONDS = 30;

const RECONNECT =
  'Twitter refused the account’s token (it was revoked or expired): connect Twitter again in Settings › Third-party Login.';

type Outcome = { ok: true; externalId: string } | { ok: false; error: TwitterApiError | string };

const hhmm = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;

export function twitterSender(deps: AppDeps, queue: JobQueue): MessageSender {
  const { db } = deps;

  async function deliver(outbound: OutboundMessage): Promise<Outcome> {
    const { message, page, conversation } = outbound;
    const connection = await findConnection(db, conversation.companyId, TWITTER);
    if (!connection || connection.account !== page.externalId)
      return {
        ok: false,
        error: `The Twitter account ${page.name} is not connected: connect it in Settings › Third-party Login.`,
      };
    if (connection.status !== 'connected') return { ok: false, error: connection.statusReason ?? RECONNECT };
    const client = clientOrNull(deps.config);
    if (!client) return { ok: false, error: NOT_SET_UP };
    const token = userTokenOf(deps, connection);
    if (!token) return { ok: false, error: RECONNECT };
    // Twitter takes no attachments by address: the link goes with the text.
    const text = [message.message?.trim(), message.attachmentUrl].filter(Boolean).join(' ');
    const customer = conversation.customerExternalId ?? '';
    try {
      if (customer.startsWith(DM_CUSTOMER)) {
        const sent = await client.sendDirectMessage(token, customer.slice(DM_CUSTOMER.length), text);
        return { ok: true, externalId: `${DM_ID_PREFIX}${sent.eventId}` };
      }
      if (customer.startsWith(MENTION_CUSTOMER)) {
        const tweetId = await lastInboundTweetId(db, conversation.id);
        if (!tweetId) return { ok: false, error: 'This conversation has no tweet of the customer to reply to.' };
        const sent = await client.replyToTweet(token, tweetId, text);
        return { ok: true, externalId: `${TWEET_ID_PREFIX}${sent.tweetId}` };
      }
      return { ok: false, error: 'The customer of this conversation is unknown to Twitter.' };
    } catch (error) {
      if (error instanceof TwitterApiError) return { ok: false, error };
      throw error; // ours (database, bug): the queue retries the job
    }
  }

  /** A passing failure: the message stays "sending" with the reason, and a job sends it again later. */
  async function sendLater(messageId: number, attempt: number, error: TwitterApiError): Promise<void> {
    const backoff = new Date(Date.now() + retryDelayMs(attempt, RETRY_BASE_SECONDS));
    const runAt = error.retryAt && error.retryAt > new Date() ? error.retryAt : backoff;
    await setMessageState(db, messageId, {
      deliveryState: 'sending',
      failureReason: `${error.message}; sending again at ${hhmm(runAt)}.`.slice(0, 1000),
    });
    await queue.enqueue(
      SEND_JOB,
      { messageId, attempt: attempt + 1 },
      { runAt, dedupeKey: `${SEND_JOB}:${messageId}:${attempt + 1}`, maxAttempts: SEND_ATTEMPTS },
    );
  }

  return async (outbound: OutboundMessage, payload: JobPayload) => {
    const { message, page, conversation } = outbound;
    const attempt = Math.max(1, Number(payload.attempt ?? 1) || 1);
    const outcome = await deliver(outbound);
    let state: 'sent' | 'sending' | 'failed' = 'failed';
    if (outcome.ok) {
      await markSent(db, message.id, outcome.externalId);
      state = 'sent';
    } else if (typeof outcome.error === 'string') {
      await markFailed(db, message.id, outcome.error);
    } else if (outcome.error.kind === 'auth') {
      const reason = `${RECONNECT} (${outcome.error.message})`;
      await markReconnectNeeded(db, conversation.companyId, TWITTER, reason);
      await markPageReconnectNeeded(db, page.id, reason);
      await markFailed(db, message.id, reason);
    } else if (outcome.error.retryable && attempt < SEND_ATTEMPTS) {
      await sendLater(message.id, attempt, outcome.error);
      state = 'sending';
    } else if (outcome.error.kind === 'timeout') {
      await markFailed(
        db,
        message.id,
        'Twitter did not answer in time: it may have gone out. Check on Twitter before sending it again.',
      );
    } else {
      await markFailed(db, message.id, outcome.error.message);
    }
    try {
      await deps.realtime.publish(countChannel(conversation.companyId), MESSAGE_EVENT, {
        conversationId: conversation.id,
        messageId: message.id,
        deliveryState: state,
      });
    } catch {
      // the open screen catches up on its next read
    }
  };
}

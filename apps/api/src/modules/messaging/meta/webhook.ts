import type { Config } from '../../../config';
import { hmacSha256Signature, signaturesMatch, type WebhookProvider } from '../../../platform/webhooks';
import { eventsOfDelivery, type MetaEvent } from './events';

/**
 * `/webhooks/meta`: Meta's subscription check (`GET` with `hub.mode=subscribe`, `hub.verify_token`
 * and `hub.challenge`, answered with the challenge as plain text) and its deliveries (`POST`, only
 * with `X-Hub-Signature-256` = HMAC-SHA256 of the raw body with the app secret). Meta sends no
 * delivery id: a retry resends the same bytes, so the body's hash names the delivery.
 */
export function metaWebhookProvider(
  config: Pick<Config, 'meta'>,
  handle: (events: MetaEvent[]) => Promise<void>,
  /** The events of many deliveries together (a drained batch); absent: each delivery through `handle`. */
  handleBatch?: (events: MetaEvent[]) => Promise<void>,
): WebhookProvider {
  const { appSecret, verifyToken } = config.meta;
  return {
    name: 'meta',
    title: 'Meta (Messenger, Instagram, page feed)',
    verify: (raw, headers) => {
      const received = headers['x-hub-signature-256'];
      return signaturesMatch(hmacSha256Signature(appSecret, raw), typeof received === 'string' ? received : undefined);
    },
    verification: (query) => {
      const ok =
        query['hub.mode'] === 'subscribe' &&
        signaturesMatch(verifyToken, query['hub.verify_token']) &&
        typeof query['hub.challenge'] === 'string';
      return ok
        ? { status: 200, body: query['hub.challenge']! }
        : { status: 403, body: 'The mode or verify token of the subscription check is wrong' };
    },
    process: async (delivery) => handle(eventsOfDelivery(delivery.body)),
    ...(handleBatch
      ? { processBatch: async (deliveries) => handleBatch(deliveries.flatMap((d) => eventsOfDelivery(d.body))) }
      : {}),
    // Meta retries undelivered webhooks for hours; ours retry processing with back-off up to ~10 minutes apart.
    maxAttempts: 8,
    concurrency: 2,
    parallel: 8,
  };
}

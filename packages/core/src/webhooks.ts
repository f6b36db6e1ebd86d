import { z } from 'zod';

/**
 * The events a company's webhook endpoints can subscribe to (spec 001 section 7, issue 27). Adding an
 * event is one entry here (and a writer that enqueues it); the API, its OpenAPI `x-webhooks` section
 * and the settings page follow this list.
 */
export const WEBHOOK_EVENTS = {
  'review.created': 'Review created',
  'review.changed': 'Review changed',
  'review.removed': 'Review removed',
  'reply.posted': 'Reply posted',
  'message.received': 'Message received',
  'review.alert': 'Review-bombing alert',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const webhookEventSchema = z.enum(Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]], {
  error: 'Choose events from the list',
});

/** The challenge event of the Verify call: the endpoint answers 2xx with the challenge in its body. */
export const WEBHOOK_VERIFY_EVENT = 'webhook.verify';

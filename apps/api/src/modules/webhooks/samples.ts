/**
 * The `data` of each event: its schema (for the OpenAPI document's `x-webhooks` section) and the
 * sample the Test call sends. The writers build the same fields (outbox.repository.ts for reviews,
 * replies and messages; reviewAlerts/service.ts for review.alert).
 */
import { WEBHOOK_EVENTS, WEBHOOK_VERIFY_EVENT, type WebhookEvent } from '@reputo/core';
import { z } from 'zod';

const review = z.object({
  id: z.number(),
  location_id: z.number().nullable(),
  source: z.string(),
  rating: z.number().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  removed_at: z.string().nullable(),
});
const reviewEvent = z.object({ review });
const replyEvent = z.object({
  reply: z.object({ id: z.number(), review_id: z.number(), text: z.string(), posted_at: z.string().nullable() }),
});
const messageEvent = z.object({
  message: z.object({
    id: z.number(),
    conversation_id: z.number(),
    channel: z.string(),
    customer_name: z.string(),
    text: z.string().nullable(),
    attachment_type: z.string().nullable(),
    sent_at: z.string(),
  }),
});
const alertEvent = z.object({
  event: z.literal('review.alert'),
  alert_id: z.number(),
  company_id: z.number(),
  location_id: z.number(),
  location_title: z.string().nullable(),
  window_start: z.string(),
  window_end: z.string(),
  low_star_count: z.number(),
  expected: z.number(),
  baseline_daily: z.number(),
  p_value: z.number(),
  review_ids: z.array(z.number()),
  created_at: z.string(),
});

export const EVENT_DATA: Record<WebhookEvent, z.ZodType> = {
  'review.created': reviewEvent,
  'review.changed': reviewEvent,
  'review.removed': reviewEvent,
  'reply.posted': replyEvent,
  'message.received': messageEvent,
  'review.alert': alertEvent,
};

const at = '2026-01-15T10:30:00.000Z';
const sampleReview = {
  id: 1001,
  location_id: 12,
  source: 'google',
  rating: 5,
  title: null,
  text: 'Lovely dinner, friendly staff.',
  author_name: 'Sample Reviewer',
  created_at: at,
  removed_at: null,
};

const SAMPLES: Record<WebhookEvent, Record<string, unknown>> = {
  'review.created': { review: sampleReview },
  'review.changed': { review: { ...sampleReview, rating: 4, text: 'Lovely dinner, a bit slow.' } },
  'review.removed': { review: { ...sampleReview, removed_at: at } },
  'reply.posted': { reply: { id: 501, review_id: 1001, text: 'Thank you for visiting!', posted_at: at } },
  'message.received': {
    message: {
      id: 301,
      conversation_id: 77,
      channel: 'facebook',
      customer_name: 'Sample Customer',
      text: 'Are you open on Sunday?',
      attachment_type: null,
      sent_at: at,
    },
  },
  'review.alert': {
    event: 'review.alert',
    alert_id: 9,
    company_id: 1,
    location_id: 12,
    location_title: 'Sample Location',
    window_start: '2026-01-14T10:30:00.000Z',
    window_end: at,
    low_star_count: 14,
    expected: 1.2,
    baseline_daily: 1.2,
    p_value: 1e-9,
    review_ids: [1001, 1002],
    created_at: at,
  },
};

export function sampleData(kind: WebhookEvent): Record<string, unknown> {
  return SAMPLES[kind];
}

/** The standard headers every message carries, for the document. */
const HEADERS = {
  'webhook-id': 'The message id (the same on retries and replays of an event: drop repeats).',
  'webhook-timestamp': 'Unix seconds when the message was signed.',
  'webhook-signature':
    '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the secret (without its `whsec_` prefix, base64-decoded).',
};

function operation(kind: string, title: string, data: z.ZodType) {
  const body = z.object({ type: z.literal(kind), timestamp: z.string(), data });
  return {
    post: {
      summary: title,
      operationId: `webhook_${kind.replace('.', '_')}`,
      tags: ['webhooks'],
      // No bearer token: the receiver checks the signature headers instead.
      security: [],
      parameters: Object.entries(HEADERS).map(([name, description]) => ({
        name,
        in: 'header',
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.toJSONSchema(body, { target: 'openapi-3.0' }) } },
      },
      responses: { '200': { description: 'Any 2xx answer means the message was received; anything else is retried.' } },
    },
  };
}

/**
 * The OpenAPI 3.0 document's `x-webhooks` (the `webhooks` of OpenAPI 3.1, which 3.0 lacks): what a
 * company's endpoint receives for each event, and the verify challenge.
 */
export function webhooksExtension(): { 'x-webhooks': Record<string, unknown> } {
  const doc: Record<string, unknown> = {};
  for (const [kind, title] of Object.entries(WEBHOOK_EVENTS) as [WebhookEvent, string][])
    doc[kind] = operation(kind, title, EVENT_DATA[kind]);
  doc[WEBHOOK_VERIFY_EVENT] = operation(
    WEBHOOK_VERIFY_EVENT,
    'Verify: answer 2xx with the challenge in the body',
    z.object({ challenge: z.string() }),
  );
  return { 'x-webhooks': doc };
}

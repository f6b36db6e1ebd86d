/**
 * The one writer of webhook events (the outbox, DESIGN section 8): each write point calls it inside
 * the transaction of its change, so an event exists exactly when the change committed. An event row
 * is written only when the company has an enabled endpoint subscribed to the event: one statement,
 * and for a company without webhooks that statement writes nothing (the EXISTS is a one-time filter
 * over the company's few endpoints), so the write paths stay as fast as they were.
 * The dispatcher (service.ts) fans the rows out to deliveries.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEvent } from '@reputo/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { queueRuleTickets } from '../tickets/rules.repository';

function subscribed(companyId: number, kind: WebhookEvent): SQL {
  return sql`EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.company_id = ${companyId} AND e.enabled
    AND e.events @> jsonb_build_array(${kind}::text))`;
}

/** Writes one event (its `data`) for the company's subscribed endpoints; answers whether it was written. */
export async function enqueueWebhookEvent(
  db: Db,
  companyId: number,
  kind: WebhookEvent,
  data: Record<string, unknown>,
): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO outbound_events (company_id, kind, payload)
    SELECT ${companyId}, ${kind}, ${JSON.stringify(data)}::jsonb WHERE ${subscribed(companyId, kind)}
    RETURNING id`);
  return rowsOf(result).length > 0;
}

/** The fields of a review in its events, built in SQL so many reviews are one statement. */
const reviewData = sql`jsonb_build_object('review', jsonb_build_object(
  'id', r.id, 'location_id', r.location_id, 'source', r.source, 'rating', r.rating, 'title', r.title,
  'text', r.text, 'author_name', r.author_name, 'created_at', r.created_at, 'removed_at', r.removed_at))`;

/**
 * One event per review (created, changed, removed) in one statement; answers how many were written.
 * New reviews also meet the rating rules of Zendesk and Jira connections (modules/tickets) here.
 */
export async function enqueueReviewEvents(
  db: Db,
  companyId: number,
  kind: Extract<WebhookEvent, `review.${string}`>,
  reviewIds: readonly number[],
): Promise<number> {
  if (reviewIds.length === 0) return 0;
  if (kind === 'review.created') await queueRuleTickets(db, companyId, reviewIds, 'created');
  const result = await db.execute(sql`
    INSERT INTO outbound_events (company_id, kind, payload)
    SELECT r.company_id, ${kind}, ${reviewData} FROM reviews r
    WHERE r.company_id = ${companyId} AND r.id = ANY(${sql.param([...reviewIds])}::int[])
      AND ${subscribed(companyId, kind)}
    ORDER BY r.id
    RETURNING id`);
  return rowsOf(result).length;
}

/** `reply.posted` for a reply that is now posted (its write's transaction). */
export async function enqueueReplyEvent(
  db: Db,
  reply: { id: number; companyId: number; reviewId: number; text: string; postedAt: Date | null },
): Promise<boolean> {
  return enqueueWebhookEvent(db, reply.companyId, 'reply.posted', {
    reply: {
      id: reply.id,
      review_id: reply.reviewId,
      text: reply.text,
      posted_at: reply.postedAt?.toISOString() ?? null,
    },
  });
}

/**
 * `message.received` for the inbound ones among stored messages, in one statement for a whole ingest
 * batch (several companies at once): the webhook ingest adds this one statement per batch.
 */
export async function enqueueMessageEvents(db: Db, messageIds: readonly number[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const kind: WebhookEvent = 'message.received';
  // Uncorrelated, so evaluated once first: without any subscriber the messages are not even read.
  const subscribers = sql`EXISTS (SELECT 1 FROM webhook_endpoints s WHERE s.enabled
    AND s.events @> jsonb_build_array(${kind}::text))`;
  const result = await db.execute(sql`
    INSERT INTO outbound_events (company_id, kind, payload)
    SELECT m.company_id, ${kind}, jsonb_build_object('message', jsonb_build_object(
      'id', m.id, 'conversation_id', m.conversation_id, 'channel', c.channel, 'customer_name', c.customer_name,
      'text', m.message, 'attachment_type', m.attachment_type, 'sent_at', m.sent_at))
    FROM messages m JOIN conversations c ON c.id = m.conversation_id
    WHERE ${subscribers} AND m.id = ANY(${sql.param([...messageIds])}::int[]) AND m.type = 'inbound'
      AND m.company_id IN (SELECT e.company_id FROM webhook_endpoints e
        WHERE e.enabled AND e.events @> jsonb_build_array(${kind}::text))
    ORDER BY m.id
    RETURNING id`);
  return rowsOf(result).length;
}

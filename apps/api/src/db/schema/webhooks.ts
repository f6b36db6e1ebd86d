import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every delivery an outside service posted to `/webhooks/<provider>` whose signature held, stored
 * once (a provider's retry of the same delivery is recognised by its id) and processed in batches
 * by the job queue (platform/webhooks.ts). The raw body is kept as received, so a processing bug can be fixed
 * and the delivery processed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** The provider's delivery id, or the SHA-256 of the body for providers that send none (Meta). */
    deliveryId: text('delivery_id').notNull(),
    body: text('body').notNull(),
    /** The headers of interest (signature, event type, user agent), lower-case names. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A process is processing it until then (a batch's claim); after that another may take it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Its first attempt failed: its retries are a job of its own (back-off, dead when they run out). */
    retrying: boolean('retrying').notNull().default(false),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_uq').on(t.provider, t.deliveryId),
    index('webhook_deliveries_waiting_idx')
      .on(t.provider, t.id)
      .where(sql`processed_at is null and retrying = false`),
  ],
);

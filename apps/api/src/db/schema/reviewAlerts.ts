import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locations, companies, users } from './tenancy';

/**
 * A review-bombing alert (modules/reviewAlerts): a location received significantly more 1 and 2 star
 * reviews in the rolling window than its own baseline predicts. One row per burst: while the burst
 * goes on (the test stays significant) the row is updated, never raised again.
 */
export const reviewAlerts = pgTable(
  'review_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The rolling window of the latest significant test: [windowStart, windowEnd). */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** 1 and 2 star reviews in the window. */
    lowCount: integer('low_count').notNull(),
    /** The count the baseline expects in a window (the Poisson mean tested against). */
    expected: doublePrecision('expected').notNull(),
    /** The location's mean daily low-star count over the baseline weeks. */
    baselineDaily: doublePrecision('baseline_daily').notNull(),
    pValue: doublePrecision('p_value').notNull(),
    /** Every low-star review of the burst so far, oldest first. */
    reviewIds: jsonb('review_ids').$type<number[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the test was significant for this burst: a burst ends a window after it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('review_alerts_company_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    index('review_alerts_location_idx').on(t.locationId, t.lastSeenAt),
  ],
);

/**
 * The outbox of webhook events (modules/webhooks): written by modules/webhooks/outbox.repository.ts in
 * the transaction of the change, only when an enabled endpoint of the company subscribed to the event.
 * `kind` names the event (`review.alert`), `payload` is the message's `data`. `delivered_at`: when the
 * dispatcher fanned it out to the endpoints' deliveries (outbound_deliveries).
 */
export const outboundEvents = pgTable(
  'outbound_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_events_waiting_idx')
      .on(t.id)
      .where(sql`delivered_at is null`),
    index('outbound_events_company_idx').on(t.companyId, t.id),
  ],
);

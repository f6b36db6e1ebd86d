import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reviews } from './reviews';
import { companies } from './tenancy';

/**
 * A review's ticket in a help desk or issue tracker (modules/tickets: Zendesk, Jira), one per review
 * and provider. `state`: 'pending' (queued or being retried), 'created' (the outside id, key and
 * address known), 'failed' (with `error`; creating it again retries). `status` is the outside
 * system's own status (Zendesk: new, open, pending, hold, solved, closed), refreshed by a job.
 */
export const reviewTickets = pgTable(
  'review_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'manual' (a user's button) or 'rule' (the connection's rating or category rule). */
    origin: text('origin').notNull(),
    createdBy: integer('created_by'),
    state: text('state').notNull().default('pending'),
    externalId: text('external_id'),
    /** Jira's issue key (PROJ-12); Zendesk has none. */
    externalKey: text('external_key'),
    url: text('url'),
    status: text('status'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When its creation job was queued (null: the dispatcher queues it). */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    statusCheckedAt: timestamp('status_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('review_tickets_review_provider_uq').on(t.reviewId, t.provider),
    index('review_tickets_company_idx').on(t.companyId, t.createdAt),
    index('review_tickets_waiting_idx').on(t.state, t.queuedAt),
  ],
);

import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';
import { outboundEvents } from './reviewAlerts';

/**
 * A company's webhook endpoint (modules/webhooks, issue 27): the URL, the events it subscribed to and
 * its signing secret (`whsec_...`, sealed with platform/secrets.ts). `failure_count` counts deliveries
 * in a row that failed every retry; at the limit the endpoint is disabled (`disabled_reason` says why).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifyError: boolean('verify_error').notNull().default(false),
    testError: boolean('test_error').notNull().default(false),
    /** Why the last verify, test or delivery failed (kept until one succeeds). */
    lastError: text('last_error'),
    failureCount: integer('failure_count').notNull().default(0),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/**
 * One message to one endpoint: the delivery log. `message_id` is the Standard Webhooks `webhook-id`
 * (the same for every retry and replay of an event, so a receiver can drop repeats); `body` is the
 * JSON sent. `status`: pending, retrying (next_attempt_at), succeeded, failed (after the last retry).
 */
export const outboundDeliveries = pgTable(
  'outbound_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).references(() => outboundEvents.id, { onDelete: 'set null' }),
    messageId: text('message_id').notNull(),
    kind: text('kind').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbound_deliveries_endpoint_idx').on(t.endpointId, t.id)],
);

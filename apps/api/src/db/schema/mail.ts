import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a mail, kept (base64) only until the mail is delivered or given up. */
export type StoredAttachment = { filename: string; contentType: string; content: string };

/** Every mail the product sends is recorded here; without SMTP this is where a developer reads them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links').$type<string[]>().notNull(),
    /**
     * 'outbox' (no SMTP configured: kept to be read here), 'sending' (its first attempt is due),
     * 'retrying' (an attempt failed; the next is at next_attempt_at), 'sent' or 'failed' (gave up).
     */
    status: text('status').notNull().default('outbox'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt), index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

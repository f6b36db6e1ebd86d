import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './tenancy';

/**
 * Company settings that belong to one user: which new reviews they want to hear about and how.
 * A user without a row gets no notification mails.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    /** 'instant' (a mail as reviews arrive), 'daily' or 'weekly' (a digest). */
    delivery: text('delivery').notNull().default('instant'),
    /** Star ratings to report; reviews without a rating (recommendations) are always reported. */
    ratings: jsonb('ratings')
      .$type<number[]>()
      .notNull()
      .default(sql`'[1,2,3,4,5]'::jsonb`),
    /** Source values; empty means every source of the company. */
    sources: jsonb('sources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Location ids; empty means every location the user may see. */
    locationIds: jsonb('location_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Notification kinds of spec 000 section 9: count, message, post, comment. */
    kinds: jsonb('kinds')
      .$type<string[]>()
      .notNull()
      .default(sql`'["count"]'::jsonb`),
    /** The end of the period the last digest covered; the next digest starts here. */
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('notification_settings_company_idx').on(t.companyId, t.delivery),
  ],
);

import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, locations } from './tenancy';

/** Customer conversations (Facebook, Instagram, WhatsApp, Google messages) of a company's pages. */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    pageId: text('page_id'),
    customerName: text('customer_name').notNull(),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_company_idx').on(t.companyId, t.lastMessageAt)],
);

/** Social posts of a company's pages with their unread comment counts. */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postId: text('post_id').notNull(),
    channel: text('channel').notNull(),
    message: text('message'),
    unreadCount: integer('unread_count').notNull().default(0),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_posts_company_idx').on(t.companyId, t.postedAt)],
);

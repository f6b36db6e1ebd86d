import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, locations, users } from './tenancy';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The Messages area (spec 001 section 7 "Conversations and social"). Every row carries company_id:
 * each query is scoped by the acting company (another company's ids answer 404). Conversations and
 * posts copy their page's location_id, so location-limited members are filtered without a join.
 */

/** A company's Facebook page, Instagram account or Google location that receives messages and comments. */
export const messagePages = pgTable(
  'message_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** facebook | instagram | google | twitter */
    provider: text('provider').notNull(),
    /** The provider's id of the page (Facebook page id, Instagram account id, Google location name). */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    /** connected | reconnect_needed | not_connected */
    connectionState: text('connection_state').notNull().default('connected'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** The page access token as ciphertext of platform/secrets.ts (msg-meta writes and reads it). */
    accessToken: text('access_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_pages_provider_external_uq').on(t.provider, t.externalId),
    index('message_pages_company_idx').on(t.companyId),
  ],
);

/** Customer conversations (Messenger, Instagram, Google) of a company's pages. */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').references(() => messagePages.id, { onDelete: 'cascade' }),
    /** The page's location, copied so location-limited members are filtered without a join. */
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** facebook | instagram | google (the page's provider). */
    channel: text('channel').notNull(),
    /** The customer's id at the provider (PSID, IGSID, Google conversation id). */
    customerExternalId: text('customer_external_id'),
    customerName: text('customer_name').notNull(),
    customerPicture: text('customer_picture'),
    lastMessage: text('last_message'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's last message: Meta's 24-hour reply window starts there. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    isRead: boolean('is_read').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer's name as words: the inbox search finds names and message texts through GIN indexes alike. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${conversations.customerName}, ''))`,
    ),
  },
  (t) => [
    // The inbox: a company's conversations by last activity, and the same per filter.
    index('conversations_company_idx').on(t.companyId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('conversations_page_idx').on(
      t.companyId,
      t.pageId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_channel_idx').on(
      t.companyId,
      t.channel,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_assignee_idx').on(
      t.companyId,
      t.assigneeId,
      t.lastMessageAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('conversations_unread_idx')
      .on(t.companyId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`is_read = false`),
    uniqueIndex('conversations_customer_uq').on(t.pageId, t.customerExternalId),
    // The badge's sum reads this index alone (unread rows only, location for limited members).
    index('conversations_unread_sum_idx')
      .on(t.companyId, t.locationId, t.unreadCount)
      .where(sql`is_read = false`),
    index('conversations_search_idx').using('gin', t.search),
  ],
);

/**
 * The unread messages of a company's unread conversations per location (0: none), the badge's
 * total on every inbox page. Kept by statement triggers on conversations (migration 0022), in the
 * transaction of every insert, update and delete, so it is exact whatever path changed a row;
 * summing the unread rows instead read 14,000 index entries a page (bench/RESULTS.md). No foreign
 * key: a company's delete cascades to its conversations, whose trigger still writes here.
 */
export const conversationUnreadTotals = pgTable(
  'conversation_unread_totals',
  {
    companyId: integer('company_id').notNull(),
    locationId: integer('location_id').notNull(),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.locationId] })],
);

/** Messages of a conversation; inbound from the customer, outbound from the team (sent by a job). */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The provider's message id (mid); null for an outbound message not sent yet. */
    externalId: text('external_id').unique('messages_external_uq'),
    /** inbound | outbound */
    type: text('type').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    message: text('message'),
    /** image | video | audio | file, or null */
    attachmentType: text('attachment_type'),
    attachmentUrl: text('attachment_url'),
    /** sending | sent | delivered | read | failed (inbound messages are 'delivered'). */
    deliveryState: text('delivery_state').notNull().default('delivered'),
    failureReason: text('failure_reason'),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${messages.message}, ''))`,
    ),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.sentAt, t.id),
    index('messages_search_idx').using('gin', t.search),
  ],
);

/** Posts of a company's pages; unreadCount counts their unread comments. */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    pageId: integer('page_id').references(() => messagePages.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** The provider's post id. */
    postId: text('post_id').notNull(),
    channel: text('channel').notNull(),
    message: text('message'),
    mediaUrl: text('media_url'),
    permalink: text('permalink'),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Set by `PATCH socialpost/update/{id}`: the post leaves the list (spec: updating removes it). */
    removed: boolean('removed').notNull().default(false),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    lastCommentAt: timestamp('last_comment_at', { withTimezone: true }),
  },
  (t) => [
    index('social_posts_company_idx').on(t.companyId, t.postedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    unique('social_posts_channel_post_uq').on(t.channel, t.postId),
  ],
);

/** Comments on posts, threaded by parentId; the page's own replies are comments with fromPage. */
export const postComments = pgTable(
  'post_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    /** The provider's comment id; null for a reply of ours not posted yet. */
    externalId: text('external_id').unique('post_comments_external_uq'),
    authorExternalId: text('author_external_id'),
    authorName: text('author_name').notNull(),
    text: text('text').notNull().default(''),
    /** A reply written by the team (posted through the provider by a job). */
    fromPage: boolean('from_page').notNull().default(false),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For replies of ours: sending | sent | failed; null for customers' comments. */
    deliveryState: text('delivery_state'),
    failureReason: text('failure_reason'),
    hidden: boolean('hidden').notNull().default(false),
    /** The hide or unhide asked for and not confirmed by the provider yet. */
    hidePending: boolean('hide_pending').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

/** Reactions (like, love, haha, wow, sad, angry, care) on a post or on one of its comments. */
export const reactions = pgTable(
  'reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    postId: integer('post_id')
      .notNull()
      .references(() => socialPosts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => postComments.id, { onDelete: 'cascade' }),
    reactorExternalId: text('reactor_external_id').notNull(),
    reactorName: text('reactor_name'),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('reactions_target_reactor_uq').on(t.postId, t.commentId, t.reactorExternalId).nullsNotDistinct()],
);

/** A company's conversation tags (labels such as "Booking" or "Complaint"). */
export const messageTags = pgTable(
  'message_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#4F46E5'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('message_tags_company_name_uq').on(t.companyId, t.name)],
);

/**
 * "tagsmessage" of the spec: a tag put on a conversation. A tag labels the conversation (the
 * inbox filters by it), not a single message: what a customer asks spans the thread.
 */
export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => messageTags.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.tagId] }), index('conversation_tags_tag_idx').on(t.tagId)],
);

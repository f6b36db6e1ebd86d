import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { offers } from './offers';
import { reviews } from './reviews';
import { brands, companies, locations, users } from './tenancy';

/**
 * Feedback (spec 000 /feedback, spec 001 section 7): public landing pages where customers rate a
 * visit, the contact lists and templates campaigns invite them with, the campaigns and each
 * recipient's progress through the funnel (sent, delivered, opened, clicked, rated, reviewed).
 */

/** One row per company: the `lendingPageSettings` call, plus the campaign guards. */
export const landingPageSettings = pgTable('landing_page_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** 'stars' (1 to 5) or 'nps' (0 to 10). */
  ratingType: text('rating_type').notNull().default('stars'),
  /** Hex colour of buttons and header, e.g. '#1677ff'. */
  primaryColor: text('primary_color').notNull().default('#1677ff'),
  /** Storage key of the logo (platform/storage.ts); null uses the brand's logo, then the company name. */
  logoPath: text('logo_path'),
  /** Texts per language ('en', 'ar'): { headline, question, publicPrompt, privatePrompt, thankYou }. */
  texts: jsonb('texts')
    .$type<Record<string, Record<string, string>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Review sources offered on the page, in this order (source values). */
  sourceOrder: jsonb('source_order')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** An offer given on the thank-you step; null gives none. */
  offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
  /** Campaigns never ask one contact again within this many days. */
  repeatGuardDays: integer('repeat_guard_days').notNull().default(30),
  /** Campaign messages sent per location per day, at most (null: no cap). */
  dailyCapPerLocation: integer('daily_cap_per_location'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A public landing page of a location or of a brand, reached at /f/<code>. */
export const landingPages = pgTable(
  'landing_pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'location' or 'brand'. */
    kind: text('kind').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    /** The short address's code: unique across the platform, random, no look-alike characters. */
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('landing_pages_code_uq').on(t.code),
    uniqueIndex('landing_pages_location_uq').on(t.locationId),
    uniqueIndex('landing_pages_brand_uq').on(t.brandId),
    index('landing_pages_company_idx').on(t.companyId),
  ],
);

/** One visitor's answer on a landing page: a rating, then a public link or the private form. */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    landingPageId: integer('landing_page_id').references(() => landingPages.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    /** The campaign recipient who came by an invitation's link; null for a walk-in (QR code). */
    recipientId: bigint('recipient_id', { mode: 'number' }),
    /** 'stars' or 'nps', as the page asked. */
    ratingType: text('rating_type').notNull(),
    /** 1 to 5 for stars, 0 to 10 for NPS. */
    score: smallint('score').notNull(),
    language: text('language').notNull().default('en'),
    /** The review source whose public link the visitor followed last, and when. */
    publicSource: text('public_source'),
    publicClickedAt: timestamp('public_clicked_at', { withTimezone: true }),
    /** The private feedback's review (source 'feedback'), when the form was sent. */
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    /** Contact left on the private form, kept for follow-up. */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The coupon given on the thank-you step. */
    couponId: bigint('coupon_id', { mode: 'number' }),
    /** Keyed hash of the visitor's address, for the per-address limit; never the address itself. */
    visitorHash: text('visitor_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_responses_company_idx').on(t.companyId, t.createdAt),
    index('feedback_responses_location_idx').on(t.locationId, t.createdAt),
    index('feedback_responses_recipient_idx').on(t.recipientId),
    index('feedback_responses_visitor_idx').on(t.visitorHash, t.createdAt),
  ],
);

export const contactLists = pgTable(
  'contact_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_lists_company_idx').on(t.companyId)],
);

/** A customer of a company; one row per person, merged by email or phone. */
export const contacts = pgTable(
  'contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** Lower-cased. */
    email: text('email'),
    /** E.164, checked with libphonenumber-js. */
    phone: text('phone'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    tags: jsonb('tags')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Consent to be asked by email and by SMS. */
    consentEmail: boolean('consent_email').notNull().default(true),
    consentSms: boolean('consent_sms').notNull().default(true),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }),
    /** When a campaign last asked this contact (the repeat guard reads it). */
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_email_uq')
      .on(t.companyId, t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('contacts_phone_uq')
      .on(t.companyId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('contacts_company_idx').on(t.companyId, t.id),
  ],
);

export const contactListMembers = pgTable(
  'contact_list_members',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    contactId: bigint('contact_id', { mode: 'number' })
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.contactId] }), index('contact_list_members_contact_idx').on(t.contactId)],
);

/** Addresses no campaign may write to again: unsubscribed, bounced, complained, or STOP by SMS. */
export const suppressions = pgTable(
  'suppressions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    /** Lower-cased email, or E.164 phone. */
    address: text('address').notNull(),
    /** 'unsubscribed', 'bounced', 'complained' or 'stop'. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.channel, t.address] })],
);

/** Email and SMS invitation templates with merge fields ({{name}}, {{location}}, {{link}}...). */
export const campaignTemplates = pgTable(
  'campaign_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    language: text('language').notNull().default('en'),
    /** Email only. */
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_templates_company_idx').on(t.companyId)],
);

export interface CampaignSegment {
  locationIds?: number[];
  tags?: string[];
  /** ISO dates, inclusive: contacts whose last visit falls in the range. */
  lastVisitFrom?: string;
  lastVisitTo?: string;
}

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'email' or 'sms'. */
    channel: text('channel').notNull(),
    templateId: integer('template_id').references(() => campaignTemplates.id, { onDelete: 'set null' }),
    /** Audience: a list, or a segment of all contacts (or both: the list narrowed by the segment). */
    listId: integer('list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    segment: jsonb('segment')
      .$type<CampaignSegment>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** One reminder to those who have not rated, this many days after the first message; null: none. */
    reminderAfterDays: integer('reminder_after_days'),
    reminderTemplateId: integer('reminder_template_id').references(() => campaignTemplates.id, {
      onDelete: 'set null',
    }),
    /** An offer whose coupon each recipient receives with the invitation (one per contact within its limit). */
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** 'draft', 'scheduled', 'sending', 'sent', 'failed' (stopped, see `error`) or 'cancelled'. */
    status: text('status').notNull().default('draft'),
    /** Why sending stopped (e.g. the SMS provider refused our credentials); cleared when sending resumes. */
    error: text('error'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_company_idx').on(t.companyId, t.id)],
);

/**
 * One contact in one campaign. The row is written before its message is sent, so a restart resends
 * nothing that was sent and skips no one: `state` moves queued → sending → sent (or failed), and the
 * later steps are stamped as they happen.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: bigint('contact_id', { mode: 'number' }).references(() => contacts.id, { onDelete: 'set null' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    /** 'email' or 'sms', and the address it goes to. */
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    /** Random token of the recipient's links (landing page, pixel, unsubscribe). */
    token: text('token').notNull(),
    /** 'queued', 'sending', 'sent', 'delivered', 'failed', 'skipped' (suppressed, capped, repeat guard). */
    state: text('state').notNull().default('queued'),
    failureReason: text('failure_reason'),
    /** The coupon of the campaign's offer given to this recipient (kept for a resend or reminder). */
    couponId: bigint('coupon_id', { mode: 'number' }),
    /** The provider's message id (SMTP Message-ID, Twilio's MessageSid). */
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_recipients_token_uq').on(t.token),
    uniqueIndex('campaign_recipients_contact_uq').on(t.campaignId, t.contactId),
    index('campaign_recipients_campaign_idx').on(t.campaignId, t.state),
    index('campaign_recipients_provider_idx').on(t.providerId),
  ],
);

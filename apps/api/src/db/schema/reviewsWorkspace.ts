import { sql } from 'drizzle-orm';
import { reviewCounters } from './rollupCounters';
import {
  bigint,
  boolean,
  date,
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
import { reviews } from './reviews';
import { companies, users } from './tenancy';

/**
 * The reviews workspace: categories and case resolution, templates, saved filters, reply settings,
 * auto-response, AI reply history, source connections for direct replies, share cards, translations,
 * imports, and the job queue that runs background work.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A company's review categories (Food, Service...): colour, and the words that suggest them. */
export const reviewCategories = pgTable(
  'review_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull().default('#1677ff'),
    /** Words whose presence in a review's text suggests this category. */
    keywords: jsonb('keywords')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('review_categories_company_title_uq').on(t.companyId, sql`lower(${t.title})`)],
);

/** Which categories a review is in (a review may be in several). */
export const reviewCategoryLinks = pgTable(
  'review_category_links',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => reviewCategories.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.categoryId] }),
    index('review_category_links_category_idx').on(t.categoryId, t.reviewId),
  ],
);

/** Case-resolution statuses of a company (Open, In progress, Resolved...), ordered by position. */
export const caseResolutions = pgTable(
  'case_resolutions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    color: text('color').notNull().default('#8c8c8c'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('case_resolutions_company_idx').on(t.companyId, t.position),
    uniqueIndex('case_resolutions_company_title_uq').on(t.companyId, sql`lower(${t.title})`),
  ],
);

/** Reply templates with placeholders; `ratings` says for which star ratings a template is offered, `language` for which reviews. */
export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    ratings: jsonb('ratings')
      .$type<number[]>()
      .notNull()
      .default(sql`'[1,2,3,4,5]'::jsonb`),
    /** The language the text is written in (ISO 639-1): a review is answered with templates in its reply language. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_company_idx').on(t.companyId)],
);

/** A user's saved review filter per company (the query string of the reviews workspace). */
export const userFilters = pgTable(
  'user_filters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    filters: jsonb('filters')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/** Per-company reply settings: response-rate target and the translation language of messages and reviews. */
export const reviewSettings = pgTable('review_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Percent of reviews the company aims to answer. */
  responseRateTarget: smallint('response_rate_target').notNull().default(90),
  translationLanguage: text('translation_language').notNull().default('en'),
  translateAutomatically: boolean('translate_automatically').notNull().default(false),
  updatedAt: updatedAt(),
});

export interface AutoresponseRule {
  rating: number;
  enabled: boolean;
  /** Minutes to wait after the review arrives before answering. */
  delayMinutes: number;
  /** Templates to pick from; none means the built-in writer. */
  templateIds: number[];
}

/** Auto-response for Google rating-only reviews: one rule per star rating, plus excluded keywords. */
export const autoresponseSettings = pgTable('autoresponse_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Only reviews that arrive after this moment are answered, so switching on never answers old ones. */
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  rules: jsonb('rules')
    .$type<AutoresponseRule[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  excludedKeywords: jsonb('excluded_keywords')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: updatedAt(),
});

/** Replies the writer produced, so a location never gets the same text twice in a row. */
export const generatedReplies = pgTable(
  'generated_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0 for reviews without a location. */
    locationId: integer('location_id').notNull().default(0),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** 'openai' or 'builtin'. */
    engine: text('engine').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('generated_replies_location_idx').on(t.companyId, t.locationId, t.createdAt.desc().nullsFirst())],
);

/**
 * Credentials for replying on a source: a Google Business Profile location
 * (`accounts/{a}/locations/{l}`) or a Facebook page id, with its tokens, per company location.
 */
export const sourceConnections = pgTable(
  'source_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0 for the company-wide connection used when a location has none of its own. */
    locationId: integer('location_id').notNull().default(0),
    source: text('source').notNull(),
    account: text('account').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The account's or page's own name on the source, shown on the integrations page. */
    accountName: text('account_name'),
    /** 'connected' or 'reconnect_needed' (a refused refresh or token: the OAuth connection must be made again). */
    status: text('status').notNull().default('connected'),
    statusReason: text('status_reason'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** When the company's admins were mailed that this connection needs reconnecting (once per break). */
    reconnectMailedAt: timestamp('reconnect_mailed_at', { withTimezone: true }),
    /** Sync freshness of a location's connection (review sync). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /**
     * A service connected by API key (modules/tickets: Zendesk, Jira): the address and user the key
     * belongs to, and the company's choices (project, issue type, rules). Review sources leave it empty.
     */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('source_connections_uq').on(t.companyId, t.locationId, t.source),
    index('source_connections_next_sync_idx').on(t.nextSyncAt),
  ],
);

/** A review's earlier text and rating, kept when its source changed them (review sync). */
export const reviewHistory = pgTable(
  'review_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    rating: smallint('rating'),
    text: text('text'),
    /** When the change was seen. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_history_review_idx').on(t.reviewId)],
);

/** An OAuth authorization in flight: the state, the PKCE verifier (sealed) and who asked, for the callback. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userId: integer('user_id'),
  source: text('source').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: createdAt(),
});

/** A shareable review card: the random id is the public address, so review ids are never enumerable. */
export const reviewShares = pgTable(
  'review_shares',
  {
    id: text('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    /** Where the card is meant to go (facebook, instagram, twitter, linkedin, download). */
    sharingSource: text('sharing_source').notNull().default('download'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('review_shares_review_idx').on(t.reviewId)],
);

/** Translations fetched from the translation endpoint, kept so a review is translated once per language. */
export const reviewTranslations = pgTable(
  'review_translations',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    text: text('text').notNull(),
    detectedLanguage: text('detected_language'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.language] })],
);

export interface ImportRejection {
  line: number;
  /** In English: the text of a row stored before reasons kept their key. */
  reason: string;
  /** The reason's key in the `uploads:reviews` catalogue and its variables, to answer it in another language. */
  key?: string;
  vars?: Record<string, string | number>;
}

/** One review upload with its progress and row report. */
export const reviewImports = pgTable(
  'review_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'running', 'done' or 'failed'. */
    status: text('status').notNull().default('running'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    /** Rows that passed the checks and are being saved; savedRows of them are in so far. */
    acceptedRows: integer('accepted_rows').notNull().default(0),
    savedRows: integer('saved_rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    rejected: jsonb('rejected')
      .$type<ImportRejection[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('review_imports_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * The job queue (see platform/jobs.ts): rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * API processes on one PostgreSQL share it, and it runs unchanged on embedded PGlite.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'queued', 'running', 'done' or 'dead' (failed its last attempt). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** The running job's lease, renewed while it runs: once passed, the job is taken again (its process died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The process holding the lease: only it renews or finishes the job. */
    lockedBy: text('locked_by'),
    /** At most one queued or running job per key (recurring jobs, one job per review...). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_finished_idx').on(t.status, t.finishedAt),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/**
 * Monthly rollup per company, source and month (no location): the review_daily counters summed over
 * a month and all locations. At a million reviews review_daily barely compresses (one row per
 * review), so counts and averages over long ranges without a location limit read these few hundred
 * rows instead. Kept exact in the same transaction as review_daily (rollup.repository.ts).
 */
export const reviewMonthly = pgTable(
  'review_monthly',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    ...reviewCounters(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.source, t.month, t.isCompetitor] })],
);

import { sql } from 'drizzle-orm';
import {
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
import { topicCounters } from './rollupCounters';
import { reviews } from './reviews';
import { companies, locations, users } from './tenancy';

/**
 * Reporting: competitors and their branches, the per-review text analysis (topics and keywords),
 * its daily rollup, and scheduled report settings.
 */

/** A competing business a company benchmarks against (e.g. "Burger Palace"). */
export const competitors = pgTable(
  'competitors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('competitors_company_idx').on(t.companyId)],
);

/**
 * One branch of a competitor, benchmarked against one of the company's own locations. Its reviews
 * are stored in `reviews` with `is_competitor = true`, `location_id` = the benchmarked own location
 * and `competitor_location_id` = this row, so the daily rollup compares both per location.
 */
export const competitorLocations = pgTable(
  'competitor_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    competitorId: integer('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    address: text('address'),
    /** Page address of the branch on each competitor source, keyed by source value (at most 4 sources). */
    sourceUrls: jsonb('source_urls')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('competitor_locations_company_idx').on(t.companyId, t.locationId),
    index('competitor_locations_competitor_idx').on(t.competitorId),
  ],
);

/**
 * What the text analysis found in one review: `kind` 'topic' rows (topic, sub-topic, sentiment of the
 * sentences that mention it) and 'word' rows (a keyword with the polarity of its sentence).
 */
export const reviewTopics = pgTable(
  'review_topics',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    topic: text('topic').notNull(),
    /** '' for a topic mention without a more specific sub-topic, and for words. */
    subtopic: text('subtopic').notNull().default(''),
    /** -1 negative, 0 neutral, 1 positive. */
    sentiment: smallint('sentiment').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.kind, t.topic, t.subtopic] }),
    index('review_topics_company_idx').on(t.companyId),
  ],
);

/**
 * Daily rollup of review_topics at the grain of review_daily (location, source, day, competitor flag),
 * kept exact with it, so insights read rollup rows instead of scanning reviews.
 */
export const topicDaily = pgTable(
  'topic_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    kind: text('kind').notNull(),
    ...topicCounters(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.locationId, t.source, t.day, t.isCompetitor, t.kind, t.topic, t.subtopic] }),
    index('topic_daily_company_kind_day_idx').on(t.companyId, t.kind, t.day),
    // Topics of some locations (competitor benchmarks, limited members, tree filters): a day range per location.
    index('topic_daily_location_day_idx').on(t.companyId, t.locationId, t.kind, t.isCompetitor, t.day),
  ],
);

/** A user's scheduled e-mail report (weekly or monthly) with an Excel attachment. */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** 'weekly' or 'monthly'. */
    frequency: text('frequency').notNull().default('weekly'),
    /** Extra recipients besides the user. */
    recipients: jsonb('recipients')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Locations the report covers; null for every location the user may see. */
    locationIds: jsonb('location_ids').$type<number[] | null>(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_settings_user_company_uq').on(t.userId, t.companyId),
    index('report_settings_next_run_idx').on(t.enabled, t.nextRunAt),
  ],
);

/**
 * topic_daily summed per company, source and month (no location), kept with it: insights over whole
 * months without a location limit read a few thousand rows instead of every day of every location.
 */
export const topicMonthly = pgTable(
  'topic_monthly',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    kind: text('kind').notNull(),
    ...topicCounters(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.source, t.month, t.isCompetitor, t.kind, t.topic, t.subtopic] }),
    // Covering in migration 0038 (INCLUDE source, topic, subtopic and the counters): index-only reads.
    index('topic_monthly_company_kind_month_idx').on(t.companyId, t.kind, t.isCompetitor, t.month),
  ],
);

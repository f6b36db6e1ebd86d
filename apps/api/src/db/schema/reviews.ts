import { sql, type SQL } from 'drizzle-orm';
import { reviewCounters } from './rollupCounters';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, locations, users } from './tenancy';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    /** The review's id on its source; with the source it identifies a review for de-duplication. */
    externalId: text('external_id'),
    authorName: text('author_name'),
    rating: smallint('rating'),
    title: text('title'),
    text: text('text'),
    language: text('language'),
    /** -1 negative, 0 neutral, 1 positive. */
    sentiment: smallint('sentiment'),
    url: text('url'),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    /** For competitor reviews: the competitor branch (competitor_locations.id) they belong to. */
    competitorLocationId: integer('competitor_location_id'),
    /** Version of the text analysis stored in review_topics; null until the review is analysed. */
    nlpVersion: smallint('nlp_version'),
    caseResolutionId: integer('case_resolution_id'),
    /** When the review was written on its source. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /** Time of the first posted reply; null while unanswered. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** When review sync found the review gone from its source (kept, marked); null while it is there. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * When a sync pass of its source first listed the review; null for reviews that came another way
     * (upload, demo seed, the public API) and no pass has listed. Only a listed review can be marked removed.
     */
    sourceSeenAt: timestamp('source_seen_at', { withTimezone: true }),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${reviews.title}, '') || ' ' || coalesce(${reviews.text}, ''))`,
    ),
    /** The texts of the review's replies, kept by the responses module so search finds reply words too. */
    replyText: text('reply_text'),
    replySearch: tsvector('reply_search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${reviews.replyText}, ''))`,
    ),
  },
  (t) => [
    // The review list always asks for own (or competitor) reviews: with the flag in the key, a page's
    // ids are an index-only walk, so a deep page skips 20,000 entries instead of 20,000 rows (bench/RESULTS.md).
    // It also serves every read of a company's reviews by period. The same key without the flag
    // (reviews_company_created_idx, dropped in migration 0014) cost a quarter of an upload's inserts.
    index('reviews_company_list_idx').on(
      t.companyId,
      t.isCompetitor,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A page of some locations: newest first per location. Migration 0037 adds INCLUDE columns to both
    // list indexes (location, source, rating, replied, removed), so the filters of a page are checked in
    // the index and a page's ids are found without reading rows (49 ms → 1.5 ms for 10 locations at W1).
    index('reviews_location_created_idx').on(t.locationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A page of some star ratings (the filter users set most): one walk per rating, newest first, merged
    // (findReviewPage). The list index above checked every review of the period to find the 1- and
    // 2-star ones (27,000 entries for page 10 of a brand's Google and Talabat, 5.4 ms → 1.0 ms at W1).
    // Migration 0043 adds the INCLUDE columns (location, source, replied, removed).
    index('reviews_company_rating_idx').on(
      t.companyId,
      t.isCompetitor,
      t.rating,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('reviews_source_external_idx').on(t.companyId, t.source, t.externalId),
    index('reviews_search_idx').using('gin', t.search),
    // A competitor branch's reviews of a period (the benchmark's figures per branch) by an index-only
    // range; own reviews (no branch) stay out of it. Migration 0041 adds the INCLUDE columns (company,
    // flag, rating, replied), which Drizzle cannot declare: 6.1 → 1.1 ms at W1 for 40 branches over 90 days.
    index('reviews_competitor_branch_idx')
      .on(t.competitorLocationId, t.createdAt)
      .where(sql`competitor_location_id IS NOT NULL`),
    // The dashboard's latest first-party feedback (source 'feedback'), newest first: the list index
    // above fetched every review of the period, newest first, to find five of them at some locations
    // (2,900 rows for nine locations at W1, up to 85 ms). Partial: other sources are not in it.
    index('reviews_feedback_recent_idx')
      .on(t.companyId, t.isCompetitor, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`source = 'feedback'`),
    index('reviews_reply_search_idx').using('gin', t.replySearch),
    // Reviews waiting for text analysis (nlp_version NULL: seeds, bulk loads, imports), in id order per
    // company: the 'insights.analyze' job looks for them every 30 seconds and the insights page counts
    // them, each a read of the whole table before (0.6 s at W1). Partial: analysed reviews leave it.
    index('reviews_analysis_waiting_idx')
      .on(t.companyId, t.id)
      .where(sql`nlp_version IS NULL`),
    // Auto-response looks only at unanswered Google reviews that arrived recently.
    index('reviews_autoresponse_idx')
      .on(t.companyId, t.fetchedAt)
      .where(sql`source = 'google' AND responded_at IS NULL`),
    // System health reads sync freshness (newest fetched_at) per company and source, and per location,
    // by index probes instead of scanning every review (3.3 s on 1M reviews without them).
    index('reviews_company_source_fetched_idx')
      .on(t.companyId, t.source, t.fetchedAt)
      .where(sql`is_competitor = false`),
    index('reviews_location_fetched_idx')
      .on(t.locationId, t.fetchedAt)
      .where(sql`is_competitor = false`),
    // The reviews removed at their source, counted per company and source (CS dashboard, integrations).
    index('reviews_removed_idx')
      .on(t.companyId, t.source)
      .where(sql`removed_at IS NOT NULL`),
  ],
);

export const responses = pgTable(
  'responses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** draft, posted or failed. */
    status: text('status').notNull().default('posted'),
    failureReason: text('failure_reason'),
    /** manual, template, ai or auto. */
    origin: text('origin').notNull().default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    /** The reply's id on the source once posted there (Google review name, Facebook comment id). */
    externalId: text('external_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('responses_review_idx').on(t.reviewId), index('responses_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * Daily rollup per location, source and day, kept exact in the same transaction as review writes,
 * so reports read rollup rows instead of scanning reviews.
 */
export const reviewDaily = pgTable(
  'review_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0 for reviews without a location (products of companies without locations). */
    locationId: integer('location_id').notNull(),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    ...reviewCounters(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.locationId, t.source, t.day, t.isCompetitor] }),
    index('review_daily_company_day_idx').on(t.companyId, t.day),
    // Reads for some locations (a limited member, a brand or region filter, competitor benchmarks): a
    // day range per location. Migration 0011 also adds a covering (company_id, is_competitor, day)
    // index with the counters, so per-location rankings of all locations read only the index.
    index('review_daily_location_day_idx').on(t.companyId, t.locationId, t.isCompetitor, t.day),
  ],
);

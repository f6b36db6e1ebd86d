import { boolean, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { reviewCounters, topicCounters } from './rollupCounters';
import { companies } from './tenancy';

/**
 * Company-wide daily rollups: review_daily and topic_daily summed over locations, per source and
 * day. A report without a location limit reads these for its days (the ends of a monthly plan, day
 * and week series): at 1,000 locations that is a thousand times fewer rows than the per-location
 * tables (bench/RESULTS.md). Statement-level triggers on review_daily and topic_daily keep them exact
 * whatever writes those (migration 0010), so no write path has to know about them.
 */

export const reviewCompanyDaily = pgTable(
  'review_company_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    ...reviewCounters(),
  },
  // Reads are "one company, own or competitor reviews, a range of days": the key serves them in order.
  (t) => [primaryKey({ name: 'review_company_daily_pk', columns: [t.companyId, t.isCompetitor, t.day, t.source] })],
);

export const topicCompanyDaily = pgTable(
  'topic_company_daily',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    kind: text('kind').notNull(),
    ...topicCounters(),
  },
  (t) => [
    primaryKey({
      name: 'topic_company_daily_pk',
      columns: [t.companyId, t.kind, t.isCompetitor, t.day, t.source, t.topic, t.subtopic],
    }),
  ],
);

/**
 * review_daily summed per location and month over every source: per-location rankings (statistics
 * locations/*, competitor benchmarks) read whole months here and only the days at the ends of a
 * range from review_daily. At 1,000 locations a 90-day ranking reads about a third of the rows, and
 * an all-time one a twentieth (bench/RESULTS.md). Kept exact by statement-level triggers on
 * review_daily (migration 0012), like the company-wide tables above. Reads with a source filter or
 * sums per source use review_location_source_monthly below, since this table has no source.
 */
export const reviewLocationMonthly = pgTable(
  'review_location_monthly',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0 for reviews without a location, as in review_daily. */
    locationId: integer('location_id').notNull(),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    ...reviewCounters(),
  },
  // Reads are "one company, own or competitor reviews, a range of months, every location or some".
  (t) => [
    primaryKey({ name: 'review_location_monthly_pk', columns: [t.companyId, t.isCompetitor, t.month, t.locationId] }),
  ],
);

/**
 * review_daily summed per location, source and month: views of some locations that name sources (the
 * review list's counts with a source filter) or need sums per source (the average and volume reports,
 * the dashboard's rating widgets) read whole months here and only the days at the ends from
 * review_daily, as review_location_monthly does for every source. A two-year view of 100 locations
 * and two sources reads about 5,000 rows instead of 40,000 (bench/RESULTS.md). Kept exact by
 * statement-level triggers on review_daily (migration 0040); the primary key carries the counters
 * (INCLUDE, in the migration), so a read is an index-only range per location.
 */
export const reviewLocationSourceMonthly = pgTable(
  'review_location_source_monthly',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    /** 0 for reviews without a location, as in review_daily. */
    locationId: integer('location_id').notNull(),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    ...reviewCounters(),
  },
  (t) => [
    primaryKey({
      name: 'review_location_source_monthly_pk',
      columns: [t.companyId, t.isCompetitor, t.locationId, t.month, t.source],
    }),
  ],
);

/**
 * topic_daily's topics (kind 'topic', not words) summed per location and month over every source:
 * insights of some locations (a tree filter, a limited member) read whole months here and only the
 * days at the ends from topic_daily. Fifteen locations over a year and a half are about 2,000 rows
 * instead of 14,000 (bench/RESULTS.md). Words stay on topic_daily: a word seldom comes back in a
 * location's month, so a monthly table of them would be nearly as long. Kept exact by
 * statement-level triggers on topic_daily (migration 0038), like the tables above; the primary key
 * carries the counters (INCLUDE, in the migration), so a read is an index-only range per location.
 */
export const topicLocationMonthly = pgTable(
  'topic_location_monthly',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').notNull(),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    ...topicCounters(),
  },
  (t) => [
    primaryKey({
      name: 'topic_location_monthly_pk',
      columns: [t.companyId, t.isCompetitor, t.locationId, t.month, t.topic, t.subtopic],
    }),
  ],
);

/**
 * Running sums per location that let a ranking of every location read a few rows a location
 * whatever its range (migration 0039). A row holds a location's counters from the first day of its
 * month through `day` (month to date). With review_location_ytd below, the sum over any range is
 * the difference of two running sums (`locationRunningPlan` in reviews/scope.ts): at 1,000 locations
 * a 90-day ranking reads about 8,000 rows instead of 60,000 daily and monthly ones. Rows exist from a
 * location's first review day in a month to the month's last day (a missing row is a zero), kept
 * exact by statement-level triggers on review_daily; `rebuildReviewDaily` writes them anew at its end
 * (the SQL function review_location_running_rebuild).
 */
export const reviewLocationMtd = pgTable(
  'review_location_mtd',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    day: date('day', { mode: 'string' }).notNull(),
    /** 0 for reviews without a location, as in review_daily. */
    locationId: integer('location_id').notNull(),
    ...reviewCounters(),
  },
  // Reads are "one company, own or competitor reviews, one day, every location or some"; the key
  // carries the counters (INCLUDE, in the migration), so a read is one index-only range.
  (t) => [primaryKey({ name: 'review_location_mtd_pk', columns: [t.companyId, t.isCompetitor, t.day, t.locationId] })],
);

/**
 * A location's counters from January 1 of its year through the end of `month` (year to date, by
 * month): with review_location_mtd, any range is a few rows a location. Rows exist from a location's
 * first month with reviews in a year through December (a missing row is a zero), kept exact by the
 * same triggers (migration 0039).
 */
export const reviewLocationYtd = pgTable(
  'review_location_ytd',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    /** The first day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    locationId: integer('location_id').notNull(),
    ...reviewCounters(),
  },
  (t) => [
    primaryKey({ name: 'review_location_ytd_pk', columns: [t.companyId, t.isCompetitor, t.month, t.locationId] }),
  ],
);

import { boolean, date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    reviews: integer('reviews').notNull().default(0),
    rated: integer('rated').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    stars1: integer('stars1').notNull().default(0),
    stars2: integer('stars2').notNull().default(0),
    stars3: integer('stars3').notNull().default(0),
    stars4: integer('stars4').notNull().default(0),
    stars5: integer('stars5').notNull().default(0),
    withText: integer('with_text').notNull().default(0),
    responded: integer('responded').notNull().default(0),
    responseSeconds: doublePrecision('response_seconds').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    negative: integer('negative').notNull().default(0),
  },
  // Reads are "one company, own or competitor reviews, a range of days": the key serves them in order.
  (t) => [primaryKey({ name: 'review_company_daily_pk', columns: [t.companyId, t.isCompetitor, t.day, t.source] })],
);

export const topicCompanyDaily = pgTable(
  'topic_company_daily',
  {
    companyId: integer('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isCompetitor: boolean('is_competitor').notNull().default(false),
    kind: text('kind').notNull(),
    topic: text('topic').notNull(),
    subtopic: text('subtopic').notNull().default(''),
    mentions: integer('mentions').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    negative: integer('negative').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'topic_company_daily_pk', columns: [t.companyId, t.kind, t.isCompetitor, t.day, t.source, t.topic, t.subtopic] })],
);

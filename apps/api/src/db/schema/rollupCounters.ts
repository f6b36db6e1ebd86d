import { doublePrecision, integer, text } from 'drizzle-orm/pg-core';

/**
 * The counters every review rollup holds (review_daily, review_monthly, review_company_daily,
 * review_location_monthly): one definition, so the tables keep the same columns and the statistics
 * repository can sum any of them with the same code.
 */
export function reviewCounters() {
  return {
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
  };
}

/**
 * A topic or word and its counters, as every topic rollup holds them (topic_daily, topic_monthly,
 * topic_company_daily, topic_location_monthly): the insights repository sums any of them alike.
 */
export function topicCounters() {
  return {
    topic: text('topic').notNull(),
    subtopic: text('subtopic').notNull().default(''),
    mentions: integer('mentions').notNull().default(0),
    positive: integer('positive').notNull().default(0),
    neutral: integer('neutral').notNull().default(0),
    negative: integer('negative').notNull().default(0),
  };
}

import { z } from 'zod';
import { comparedPeriods, interval } from '../statistics/responses';

/** The insights report's answers, as the service builds them (the serializer drops what is not named here). */

const n = z.number();
const nullableNumber = z.number().nullable();

export const categoriesSchema = z.object({
  company_type: z.string().nullable(),
  data: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      subtopics: z.array(z.object({ key: z.string(), title: z.string() })),
    }),
  ),
});

/** A topic or sub-topic with its mentions and sentiment, against the previous period. */
export const topicSchema = z.object({
  key: z.string(),
  topic: z.string(),
  subtopic: z.string().nullable(),
  title: z.string(),
  mentions: n,
  share: nullableNumber,
  positive: n,
  neutral: n,
  negative: n,
  sentiment_score: nullableNumber,
  previous_mentions: nullableNumber,
  previous_sentiment_score: nullableNumber,
  sentiment_change: nullableNumber,
});

/**
 * Reviews the user sees whose text analysis has not run yet (after the first start's seeding, a bulk
 * load or an import the 'insights.analyze' job analyses them in the background): while above 0 the
 * topics and words are incomplete, not absent.
 */
const reviewsWaitingAnalysis = z
  .number()
  .int()
  .describe('Reviews whose text analysis is still under way; topics and words are incomplete while above 0');

export const topicsSchema = z.object({
  ...comparedPeriods,
  reviews_with_text: n,
  reviews_waiting_analysis: reviewsWaitingAnalysis,
  data: z.array(topicSchema),
});

const word = z.object({
  word: z.string(),
  mentions: n,
  positive: n,
  neutral: n,
  negative: n,
  sentiment_score: nullableNumber,
});

export const wordsSchema = z.object({
  ...comparedPeriods,
  reviews_waiting_analysis: reviewsWaitingAnalysis,
  data: z.array(word),
  positive: z.array(word),
  negative: z.array(word),
});

export const topicTrendSchema = z.object({
  ...comparedPeriods,
  interval,
  topics: z.array(z.object({ key: z.string(), title: z.string() })),
  points: z.array(
    z.object({
      date: z.string(),
      topics: z.record(
        z.string(),
        z.object({ mentions: n, positive: n, negative: n, sentiment_score: nullableNumber }),
      ),
    }),
  ),
});

import { z } from 'zod';
import { topicSchema } from '../insights/responses';
import { comparedPeriodsWithDays, interval, sentimentCounts, stars } from '../statistics/responses';

/** The dashboard widgets' answers, as the service builds them (the serializer drops what is not named here). */

const n = z.number();
const nullableNumber = z.number().nullable();
const part = z.object({ value: nullableNumber, score: n, weight: n });

export const reputationScoreSchema = z.object({
  ...comparedPeriodsWithDays,
  score: nullableNumber,
  previous_score: nullableNumber,
  change: nullableNumber,
  parts: z.object({ rating: part, sentiment: part, responseRate: part, volume: part, recency: part }),
  formula: z.string(),
});

const npsFigures = { nps: nullableNumber, promoters: n, passives: n, detractors: n, responses: n };

export const netPromoterScoreSchema = z.object({
  ...comparedPeriodsWithDays,
  ...npsFigures,
  previous_nps: nullableNumber,
  change: nullableNumber,
  interval,
  points: z.array(z.object({ ...npsFigures, date: z.string() })),
});

export const feedbackWidgetSchema = z.object({
  ...comparedPeriodsWithDays,
  reviews: n,
  previous_reviews: nullableNumber,
  average: nullableNumber,
  previous_average: nullableNumber,
  change: nullableNumber,
  unanswered: n,
  response_rate: nullableNumber,
  stars,
  sentiment: sentimentCounts,
  /** The landing pages' answers in the period (ratings, with or without private feedback) and their NPS. */
  answers: n,
  nps: nullableNumber,
  latest: z.array(
    z.object({
      id: n,
      created_at: z.string(),
      author_name: z.string().nullable(),
      rating: nullableNumber,
      text: z.string().nullable(),
      source: z.string(),
      responded: z.boolean(),
      location: z.string().nullable(),
    }),
  ),
});

export const otherWidgetSchema = z.object({
  ...comparedPeriodsWithDays,
  reviews: n,
  previous_reviews: nullableNumber,
  average: nullableNumber,
  previous_average: nullableNumber,
  unanswered: n,
  response_rate: nullableNumber,
  previous_response_rate: nullableNumber,
  avg_response_hours: nullableNumber,
  previous_avg_response_hours: nullableNumber,
  with_text: n,
  sentiment: sentimentCounts.extend({ score: nullableNumber }),
  stars,
  sources: z.array(z.object({ source: z.string(), title: z.string(), reviews: n, share: n, average: nullableNumber })),
});

/** A side's figures in a competitor comparison. */
export const benchmarkFigures = z.object({
  reviews: n,
  average: nullableNumber,
  response_rate: nullableNumber,
  avg_response_hours: nullableNumber,
  sentiment_score: nullableNumber,
});

export const premiumWidgetSchema = z.object({
  features: z.object({ insightsReport: z.boolean(), competitorBenchmarking: z.boolean() }),
  topics: z.object({ praised: z.array(topicSchema), criticised: z.array(topicSchema) }).nullable(),
  competitors: z
    .object({
      locations: n,
      ahead: n,
      behind: n,
      own: benchmarkFigures,
      competitors: benchmarkFigures,
      gap: nullableNumber,
      response_rate_gap: nullableNumber,
    })
    .nullable(),
});

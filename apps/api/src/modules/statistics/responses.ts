import { z } from 'zod';

/**
 * The answers of the reporting screens, as the services build them. The response serializer checks
 * each answer against these and drops what they do not name, so a field added to a service must be
 * added here too (the module's tests compare real answers).
 */

const n = z.number();
const nullableNumber = z.number().nullable();

export const period = z.object({ from: z.string(), to: z.string() });
export const periodWithDays = period.extend({ days: n });
/** The period compared against: the same number of days just before, or none for "all time". */
export const comparedPeriods = { period, previous_period: period.nullable() };
export const comparedPeriodsWithDays = { period: periodWithDays, previous_period: periodWithDays.nullable() };

export const stars = z.object({ 1: n, 2: n, 3: n, 4: n, 5: n });
export const sentimentCounts = z.object({ positive: n, neutral: n, negative: n });
export const interval = z.enum(['day', 'week', 'month']);
/** The first day of the user's week, 1 (Monday) to 7 (Sunday). */
const weekStart = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
]);

export const pageFields = { total: n, page: n, per_page: n, total_pages: n };

export const averageReportSchema = z.object({
  average: nullableNumber,
  previous_average: nullableNumber,
  change: nullableNumber,
  rated: n,
  previous_rated: nullableNumber,
  stars,
  previous_stars: stars.nullable(),
  sources: z.array(
    z.object({
      source: z.string(),
      title: z.string(),
      average: nullableNumber,
      rated: n,
      previous_average: nullableNumber,
      change: nullableNumber,
    }),
  ),
  ...comparedPeriods,
  week_start: weekStart,
});

export const volumeReportSchema = z.object({
  reviews: n,
  previous_reviews: nullableNumber,
  change: nullableNumber,
  change_percent: nullableNumber,
  with_text: n,
  responded: n,
  response_rate: nullableNumber,
  previous_response_rate: nullableNumber,
  response_rate_change: nullableNumber,
  avg_response_hours: nullableNumber,
  previous_avg_response_hours: nullableNumber,
  sentiment: sentimentCounts.extend({ score: nullableNumber }),
  sources: z.array(
    z.object({
      source: z.string(),
      title: z.string(),
      reviews: n,
      previous_reviews: nullableNumber,
      responded: n,
      response_rate: nullableNumber,
      avg_response_hours: nullableNumber,
      average: nullableNumber,
    }),
  ),
  ...comparedPeriods,
  week_start: weekStart,
});

/** The figures of one bucket of a trend or one location of a ranking. */
const figures = {
  reviews: n,
  rated: n,
  average: nullableNumber,
  with_text: n,
  responded: n,
  response_rate: nullableNumber,
  avg_response_hours: nullableNumber,
  positive: n,
  neutral: n,
  negative: n,
  sentiment_score: nullableNumber,
  stars,
};

const trendPoint = z.object({ ...figures, date: z.string() });

export const trendsReportSchema = z.object({
  interval,
  points: z.array(trendPoint),
  previous_points: z.array(trendPoint).nullable(),
  ...comparedPeriods,
  week_start: weekStart,
});

export const rankingSchema = z.object({
  ...pageFields,
  data: z.array(
    z.object({
      location_id: n,
      title: z.string(),
      code: z.string().nullable(),
      city: z.string().nullable(),
      brand: z.string().nullable(),
      state: z.string().nullable(),
      previous: z.object({ reviews: n, average: nullableNumber, response_rate: nullableNumber }).nullable(),
      change: z.object({ reviews: nullableNumber, average: nullableNumber, response_rate: nullableNumber }),
      ...figures,
      rank: n,
    }),
  ),
  ...comparedPeriods,
  week_start: weekStart,
});

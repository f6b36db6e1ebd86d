/**
 * Figures computed from rollup sums. Pure functions: the formulas live here once, the README
 * documents them, and the tests check them against hand-computed data.
 */

/** Sums of review_daily columns over some rows. */
export interface Sums {
  reviews: number;
  rated: number;
  ratingSum: number;
  stars: [number, number, number, number, number];
  withText: number;
  responded: number;
  responseSeconds: number;
  positive: number;
  neutral: number;
  negative: number;
}

export const EMPTY_SUMS: Sums = {
  reviews: 0,
  rated: 0,
  ratingSum: 0,
  stars: [0, 0, 0, 0, 0],
  withText: 0,
  responded: 0,
  responseSeconds: 0,
  positive: 0,
  neutral: 0,
  negative: 0,
};

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Mean star rating of the rated reviews, 2 decimals; null without rated reviews. */
export function averageRating(s: Sums): number | null {
  return s.rated ? round(s.ratingSum / s.rated, 2) : null;
}

/** Share of reviews with a reply, in percent with 1 decimal; null without reviews. */
export function responseRate(s: Sums): number | null {
  return s.reviews ? round((100 * s.responded) / s.reviews, 1) : null;
}

/** Mean time from review to first reply, in hours with 1 decimal; null without replies. */
export function responseHours(s: Sums): number | null {
  return s.responded ? round(s.responseSeconds / s.responded / 3600, 1) : null;
}

/** (positive - negative) / reviews with a sentiment, -1..1 with 2 decimals; null without any. */
export function sentimentScore(s: Pick<Sums, 'positive' | 'neutral' | 'negative'>): number | null {
  const n = s.positive + s.neutral + s.negative;
  return n ? round((s.positive - s.negative) / n, 2) : null;
}

/** Difference now minus before, or null when either side is missing. */
export function change(now: number | null, before: number | null, digits = 2): number | null {
  return now === null || before === null ? null : round(now - before, digits);
}

/** Relative change in percent (volume), null when the previous value is 0 or missing. */
export function changePercent(now: number, before: number | null): number | null {
  return before ? round((100 * (now - before)) / before, 1) : null;
}

/** A Net Promoter Score with its counts (landing pages' answers: modules/landingPages/nps.ts). */
export interface Nps {
  nps: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  responses: number;
}

/** Weights of the reputation score's parts; they add up to 1. */
export const REPUTATION_WEIGHTS = {
  rating: 0.4,
  sentiment: 0.2,
  responseRate: 0.15,
  volume: 0.15,
  recency: 0.1,
} as const;
/** Volume is full marks at this many reviews per location per 30 days. */
export const VOLUME_TARGET_PER_LOCATION_MONTH = 10;
/** Recency loses all its marks when the newest review is this many days old. */
export const RECENCY_DAYS = 30;

export const REPUTATION_FORMULA =
  'Reputation score (0-100) = 40% rating + 20% sentiment + 15% response rate + 15% volume + 10% recency. ' +
  'Rating = (average stars - 1) / 4 x 100. Sentiment = (share positive - share negative + 1) / 2 x 100. ' +
  'Response rate = replied reviews / reviews x 100. Volume = reviews / (10 per location per 30 days) x 100, at most 100. ' +
  'Recency = 100 - 100 x days since the newest review / 30, at least 0.';

export interface ReputationInput {
  sums: Sums;
  /** Locations with reviews in the period (at least 1 is used). */
  locations: number;
  days: number;
  /** Days from the newest review to the period's end; null when there is none. */
  daysSinceLastReview: number | null;
}

export interface ReputationScore {
  score: number | null;
  parts: Record<keyof typeof REPUTATION_WEIGHTS, { value: number | null; score: number; weight: number }>;
}

const clamp = (v: number) => Math.max(0, Math.min(100, v));

export function reputationScore(input: ReputationInput): ReputationScore {
  const { sums } = input;
  const avg = averageRating(sums);
  const sentiment = sentimentScore(sums);
  const rate = responseRate(sums);
  const expected = VOLUME_TARGET_PER_LOCATION_MONTH * Math.max(1, input.locations) * (input.days / 30);
  const parts = {
    rating: { value: avg, score: avg === null ? 0 : clamp(((avg - 1) / 4) * 100), weight: REPUTATION_WEIGHTS.rating },
    sentiment: {
      value: sentiment,
      score: sentiment === null ? 0 : clamp(((sentiment + 1) / 2) * 100),
      weight: REPUTATION_WEIGHTS.sentiment,
    },
    responseRate: { value: rate, score: rate ?? 0, weight: REPUTATION_WEIGHTS.responseRate },
    volume: { value: sums.reviews, score: clamp((100 * sums.reviews) / expected), weight: REPUTATION_WEIGHTS.volume },
    recency: {
      value: input.daysSinceLastReview,
      score: input.daysSinceLastReview === null ? 0 : clamp(100 - (100 * input.daysSinceLastReview) / RECENCY_DAYS),
      weight: REPUTATION_WEIGHTS.recency,
    },
  };
  for (const p of Object.values(parts)) p.score = round(p.score, 1);
  const score =
    sums.reviews === 0 ? null : Math.round(Object.values(parts).reduce((a, p) => a + p.score * p.weight, 0));
  return { score, parts };
}

/** The figures every report row shows, from one set of sums. */
export function figures(s: Sums) {
  return {
    reviews: s.reviews,
    rated: s.rated,
    average: averageRating(s),
    with_text: s.withText,
    responded: s.responded,
    response_rate: responseRate(s),
    avg_response_hours: responseHours(s),
    positive: s.positive,
    neutral: s.neutral,
    negative: s.negative,
    sentiment_score: sentimentScore(s),
    stars: { 1: s.stars[0], 2: s.stars[1], 3: s.stars[2], 4: s.stars[3], 5: s.stars[4] },
  };
}
export type Figures = ReturnType<typeof figures>;

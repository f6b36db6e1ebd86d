import { z } from 'zod';
import { period } from '../statistics/responses';

/** The CS dashboard's answers, as the service builds them (the serializer drops what is not named here). */

const n = z.number();
const nullableNumber = z.number().nullable();
const companyColumns = { id: n, company_name: z.string(), partner_name: z.string().nullable() };

export const overviewSchema = z.object({
  range: period,
  totals: z.object({
    companies: n,
    activeCompanies: n,
    locations: n,
    reviews: n,
    avgRating: nullableNumber,
    responseRate: nullableNumber,
  }),
  daily: z.array(z.object({ day: z.string(), reviews: n, responded: n, avgRating: nullableNumber })),
  data: z.array(
    z.object({
      ...companyColumns,
      type: z.string(),
      package: z.string(),
      status: z.string(),
      locations: n,
      users: n,
      reviews: n,
      avgRating: nullableNumber,
      responseRate: nullableNumber,
      lastReviewDay: z.string().nullable(),
      lastLoginAt: z.string().nullable(),
    }),
  ),
});

const replyCounts = {
  reviews: n,
  responded: n,
  responseRate: nullableNumber,
  avgResponseHours: nullableNumber,
  posted: n,
  failed: n,
};

export const responseSchema = z.object({
  range: period,
  totals: z.object({ ...replyCounts, byOrigin: z.object({ manual: n, template: n, ai: n, auto: n }) }),
  data: z.array(z.object({ ...companyColumns, ...replyCounts, auto: n, ai: n, template: n, manual: n })),
});

export const feedbackSchema = z.object({
  range: period,
  totals: z.object({
    companiesWithFeature: n,
    feedback: n,
    avgRating: nullableNumber,
    positive: n,
    neutral: n,
    negative: n,
    stars: z.array(n),
    answers: n,
    nps: nullableNumber,
    promoters: n,
    passives: n,
    detractors: n,
  }),
  daily: z.array(z.object({ day: z.string(), feedback: n, avgRating: nullableNumber })),
  data: z.array(
    z.object({
      ...companyColumns,
      featureOn: z.boolean(),
      feedback: n,
      avgRating: nullableNumber,
      positive: n,
      neutral: n,
      negative: n,
      responded: n,
      answers: n,
      nps: nullableNumber,
    }),
  ),
});

const connection = z.object({
  connected: z.boolean(),
  locations: n,
  companyWide: z.boolean(),
  expired: n,
  updatedAt: z.string().nullable(),
  reconnectNeeded: z.boolean(),
  lastSyncAt: z.string().nullable(),
  stalestSyncAt: z.string().nullable(),
  failingLocations: n,
  removedReviews: n,
});

export const oauthSchema = z.object({
  asOf: z.string(),
  totals: z.object({ companies: n, googleConnected: n, facebookConnected: n, notConnected: n, expired: n }),
  data: z.array(
    z.object({ ...companyColumns, status: z.string(), locations: n, google: connection, facebook: connection }),
  ),
});

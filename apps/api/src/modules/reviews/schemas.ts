import { reviewFilterSchema, idSchema } from '@reputo/core';
import { z } from 'zod';

export const idParams = z.object({ id: idSchema() });

/** The review filter of packages/core, as a querystring schema (it ignores unknown keys). */
export const reviewFilterQuery = reviewFilterSchema;

export const responseSchema = z.object({
  id: z.number(),
  reviewId: z.number(),
  text: z.string(),
  /** draft, posted or failed. */
  status: z.string(),
  failureReason: z.string().nullable(),
  /** manual, template, ai or auto. */
  origin: z.string(),
  externalId: z.string().nullable(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  updatedAt: z.string(),
});

export const reviewSchema = z.object({
  id: z.number(),
  source: z.string(),
  sourceTitle: z.string(),
  name: z.string(),
  rating: z.number().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  date: z.string(),
  language: z.string().nullable(),
  sentiment: z.number().nullable(),
  url: z.string().nullable(),
  location: z
    .object({
      id: z.number(),
      title: z.string(),
      locationId: z.string().nullable(),
      brandId: z.number().nullable(),
      brandTitle: z.string().nullable(),
      stateId: z.number().nullable(),
      stateTitle: z.string().nullable(),
    })
    .nullable(),
  caseResolution: z.number().nullable(),
  reviewCategoryId: z.number().nullable(),
  review_categories: z.array(z.number()),
  respondedAt: z.string().nullable(),
  /** When review sync found the review removed at its source (it is kept); null while it is there. */
  removedAt: z.string().nullable(),
  isFeedback: z.boolean(),
  responses: z.array(responseSchema),
});

export const reviewListSchema = z.object({
  reviews: z.array(reviewSchema),
  total_reviews_count: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
});

export const assignmentBody = z
  .object({
    case_resolution: idSchema('case_resolution').nullable().optional(),
    review_categories: z.array(idSchema('review_categories')).max(50, 'At most 50 categories per review').optional(),
  })
  .refine(
    (b) => b.case_resolution !== undefined || b.review_categories !== undefined,
    'Send case_resolution or review_categories',
  );

export const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  total: z.number(),
  rated: z.number(),
  stars: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});

export const responseRateSchema = z.object({
  target: z.number(),
  total: z.number(),
  responded: z.number(),
  /** Percent of reviews with a posted reply, one decimal; null when there are no reviews. */
  rate: z.number().nullable(),
  /** Mean hours from review to first posted reply; null when nothing was answered. */
  averageResponseHours: z.number().nullable(),
});

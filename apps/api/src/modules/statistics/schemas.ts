import {
  emptyAsUnset,
  RANKING_MAX_PER_PAGE,
  RANKING_SORTS,
  REVIEWS_DEFAULT_PER_PAGE,
  reviewFilterSchema,
  SORT_ORDERS,
  wholeNumber,
} from '@reputo/core';
import { z } from 'zod';

/** Every report takes the reviews workspace's filter (dates, presets, brands, regions, locations, sources). */
export const statsQuery = reviewFilterSchema.extend({
  interval: z.enum(['day', 'week', 'month'], { error: 'interval must be day, week or month' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit is at most 1000')
    .optional(),
});

/**
 * A ranking answers one page of its table, sorted on the server, so a 1,000-location company does
 * not send every location for a table that shows 20 (per_page up to 1,000 for those who want all).
 */
export const rankingQuery = statsQuery.extend({
  per_page: z.preprocess(emptyAsUnset, wholeNumber('per_page', 1, RANKING_MAX_PER_PAGE, REVIEWS_DEFAULT_PER_PAGE)),
  sort: z.enum(RANKING_SORTS, { error: `sort must be one of ${RANKING_SORTS.join(', ')}` }).default('rank'),
  order: z.enum(SORT_ORDERS, { error: `order must be ${SORT_ORDERS.join(' or ')}` }).default('asc'),
});

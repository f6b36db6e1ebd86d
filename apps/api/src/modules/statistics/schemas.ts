import { reviewFilterSchema } from '@reputo/core';
import { z } from 'zod';

/** Every report takes the reviews workspace's filter (dates, presets, brands, regions, locations, sources). */
export const statsQuery = reviewFilterSchema.extend({
  interval: z.enum(['day', 'week', 'month'], { error: 'interval must be day, week or month' }).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(1000, 'limit is at most 1000').optional(),
});

import { z } from 'zod';

/** The spec's paging fields: `page` from 1, `per_page` up to 100. */
export const pagingQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').default(1),
  per_page: z.coerce
    .number({ error: 'per_page must be a number' })
    .int()
    .min(1)
    .max(100, 'per_page is at most 100')
    .default(20),
});

export function totalPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { jobQueueFor } from '../../platform/jobs';
import { pagingQuery, totalPages } from '../../platform/paging';
import { REVIEW_WRITERS } from '../reviews/roles';
import { idParams } from '../reviews/schemas';
import { acknowledgeAlert, defineAlertJobs, listAlerts } from './service';

const tags = ['reviews'];

const alertSchema = z.object({
  id: z.number(),
  location_id: z.number(),
  location_title: z.string(),
  window_start: z.string(),
  window_end: z.string(),
  count: z.number(),
  expected: z.number(),
  baseline_daily: z.number(),
  p_value: z.number(),
  created_at: z.string(),
  acknowledged: z.boolean(),
  acknowledged_at: z.string().nullable(),
  reviews: z.array(
    z.object({
      id: z.number(),
      source: z.string(),
      rating: z.number().nullable(),
      author_name: z.string().nullable(),
      text: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

/** Review-bombing alerts of the acting company (README.md in this folder). */
export function reviewAlertRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  defineAlertJobs(deps, jobQueueFor(deps));

  app.get(
    '/v2/api/reviewAlerts',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: {
        tags,
        summary:
          'Review-bombing alerts of the acting company at the locations the user may see, newest first (status: open by default, acknowledged or all)',
        querystring: pagingQuery.extend({ status: z.enum(['open', 'acknowledged', 'all']).default('open') }),
        response: {
          200: z.object({
            data: z.array(alertSchema),
            total: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const out = await listAlerts(db, actingOf(request), request.query);
      return { ...out, total_pages: totalPages(out.total, out.per_page) };
    },
  );

  app.patch(
    '/v2/api/reviewAlerts/:id',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Acknowledge a review-bombing alert (or take the acknowledgement back)',
        params: idParams,
        body: z.object({ acknowledged: z.boolean() }),
        response: { 200: alertSchema },
      },
    },
    async (request) => acknowledgeAlert(db, actingOf(request), request.params.id, request.body.acknowledged),
  );
}

import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { sendReport } from '../../platform/reportCache';
import { languageOf } from '../../platform/i18n';
import { aiReplyRoutes, responseRoutes } from '../responses/routes';
import { reviewCategoryRoutes } from '../reviewCategories/routes';
import { templateRoutes } from '../templates/routes';
import { autoresponseRoutes } from '../autoresponse/routes';
import { translationRoutes } from '../translation/routes';
import { shareRoutes } from '../share/routes';
import { transferRoutes } from './transfer.routes';
import { reviewAlertRoutes } from '../reviewAlerts/routes';
import { REVIEW_MANAGERS, REVIEW_WRITERS } from './roles';
import {
  assignmentBody,
  idParams,
  ratingSummarySchema,
  responseRateSchema,
  reviewFilterQuery,
  reviewListSchema,
  reviewSchema,
} from './schemas';
import {
  assignReview,
  deleteFeedbackReview,
  getReview,
  getSavedFilters,
  listReviews,
  ratingOf,
  responseRateOf,
  saveFilters,
  setResponseRateTarget,
} from './service';
import { REPORT_READS } from '../../platform/dataChanges';

const tags = ['reviews'];
const readAccess = access.signedIn({ company: true, iframe: true });

export function reviewRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  // The workspace's other modules register here, so app.ts holds one line for all of them.
  for (const routes of [
    responseRoutes,
    aiReplyRoutes,
    templateRoutes,
    reviewCategoryRoutes,
    autoresponseRoutes,
    translationRoutes,
    shareRoutes,
    transferRoutes,
    reviewAlertRoutes,
  ])
    routes(app, deps);

  app.get(
    '/v2/api/reviews',
    {
      config: { access: readAccess, reads: REPORT_READS },
      schema: {
        tags,
        summary: 'Reviews of the acting company, newest first, filtered and paged',
        querystring: reviewFilterQuery,
        response: { 200: reviewListSchema },
      },
    },
    async (request, reply) => sendReport(db, request, reply, () => listReviews(db, actingOf(request), request.query)),
  );

  app.get(
    '/v2/api/reviews/rating',
    {
      config: { access: readAccess, reads: REPORT_READS },
      schema: {
        tags,
        summary: 'Average rating and star distribution for a filter',
        querystring: reviewFilterQuery,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request, reply) =>
      sendReport(db, request, reply, () => ratingOf(deps.reportDb, actingOf(request), request.query)),
  );

  app.get(
    '/v2/api/reviews/response_rate',
    {
      config: { access: readAccess, reads: REPORT_READS },
      schema: {
        tags,
        summary: "Response rate, mean time to reply and the company's target, for a filter",
        querystring: reviewFilterQuery,
        response: { 200: responseRateSchema },
      },
    },
    async (request, reply) =>
      sendReport(db, request, reply, () => responseRateOf(deps.reportDb, actingOf(request), request.query)),
  );

  app.patch(
    '/v2/api/reviews/response_rate',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: ['company'] },
      schema: {
        tags,
        summary: 'Set the response-rate target (percent)',
        querystring: reviewFilterQuery,
        body: z.object({
          target: z
            .number({ error: 'target must be a number from 1 to 100' })
            .int('target must be a whole percent')
            .min(1, 'target must be a number from 1 to 100')
            .max(100, 'target must be a number from 1 to 100'),
        }),
        response: { 200: responseRateSchema },
      },
    },
    async (request) =>
      setResponseRateTarget(db, actingOf(request), request.body.target, request.query, await languageOf(request)),
  );

  app.get(
    '/v2/api/user/filters',
    {
      config: { access: access.signedIn({ company: true, iframe: true }) },
      schema: {
        tags,
        summary: "The user's saved review filter for the acting company",
        response: { 200: z.object({ filters: z.record(z.string(), z.string()) }) },
      },
    },
    async (request) => ({ filters: await getSavedFilters(db, actingOf(request)) }),
  );

  app.post(
    '/v2/api/user/filters',
    {
      config: { access: access.signedIn({ company: true }), writes: 'none' },
      schema: {
        tags,
        summary: "Save the user's review filter (the workspace restores it next time)",
        body: z.object({ filters: z.record(z.string(), z.unknown()) }),
        response: { 200: z.object({ filters: z.record(z.string(), z.string()) }) },
      },
    },
    async (request) => ({ filters: await saveFilters(db, actingOf(request), request.body.filters) }),
  );

  app.get(
    '/v2/api/reviews/:id',
    {
      config: { access: readAccess },
      schema: { tags, summary: 'One review with its reply thread', params: idParams, response: { 200: reviewSchema } },
    },
    async (request) => getReview(db, actingOf(request), request.params.id),
  );

  for (const url of ['/v2/api/reviews/:id', '/v2/api/reviews/update/:id']) {
    app.patch(
      url,
      {
        config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: ['reviews'] },
        schema: {
          tags,
          summary: "Set a review's case resolution and/or categories",
          params: idParams,
          body: assignmentBody,
          response: { 200: reviewSchema },
        },
      },
      async (request) => assignReview(db, actingOf(request), request.params.id, request.body),
    );
  }

  app.delete(
    '/v2/api/reviews/:id',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: ['reviews'] },
      schema: {
        tags,
        summary: 'Delete a first-party feedback review',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteFeedbackReview(db, actingOf(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );
}

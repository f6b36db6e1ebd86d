import { z } from 'zod';
import { actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { xlsxFile } from '../../platform/openapi';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { analytics, analyticsWorkbook } from './analytics';
import { readers, scopeOf } from './scope';
import { analyticsQuery, analyticsResponse } from './schemas';

const tags = ['messaging'];

/** `/messages/analytics` and its Excel export "conversation analytics". */
export function analyticsRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/conversations/analytics',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'Messages analytics of a period (date_from, date_to; the last 30 days by default), optionally of one page or location: volume by day and channel, first-response median and 90th percentile, response rate, busiest hours, tables per page and location',
        querystring: analyticsQuery,
        response: { 200: analyticsResponse },
      },
    },
    async (request) => analytics(db, scopeOf(actingOf(request)), request.query),
  );

  app.get(
    '/v2/api/conversations/analytics/export',
    {
      config: { access: readers },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary:
          'Excel export "conversation analytics" for the same filter; accepts access_token in the query for downloads',
        querystring: analyticsQuery.extend({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        'conversation-analytics.xlsx',
        await analyticsWorkbook(db, scopeOf(actingOf(request)), request.query),
      ),
  );
}

import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { cachedReportValue, sendReport } from '../../platform/reportCache';
import { z } from 'zod';
import { accessTokenFromQuery, sendWorkbook } from './excel';
import { languageOf } from '../../platform/i18n';
import { STAT_EXPORTS, statisticsWorkbook } from './export';
import { averageReportSchema, rankingSchema, trendsReportSchema, volumeReportSchema } from './responses';
import { rankingQuery, statsQuery } from './schemas';
import {
  averageReport,
  locationsReport,
  rankingPage,
  trendsReport,
  volumeReport,
  type LocationRanking,
} from './service';
import { xlsxFile } from '../../platform/openapi';
import { REPORT_READS } from '../../platform/dataChanges';

/** Reporting is for anyone who sees the company's areas, and for embeds of /reporting/overview. */
const reporting = access.signedIn({ company: true, iframe: true });

/** The URL of a ranking without its table's paging and sorting: what the ranking's figures depend on. */
function withoutTableParams(url: string): string {
  const u = new URL(url, 'http://reputo');
  for (const key of ['page', 'per_page', 'sort', 'order']) u.searchParams.delete(key);
  u.searchParams.sort();
  return `${u.pathname}?${u.searchParams.toString()}`;
}

export function statisticsRoutes(app: App, deps: AppDeps): void {
  const rankings: [string, LocationRanking, string][] = [
    [
      '/v2/api/statistics/locations/performing',
      'performing',
      'Locations ranked by average rating, with the previous period',
    ],
    [
      '/v2/api/statistics/locations/improved',
      'improved',
      'Locations ranked by how much their average rating rose against the previous period',
    ],
    ['/v2/api/statistics/locations/lowest-reviews', 'lowest', 'Locations with the lowest average rating first'],
  ];
  for (const [url, ranking, summary] of rankings) {
    app.get(
      url,
      {
        config: { access: reporting, reads: REPORT_READS },
        schema: {
          tags: ['statistics'],
          summary: `${summary}; one page, sorted by any column`,
          querystring: rankingQuery,
          response: { 200: rankingSchema },
        },
      },
      async (request, reply) =>
        sendReport(deps.db, request, reply, async () => {
          const all = await cachedReportValue(deps.db, request, withoutTableParams(request.url), () =>
            locationsReport(deps.reportDb, actingOf(request), request.query, ranking),
          );
          return rankingPage(all, request.query);
        }),
    );
  }
  app.get(
    '/v2/api/statistics/trends',
    {
      config: { access: reporting, reads: REPORT_READS },
      schema: {
        tags: ['statistics'],
        summary:
          'Rating, volume, replies and sentiment per day, week (user week start) or month, with the previous period',
        querystring: statsQuery,
        response: { 200: trendsReportSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => trendsReport(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/statistics/reviews/average',
    {
      config: { access: reporting, reads: REPORT_READS },
      schema: {
        tags: ['statistics'],
        summary: 'Average rating, star distribution and per source, with the previous period',
        querystring: statsQuery,
        response: { 200: averageReportSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => averageReport(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/statistics/reviews/volume',
    {
      config: { access: reporting, reads: REPORT_READS },
      schema: {
        tags: ['statistics'],
        summary: 'Review volume, response rate and time, sentiment and per source, with the previous period',
        querystring: statsQuery,
        response: { 200: volumeReportSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => volumeReport(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/statistics/export',
    {
      config: { access: reporting },
      onRequest: accessTokenFromQuery,
      schema: {
        tags: ['statistics'],
        summary:
          'Excel export of a reporting screen (statistics, rating, response_rate, trends, ranking) for the same filter; accepts access_token in the query for downloads',
        querystring: statsQuery.extend({
          report: z
            .enum(STAT_EXPORTS, { error: `report must be one of ${STAT_EXPORTS.join(', ')}` })
            .default('statistics'),
          access_token: z.string().optional(),
        }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const { filename, content } = await statisticsWorkbook(
        deps.reportDb,
        actingOf(request),
        request.query,
        request.query.report,
        await languageOf(request),
      );
      return sendWorkbook(reply, filename, content);
    },
  );
}

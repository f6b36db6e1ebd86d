import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook, type AnySheet } from '../statistics/excel';
import {
  CS_REPORTS,
  dashboardRange,
  feedbackReport,
  oauthReport,
  overviewReport,
  responseReport,
  type CsReport,
} from './service';
import type { DayRange } from './repository';
import type { Db } from '../../db/client';
import { xlsxFile } from '../../platform/openapi';
import { feedbackSchema, oauthSchema, overviewSchema, responseSchema } from './responses';

const tags = ['admin dashboard'];
const ownerOnly = access.roles(['owner']);
const rangeQuery = z.object({ dateFrom: z.string().max(10).optional(), dateTo: z.string().max(10).optional() });

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The sheet of one report, with the same figures the screen shows. */
async function reportSheet(db: Db, report: CsReport, range: DayRange): Promise<AnySheet> {
  const period = `Period ${range.from} to ${range.to}`;
  switch (report) {
    case 'overview': {
      const r = await overviewReport(db, range);
      type Row = (typeof r.data)[number];
      return {
        name: 'Overview',
        intro: [
          'CS dashboard: overview',
          period,
          `${r.totals.companies} companies, ${r.totals.reviews} reviews, average rating ${r.totals.avgRating ?? '-'}`,
        ],
        columns: [
          { header: 'Company', value: (c: Row) => c.company_name, width: 32 },
          { header: 'Partner', value: (c: Row) => c.partner_name ?? '', width: 22 },
          { header: 'Type', value: (c: Row) => c.type, width: 14 },
          { header: 'Package', value: (c: Row) => c.package, width: 12 },
          { header: 'Status', value: (c: Row) => c.status },
          { header: 'Locations', value: (c: Row) => c.locations },
          { header: 'Users', value: (c: Row) => c.users },
          { header: 'Reviews', value: (c: Row) => c.reviews, format: '#,##0' },
          { header: 'Average rating', value: (c: Row) => c.avgRating, format: '0.00', width: 15 },
          { header: 'Response rate %', value: (c: Row) => c.responseRate, format: '0.0', width: 16 },
          { header: 'Last review', value: (c: Row) => c.lastReviewDay, width: 12 },
          { header: 'Last sign-in', value: (c: Row) => c.lastLoginAt?.slice(0, 10) ?? '', width: 12 },
        ],
        rows: r.data,
      };
    }
    case 'response': {
      const r = await responseReport(db, range);
      type Row = (typeof r.data)[number];
      return {
        name: 'Response',
        intro: [
          'CS dashboard: response',
          period,
          `Response rate ${r.totals.responseRate ?? '-'}%, average response time ${r.totals.avgResponseHours ?? '-'} h`,
        ],
        columns: [
          { header: 'Company', value: (c: Row) => c.company_name, width: 32 },
          { header: 'Partner', value: (c: Row) => c.partner_name ?? '', width: 22 },
          { header: 'Reviews', value: (c: Row) => c.reviews, format: '#,##0' },
          { header: 'Responded', value: (c: Row) => c.responded, format: '#,##0' },
          { header: 'Response rate %', value: (c: Row) => c.responseRate, format: '0.0', width: 16 },
          { header: 'Avg response (h)', value: (c: Row) => c.avgResponseHours, format: '0.0', width: 16 },
          { header: 'Replies posted', value: (c: Row) => c.posted, width: 14 },
          { header: 'Replies failed', value: (c: Row) => c.failed, width: 14 },
          { header: 'Auto-responses', value: (c: Row) => c.auto, width: 14 },
          { header: 'AI replies', value: (c: Row) => c.ai },
          { header: 'From templates', value: (c: Row) => c.template, width: 14 },
        ],
        rows: r.data,
      };
    }
    case 'feedback': {
      const r = await feedbackReport(db, range);
      type Row = (typeof r.data)[number];
      return {
        name: 'Feedback',
        intro: [
          'CS dashboard: feedback',
          period,
          `${r.totals.feedback} feedback entries, average rating ${r.totals.avgRating ?? '-'}`,
        ],
        columns: [
          { header: 'Company', value: (c: Row) => c.company_name, width: 32 },
          { header: 'Partner', value: (c: Row) => c.partner_name ?? '', width: 22 },
          { header: 'Feedback feature', value: (c: Row) => yesNo(c.featureOn), width: 16 },
          { header: 'Feedback', value: (c: Row) => c.feedback },
          { header: 'Landing page answers', value: (c: Row) => c.answers },
          { header: 'NPS', value: (c: Row) => c.nps },
          { header: 'Average rating', value: (c: Row) => c.avgRating, format: '0.00', width: 15 },
          { header: 'Positive', value: (c: Row) => c.positive },
          { header: 'Neutral', value: (c: Row) => c.neutral },
          { header: 'Negative', value: (c: Row) => c.negative },
          { header: 'Answered', value: (c: Row) => c.responded },
        ],
        rows: r.data,
      };
    }
    case 'oauth': {
      const r = await oauthReport(db);
      type Row = (typeof r.data)[number];
      const state = (c: Row['google']) =>
        !c.connected
          ? 'Not connected'
          : c.reconnectNeeded
            ? 'Reconnect needed'
            : c.expired
              ? `Connected, ${c.expired} expired`
              : 'Connected';
      const synced = (c: Row['google']) =>
        c.stalestSyncAt ? `${c.stalestSyncAt.slice(0, 16).replace('T', ' ')} UTC` : c.locations ? 'never' : '';
      return {
        name: 'OAuth',
        intro: ['CS dashboard: Google and Facebook connections', `As of ${r.asOf}`],
        columns: [
          { header: 'Company', value: (c: Row) => c.company_name, width: 32 },
          { header: 'Partner', value: (c: Row) => c.partner_name ?? '', width: 22 },
          { header: 'Status', value: (c: Row) => c.status },
          { header: 'Locations', value: (c: Row) => c.locations },
          { header: 'Google', value: (c: Row) => state(c.google), width: 20 },
          { header: 'Google locations', value: (c: Row) => c.google.locations, width: 16 },
          { header: 'Google synced (stalest)', value: (c: Row) => synced(c.google), width: 22 },
          { header: 'Google sync failing', value: (c: Row) => c.google.failingLocations, width: 18 },
          { header: 'Google reviews removed', value: (c: Row) => c.google.removedReviews, width: 20 },
          { header: 'Facebook', value: (c: Row) => state(c.facebook), width: 20 },
          { header: 'Facebook locations', value: (c: Row) => c.facebook.locations, width: 18 },
          { header: 'Facebook synced (stalest)', value: (c: Row) => synced(c.facebook), width: 24 },
          { header: 'Facebook sync failing', value: (c: Row) => c.facebook.failingLocations, width: 20 },
          { header: 'Facebook reviews removed', value: (c: Row) => c.facebook.removedReviews, width: 22 },
        ],
        rows: r.data,
      };
    }
  }
}

export function csDashboardRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/admin/dashboard/overview',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary:
          'Every company over a period (default the last 30 days): locations, users, reviews, rating, response rate, last review and sign-in; reviews per day',
        querystring: rangeQuery,
        response: { 200: overviewSchema },
      },
    },
    async (request) => overviewReport(db, dashboardRange(request.query)),
  );

  app.get(
    '/v2/api/admin/dashboard/response',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary:
          'Response rate and time per company over a period, replies by status and origin (manual, template, AI, auto)',
        querystring: rangeQuery,
        response: { 200: responseSchema },
      },
    },
    async (request) => responseReport(db, dashboardRange(request.query)),
  );

  app.get(
    '/v2/api/admin/dashboard/feedback',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary: 'First-party feedback per company over a period: volume, rating, sentiment, star distribution',
        querystring: rangeQuery,
        response: { 200: feedbackSchema },
      },
    },
    async (request) => feedbackReport(db, dashboardRange(request.query)),
  );

  app.get(
    '/v2/api/admin/dashboard/oauth',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary: 'Google and Facebook connections per company: connected, locations covered, expired tokens',
        response: { 200: oauthSchema },
      },
    },
    async () => oauthReport(db),
  );

  app.get(
    '/v2/api/admin/dashboard/export',
    {
      config: { access: ownerOnly },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary:
          'Excel export of one CS dashboard report (overview, response, feedback, oauth) for the period; accepts access_token in the query',
        querystring: rangeQuery.extend({
          report: z.enum(CS_REPORTS, { error: `report must be one of ${CS_REPORTS.join(', ')}` }).default('overview'),
          access_token: z.string().optional(),
        }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const range = dashboardRange(request.query);
      const sheet = await reportSheet(db, request.query.report, range);
      return sendWorkbook(
        reply,
        `cs-dashboard-${request.query.report}-${range.from}-${range.to}.xlsx`,
        await buildWorkbook([sheet]),
      );
    },
  );
}

import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { sendReport, sendReportInLanguage } from '../../platform/reportCache';
import { statsQuery } from '../statistics/schemas';
import {
  feedbackWidgetSchema,
  netPromoterScoreSchema,
  otherWidgetSchema,
  premiumWidgetSchema,
  reputationScoreSchema,
} from './responses';
import { feedbackWidget, netPromoterScoreWidget, otherWidget, premiumWidget, reputationScoreWidget } from './service';
import { BENCHMARK_READS } from '../../platform/dataChanges';

const dashboard = access.signedIn({ company: true });

export function dashboardRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/dashboard/reputationScore',
    {
      config: { access: dashboard, reads: BENCHMARK_READS },
      schema: {
        tags: ['dashboard'],
        summary:
          'Reputation score 0-100 (rating, sentiment, response rate, volume, recency) with its parts and the previous period',
        querystring: statsQuery,
        response: { 200: reputationScoreSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => reputationScoreWidget(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/dashboard/netPromoterScore',
    {
      config: { access: dashboard, reads: BENCHMARK_READS },
      schema: {
        tags: ['dashboard'],
        summary:
          "Net Promoter Score of the landing pages' answers: 0-10 answers promote at 9-10, are passive at 7-8; star answers promote at 5, are passive at 4; the rest detract",
        querystring: statsQuery,
        response: { 200: netPromoterScoreSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () =>
        netPromoterScoreWidget(deps.reportDb, actingOf(request), request.query),
      ),
  );
  app.get(
    '/v2/api/dashboard/feedback',
    {
      config: { access: dashboard, reads: BENCHMARK_READS },
      schema: {
        tags: ['dashboard'],
        summary: 'First-party feedback: volume, rating, unanswered and the newest',
        querystring: statsQuery,
        response: { 200: feedbackWidgetSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => feedbackWidget(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/dashboard/other',
    {
      config: { access: dashboard, reads: BENCHMARK_READS },
      schema: {
        tags: ['dashboard'],
        summary: 'Volume, rating, replies, sentiment and sources at a glance',
        querystring: statsQuery,
        response: { 200: otherWidgetSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => otherWidget(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v2/api/dashboard/premium',
    {
      config: { access: dashboard, reads: BENCHMARK_READS },
      schema: {
        tags: ['dashboard'],
        summary:
          'Highlights of the premium features the company has: top topics (Insights Report) and competitor standing (Competitor Benchmarking)',
        querystring: statsQuery,
        response: { 200: premiumWidgetSchema },
      },
    },
    async (request, reply) =>
      sendReportInLanguage(deps.db, request, reply, (language) =>
        premiumWidget(deps.reportDb, actingOf(request), request.query, language),
      ),
  );
}

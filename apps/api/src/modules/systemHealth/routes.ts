import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { pagingQuery, totalPages } from '../../platform/paging';
import { createLatencyRecorder } from './latency';
import { locationsBySync } from './repository';
import { companyHealth, healthSummary, STALE_HOURS } from './service';
import { companyHealthSchema, healthSummarySchema, locationSyncSchema, performanceSchema } from './responses';

const tags = ['system health'];
const ownerOnly = access.roles(['owner']);
const API_PATH = /^\/(v2|v3|api)\//;

/**
 * System health (Owner only), from real measurements: the database round trip, the job queue, sync
 * freshness per source from reviews.fetched_at, failed replies, and API latency measured here.
 */
export function systemHealthRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const startedAt = Date.now();
  const latency = createLatencyRecorder(startedAt);
  const driver = deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)';

  // Every API answer is timed by its route pattern (not the raw URL, so ids do not multiply entries).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route || !API_PATH.test(route)) return;
    latency.record(`${request.method} ${route}`, reply.statusCode, reply.elapsedTime);
  });

  app.get(
    '/v2/api/admin/systemhealth',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary:
          'Status with reasons, database latency, job queue depth and dead jobs, mails retrying or given up, outside services (ok, degraded or not configured), API requests and errors, sync freshness per source, failed replies',
        response: { 200: healthSummarySchema },
      },
    },
    async () => healthSummary(db, latency, { driver, startedAt, config: deps.config }),
  );

  app.get(
    '/v2/api/admin/systemhealth/companies',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary: `Per company: newest review fetch, reviews fetched in the last day and week, sources not synced for ${STALE_HOURS} h, failed replies this week`,
        response: { 200: companyHealthSchema },
      },
    },
    async () => ({ data: await companyHealth(db), staleHours: STALE_HOURS }),
  );

  app.get(
    '/v2/api/admin/systemhealth/locations',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary: 'Locations by the age of their newest fetched review, stalest first',
        querystring: pagingQuery.extend({ company: idSchema('company').optional() }),
        response: { 200: locationSyncSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const now = Date.now();
      const { rows, total } = await locationsBySync(
        db,
        { companyId: q.company, page: q.page, perPage: q.per_page },
        new Date(now),
      );
      const data = rows.map((r) => ({
        id: r.id,
        title: r.title,
        locationId: r.code,
        companyId: r.companyId,
        company_name: r.companyName,
        sources: Object.keys(r.sourceUrls),
        fetchedLastWeek: r.fetchedLastWeek,
        lastFetchedAt: r.lastFetchedAt,
        ageHours: r.lastFetchedAt ? Math.round((now - new Date(r.lastFetchedAt).getTime()) / 360_000) / 10 : null,
      }));
      return { data, total, page: q.page, per_page: q.per_page, total_pages: totalPages(total, q.per_page) };
    },
  );

  app.get(
    '/v2/api/admin/systemhealth/performance',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary:
          'API latency measured in this process: percentiles, histogram, per route, per minute for the last hour',
        querystring: z.object({ routes: z.coerce.number().int().min(1).max(200).default(25) }),
        response: { 200: performanceSchema },
      },
    },
    async (request) => {
      const snap = latency.snapshot();
      return { ...snap, routes: snap.routes.slice(0, request.query.routes) };
    },
  );
}

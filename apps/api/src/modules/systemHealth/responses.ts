import { z } from 'zod';
import { pageFields } from '../statistics/responses';

/** System health's answers, as the service builds them (the serializer drops what is not named here). */

const n = z.number();
const nullableNumber = z.number().nullable();
const errorCounts = { errors4xx: n, errors5xx: n };

export const healthSummarySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  reasons: z.array(z.string()),
  checkedAt: z.string(),
  uptimeSeconds: n,
  database: z.object({ driver: z.string(), latencyMs: n }),
  queue: z.object({
    queued: n,
    running: n,
    retrying: n,
    dead: n,
    due: n,
    deadLastDay: n,
    oldestDueAt: z.string().nullable(),
    recentDead: z.array(
      z.object({ id: n, name: z.string(), error: z.string().nullable(), attempts: n, at: z.string().nullable() }),
    ),
  }),
  mail: z.object({
    retrying: n,
    nextAttemptAt: z.string().nullable(),
    failedLastDay: n,
    recentFailed: z.array(
      z.object({
        id: n,
        to: z.string(),
        subject: z.string(),
        error: z.string().nullable(),
        attempts: n,
        at: z.string(),
      }),
    ),
  }),
  services: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      state: z.enum(['ok', 'degraded', 'not configured']),
      detail: z.string(),
    }),
  ),
  api: z.object({
    requests: n,
    ...errorCounts,
    lastHour: z.object({ count: n, ...errorCounts, p95: nullableNumber }),
    recent: z.object({ count: n, p50: nullableNumber, p95: nullableNumber, p99: nullableNumber }),
  }),
  replies: z.object({ failedLastDay: n }),
  tenancy: z.object({ companies: n, activeCompanies: n, locations: n, locationsWithoutReviews: n }),
  sync: z.array(
    z.object({
      source: z.string(),
      title: z.string(),
      ageHours: nullableNumber,
      stale: z.boolean(),
      lastFetchedAt: z.string().nullable(),
      fetchedLastDay: n,
      companies: n,
      staleCompanies: n,
    }),
  ),
  /** Review sync by OAuth connection (Google, Facebook): accounts, reconnects, failing and late locations. */
  connections: z.array(
    z.object({
      source: z.string(),
      title: z.string(),
      accounts: n,
      reconnectNeeded: n,
      locations: n,
      failingLocations: n,
      overdueLocations: n,
      stalestSyncAt: z.string().nullable(),
    }),
  ),
});

export const companyHealthSchema = z.object({
  data: z.array(
    z.object({
      id: n,
      company_name: z.string(),
      status: z.string(),
      lastFetchedAt: z.string().nullable(),
      ageHours: nullableNumber,
      fetchedLastDay: n,
      fetchedLastWeek: n,
      sources: n,
      staleSources: z.array(z.object({ value: z.string(), title: z.string() })),
      failedReplies: n,
    }),
  ),
  staleHours: n,
});

export const locationSyncSchema = z.object({
  ...pageFields,
  data: z.array(
    z.object({
      id: n,
      title: z.string(),
      locationId: z.string().nullable(),
      companyId: n,
      company_name: z.string(),
      sources: z.array(z.string()),
      fetchedLastWeek: n,
      lastFetchedAt: z.string().nullable(),
      ageHours: nullableNumber,
    }),
  ),
});

export const performanceSchema = z.object({
  since: z.string(),
  total: z.object({ count: n, ...errorCounts, avgMs: nullableNumber, maxMs: n }),
  recent: z.object({ count: n, p50: nullableNumber, p95: nullableNumber, p99: nullableNumber }),
  lastHour: z.object({ count: n, ...errorCounts, p95: nullableNumber }),
  /** Requests per latency bucket: at most `le` ms, null for the slowest. */
  histogram: z.array(z.object({ le: nullableNumber, count: n })),
  routes: z.array(z.object({ route: z.string(), count: n, avgMs: n, p95: nullableNumber, maxMs: n, ...errorCounts })),
  minutes: z.array(z.object({ minute: z.string(), count: n, errors: n, avgMs: nullableNumber, p95: nullableNumber })),
});

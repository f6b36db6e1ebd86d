import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { notFound, unauthorized } from './errors';

/**
 * Prometheus metrics at `GET /metrics` (prom-client), answered only with `Authorization: Bearer
 * <METRICS_TOKEN>` (unset: no metrics, 404). Process-wide figures (CPU, memory, event loop, mail and
 * connector failures) live in one registry; each app adds its own (request durations, the job queue
 * and the database pool, read when scraped) in a registry of its own, merged at each scrape.
 */
const processRegistry = new Registry();
let processFiguresOn = false;

/** CPU, memory, event loop and GC figures: their observers start only on a server that serves metrics. */
function collectProcessFigures(): void {
  if (processFiguresOn) return;
  processFiguresOn = true;
  collectDefaultMetrics({ register: processRegistry, prefix: 'reputo_' });
}

/** A mail attempt that failed (to be retried, or given up). */
export const mailFailures = new Counter({
  name: 'reputo_mail_failures_total',
  help: 'Mail delivery attempts that failed',
  labelNames: ['final'] as const,
  registers: [processRegistry],
});

/** A call to an outside service that failed: its answer was refused, or it did not answer. */
export const connectorFailures = new Counter({
  name: 'reputo_connector_failures_total',
  help: 'Calls to outside services (review sources, Graph API, SMS, AI) that failed',
  labelNames: ['connector'] as const,
  registers: [processRegistry],
});

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The pg pool behind a Drizzle instance on PostgreSQL (`$client`); PGlite has none. */
function poolOf(db: Db): PoolLike | null {
  // Drizzle keeps its client as `$client`, not in PgDatabase's type; only a pg.Pool has these counts.
  const client = (db as unknown as { $client?: Partial<PoolLike> }).$client;
  return client && typeof client.totalCount === 'number' ? (client as PoolLike) : null;
}

function appRegistry(db: Db) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'reputo_http_request_duration_seconds',
    help: 'Time to answer a request, per route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queued = new Gauge({
    name: 'reputo_jobs_queued',
    help: 'Jobs waiting in the queue, per kind (due now or later)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'reputo_jobs_oldest_due_seconds',
    help: 'How long the oldest due job has waited, per kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  /** Both queue gauges from one statement, read once per scrape. */
  const readQueue = async () => {
    const rows = await queueRows(db);
    queued.reset();
    oldestDue.reset();
    for (const row of rows) {
      queued.set({ kind: row.name }, Number(row.queued));
      oldestDue.set({ kind: row.name }, Number(row.oldest_due_seconds ?? 0));
    }
  };
  new Gauge({
    name: 'reputo_jobs_dead',
    help: 'Jobs that used up their attempts and wait for someone to look (system health lists them)',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'dead'`),
      );
      this.set(Number(row?.n ?? 0));
    },
  });
  const pool = poolOf(db);
  if (pool)
    new Gauge({
      name: 'reputo_db_pool_connections',
      help: 'PostgreSQL pool connections: open, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  return { registry, requestDuration, readQueue };
}

async function queueRows(db: Db) {
  return rowsOf<{ name: string; queued: number; oldest_due_seconds: number | null }>(
    await db.execute(sql`SELECT name, count(*)::int AS queued,
      extract(epoch FROM statement_timestamp() - min(run_at) FILTER (WHERE run_at <= statement_timestamp()))::float AS oldest_due_seconds
      FROM jobs WHERE status = 'queued' GROUP BY name`),
  );
}

export interface Metrics {
  /** The Prometheus text of this process and app, when the token is right (else an AppError). */
  scrape(authorization: string | undefined): Promise<{ contentType: string; body: string }>;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const metricsOff: Metrics = {
  scrape: () => Promise.reject(notFound('Metrics are off on this server (METRICS_TOKEN)')),
};

/**
 * With a token, times every answered request by its route pattern (the scrape is served by the
 * system routes); without one, adds nothing to the request path.
 */
export function useMetrics(fastify: FastifyInstance, db: Db, token: string | undefined): Metrics {
  if (!token) return metricsOff;
  collectProcessFigures();
  const { registry, requestDuration, readQueue } = appRegistry(db);
  fastify.addHook('onResponse', async (request, reply) => {
    // The route's pattern, not its URL: ids would make a series per review. Unknown paths share one.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  return {
    async scrape(authorization) {
      if (!sameToken((authorization ?? '').replace(/^Bearer /i, ''), token))
        throw unauthorized('The metrics token is missing or wrong');
      await readQueue();
      const merged = Registry.merge([processRegistry, registry]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}

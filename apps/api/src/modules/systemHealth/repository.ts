import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { companies, jobs, locations, mailOutbox, responses, reviews } from '../../db/schema';

/** Round trip of a trivial query, in milliseconds. */
export async function databaseLatency(db: Db): Promise<number> {
  const t0 = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - t0;
}

export async function queueFacts(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [byStatus, [due], [retrying], [oldest], recentDead, [deadDay]] = await Promise.all([
    db
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running', 'dead']))
      .groupBy(jobs.status),
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now))),
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), gt(jobs.attempts, 0))),
    db
      .select({ runAt: sql<string | null>`min(${jobs.runAt})` })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now))),
    db
      .select({
        id: jobs.id,
        name: jobs.name,
        lastError: jobs.lastError,
        finishedAt: jobs.finishedAt,
        attempts: jobs.attempts,
      })
      .from(jobs)
      .where(eq(jobs.status, 'dead'))
      .orderBy(desc(jobs.finishedAt))
      .limit(10),
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.status, 'dead'), gte(jobs.finishedAt, dayAgo))),
  ]);
  const of = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  return {
    queued: of('queued'),
    running: of('running'),
    retrying: retrying?.n ?? 0,
    dead: of('dead'),
    due: due?.n ?? 0,
    deadLastDay: deadDay?.n ?? 0,
    oldestDueAt: oldest?.runAt ? new Date(oldest.runAt).toISOString() : null,
    recentDead: recentDead.map((j) => ({
      id: j.id,
      name: j.name,
      error: j.lastError,
      attempts: j.attempts,
      at: j.finishedAt?.toISOString() ?? null,
    })),
  };
}

/** Mails by state: waiting for a retry, given up in the last day, and the latest given up. */
export async function mailFacts(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [[retrying], [failedDay], recentFailed] = await Promise.all([
    db
      .select({ n: count(), next: sql<string | null>`min(${mailOutbox.nextAttemptAt})` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'retrying')),
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'failed'), gte(mailOutbox.createdAt, dayAgo))),
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        error: mailOutbox.error,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'failed'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(10),
  ]);
  return {
    retrying: retrying?.n ?? 0,
    nextAttemptAt: retrying?.next ? new Date(retrying.next).toISOString() : null,
    failedLastDay: failedDay?.n ?? 0,
    recentFailed: recentFailed.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      error: m.error,
      attempts: m.attempts,
      at: m.createdAt.toISOString(),
    })),
  };
}

/**
 * Sync freshness of every configured source of every company: its newest fetched review and how many
 * arrived in the last day and week. One index probe per (company, source) pair on
 * reviews_company_source_fetched_idx, never a scan of the reviews.
 */
export async function syncPairs(db: Db, now: Date) {
  const day = new Date(now.getTime() - 86_400_000).toISOString();
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const result = await db.execute(sql`
    SELECT c.id AS company_id, s.source,
      (SELECT max(r.fetched_at) FROM reviews r WHERE r.company_id = c.id AND r.source = s.source AND r.is_competitor = false) AS last_fetched_at,
      (SELECT count(*) FROM reviews r WHERE r.company_id = c.id AND r.source = s.source AND r.is_competitor = false AND r.fetched_at > ${day}::timestamptz)::int AS day,
      (SELECT count(*) FROM reviews r WHERE r.company_id = c.id AND r.source = s.source AND r.is_competitor = false AND r.fetched_at > ${week}::timestamptz)::int AS week
    FROM companies c CROSS JOIN LATERAL jsonb_array_elements_text(c.sources) AS s(source)
    WHERE s.source <> 'feedback'`);
  type Row = { company_id: number; source: string; last_fetched_at: string | Date | null; day: number; week: number };
  return rowsOf<Row>(result).map((r) => ({
    companyId: Number(r.company_id),
    source: r.source,
    lastFetchedAt: r.last_fetched_at ? new Date(r.last_fetched_at).toISOString() : null,
    day: Number(r.day),
    week: Number(r.week),
  }));
}

/**
 * Review-sync connections per source (integrations module): accounts, those needing a reconnect,
 * mapped locations, those whose last run failed, those overdue (next run over an hour late), and the
 * stalest location sync. One pass over source_connections (a row per connected location).
 */
export async function connectionFacts(db: Db, now: Date) {
  const late = new Date(now.getTime() - 3_600_000).toISOString();
  const result = await db.execute(sql`
    SELECT source,
      count(*) FILTER (WHERE location_id = 0)::int AS accounts,
      count(*) FILTER (WHERE location_id = 0 AND status = 'reconnect_needed')::int AS reconnect_needed,
      count(*) FILTER (WHERE location_id <> 0)::int AS locations,
      count(*) FILTER (WHERE location_id <> 0 AND last_error_at IS NOT NULL
        AND (last_sync_at IS NULL OR last_error_at > last_sync_at))::int AS failing,
      count(*) FILTER (WHERE location_id <> 0 AND next_sync_at < ${late}::timestamptz)::int AS overdue,
      min(last_sync_at) FILTER (WHERE location_id <> 0) AS stalest_sync_at
    FROM source_connections GROUP BY source ORDER BY source`);
  type Row = {
    source: string;
    accounts: number;
    reconnect_needed: number;
    locations: number;
    failing: number;
    overdue: number;
    stalest_sync_at: string | Date | null;
  };
  return rowsOf<Row>(result).map((r) => ({
    source: r.source,
    accounts: Number(r.accounts),
    reconnectNeeded: Number(r.reconnect_needed),
    locations: Number(r.locations),
    failingLocations: Number(r.failing),
    overdueLocations: Number(r.overdue),
    stalestSyncAt: r.stalest_sync_at ? new Date(r.stalest_sync_at).toISOString() : null,
  }));
}

export async function companiesForHealth(db: Db) {
  return db
    .select({ id: companies.id, name: companies.companyName, status: companies.status, sources: companies.sources })
    .from(companies)
    .orderBy(asc(companies.companyName));
}

/** Replies that failed to post since a time, per company. */
export async function failedRepliesSince(db: Db, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ companyId: responses.companyId, n: count() })
    .from(responses)
    .where(and(eq(responses.status, 'failed'), gte(responses.createdAt, since)))
    .groupBy(responses.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

/** Locations by the age of their newest fetched review, stalest first (never-synced first of all); index probes per location. */
export async function locationsBySync(db: Db, q: { companyId?: number; page: number; perPage: number }, now: Date) {
  const week = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const last = sql<
    string | null
  >`(select max(r.fetched_at) from ${reviews} r where r.location_id = ${locations.id} and r.is_competitor = false)`;
  const where = q.companyId === undefined ? undefined : eq(locations.companyId, q.companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: locations.id,
        title: locations.title,
        code: locations.locationId,
        companyId: locations.companyId,
        companyName: companies.companyName,
        sourceUrls: locations.sourceUrls,
        lastFetchedAt: last,
        fetchedLastWeek: sql<number>`(select count(*) from ${reviews} r where r.location_id = ${locations.id} and r.is_competitor = false and r.fetched_at > ${week}::timestamptz)::int`,
      })
      .from(locations)
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .where(where)
      .orderBy(sql`${last} asc nulls first`, asc(locations.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(locations).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, lastFetchedAt: r.lastFetchedAt ? new Date(r.lastFetchedAt).toISOString() : null })),
    total: total?.n ?? 0,
  };
}

/** Companies and locations in numbers, for the summary. */
export async function tenancyCounts(db: Db) {
  const [[c], [l], [unsynced]] = await Promise.all([
    db
      .select({ n: count(), active: sql<number>`count(*) filter (where ${companies.status} = 'active')::int` })
      .from(companies),
    db.select({ n: count() }).from(locations),
    db
      .select({ n: count() })
      .from(locations)
      .where(
        sql`not exists (select 1 from ${reviews} r where r.location_id = ${locations.id} and r.is_competitor = false)`,
      ),
  ]);
  return {
    companies: c?.n ?? 0,
    activeCompanies: c?.active ?? 0,
    locations: l?.n ?? 0,
    locationsWithoutReviews: unsynced?.n ?? 0,
  };
}

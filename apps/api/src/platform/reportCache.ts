import type { FastifyInstance } from 'fastify';
import type { ActingContext } from './acting';

/**
 * Reports (dashboard widgets, statistics, insights, benchmarks) are read far more often than a
 * company's reviews change: every member who opens the dashboard asks the same sums again. A report
 * is kept for REPORT_CACHE_SECONDS (30 by default; 0 turns the cache off) under a key of everything
 * it depends on (the URL with its filter, the acting company and its write version, the locations
 * the user may see, role, features, week start, company type and the UTC day), so two members with
 * the same view share it.
 *
 * Every successful write request drops the cached reports of the company it acted for (of every
 * company when it acted for none), before its answer is sent, so a user never reads a report older
 * than their own change; background work that writes reviews (uploads, text analysis) calls
 * `companyDataChanged` when it commits. Anything else shows up within the TTL. Why: at 1,000
 * locations a report costs 5 to 100 ms of SQL, and on two cores 32 users asking at once waited
 * 0.2 to 2 s for it (bench/RESULTS.md).
 */
const MAX_REPORTS = 300;

/** Write versions per company, for every database of this process (a bump only costs a miss). */
const versions = new Map<number, number>();
/** Bumped by writes that acted for no company (an owner's or partner's admin screens): every key misses. */
let everyCompany = 0;

/** The company's reviews, replies, locations or settings changed: cached reports and counts of it are stale. */
export function companyDataChanged(companyId: number): void {
  versions.set(companyId, (versions.get(companyId) ?? 0) + 1);
}

/** The company's write version, for keys of caches that must miss after a write. */
export function companyVersion(companyId: number): string {
  return `${everyCompany}.${versions.get(companyId) ?? 0}`;
}

interface Entry {
  value: Promise<unknown>;
  at: number;
}

/**
 * A short-lived cache of reads about companies, per database (one process may serve several, as the
 * tests do), holding at most `maxEntries`. `key` must hold the company's write version
 * (companyVersion), so a write makes its entries miss. Concurrent reads of one key share one
 * computation; a failed computation is not kept.
 */
export function companyReadCache(maxEntries: number) {
  const stores = new WeakMap<object, Map<string, Entry>>();
  const storeOf = (db: object) => {
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    return store;
  };
  return function read<T>(db: object, key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const store = storeOf(db);
    const now = Date.now();
    const hit = store.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = compute();
    if (store.size >= maxEntries) store.delete(store.keys().next().value!);
    store.set(key, { value, at: now });
    value.catch(() => {
      if (store.get(key)?.value === value) store.delete(key);
    });
    return value;
  };
}

const reports = companyReadCache(MAX_REPORTS);
/** The report TTL of each app's database, set by useReportCache; none means reports are not cached. */
const reportTtls = new WeakMap<object, number>();

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Caches the app's reports for `ttlSeconds` (0: never) and drops them on every successful write request, before its answer goes out. */
export function useReportCache(app: FastifyInstance, db: object, ttlSeconds: number): void {
  if (ttlSeconds > 0) reportTtls.set(db, ttlSeconds * 1000);
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return;
    const companyId = request.acting?.companyId ?? null;
    if (companyId === null) everyCompany += 1;
    else companyDataChanged(companyId);
  });
}

function reportKey(ctx: ActingContext, url: string): string | null {
  if (ctx.companyId === null) return null;
  return [
    ctx.companyId, companyVersion(ctx.companyId), new Date().toISOString().slice(0, 10), ctx.role, [...ctx.features].sort().join('.'),
    ctx.locationIds?.join('.') ?? '*', ctx.user.weekStart, ctx.company?.type ?? '', ctx.company?.updatedAt?.getTime() ?? 0, ctx.iframe?.view ?? '', url,
  ].join('|');
}

/** The report for this request, computed once per view and TTL (see companyReadCache). */
export function cachedReport<T>(db: object, ctx: ActingContext, url: string, compute: () => Promise<T>): Promise<T> {
  const ttlMs = reportTtls.get(db);
  const key = reportKey(ctx, url);
  return ttlMs && key !== null ? reports(db, key, ttlMs, compute) : compute();
}

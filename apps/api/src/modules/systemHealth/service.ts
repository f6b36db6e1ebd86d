import { sourceTitle } from '@reputo/core';
import type { Db } from '../../db/client';
import type { LatencyRecorder } from './latency';
import type { Config } from '../../config';
import {
  companiesForHealth,
  databaseLatency,
  failedRepliesSince,
  mailFacts,
  queueFacts,
  syncPairs,
  connectionFacts,
  tenancyCounts,
} from './repository';

/** A source whose newest review was fetched longer ago than this is reported as stale. */
export const STALE_HOURS = 48;
const HOUR = 3_600_000;

/** Thresholds behind "degraded": each one a reason shown on the page. */
const LIMITS = { dbMs: 250, p95Ms: 1000, dueJobs: 100 };

function ageHours(iso: string | null, now: Date): number | null {
  return iso ? Math.round(((now.getTime() - new Date(iso).getTime()) / HOUR) * 10) / 10 : null;
}

/** Freshness per source across companies, from the per-(company, source) probes. */
function bySource(pairs: Awaited<ReturnType<typeof syncPairs>>, now: Date) {
  const out = new Map<
    string,
    { source: string; lastFetchedAt: string | null; fetchedLastDay: number; companies: number; staleCompanies: number }
  >();
  for (const p of pairs) {
    const s = out.get(p.source) ?? {
      source: p.source,
      lastFetchedAt: null,
      fetchedLastDay: 0,
      companies: 0,
      staleCompanies: 0,
    };
    if (p.lastFetchedAt && (!s.lastFetchedAt || p.lastFetchedAt > s.lastFetchedAt)) s.lastFetchedAt = p.lastFetchedAt;
    s.fetchedLastDay += p.day;
    s.companies += 1;
    if ((ageHours(p.lastFetchedAt, now) ?? Infinity) > STALE_HOURS) s.staleCompanies += 1;
    out.set(p.source, s);
  }
  return [...out.values()];
}

type ServiceState = 'ok' | 'degraded' | 'not configured';
type ServiceConfig = Pick<Config, 'smtpUrl' | 'translate' | 'openai' | 'pusher'>;

/**
 * Outside services by state. One that is optional and not configured says so: it is a choice of the
 * installation (mails stay in the outbox, replies use the built-in writer), not a fault.
 */
function servicesOf(config: ServiceConfig, mail: Awaited<ReturnType<typeof mailFacts>>) {
  const mailState: ServiceState = !config.smtpUrl
    ? 'not configured'
    : mail.retrying || mail.failedLastDay
      ? 'degraded'
      : 'ok';
  return [
    {
      key: 'mail',
      title: 'Mail (SMTP)',
      state: mailState,
      detail: config.smtpUrl
        ? `${mail.retrying} waiting to retry, ${mail.failedLastDay} given up in the last 24 hours`
        : 'Mails are kept in the outbox only (SMTP_URL is not set).',
    },
    {
      key: 'translation',
      title: 'Translation',
      state: (config.translate ? 'ok' : 'not configured') as ServiceState,
      detail: config.translate ? 'LibreTranslate-compatible server' : 'TRANSLATE_URL is not set.',
    },
    {
      key: 'ai',
      title: 'AI replies',
      state: (config.openai ? 'ok' : 'not configured') as ServiceState,
      detail: config.openai
        ? `OpenAI-compatible endpoint, model ${config.openai.model}`
        : 'The built-in reply writer is used (OPENAI_BASE_URL is not set).',
    },
    {
      key: 'realtime',
      title: 'Realtime',
      state: 'ok' as ServiceState,
      detail: config.pusher ? 'Pusher Channels' : 'Embedded Pusher-protocol endpoint',
    },
  ];
}

export async function healthSummary(
  db: Db,
  latency: LatencyRecorder,
  opts: { driver: string; startedAt: number; config: ServiceConfig },
  now = new Date(),
) {
  const [dbMs, queue, mail, pairs, counts, failedReplies, connections] = await Promise.all([
    databaseLatency(db),
    queueFacts(db, now),
    mailFacts(db, now),
    syncPairs(db, now),
    tenancyCounts(db),
    failedRepliesSince(db, new Date(now.getTime() - 24 * HOUR)),
    connectionFacts(db, now),
  ]);
  const sources = bySource(pairs, now);
  const api = latency.snapshot(now.getTime());
  const sync = sources
    .map((s) => ({
      ...s,
      title: sourceTitle(s.source),
      ageHours: ageHours(s.lastFetchedAt, now),
      stale: s.staleCompanies > 0,
    }))
    .sort((a, b) => (b.ageHours ?? 0) - (a.ageHours ?? 0));
  const reasons: string[] = [];
  if (dbMs > LIMITS.dbMs) reasons.push(`The database answered in ${Math.round(dbMs)} ms (over ${LIMITS.dbMs} ms).`);
  if (queue.deadLastDay > 0)
    reasons.push(`${queue.deadLastDay} background job(s) failed their last attempt in the last 24 hours.`);
  if (mail.retrying > 0) reasons.push(`${mail.retrying} mail(s) could not be delivered yet and will be retried.`);
  if (mail.failedLastDay > 0)
    reasons.push(`${mail.failedLastDay} mail(s) could not be delivered after every retry in the last 24 hours.`);
  if (queue.due > LIMITS.dueJobs) reasons.push(`${queue.due} jobs are waiting to run.`);
  if (api.lastHour.errors5xx > 0) reasons.push(`${api.lastHour.errors5xx} server error(s) in the last hour.`);
  if ((api.lastHour.p95 ?? 0) > LIMITS.p95Ms)
    reasons.push(`API p95 latency is over ${LIMITS.p95Ms} ms in the last hour.`);
  const staleSources = sync.filter((s) => s.stale);
  if (staleSources.length)
    reasons.push(`${staleSources.length} source(s) have not synced for over ${STALE_HOURS} hours at some company.`);
  const reconnect = connections.reduce((s, c) => s + c.reconnectNeeded, 0);
  if (reconnect) reasons.push(`${reconnect} review source connection(s) need to be connected again.`);
  const failing = connections.reduce((s, c) => s + c.failingLocations, 0);
  if (failing) reasons.push(`The last review sync failed for ${failing} location(s).`);
  const overdue = connections.reduce((s, c) => s + c.overdueLocations, 0);
  if (overdue) reasons.push(`${overdue} location review sync(s) are over an hour late.`);
  return {
    status: reasons.length ? ('degraded' as const) : ('ok' as const),
    reasons,
    checkedAt: now.toISOString(),
    uptimeSeconds: Math.round((now.getTime() - opts.startedAt) / 1000),
    database: { driver: opts.driver, latencyMs: Math.round(dbMs * 10) / 10 },
    queue,
    mail,
    services: servicesOf(opts.config, mail),
    api: {
      requests: api.total.count,
      errors4xx: api.total.errors4xx,
      errors5xx: api.total.errors5xx,
      lastHour: api.lastHour,
      recent: api.recent,
    },
    replies: { failedLastDay: [...failedReplies.values()].reduce((s, n) => s + n, 0) },
    tenancy: counts,
    sync,
    connections: connections.map((c) => ({ ...c, title: sourceTitle(c.source) })),
  };
}

/** Per company: newest fetch, reviews fetched in the last day and week, stale sources, failed replies this week. */
export async function companyHealth(db: Db, now = new Date()) {
  const [list, pairs, failed] = await Promise.all([
    companiesForHealth(db),
    syncPairs(db, now),
    failedRepliesSince(db, new Date(now.getTime() - 7 * 24 * HOUR)),
  ]);
  return list.map((c) => {
    const mine = pairs.filter((p) => p.companyId === c.id);
    const last = mine.reduce<string | null>(
      (acc, p) => (p.lastFetchedAt && (!acc || p.lastFetchedAt > acc) ? p.lastFetchedAt : acc),
      null,
    );
    const stale = mine.filter((p) => (ageHours(p.lastFetchedAt, now) ?? Infinity) > STALE_HOURS);
    return {
      id: c.id,
      company_name: c.name,
      status: c.status,
      lastFetchedAt: last,
      ageHours: ageHours(last, now),
      fetchedLastDay: mine.reduce((s, p) => s + p.day, 0),
      fetchedLastWeek: mine.reduce((s, p) => s + p.week, 0),
      sources: c.sources.length,
      staleSources: stale.map((p) => ({ value: p.source, title: sourceTitle(p.source) })),
      failedReplies: failed.get(c.id) ?? 0,
    };
  });
}

import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { UiLanguage } from '@reputo/core';
import { actingOf } from './access';
import { languageOf } from './i18n';
import type { ActingContext } from './acting';
import { useWriteTracking, type DependsOn } from './dataChanges';
import { companyReadCache } from './readCache';

/**
 * Reports (dashboard widgets, statistics, insights, benchmarks) and review list pages are read far
 * more often than a company's reviews change: every member who opens the dashboard or the reviews
 * asks the same sums and the same first page again. A report (or page)
 * is kept for REPORT_CACHE_SECONDS (30 by default; 0 turns the cache off) under a key of everything
 * it depends on (the URL with its filter, the acting company, the locations the user may see, role,
 * features, week start, company type and the UTC day, and the language of a report that has texts
 * in it, such as topic titles), so two members with the same view share it.
 * What is kept is the answer's JSON text, and its gzip once a client that accepts gzip asked: a
 * ranking of 1,000 locations is 400 kB of JSON, and serialising it for every request cost more
 * than the sums behind it (bench/RESULTS.md).
 *
 * A report route declares the kinds of data it is computed from (`config.reads`); a successful
 * write drops the reports of the company it changed that read a kind it declared
 * (dataChanges.ts), before its answer is sent, so a user never reads a report older than their own
 * change, while a sign-in, another company's write or a template's change keeps them. Anything
 * changed outside the API shows up within the TTL. Why: at 1,000 locations a report costs 5 to
 * 100 ms of SQL, and on two cores 32 users asking at once waited 0.2 to 2 s for it (bench/RESULTS.md).
 */
const MAX_REPORTS = 500;

const reports = companyReadCache(MAX_REPORTS);
/** The report TTL of each app's database, set by useReportCache; none means reports are not cached. */
const reportTtls = new WeakMap<object, number>();

/** Caches the app's reports for `ttlSeconds` (0: never), dropped by the writes that change what they read. */
export function useReportCache(app: FastifyInstance, db: object, ttlSeconds: number): void {
  if (ttlSeconds > 0) reportTtls.set(db, ttlSeconds * 1000);
  useWriteTracking(app);
}

/** What a cached report of this request depends on: the acting company's data of the kinds its route reads. */
function dependsOn(request: FastifyRequest, ctx: ActingContext): DependsOn {
  const kinds = request.routeOptions.config.reads;
  if (!kinds) throw new Error(`Route ${request.routeOptions.url} sends a cached report but declares no reads`);
  return { companyId: ctx.companyId, kinds };
}

function reportKey(ctx: ActingContext, url: string, language = ''): string | null {
  if (ctx.companyId === null) return null;
  return [
    ctx.companyId,
    new Date().toISOString().slice(0, 10),
    ctx.role,
    [...ctx.features].sort().join('.'),
    ctx.locationIds?.join('.') ?? '*',
    ctx.user.weekStart,
    ctx.company?.type ?? '',
    ctx.company?.updatedAt?.getTime() ?? 0,
    ctx.iframe?.view ?? '',
    language,
    url,
  ].join('|');
}

/** Whole rankings (up to 1,000 rows, ~1 MB each) are kept for fewer views than answers are. */
const MAX_REPORT_VALUES = 50;
const reportValues = companyReadCache(MAX_REPORT_VALUES);

/**
 * A report's value kept under the same key as sendReport's, for `url` instead of the request's: the
 * pages and sort orders of one ranking (`url` without them) share one computation of it.
 */
export function cachedReportValue<T>(
  db: object,
  request: FastifyRequest,
  url: string,
  compute: () => Promise<T>,
): Promise<T> {
  const ttlMs = reportTtls.get(db);
  const ctx = actingOf(request);
  const key = reportKey(ctx, url);
  return ttlMs !== undefined && key !== null
    ? reportValues(db, key, ttlMs, dependsOn(request, ctx), compute)
    : compute();
}

/** A report as sent: its JSON text, and the gzip of it, made for the first client that accepts gzip. */
interface ReportBody {
  json: string;
  gzip?: Promise<Buffer>;
}

/** Smaller answers go out as they are: gzip would cost more than the bytes it saves. */
export const GZIP_FROM_CHARS = 16 * 1024;
const gzipped = promisify(gzip);

function acceptsGzip(request: FastifyRequest): boolean {
  return /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
}

/** What else a report's answer depends on. */
export interface ReportOptions {
  /** The language the answer's texts are in (insights' topic titles): answers in other languages are kept apart. */
  language?: UiLanguage;
}

/**
 * Answers a report GET: `compute` runs once per view and TTL (see companyReadCache), and the cached
 * JSON text (or its gzip) is sent as it is, past the route's response serializer: the value goes
 * through the route's 200 response schema when it has one, so the JSON is what the serializer
 * would have written. With the cache off every answer is computed and sent plain. It answers the
 * reply, so the route's async handler resolves only once the answer is out: resolving earlier makes
 * Fastify send a second, empty answer while the onSend hooks of the first still run (seen as
 * "Reply was already sent" and 500s under concurrent requests).
 */
export async function sendReport(
  db: object,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: () => Promise<unknown>,
  options: ReportOptions = {},
): Promise<FastifyReply> {
  const ttlMs = reportTtls.get(db);
  const ctx = actingOf(request);
  const key = reportKey(ctx, request.url, options.language);
  const schema = (request.routeOptions.schema?.response as Record<number, ZodType> | undefined)?.[200];
  const toBody = async (): Promise<ReportBody> => {
    const value = await compute();
    return { json: JSON.stringify(schema ? schema.parse(value) : value) };
  };
  const cached = ttlMs !== undefined && key !== null;
  const body = cached ? await reports(db, key, ttlMs, dependsOn(request, ctx), toBody) : await toBody();
  reply.type('application/json; charset=utf-8');
  // Only a cached body is compressed: its gzip is made once and sent many times.
  if (!cached || body.json.length < GZIP_FROM_CHARS || !acceptsGzip(request)) {
    return reply.send(body.json);
  }
  body.gzip ??= gzipped(body.json);
  return reply
    .header('content-encoding', 'gzip')
    .header('vary', 'accept-encoding')
    .send(await body.gzip);
}

/** sendReport for an answer with texts in the request's language (topic titles): kept per language. */
export async function sendReportInLanguage(
  db: object,
  request: FastifyRequest,
  reply: FastifyReply,
  compute: (language: UiLanguage) => Promise<unknown>,
): Promise<FastifyReply> {
  const language = await languageOf(request);
  return sendReport(db, request, reply, () => compute(language), { language });
}

import { callApi, ConnectorError } from './types';

/**
 * Reading a review source's API (Google Business Profile, Facebook Graph) for review sync: GETs
 * with the source's token, failures sorted by kind. A rate limit (429, Retry-After honoured up to
 * `maxWaitMs`) or a server error / time-out is retried here a few times with doubling back-off;
 * what still fails is thrown, and the sync job's own retries (platform/jobs.ts) back off further.
 */
export type SourceFailureKind = 'token' | 'rateLimited' | 'transient' | 'rejected';

export class SourceApiError extends ConnectorError {
  constructor(
    message: string,
    readonly kind: SourceFailureKind,
    readonly status: number | null = null,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.kind === 'rateLimited' || this.kind === 'transient';
  }
}

export interface ReadOptions {
  timeoutMs?: number;
  /** Retries of a rate-limited or failing call (default 2). */
  retries?: number;
  /** First back-off without Retry-After (default 500 ms, doubling). */
  backoffMs?: number;
  /** A longer Retry-After ends the retries here (the job retries later). */
  maxWaitMs?: number;
  /**
   * The call creates something (a media item, a photo): only a rate limit, which the source refused
   * before doing anything, is retried here; after a time-out or server error the caller looks first.
   */
  creates?: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One GET with retries; `classify` sorts a failed answer (its status and parsed body) into a kind. */
export function readJson<T>(
  label: string,
  url: string,
  headers: Record<string, string>,
  classify: (status: number, body: unknown) => SourceFailureKind,
  opts: ReadOptions = {},
): Promise<T> {
  return sendJson<T>(label, url, { method: 'GET', headers }, classify, opts);
}

/**
 * One call with retries (a PATCH or POST of listing fields too: they set values, so sending one
 * again after a failure is safe); rate limits, server errors and time-outs are retried as above.
 */
export async function sendJson<T>(
  label: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  classify: (status: number, body: unknown) => SourceFailureKind,
  opts: ReadOptions = {},
): Promise<T> {
  const retries = opts.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    let failure: SourceApiError;
    try {
      const res = await callApi(label, url, init, opts.timeoutMs);
      if (res.ok) return (await res.json()) as T;
      failure = await sourceFailure(label, res, classify);
    } catch (error) {
      if (!(error instanceof ConnectorError) || error instanceof SourceApiError) throw error;
      failure = new SourceApiError(error.message, 'transient');
    }
    if (!failure.retryable || attempt >= retries) throw failure;
    if (opts.creates && failure.kind !== 'rateLimited') throw failure;
    const wait =
      failure.retryAfterSeconds !== undefined
        ? failure.retryAfterSeconds * 1000
        : (opts.backoffMs ?? 500) * 2 ** attempt;
    if (wait > (opts.maxWaitMs ?? 10_000)) throw failure;
    await sleep(wait);
  }
}

/** A failed answer of a source as a SourceApiError: its message, kind and Retry-After. */
export async function sourceFailure(
  label: string,
  res: Response,
  classify: (status: number, body: unknown) => SourceFailureKind,
): Promise<SourceApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the status tells
  }
  const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
  return new SourceApiError(
    `${label}: ${errorMessage(body) ?? `HTTP ${res.status}`}`,
    classify(res.status, body),
    res.status,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  );
}

/** A source refused the token it was given (expired, revoked): refresh, or connect again. */
export const isTokenRefusal = (error: unknown): error is SourceApiError =>
  error instanceof SourceApiError && error.kind === 'token';

function errorMessage(body: unknown): string | undefined {
  const e = (body as { error?: unknown } | undefined)?.error;
  if (typeof e === 'object' && e && typeof (e as { message?: unknown }).message === 'string')
    return (e as { message: string }).message;
  if (typeof e === 'string') return e;
  return undefined;
}

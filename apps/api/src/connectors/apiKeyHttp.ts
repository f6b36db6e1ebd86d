/**
 * JSON calls to a service connected by API key (Zendesk, Jira, Mailchimp, ActiveCampaign): one request with a time-out, errors
 * sorted by what the caller does about them, and the in-call retries of passing failures (429 waits
 * its Retry-After, at most 10 s; 5xx and time-outs wait `retryMs`, doubling). What is still failing
 * after them throws a ServiceError of kind 'transient', which the job queue retries later.
 */

/** 'auth': the key is refused (reconnect); 'rejected': this request is wrong (no retry); 'transient': try later. */
export type ServiceErrorKind = 'auth' | 'rejected' | 'transient';

export class ServiceError extends Error {
  constructor(
    readonly kind: ServiceErrorKind,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpSettings {
  /** The service's name in messages ("Zendesk"). */
  name: string;
  baseUrl: string;
  /** The Authorization header (Basic); or `headers` for a service with its own (ActiveCampaign's Api-Token). */
  authorization?: string;
  headers?: Record<string, string>;
  /** What a 401 says was refused (default "the email and API token"). */
  credentials?: string;
  timeoutMs: number;
  retryMs: number;
  /** Retries of a passing failure inside the call (default 2). */
  retries?: number;
}

const MAX_RETRY_AFTER_MS = 10_000;

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

const titleOf = (e: unknown) =>
  e && typeof e === 'object' && typeof (e as { title?: unknown }).title === 'string'
    ? (e as { title: string }).title
    : String(e);

/**
 * The error text of Zendesk (`error`, `description`), Jira (`errorMessages`, `errors`), Mailchimp
 * (problem details: `title`, `detail`) or ActiveCampaign (`errors: [{title}]`, `message`) bodies.
 */
function errorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(b.errorMessages)) parts.push(...b.errorMessages.map(String));
  if (Array.isArray(b.errors)) parts.push(...b.errors.map(titleOf));
  else if (b.errors && typeof b.errors === 'object') parts.push(...Object.values(b.errors as object).map(String));
  if (typeof b.detail === 'string') parts.push(typeof b.title === 'string' ? `${b.title}: ${b.detail}` : b.detail);
  if (typeof b.message === 'string') parts.push(b.message);
  if (typeof b.description === 'string') parts.push(b.description);
  else if (typeof b.error === 'string') parts.push(b.error);
  else if (b.error && typeof b.error === 'object' && typeof (b.error as { title?: unknown }).title === 'string')
    parts.push((b.error as { title: string }).title);
  return parts.length ? parts.join('; ') : null;
}

function retryAfterMs(res: Response, fallback: number): number {
  const header = res.headers.get('retry-after');
  const seconds = header === null ? NaN : Number(header);
  if (Number.isFinite(seconds)) return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, seconds * 1000));
  const date = header ? Date.parse(header) : NaN;
  return Number.isFinite(date) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, date - Date.now())) : fallback;
}

type Outcome<T> = { value: T } | { wait: number };

async function once<T>(s: HttpSettings, method: string, path: string, body: unknown): Promise<Outcome<T>> {
  let res: Response;
  try {
    res = await fetch(`${s.baseUrl}${path}`, {
      method,
      headers: {
        ...(s.authorization ? { authorization: s.authorization } : {}),
        ...s.headers,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(s.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ServiceError(
      'transient',
      null,
      `${s.name} ${timedOut ? 'did not answer in time' : 'could not be reached'}`,
    );
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // A proxy's HTML page: the status says enough.
  }
  if (res.ok) return { value: json as T };
  const detail = errorText(json) ?? `HTTP ${res.status}`;
  if (res.status === 429) return { wait: retryAfterMs(res, s.retryMs) };
  if (res.status >= 500) throw new ServiceError('transient', res.status, `${s.name} failed (${res.status}): ${detail}`);
  if (res.status === 401)
    throw new ServiceError(
      'auth',
      401,
      `${s.name} refused ${s.credentials ?? 'the email and API token'} (401): ${detail}`,
    );
  throw new ServiceError('rejected', res.status, `${s.name} refused the request (${res.status}): ${detail}`);
}

/** One JSON call with the in-call retries; answers the parsed body. */
export async function callJson<T>(s: HttpSettings, method: string, path: string, body?: unknown): Promise<T> {
  const retries = s.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    let wait: number;
    try {
      const answer = await once<T>(s, method, path, body);
      if ('value' in answer) return answer.value;
      wait = answer.wait;
      if (attempt >= retries)
        throw new ServiceError('transient', 429, `${s.name} is limiting requests (429); retried later`);
    } catch (error) {
      if (!(error instanceof ServiceError) || error.kind !== 'transient' || attempt >= retries) throw error;
      wait = s.retryMs * 2 ** attempt;
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}

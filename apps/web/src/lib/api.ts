import { actingParams } from '@reputo/core';
import { currentLanguage, i18n } from '../i18n/i18n';
import type { ApiResponse } from './apiTypes';
import { session } from './session';

/** Boot configuration from GET /v2/api/client-config. */
export type ClientConfig = ApiResponse<'/v2/api/client-config'>;

export interface ErrorDetail {
  field: string;
  message: string;
}

/** A non-2xx answer. `message` is the server's error_description when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: ErrorDetail[];
  readonly body: unknown;
  /** The server's X-Request-Id of this answer: its log lines carry the same id. */
  readonly requestId: string | null;

  constructor(status: number, body: unknown, fallback: string, requestId: string | null = null) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as {
      error?: unknown;
      error_description?: unknown;
      details?: unknown;
      message?: unknown;
    };
    const description = [b.error_description, b.message, b.error].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    const said = description ?? (typeof body === 'string' && body ? body : fallback);
    // A server failure names its request, so whoever reads the server's logs finds it at once.
    super(status >= 500 && requestId ? i18n.t('common:errors.withReference', { message: said, requestId }) : said);
    this.name = 'ApiError';
    this.requestId = requestId;
    this.status = status;
    this.code = typeof b.error === 'string' ? b.error : null;
    this.details = Array.isArray(b.details) ? (b.details as ErrorDetail[]) : [];
    this.body = body;
  }
}

/** Field errors the server sent (details: `url`, `sourceUrls.google`, `facebook.0`), as antd form fields, so each shows under its input. */
export function fieldErrors(error: unknown): { name: (string | number)[]; errors: string[] }[] {
  if (!(error instanceof ApiError)) return [];
  return error.details.map((d) => ({
    name: d.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    errors: [d.message],
  }));
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** false for the public calls (sign-in, recovery, invitation): no bearer, no refresh, no redirect. */
  auth?: boolean;
}

let clientConfig: ClientConfig | null = null;
let onSessionEnd: () => void = () => window.location.assign('/signin');

/** The app tells the client how to leave for /signin (router navigation, cache reset). */
export function setSessionEndHandler(handler: () => void): void {
  onSessionEnd = handler;
}

export function getClientConfig(): ClientConfig {
  if (!clientConfig) throw new Error('client config not loaded');
  return clientConfig;
}

function buildUrl(path: string, query: RequestOptions['query'], withActing: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((v) => params.append(key, String(v)));
    else params.set(key, String(value));
  }
  if (withActing) for (const [key, id] of actingParams(session.get().acting, path)) params.set(key, id);
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function headersFor(opts: RequestOptions, bearer: string | null): Headers {
  // The server answers its messages (and builds exports) in the interface's language.
  const h = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  // A FormData body (file uploads) sets its own multipart type with the boundary.
  if (opts.body !== undefined && !(opts.body instanceof FormData)) h.set('Content-Type', 'application/json');
  if (bearer) h.set('Authorization', `Bearer ${bearer}`);
  const embedToken = session.get().embed?.authToken;
  if (opts.auth !== false && embedToken) h.set('iframe-token', embedToken);
  return h;
}

/** The text of a failure whose body says nothing: the HTTP status text in English, a sentence in other languages. */
function statusFallback(res: Response): string {
  return currentLanguage() === 'en' && res.statusText
    ? res.statusText
    : i18n.t('common:errors.status', { status: res.status });
}

let refreshing: Promise<boolean> | null = null;

async function refreshTokens(): Promise<boolean> {
  const login = session.get().login;
  if (!login || !clientConfig) return false;
  try {
    const res = await fetch('/v2/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': currentLanguage() },
      body: JSON.stringify({
        client_id: clientConfig.clientId,
        client_secret: clientConfig.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: login.refresh_token,
        email: login.email,
      }),
    });
    if (!res.ok) return false;
    const tokens = (await res.json()) as { access_token: string; refresh_token: string };
    session.setLogin({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, email: login.email });
    return true;
  } catch {
    return false;
  }
}

/** One refresh at a time: concurrent callers share the running one. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function endSession(): void {
  session.clearUser();
  onSessionEnd();
}

function wantsRefresh(status: number, body: unknown): boolean {
  return (status === 400 && typeof body === 'string' && body.trim() === 'expired') || status === 403;
}

/**
 * The one way the web app calls the API: bearer and iframe-token headers, the acting-as query
 * parameters, one refresh-and-retry on 400 `expired` or 403, /signin when the session is over.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const authed = opts.auth !== false;
  const url = buildUrl(path, opts.query, authed);
  const send = (bearer: string | null) =>
    fetch(url, {
      method: opts.method ?? 'GET',
      headers: headersFor(opts, bearer),
      body: opts.body === undefined ? undefined : opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
      signal: opts.signal,
    });

  let bearer = authed ? (session.get().login?.access_token ?? null) : null;
  let res = await send(bearer);
  let body = await readBody(res);

  if (authed && bearer && wantsRefresh(res.status, body)) {
    // Another request may have refreshed already while this one was in flight.
    const latest = session.get().login?.access_token ?? null;
    const fresh = latest !== bearer ? latest !== null : await refreshOnce();
    if (!fresh) {
      endSession();
      throw new ApiError(res.status, body, i18n.t('common:errors.sessionEnded'));
    }
    bearer = session.get().login?.access_token ?? null;
    res = await send(bearer);
    body = await readBody(res);
  }
  if (authed && bearer && res.status === 401) {
    endSession();
  }
  if (res.status > 299) {
    console.error(`[api] ${opts.method ?? 'GET'} ${path} answered ${res.status}`, body);
    throw new ApiError(res.status, body, statusFallback(res), res.headers.get('x-request-id'));
  }
  return body as T;
}

/** Loads the boot configuration once; the app renders nothing before it. */
export async function loadClientConfig(): Promise<ClientConfig> {
  clientConfig = await api<ClientConfig>('/v2/api/client-config', { auth: false });
  return clientConfig;
}

import { BENCH_PASSWORD } from '../sets';

/** Plain HTTP calls of the benchmark (outside the measured load): sign-in and set-up reads. */

export interface Caller {
  baseUrl: string;
  token: string;
  get<T>(path: string): Promise<T>;
  send<T>(method: string, path: string, body: unknown): Promise<{ status: number; body: T }>;
}

const CLIENT = { client_id: 'reputo-web', client_secret: 'reputo-web-secret' };

export async function signIn(baseUrl: string, email: string, password = BENCH_PASSWORD): Promise<Caller> {
  const res = await fetch(`${baseUrl}/v2/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CLIENT, grant_type: 'password', email, password }),
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!res.ok || !body.access_token)
    throw new Error(
      `Sign-in of ${email} failed (${res.status}): ${body.error_description ?? 'no token'}. Was the data set generated (npm run bench:generate)?`,
    );
  return callerFor(baseUrl, body.access_token);
}

export function callerFor(baseUrl: string, token: string): Caller {
  const headers = { authorization: `Bearer ${token}` };
  return {
    baseUrl,
    token,
    async get<T>(path: string): Promise<T> {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return (await res.json()) as T;
    },
    async send<T>(method: string, path: string, body: unknown) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as T };
    },
  };
}

/** The route templates the server has, from its OpenAPI document: a scenario whose route is missing is "not available yet". */
export async function serverRoutes(baseUrl: string): Promise<Set<string>> {
  const res = await fetch(`${baseUrl}/docs/json`);
  if (!res.ok) return new Set();
  const doc = (await res.json()) as { paths?: Record<string, Record<string, unknown>> };
  const out = new Set<string>();
  for (const [p, methods] of Object.entries(doc.paths ?? {})) {
    for (const m of Object.keys(methods)) out.add(`${m.toUpperCase()} ${p.replace(/\{([^}]+)\}/g, ':$1')}`);
  }
  return out;
}

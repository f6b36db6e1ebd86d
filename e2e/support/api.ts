import { baseURL, PASSWORD } from './browser';

/** Direct API calls the tests need for set-up: tokens, the mail outbox, team invitations, embed tokens. */
export async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${baseURL()}/v2/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'reputo-web',
      client_secret: 'reputo-web-secret',
      grant_type: 'password',
      email,
      password,
    }),
  });
  if (!res.ok) throw new Error(`token for ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function call<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest link in the newest mail to `email` whose path contains `pathPart`, as a path. */
export async function mailedLink(email: string, pathPart: string): Promise<string> {
  const owner = await token('owner@reputo.test');
  for (let i = 0; i < 40; i++) {
    const { data } = await call<{ data: Mail[] }>(owner, 'GET', `/v2/api/admin/outbox?to=${encodeURIComponent(email)}`);
    const link = data.flatMap((m) => m.links).find((l) => l.includes(pathPart));
    if (link) {
      const u = new URL(link);
      return u.pathname + u.search;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with ${pathPart} for ${email}`);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

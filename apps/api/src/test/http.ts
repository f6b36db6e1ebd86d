import type { BuiltApp } from '../app';
import { FIXTURE_PASSWORD } from './fixtures';

/** Signs in through the real token endpoint and answers the token pair. */
export async function signIn(app: BuiltApp, email: string, password = FIXTURE_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/v2/oauth2/token',
    payload: {
      client_id: app.deps.config.oauthClientId,
      client_secret: app.deps.config.oauthClientSecret,
      grant_type: 'password',
      email,
      password,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; expires_in: number };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** GET as a signed-in user; answers the JSON body, and fails with the status and body unless 200. */
export async function getJson(app: BuiltApp, token: string, url: string, query: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, query, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A 1x1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart/form-data body with one file field, for app.inject. */
export function multipart(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----reputo-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

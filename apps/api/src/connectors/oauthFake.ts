/**
 * The authorization-server half shared by the local fakes of Google and Facebook (tests and the
 * demo): a consent page that sends the browser back with `code` and `state`, and a token endpoint
 * with the authorization_code grant (PKCE S256 checked, redirect_uri and client checked) and, when
 * the provider has them, the refresh_token grant (`invalid_grant` once revoked).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Whether tokens come with a refresh token (Google) or not (Facebook). */
  refreshTokens: boolean;
  /** Seconds an access token lives. */
  expiresIn: number;
  /** Facebook: `grant_type=fb_exchange_token` turns a live token into one living this many seconds. */
  longLivedExpiresIn?: number;
  tokenType: string;
  /** The name the consent page shows. */
  title: string;
  /** Google adds `iss` (its issuer) to the redirect back (RFC 9207); Facebook does not. */
  issuer?: () => string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  user: string;
}

export interface FakeOAuth {
  /** Access token -> user and expiry. */
  accessTokens: Map<string, { user: string; expiresAt: number }>;
  /** The user whom the consent page signs in (the fake's one account holder by default). */
  user: string;
  revokeAll(): void;
  expireAccessTokens(): void;
  /** The user of a valid access token, or 'expired' / undefined. */
  check(token: string | null): string | 'expired' | undefined;
  /** Handles the consent page and its approval (GET) at `consentPath`; answers whether it did. */
  consent(req: IncomingMessage, res: ServerResponse, url: URL, consentPath: string): boolean;
  /** Handles a token endpoint request whose form body is given. */
  token(res: ServerResponse, form: URLSearchParams, authorization: string | undefined): void;
}

const S256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function createFakeOAuth(opts: FakeOAuthOptions): FakeOAuth {
  const codes = new Map<string, PendingCode>();
  const refresh = new Map<string, string>(); // refresh token -> user
  const accessTokens = new Map<string, { user: string; expiresAt: number }>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });

  const issue = (user: string, seconds = opts.expiresIn) => {
    const access = `at-${randomBytes(12).toString('base64url')}`;
    accessTokens.set(access, { user, expiresAt: Date.now() + seconds * 1000 });
    return access;
  };

  const fake: FakeOAuth = {
    accessTokens,
    user: 'owner',
    revokeAll: () => {
      refresh.clear();
      accessTokens.clear();
    },
    expireAccessTokens: () => {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
    check(token) {
      if (!token) return undefined;
      const t = accessTokens.get(token);
      if (!t) return undefined;
      return t.expiresAt <= Date.now() ? 'expired' : t.user;
    },
    consent(req, res, url, consentPath) {
      if (req.method !== 'GET' || (url.pathname !== consentPath && url.pathname !== `${consentPath}/approve`))
        return false;
      const p = url.searchParams;
      const redirectUri = p.get('redirect_uri');
      if (p.get('client_id') !== opts.clientId || !redirectUri) {
        res.writeHead(400, { 'content-type': 'text/html' });
        res.end('<h1>Error 400: invalid_request</h1><p>Unknown client or missing redirect_uri.</p>');
        return true;
      }
      if (url.pathname === consentPath) {
        // The consent page: the user approves with the link (a browser test clicks it).
        const approve = new URL(url.toString());
        approve.pathname = `${consentPath}/approve`;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><html><head><title>${escapeHtml(opts.title)}: sign in</title></head><body>
<h1>${escapeHtml(opts.title)}</h1><p>Reputo wants to manage your reviews (${escapeHtml(p.get('scope') ?? '')}).</p>
<a id="approve" href="${escapeHtml(approve.pathname + approve.search)}">Allow</a></body></html>`);
        return true;
      }
      const back = new URL(redirectUri);
      if (p.get('response_type') !== 'code') {
        back.searchParams.set('error', 'unsupported_response_type');
      } else {
        const code = `code-${randomBytes(12).toString('base64url')}`;
        const method = p.get('code_challenge_method');
        codes.set(code, {
          clientId: opts.clientId,
          redirectUri,
          challenge: method === 'S256' ? p.get('code_challenge') : null,
          user: fake.user,
        });
        back.searchParams.set('code', code);
      }
      const state = p.get('state');
      if (state !== null) back.searchParams.set('state', state);
      if (opts.issuer) back.searchParams.set('iss', opts.issuer());
      res.writeHead(302, { location: back.toString() });
      res.end();
      return true;
    },
    token(res, form, authorization) {
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
      if (basic) {
        const [id, sec] = Buffer.from(basic, 'base64').toString('utf8').split(':');
        clientId = decodeURIComponent(id ?? '');
        secret = decodeURIComponent(sec ?? '');
      }
      if (clientId !== opts.clientId || secret !== opts.clientSecret)
        return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');
      const grant = form.get('grant_type');
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code) return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
        codes.delete(form.get('code')!);
        if (code.redirectUri !== form.get('redirect_uri'))
          return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
        if (code.challenge && S256(form.get('code_verifier') ?? '') !== code.challenge)
          return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
        const body: Record<string, unknown> = {
          access_token: issue(code.user),
          expires_in: opts.expiresIn,
          token_type: opts.tokenType,
        };
        if (opts.refreshTokens) {
          const rt = `rt-${randomBytes(12).toString('base64url')}`;
          refresh.set(rt, code.user);
          body.refresh_token = rt;
        }
        return json(res, 200, body);
      }
      if (grant === 'refresh_token' && opts.refreshTokens) {
        const user = refresh.get(form.get('refresh_token') ?? '');
        if (!user) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
        return json(res, 200, { access_token: issue(user), expires_in: opts.expiresIn, token_type: opts.tokenType });
      }
      if (grant === 'fb_exchange_token' && opts.longLivedExpiresIn) {
        const user = fake.check(form.get('fb_exchange_token'));
        if (!user || user === 'expired')
          return oauthError(res, 400, 'invalid_grant', 'Error validating access token: Session has expired.');
        return json(res, 200, {
          access_token: issue(user, opts.longLivedExpiresIn),
          expires_in: opts.longLivedExpiresIn,
          token_type: opts.tokenType,
        });
      }
      return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grant ?? ''}`);
    },
  };
  return fake;
}

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Follows a fake consent: loads the authorization URL's approval and answers the redirect back (with code and state). */
export async function approveConsent(authorizationUrl: string): Promise<URL> {
  const url = new URL(authorizationUrl);
  url.pathname = `${url.pathname}/approve`;
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`consent failed: HTTP ${res.status}`);
  return new URL(location);
}

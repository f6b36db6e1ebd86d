/**
 * The OAuth 2.0 authorization-code flow with `state` and PKCE (S256) for connecting review sources,
 * through oauth4webapi: the authorization URL, the code exchange after the callback, and the
 * refresh_token grant. Plain http endpoints are allowed only for local servers (tests, the demo's fakes).
 */
import * as oauth from 'oauth4webapi';

export interface OAuthProvider {
  authUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Extra authorization parameters (Google: access_type=offline, prompt=consent). */
  extra?: Record<string, string>;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The provider refused the grant (`invalid_grant`, a revoked or expired refresh token): reconnect. */
export class OAuthGrantError extends Error {}

const local = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost)(:|\/)/.test(url);

function server(p: OAuthProvider): oauth.AuthorizationServer {
  return {
    issuer: new URL(p.authUrl).origin,
    authorization_endpoint: p.authUrl,
    token_endpoint: p.tokenUrl,
  };
}

const options = (p: OAuthProvider) =>
  local(p.tokenUrl)
    ? { [oauth.allowInsecureRequests]: true, signal: AbortSignal.timeout(15_000) }
    : { signal: AbortSignal.timeout(15_000) };

function tokenSet(r: oauth.TokenEndpointResponse): TokenSet {
  return {
    accessToken: r.access_token,
    refreshToken: r.refresh_token ?? null,
    expiresAt: typeof r.expires_in === 'number' ? new Date(Date.now() + r.expires_in * 1000) : null,
  };
}

/** Where to send the user, and the state and code verifier to keep until the callback. */
export async function authorizationRequest(
  p: OAuthProvider,
  redirectUri: string,
): Promise<{ url: string; state: string; codeVerifier: string }> {
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(p.authUrl);
  for (const [k, v] of Object.entries({
    client_id: p.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: p.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...p.extra,
  }))
    url.searchParams.set(k, v);
  return { url: url.toString(), state, codeVerifier };
}

/** Checks the callback's parameters against the state and exchanges the code (with the PKCE verifier). */
export async function exchangeCode(
  p: OAuthProvider,
  redirectUri: string,
  callback: URLSearchParams,
  expectedState: string,
  codeVerifier: string,
): Promise<TokenSet> {
  const as = server(p);
  const client: oauth.Client = { client_id: p.clientId };
  const params = oauth.validateAuthResponse(as, client, callback, expectedState);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(p.clientSecret),
    params,
    redirectUri,
    codeVerifier,
    options(p),
  );
  try {
    return tokenSet(await oauth.processAuthorizationCodeResponse(as, client, res));
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) throw new OAuthGrantError(error.error_description ?? error.error);
    throw error;
  }
}

export async function refreshAccessToken(p: OAuthProvider, refreshToken: string): Promise<TokenSet> {
  const as = server(p);
  const client: oauth.Client = { client_id: p.clientId };
  const res = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(p.clientSecret),
    refreshToken,
    options(p),
  );
  try {
    const set = tokenSet(await oauth.processRefreshTokenResponse(as, client, res));
    return { ...set, refreshToken: set.refreshToken ?? refreshToken };
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError && (error.error === 'invalid_grant' || error.status === 401))
      throw new OAuthGrantError(error.error_description ?? error.error);
    throw error;
  }
}

/**
 * Facebook's exchange of a short-lived user token (about an hour) for a long-lived one (about 60
 * days): `grant_type=fb_exchange_token`. Page tokens read with a long-lived user token do not expire.
 */
export async function longLivedFacebookToken(p: OAuthProvider, shortLived: string): Promise<TokenSet> {
  const as = server(p);
  const client: oauth.Client = { client_id: p.clientId };
  const res = await oauth.genericTokenEndpointRequest(
    as,
    client,
    oauth.ClientSecretPost(p.clientSecret),
    'fb_exchange_token',
    { fb_exchange_token: shortLived },
    options(p),
  );
  try {
    return tokenSet(await oauth.processGenericTokenEndpointResponse(as, client, res));
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) throw new OAuthGrantError(error.error_description ?? error.error);
    throw error;
  }
}

export { oauth };

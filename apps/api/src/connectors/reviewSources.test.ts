import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleBusinessClient } from './google/business';
import { makeGoogleReviews, startFakeGoogle, type FakeGoogle } from './google/fake';
import { facebookRatingsClient } from './facebook/ratings';
import { makeFacebookRatings } from './facebook/fake';
import { startFakeGraph, type FakeGraph } from './meta/fake';
import {
  authorizationRequest,
  exchangeCode,
  longLivedFacebookToken,
  OAuthGrantError,
  refreshAccessToken,
  type OAuthProvider,
} from './oauth';
import { approveConsent } from './oauthFake';
import { SourceApiError } from './sourceApi';

/** The review-source clients and the OAuth flow against the local fakes: paging and every failure path. */
let google: FakeGoogle;
let graph: FakeGraph;
let provider: OAuthProvider;
const redirect = 'http://reputo.test/v2/api/oauth/callback/google';

beforeAll(async () => {
  google = await startFakeGoogle();
  graph = await startFakeGraph();
  provider = {
    authUrl: google.authUrl,
    tokenUrl: google.tokenUrl,
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    scope: 'business.manage',
  };
  google.addAccount('1', 'Acme');
  google.addLocation({ account: '1', id: 'A', title: 'Acme A', reviews: makeGoogleReviews('A', 120) });
  graph.reviews.addReviewPage({ id: 'p1', name: 'Acme', token: 'pt-1', ratings: makeFacebookRatings('p1', 230) });
});
afterAll(async () => {
  await google.close();
  await graph.close();
});

async function googleTokens() {
  const req = await authorizationRequest(provider, redirect);
  const back = await approveConsent(req.url);
  return exchangeCode(provider, redirect, back.searchParams, req.state, req.codeVerifier);
}

describe('OAuth with the fake Google', () => {
  it('exchanges the code with the PKCE verifier, refuses a wrong state or verifier, refreshes, and reports a revoked grant', async () => {
    const tokens = await googleTokens();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());

    const req = await authorizationRequest(provider, redirect);
    const back = await approveConsent(req.url);
    await expect(
      exchangeCode(provider, redirect, back.searchParams, 'other-state', req.codeVerifier),
    ).rejects.toThrow();
    await expect(exchangeCode(provider, redirect, back.searchParams, req.state, 'x'.repeat(43))).rejects.toThrow(
      OAuthGrantError,
    );

    const refreshed = await refreshAccessToken(provider, tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    google.oauth.revokeAll();
    await expect(refreshAccessToken(provider, tokens.refreshToken!)).rejects.toThrow(OAuthGrantError);
  });
});

describe('Google Business Profile client', () => {
  const client = () =>
    googleBusinessClient({
      apiUrl: google.apiUrl,
      accountsUrl: google.accountsUrl,
      businessInfoUrl: google.businessInfoUrl,
      backoffMs: 5,
      timeoutMs: 1500,
    });

  it('lists accounts, locations and pages of reviews', async () => {
    const { accessToken } = await googleTokens();
    expect(await client().accounts(accessToken)).toEqual([expect.objectContaining({ name: 'accounts/1' })]);
    const [loc] = await client().locations(accessToken, 'accounts/1');
    expect(loc).toMatchObject({ name: 'accounts/1/locations/A', title: 'Acme A' });
    const first = await client().reviewsPage(accessToken, loc!.name);
    expect(first.reviews).toHaveLength(50);
    const second = await client().reviewsPage(accessToken, loc!.name, first.nextPageToken);
    const third = await client().reviewsPage(accessToken, loc!.name, second.nextPageToken);
    expect(third.reviews).toHaveLength(20);
    expect(third.nextPageToken).toBeUndefined();
  });

  it('waits out a 429 and a 503, gives up after repeated 5xx, and sorts 401, 403 and time-outs', async () => {
    const { accessToken } = await googleTokens();
    const loc = 'accounts/1/locations/A';
    google.script({ status: 429, retryAfter: 0 }, { status: 503 });
    expect((await client().reviewsPage(accessToken, loc)).reviews).toHaveLength(50);

    google.script({ status: 500 }, { status: 502 }, { status: 503 });
    await expect(client().reviewsPage(accessToken, loc)).rejects.toMatchObject({ kind: 'transient', status: 503 });

    google.script({ status: 429, retryAfter: 3600 });
    await expect(client().reviewsPage(accessToken, loc)).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterSeconds: 3600,
    });

    google.script({ status: 403 });
    await expect(client().reviewsPage(accessToken, loc)).rejects.toMatchObject({ kind: 'rejected', status: 403 });

    google.script({ hang: true }, { hang: true }, { hang: true });
    const timedOut = await client()
      .reviewsPage(accessToken, loc)
      .catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(SourceApiError);
    expect(timedOut).toMatchObject({ kind: 'transient' });

    google.oauth.expireAccessTokens();
    await expect(client().reviewsPage(accessToken, loc)).rejects.toMatchObject({ kind: 'token', status: 401 });
  });
});

describe('Facebook pages and ratings client', () => {
  const client = () => facebookRatingsClient({ graphUrl: graph.url, backoffMs: 5, timeoutMs: 1500 });
  const fbProvider = (): OAuthProvider => ({
    authUrl: `${graph.url}/dialog/oauth`,
    tokenUrl: `${graph.url}/oauth/access_token`,
    clientId: graph.reviews.appId,
    clientSecret: graph.reviews.appSecret,
    scope: 'pages_show_list',
  });
  async function userToken() {
    const redirectUri = 'http://reputo.test/v2/api/oauth/callback/facebook';
    const req = await authorizationRequest(fbProvider(), redirectUri);
    const back = await approveConsent(req.url);
    return (await exchangeCode(fbProvider(), redirectUri, back.searchParams, req.state, req.codeVerifier)).accessToken;
  }

  it('signs in through the dialog, lists the pages with their tokens, and pages through ratings by cursor', async () => {
    const short = await userToken();
    const long = await longLivedFacebookToken(fbProvider(), short);
    expect(long.expiresAt!.getTime() - Date.now()).toBeGreaterThan(50 * 86_400_000);
    await expect(longLivedFacebookToken(fbProvider(), 'not-a-token')).rejects.toThrow(OAuthGrantError);
    const pages = await client().pages(long.accessToken);
    expect(pages).toEqual([{ id: 'p1', name: 'Acme', accessToken: 'pt-1', address: null }]);
    const sizes: number[] = [];
    for await (const part of client().ratings('p1', 'pt-1')) sizes.push(part.length);
    expect(sizes).toEqual([100, 100, 30]);
  });

  it('waits out a 429, gives up after 5xx, and sorts an invalid token (190) and time-outs', async () => {
    const all = async () => {
      let n = 0;
      for await (const part of client().ratings('p1', 'pt-1')) n += part.length;
      return n;
    };
    graph.script({ status: 429, retryAfter: 0 });
    expect(await all()).toBe(230);
    graph.script({ status: 500 }, { status: 500 }, { status: 500 });
    await expect(all()).rejects.toMatchObject({ kind: 'transient' });
    graph.script({ hang: true }, { hang: true }, { hang: true });
    await expect(all()).rejects.toMatchObject({ kind: 'transient' });
    const dead = (async () => {
      for await (const part of client().ratings('p1', 'wrong-token')) expect(part).toBeUndefined();
    })();
    await expect(dead).rejects.toMatchObject({ kind: 'token' });
    graph.reviews.login.expireAccessTokens();
    await expect(client().pages([...graph.reviews.login.accessTokens.keys()][0]!)).rejects.toMatchObject({
      kind: 'token',
    });
  });
});

import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  crcResponse,
  TwitterApiError,
  twitterClient,
  validDeliverySignature,
  type TwitterSettings,
  type TwitterToken,
} from './index';
import { signActivity, startFakeTwitter, type FakeTwitter } from './fake';

/**
 * The Twitter connector against the local fake, which checks every OAuth 1.0a signature with its own
 * RFC 5849 code: the three-legged flow, the Account Activity webhook and subscription, Direct
 * Messages and reply tweets, and each failure: 4xx, 5xx, 429 (waited for, or handed back with its
 * reset), time-out, a revoked token, wrong app keys.
 */
const CALLBACK = 'http://reputo.test/settings/other/thirdPartyLogin';
let fake: FakeTwitter;
let settings: TwitterSettings;

beforeAll(async () => {
  fake = await startFakeTwitter();
  settings = {
    apiUrl: fake.url,
    consumerKey: fake.consumerKey,
    consumerSecret: fake.consumerSecret,
    activityEnv: fake.env,
    // A loaded 2-core CI machine must answer ordinary calls in time; the hang test waits this out.
    timeoutMs: 1500,
    retryMs: 10,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.rateLimitResetSeconds = 0;
});

/** The user's consent on Twitter's page: the redirect back carries the verifier. */
async function consent(requestToken: string): Promise<URL> {
  const res = await fetch(`${fake.url}/oauth/authorize/allow?oauth_token=${requestToken}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function connectedUser(): Promise<TwitterToken> {
  const client = twitterClient(settings);
  const request = await client.requestToken(CALLBACK);
  const back = await consent(request.key);
  return (await client.accessToken(request, back.searchParams.get('oauth_verifier')!)).token;
}

async function failure(run: () => Promise<unknown>): Promise<TwitterApiError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TwitterApiError);
  return error as TwitterApiError;
}

describe('Twitter connector: OAuth 1.0a three-legged flow', () => {
  it('gets a request token, sends the user to authorize, and exchanges the verifier for the user’s token', async () => {
    const client = twitterClient(settings);
    const request = await client.requestToken(CALLBACK);
    expect(request.key).toMatch(/^rt-/);
    expect(client.authorizeUrl(request.key)).toBe(`${fake.url}/oauth/authorize?oauth_token=${request.key}`);
    const page = await (await fetch(client.authorizeUrl(request.key))).text();
    expect(page).toContain('Authorize app');
    const back = await consent(request.key);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('oauth_token')).toBe(request.key);
    const access = await client.accessToken(request, back.searchParams.get('oauth_verifier')!);
    expect(access).toMatchObject({ userId: fake.user.id, screenName: fake.user.screenName });
    expect(access.token.key).not.toBe(request.key);
    // The request token is good once.
    expect((await failure(() => client.accessToken(request, back.searchParams.get('oauth_verifier')!))).kind).toBe(
      'auth',
    );
  });

  it('refuses a wrong verifier and a denied consent, and wrong app keys (the signature check)', async () => {
    const client = twitterClient(settings);
    const request = await client.requestToken(CALLBACK);
    await consent(request.key);
    const wrong = await failure(() => client.accessToken(request, 'not-the-verifier'));
    expect(wrong).toMatchObject({ kind: 'auth', status: 401, code: 89 });
    const denied = await fetch(`${fake.url}/oauth/authorize/deny?oauth_token=${request.key}`, { redirect: 'manual' });
    expect(new URL(denied.headers.get('location')!).searchParams.get('denied')).toBe(request.key);
    const badKeys = twitterClient({ ...settings, consumerSecret: 'not-the-secret' });
    const refused = await failure(() => badKeys.requestToken(CALLBACK));
    expect(refused).toMatchObject({ kind: 'auth', code: 32 });
    expect(refused.message).toBe('Twitter refused the authorization (401): Could not authenticate you. (code 32)');
  });
});

describe('Twitter connector: Account Activity, Direct Messages and replies', () => {
  let user: TwitterToken;
  beforeAll(async () => {
    user = await connectedUser();
  });

  it('registers the webhook after Twitter’s CRC check, and subscribes the user (twice is fine)', async () => {
    const client = twitterClient(settings);
    const webhook = 'https://reputo.test/v2/api/twitter/webhook';
    // An answer that is not the HMAC fails the check.
    fake.crc = async () => ({ status: 200, body: { response_token: 'sha256=wrong' } });
    const refused = await failure(() => client.registerWebhook(user, webhook));
    expect(refused).toMatchObject({ kind: 'rejected', code: 214 });
    fake.crc = async (url, token) => {
      expect(url).toBe(webhook);
      return { status: 200, body: crcResponse(fake.consumerSecret, token) };
    };
    const registered = await client.registerWebhook(user, webhook);
    expect(registered.alreadyRegistered).toBe(false);
    expect(fake.webhooks).toEqual([expect.objectContaining({ id: registered.id, url: webhook, valid: true })]);
    // The environment has its webhook: a second registration is the same one.
    expect(await client.registerWebhook(user, webhook)).toEqual({ id: null, alreadyRegistered: true });
    await client.subscribe(user);
    await client.subscribe(user);
    expect(fake.subscriptions.has(fake.user.id)).toBe(true);
    await client.unsubscribe(user);
    expect(fake.subscriptions.has(fake.user.id)).toBe(false);
  });

  it('sends a Direct Message and a reply tweet signed with the user’s token', async () => {
    const client = twitterClient(settings);
    const dm = await client.sendDirectMessage(user, '42', 'Thanks for writing!');
    expect(fake.directMessages.at(-1)).toEqual({
      id: dm.eventId,
      senderId: fake.user.id,
      recipientId: '42',
      text: 'Thanks for writing!',
    });
    const reply = await client.replyToTweet(user, '777', 'Glad you liked it!');
    expect(fake.tweets.at(-1)).toEqual({
      id: reply.tweetId,
      authorId: fake.user.id,
      text: 'Glad you liked it!',
      inReplyTo: '777',
    });
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', path: '/2/tweets', userId: fake.user.id });
    // Twitter's own refusal in v2 problem details.
    const duplicate = await failure(() => client.replyToTweet(user, '777', 'Glad you liked it!'));
    expect(duplicate).toMatchObject({ kind: 'rejected', status: 403 });
    expect(duplicate.message).toBe(
      'Twitter refused the request (403): Forbidden: You are not allowed to create a Tweet with duplicate content.',
    );
  });

  it('4xx: refused at once with Twitter’s words', async () => {
    const client = twitterClient(settings);
    const calls = fake.calls.length;
    fake.failNext('bad_request');
    const error = await failure(() => client.sendDirectMessage(user, '42', 'Hello'));
    expect(error).toMatchObject({ kind: 'rejected', status: 400 });
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'Twitter refused the request (400): Invalid Request: One or more parameters to your request was invalid.',
    );
    expect(fake.calls.length).toBe(calls);
  });

  it('5xx: tried again twice in the call, then handed back as transient', async () => {
    const client = twitterClient(settings);
    fake.failNext('server_error');
    await client.sendDirectMessage(user, '42', 'After one 503');
    expect(fake.directMessages.at(-1)?.text).toBe('After one 503');
    const refused = fake.refused.length;
    fake.failNext('server_error', 'server_error', 'server_error');
    const error = await failure(() => client.sendDirectMessage(user, '42', 'Never'));
    expect(error).toMatchObject({ kind: 'transient', status: 503 });
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Twitter failed (503): Service Unavailable');
    expect(fake.refused.length - refused).toBe(3);
  });

  it('429: waits for x-rate-limit-reset when it is near, else hands back the reset time', async () => {
    const client = twitterClient(settings);
    fake.rateLimitResetSeconds = 1;
    fake.failNext('rate_limited');
    const started = Date.now();
    await client.replyToTweet(user, '778', 'After the rate limit');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(fake.tweets.at(-1)?.text).toBe('After the rate limit');

    fake.rateLimitResetSeconds = 900;
    fake.failNext('rate_limited');
    const before = Date.now();
    const error = await failure(() => client.replyToTweet(user, '779', 'Later'));
    expect(Date.now() - before).toBeLessThan(1000);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.retryable).toBe(true);
    expect(error.retryAt!.getTime()).toBeGreaterThan(Date.now() + 890_000);
    expect(error.message).toMatch(/^Twitter is limiting requests \(429\) until \d\d:\d\d UTC: Too Many Requests$/);
  });

  it('time-out: not tried again (the message may have gone out)', async () => {
    const client = twitterClient(settings);
    const refused = fake.refused.length;
    fake.failNext('hang');
    const error = await failure(() => client.sendDirectMessage(user, '42', 'Are you there?'));
    expect(error).toMatchObject({ kind: 'timeout', status: null });
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Twitter did not answer in time');
    expect(fake.refused.length - refused).toBe(1);
  });

  it('a revoked token: 401, the account must be connected again', async () => {
    const client = twitterClient(settings);
    const other = await connectedUser();
    fake.revokeUser(fake.user.id);
    const error = await failure(() => client.sendDirectMessage(other, '42', 'Hello'));
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toBe('Twitter refused the authorization (401): Unauthorized');
    const v1 = await failure(() => client.subscribe(other));
    expect(v1).toMatchObject({ kind: 'auth', code: 89 });
  });
});

describe('Twitter webhook signatures', () => {
  it('answers the CRC and checks deliveries with HMAC-SHA256 of the consumer secret, base64', () => {
    const secret = 'consumer-secret';
    const expected = `sha256=${createHmac('sha256', secret).update('challenge-123').digest('base64')}`;
    expect(crcResponse(secret, 'challenge-123')).toEqual({ response_token: expected });
    const signed = signActivity(secret, { for_user_id: '1', tweet_create_events: [] });
    const raw = Buffer.from(signed.body);
    expect(validDeliverySignature(secret, raw, signed.headers['x-twitter-webhooks-signature'])).toBe(true);
    expect(validDeliverySignature('other', raw, signed.headers['x-twitter-webhooks-signature'])).toBe(false);
    expect(
      validDeliverySignature(secret, Buffer.from(`${signed.body} `), signed.headers['x-twitter-webhooks-signature']),
    ).toBe(false);
    expect(validDeliverySignature(secret, raw, undefined)).toBe(false);
  });
});

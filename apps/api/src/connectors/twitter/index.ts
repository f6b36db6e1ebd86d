/**
 * Twitter (X) for Messages: the OAuth 1.0a three-legged flow, the Account Activity API's webhook and
 * subscriptions, and answers as Direct Messages or reply tweets, at `{apiUrl}` (https://api.twitter.com
 * unless TWITTER_API_URL says otherwise; tests and the demo use connectors/twitter/fake.ts).
 *
 * Every call is signed with OAuth 1.0a (HMAC-SHA1, RFC 5849) by the `oauth-1.0a` library: the app's
 * consumer key and secret, and the user's token and secret where the call acts for a user.
 * - `POST /oauth/request_token` with `oauth_callback` → `oauth_token`, `oauth_token_secret`,
 *   `oauth_callback_confirmed=true` (form-encoded); the user consents at `/oauth/authorize?oauth_token=`.
 * - `POST /oauth/access_token` with the request token and `oauth_verifier` → the user's
 *   `oauth_token`, `oauth_token_secret`, `user_id`, `screen_name`.
 * - `POST /1.1/account_activity/all/{env}/webhooks.json?url=` registers the app's webhook (Twitter
 *   checks it with a CRC GET first); `POST`/`DELETE .../subscriptions.json` subscribe or unsubscribe
 *   the user whose token signs the call (204).
 * - `POST /2/dm_conversations/with/{participant_id}/messages` `{text}` → `{data: {dm_conversation_id,
 *   dm_event_id}}`; `POST /2/tweets` `{text, reply: {in_reply_to_tweet_id}}` → `{data: {id, text}}`.
 *
 * Errors come as `{errors: [{code, message}]}` (OAuth and v1.1) or as problem details `{title, detail,
 * type, status}` (v2). A 429 waits for `x-rate-limit-reset` when that is at most `maxWaitMs` away, and
 * a 5xx or an unreachable server is tried again after `retryMs` (doubling), twice in the call; what
 * still fails throws a TwitterApiError whose `kind` says what the caller does about it. A time-out is
 * not retried: a message may have gone out.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { connectorFailures } from '../../platform/metrics';

const LABEL = 'Twitter';

export interface TwitterSettings {
  apiUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The Account Activity environment's label. */
  activityEnv: string;
  timeoutMs: number;
  /** The first wait before a failing call is tried again (doubling). */
  retryMs: number;
  /** The longest wait for a rate limit's reset inside the call (default 10 s). */
  maxWaitMs?: number;
  /** Tries after the first inside the call (default 2). */
  retries?: number;
}

/** An OAuth 1.0a token and its secret (a request token, or a user's access token). */
export interface TwitterToken {
  key: string;
  secret: string;
}

/**
 * 'auth': the token (or the app's keys) was refused (401): connect again; 'rate_limited': try after
 * `retryAt`; 'transient': a server error or no connection, try later; 'timeout': no answer in time
 * (it may have happened); 'rejected': this request is refused as it is.
 */
export type TwitterFailureKind = 'auth' | 'rate_limited' | 'transient' | 'timeout' | 'rejected';

export class TwitterApiError extends Error {
  constructor(
    message: string,
    readonly kind: TwitterFailureKind,
    readonly status: number | null,
    /** Twitter's error code (`errors[0].code`), when it gave one. */
    readonly code: number | null = null,
    /** When a rate limit resets (`x-rate-limit-reset`). */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'transient';
  }
}

/** `sha256=` and the base64 HMAC-SHA256 of the payload with the consumer secret: the CRC answer and the delivery signature. */
export function twitterSignature(consumerSecret: string, payload: Buffer | string): string {
  return `sha256=${createHmac('sha256', consumerSecret).update(payload).digest('base64')}`;
}

/** The answer to Twitter's challenge-response check: `GET {webhook}?crc_token=` → `{response_token}`. */
export function crcResponse(consumerSecret: string, crcToken: string): { response_token: string } {
  return { response_token: twitterSignature(consumerSecret, crcToken) };
}

/** Whether `x-twitter-webhooks-signature` is the signature of these exact bytes (compared in constant time). */
export function validDeliverySignature(consumerSecret: string, raw: Buffer, header: string | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(twitterSignature(consumerSecret, raw));
  const received = Buffer.from(header);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const MAX_WAIT_MS = 10_000;

interface TwitterRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** The user's (or the request's) token: the call acts for them. */
  token?: TwitterToken;
  /** OAuth protocol parameters besides the usual ones (`oauth_callback`, `oauth_verifier`), sent in the header. */
  oauth?: Record<string, string>;
  /** A JSON body (not part of the signature, RFC 5849 section 3.4.1.3). */
  json?: unknown;
}

interface TwitterAnswer {
  status: number;
  body: unknown;
}

type ErrorBody = {
  errors?: { code?: number; message?: string }[];
  title?: string;
  detail?: string;
};

/** Twitter's own words for a failure (v1.1 errors or v2 problem details), and its error code. */
function describeError(body: unknown, status: number): { text: string; code: number | null } {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const first = Array.isArray(b.errors) ? b.errors.find((e) => e && typeof e.message === 'string') : undefined;
  if (typeof b.detail === 'string')
    return {
      text: typeof b.title === 'string' && b.title !== b.detail ? `${b.title}: ${b.detail}` : b.detail,
      code: first?.code ?? null,
    };
  if (first?.message)
    return {
      text: first.code !== undefined ? `${first.message} (code ${first.code})` : first.message,
      code: first.code ?? null,
    };
  if (typeof body === 'string' && body.trim()) return { text: body.trim().slice(0, 300), code: null };
  return { text: `HTTP ${status}`, code: null };
}

/** JSON, or a form-encoded answer (the OAuth endpoints), or the text itself. */
function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (/^[\w.%+-]+=/.test(text) && !text.includes('<')) return Object.fromEntries(new URLSearchParams(text));
    return text;
  }
}

/** When the rate limit resets: `x-rate-limit-reset` (epoch seconds), else Retry-After, else a minute from now. */
function resetOf(res: Response): Date {
  const reset = Number(res.headers.get('x-rate-limit-reset'));
  if (Number.isFinite(reset) && reset > 0) return new Date(reset * 1000);
  const after = Number(res.headers.get('retry-after'));
  if (Number.isFinite(after) && after >= 0) return new Date(Date.now() + after * 1000);
  return new Date(Date.now() + 60_000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function twitterClient(s: TwitterSettings) {
  const oauth = new OAuth({
    consumer: { key: s.consumerKey, secret: s.consumerSecret },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const retries = s.retries ?? 2;
  const maxWaitMs = s.maxWaitMs ?? MAX_WAIT_MS;

  function authorization(req: TwitterRequest, url: string): string {
    const extra = req.oauth ?? {};
    // The extra protocol parameters are signed (as request data) and sent in the header beside the others.
    const signed = oauth.authorize({ url, method: req.method, data: { ...extra } }, req.token);
    return oauth.toHeader({ ...signed, ...extra }).Authorization;
  }

  /** One request: its answer, a failure worth another try (and the wait before it), or a thrown TwitterApiError. */
  async function once(req: TwitterRequest): Promise<TwitterAnswer | { retry: TwitterApiError; waitMs: number }> {
    const url = `${s.apiUrl}${req.path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: req.method,
        headers: {
          authorization: authorization(req, url),
          accept: 'application/json',
          ...(req.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: req.json === undefined ? undefined : JSON.stringify(req.json),
        signal: AbortSignal.timeout(s.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      connectorFailures.inc({ connector: LABEL });
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new TwitterApiError(`${LABEL} did not answer in time`, 'timeout', null);
      return { retry: new TwitterApiError(`${LABEL} could not be reached`, 'transient', null), waitMs: s.retryMs };
    }
    const body = parseBody(await res.text());
    if (res.ok) return { status: res.status, body };
    connectorFailures.inc({ connector: LABEL });
    const { text, code } = describeError(body, res.status);
    if (res.status === 429) {
      const retryAt = resetOf(res);
      const error = new TwitterApiError(
        `${LABEL} is limiting requests (429) until ${retryAt.toISOString().slice(11, 16)} UTC: ${text}`,
        'rate_limited',
        429,
        code,
        retryAt,
      );
      return { retry: error, waitMs: retryAt.getTime() - Date.now() };
    }
    if (res.status >= 500)
      return {
        retry: new TwitterApiError(`${LABEL} failed (${res.status}): ${text}`, 'transient', res.status, code),
        waitMs: s.retryMs,
      };
    if (res.status === 401)
      throw new TwitterApiError(`${LABEL} refused the authorization (401): ${text}`, 'auth', 401, code);
    throw new TwitterApiError(`${LABEL} refused the request (${res.status}): ${text}`, 'rejected', res.status, code);
  }

  /** The request with the in-call retries of a 429 (its reset near enough) and of 5xx and unreachable servers. */
  async function call(req: TwitterRequest): Promise<TwitterAnswer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await once(req);
      if (!('retry' in answer)) return answer;
      const wait = answer.retry.kind === 'rate_limited' ? answer.waitMs : answer.waitMs * 2 ** attempt;
      if (attempt >= retries || wait > maxWaitMs) throw answer.retry;
      await sleep(Math.max(0, wait));
    }
  }

  const form = (body: unknown, ...names: string[]): Record<string, string> => {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const name of names) {
      const value = b[name];
      if (typeof value !== 'string' || !value)
        throw new TwitterApiError(`${LABEL} answered without ${name}`, 'rejected', null);
      out[name] = value;
    }
    return out;
  };

  const activity = (what: string) => `/1.1/account_activity/all/${encodeURIComponent(s.activityEnv)}/${what}`;

  return {
    /** Where the user consents to the app (the request token in the query). */
    authorizeUrl: (requestToken: string) =>
      `${s.apiUrl}/oauth/authorize?oauth_token=${encodeURIComponent(requestToken)}`,

    /** Step 1: a request token for a consent that comes back to `callbackUrl`. */
    async requestToken(callbackUrl: string): Promise<TwitterToken> {
      const answer = await call({
        method: 'POST',
        path: '/oauth/request_token',
        oauth: { oauth_callback: callbackUrl },
      });
      const f = form(answer.body, 'oauth_token', 'oauth_token_secret');
      if ((answer.body as Record<string, unknown>).oauth_callback_confirmed !== 'true')
        throw new TwitterApiError(`${LABEL} did not confirm the callback address`, 'rejected', null);
      return { key: f.oauth_token, secret: f.oauth_token_secret };
    },

    /** Step 3: the consented request token and its verifier for the user's own token. */
    async accessToken(
      request: TwitterToken,
      verifier: string,
    ): Promise<{ token: TwitterToken; userId: string; screenName: string }> {
      const answer = await call({
        method: 'POST',
        path: '/oauth/access_token',
        token: request,
        oauth: { oauth_verifier: verifier },
      });
      const f = form(answer.body, 'oauth_token', 'oauth_token_secret', 'user_id', 'screen_name');
      return {
        token: { key: f.oauth_token, secret: f.oauth_token_secret },
        userId: f.user_id,
        screenName: f.screen_name,
      };
    },

    /**
     * Registers the app's webhook in the environment (Twitter checks it by CRC first). An environment
     * holding its webhook already answers code 214 "Too many resources already created": that is ours
     * (one app, one address), so it counts as registered.
     */
    async registerWebhook(
      user: TwitterToken,
      webhookUrl: string,
    ): Promise<{ id: string | null; alreadyRegistered: boolean }> {
      try {
        const answer = await call({
          method: 'POST',
          path: `${activity('webhooks.json')}?url=${encodeURIComponent(webhookUrl)}`,
          token: user,
        });
        const id = (answer.body as { id?: unknown } | null)?.id;
        return { id: typeof id === 'string' ? id : null, alreadyRegistered: false };
      } catch (error) {
        if (error instanceof TwitterApiError && error.code === 214 && /too many resources|already/i.test(error.message))
          return { id: null, alreadyRegistered: true };
        throw error;
      }
    },

    /** Subscribes the user of the token to the webhook (code 355, already subscribed, is fine). */
    async subscribe(user: TwitterToken): Promise<void> {
      try {
        await call({ method: 'POST', path: activity('subscriptions.json'), token: user });
      } catch (error) {
        if (error instanceof TwitterApiError && error.code === 355) return;
        throw error;
      }
    },

    /** Ends the user's subscription (their events stop coming). */
    async unsubscribe(user: TwitterToken): Promise<void> {
      await call({ method: 'DELETE', path: activity('subscriptions.json'), token: user });
    },

    /** A Direct Message to the participant (their user id); answers the DM event's id. */
    async sendDirectMessage(user: TwitterToken, participantId: string, text: string): Promise<{ eventId: string }> {
      const answer = await call({
        method: 'POST',
        path: `/2/dm_conversations/with/${encodeURIComponent(participantId)}/messages`,
        token: user,
        json: { text },
      });
      const data = (answer.body as { data?: { dm_event_id?: unknown } } | null)?.data;
      if (typeof data?.dm_event_id !== 'string')
        throw new TwitterApiError(`${LABEL} answered without dm_event_id`, 'rejected', answer.status);
      return { eventId: data.dm_event_id };
    },

    /** A public reply to the tweet; answers the new tweet's id. */
    async replyToTweet(user: TwitterToken, inReplyToTweetId: string, text: string): Promise<{ tweetId: string }> {
      const answer = await call({
        method: 'POST',
        path: '/2/tweets',
        token: user,
        json: { text, reply: { in_reply_to_tweet_id: inReplyToTweetId } },
      });
      const data = (answer.body as { data?: { id?: unknown } } | null)?.data;
      if (typeof data?.id !== 'string')
        throw new TwitterApiError(`${LABEL} answered without the tweet's id`, 'rejected', answer.status);
      return { tweetId: data.id };
    },
  };
}

export type TwitterClient = ReturnType<typeof twitterClient>;

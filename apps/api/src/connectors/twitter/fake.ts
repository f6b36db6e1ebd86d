/**
 * A local server that answers as Twitter's API does (tests and the demo):
 * - OAuth 1.0a: `POST /oauth/request_token`, the consent page `GET /oauth/authorize` (its "Authorize
 *   app" link sends the browser to the callback with `oauth_token` and `oauth_verifier`, "Cancel" with
 *   `denied`), `POST /oauth/access_token`. Every call's HMAC-SHA1 signature is checked here by RFC 5849
 *   (its own code, not the client's library): a wrong one is 401 code 32, an unknown or revoked token
 *   401 code 89, a timestamp more than 5 minutes off 401 code 135.
 * - Account Activity: registering the webhook (`POST /1.1/account_activity/all/{env}/webhooks.json?url=`)
 *   first does the CRC check against the address (`crc`, a GET by default), as Twitter does; one
 *   webhook per environment (a second is code 214); subscriptions (204; twice is code 355).
 * - v2: `POST /2/dm_conversations/with/{id}/messages` and `POST /2/tweets` (duplicate text is 403).
 * - Errors in Twitter's shapes: `{errors: [{code, message}]}` (OAuth, v1.1) and problem details
 *   `{title, detail, type, status}` (v2); `failNext` injects 401, 400, 503, 429 (with
 *   `x-rate-limit-reset` `rateLimitResetSeconds` ahead) or no answer at all.
 * It also builds Account Activity deliveries (mentions, Direct Messages) signed as Twitter signs them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twitterSignature } from './index';

export type FakeTwitterFailure = 'auth' | 'bad_request' | 'server_error' | 'rate_limited' | 'hang';

export interface FakeTwitterUser {
  id: string;
  screenName: string;
  name: string;
}

export interface FakeTwitterCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The user whose token signed the call, if any. */
  userId: string | null;
  at: Date;
}

/** What the CRC check saw: the status and the JSON answered. */
export type CrcCheck = (url: string, crcToken: string) => Promise<{ status: number; body: unknown }>;

export interface FakeTwitter {
  url: string;
  consumerKey: string;
  consumerSecret: string;
  env: string;
  /** The account the consent page signs in. */
  user: FakeTwitterUser;
  /** Calls that passed the signature check and the injected failures, in order. */
  calls: FakeTwitterCall[];
  /** Failures answered, in order. */
  refused: FakeTwitterFailure[];
  webhooks: { id: string; url: string; valid: boolean }[];
  subscriptions: Set<string>;
  directMessages: { id: string; senderId: string; recipientId: string; text: string }[];
  tweets: { id: string; authorId: string; text: string; inReplyTo: string | null }[];
  /** How Twitter reaches the webhook for its CRC check (tests point it at app.inject). */
  crc: CrcCheck;
  /** Seconds from now a 429's `x-rate-limit-reset` names. */
  rateLimitResetSeconds: number;
  failNext(...failures: FakeTwitterFailure[]): void;
  /** The user's tokens stop working (the user revoked the app): 401 code 89. */
  revokeUser(userId: string): void;
  close(): Promise<void>;
}

const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The `Authorization: OAuth k="v", ...` parameters, decoded. */
function oauthParams(header: string | undefined): Map<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const params = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([\w-]+)="([^"]*)"/g))
    params.set(decodeURIComponent(m[1]!), decodeURIComponent(m[2]!));
  return params;
}

/** RFC 5849 section 3.4: the signature base string of a request. */
function signatureBase(method: string, baseUrl: string, params: [string, string][]): string {
  const normalized = params
    .map(([k, v]) => [enc(k), enc(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}&${enc(baseUrl)}&${enc(normalized)}`;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Snowflake-like ids (numbers as strings, growing). */
let sequence = 1_600_000_000_000_000_000n;
const nextId = () => String((sequence += 1n + BigInt(Math.floor(Math.random() * 1000))));

const V1_ERRORS = {
  auth: { status: 401, body: { errors: [{ code: 89, message: 'Invalid or expired token.' }] } },
  bad_request: { status: 400, body: { errors: [{ code: 44, message: 'Invalid parameter.' }] } },
  server_error: { status: 503, body: { errors: [{ code: 130, message: 'Over capacity' }] } },
  rate_limited: { status: 429, body: { errors: [{ code: 88, message: 'Rate limit exceeded' }] } },
};
const problem = (status: number, title: string, detail: string, type = 'about:blank') => ({
  status,
  body: { title, detail, type, status },
});
const V2_ERRORS = {
  auth: problem(401, 'Unauthorized', 'Unauthorized'),
  bad_request: problem(
    400,
    'Invalid Request',
    'One or more parameters to your request was invalid.',
    'https://api.twitter.com/2/problems/invalid-request',
  ),
  server_error: problem(503, 'Service Unavailable', 'Service Unavailable'),
  rate_limited: problem(429, 'Too Many Requests', 'Too Many Requests'),
};

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += (chunk as Buffer).toString();
  return data;
}

const defaultCrc: CrcCheck = async (url, crcToken) => {
  const target = new URL(url);
  target.searchParams.set('crc_token', crcToken);
  const res = await fetch(target, { signal: AbortSignal.timeout(3000) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the check fails
  }
  return { status: res.status, body };
};

export async function startFakeTwitter(
  opts: {
    port?: number;
    consumerKey?: string;
    consumerSecret?: string;
    env?: string;
    user?: FakeTwitterUser;
  } = {},
): Promise<FakeTwitter> {
  const consumerKey = opts.consumerKey ?? 'fake-twitter-consumer-key';
  const consumerSecret = opts.consumerSecret ?? 'fake-twitter-consumer-secret';
  const env = opts.env ?? 'production';
  const user = opts.user ?? { id: '1500000000000000001', screenName: 'reputo_cafe', name: 'Reputo Cafe' };
  /** Request tokens: secret, callback, and the verifier once the user consented. */
  const requestTokens = new Map<string, { secret: string; callback: string; verifier: string | null }>();
  /** Users' access tokens: secret and user. */
  const accessTokens = new Map<string, { secret: string; userId: string }>();
  const queue: FakeTwitterFailure[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(status === 204 ? undefined : JSON.stringify(body));
  };
  const sendForm = (res: ServerResponse, values: Record<string, string>) => {
    res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
    res.end(new URLSearchParams(values).toString());
  };

  /** Checks the OAuth 1.0a signature; answers the oauth parameters and the token's user, or the refusal sent. */
  function authenticate(
    req: IncomingMessage,
    url: URL,
    form: URLSearchParams | null,
    res: ServerResponse,
    v2: boolean,
  ): { params: Map<string, string>; userId: string | null; tokenKey: string | null } | null {
    const refuse = (code: number, message: string) => {
      if (v2) send(res, 401, V2_ERRORS.auth.body);
      else send(res, 401, { errors: [{ code, message }] });
      return null;
    };
    const params = oauthParams(req.headers.authorization);
    if (
      !params ||
      params.get('oauth_consumer_key') !== consumerKey ||
      params.get('oauth_signature_method') !== 'HMAC-SHA1'
    )
      return refuse(32, 'Could not authenticate you.');
    const timestamp = Number(params.get('oauth_timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return refuse(135, 'Timestamp out of bounds.');
    const tokenKey = params.get('oauth_token') ?? null;
    let tokenSecret = '';
    let userId: string | null = null;
    if (tokenKey) {
      const access = accessTokens.get(tokenKey);
      const request = requestTokens.get(tokenKey);
      if (access) ({ secret: tokenSecret, userId } = access);
      else if (request && url.pathname === '/oauth/access_token') tokenSecret = request.secret;
      else return refuse(89, 'Invalid or expired token.');
    }
    const signed: [string, string][] = [];
    for (const [k, v] of params) if (k !== 'oauth_signature' && k !== 'realm') signed.push([k, v]);
    for (const [k, v] of url.searchParams) signed.push([k, v]);
    if (form) for (const [k, v] of form) signed.push([k, v]);
    const base = signatureBase(req.method ?? 'GET', `http://${req.headers.host}${url.pathname}`, signed);
    const expected = createHmac('sha1', `${enc(consumerSecret)}&${enc(tokenSecret)}`)
      .update(base)
      .digest('base64');
    if (!sameText(expected, params.get('oauth_signature') ?? '')) return refuse(32, 'Could not authenticate you.');
    return { params, userId, tokenKey };
  }

  function consent(url: URL, res: ServerResponse): void {
    const token = url.searchParams.get('oauth_token') ?? '';
    const request = requestTokens.get(token);
    if (!request) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<h1>This page is no longer valid.</h1><p>The request token is unknown or was used.</p>');
      return;
    }
    const back = new URL(request.callback);
    if (url.pathname === '/oauth/authorize/allow') {
      request.verifier = randomBytes(12).toString('hex');
      back.searchParams.set('oauth_token', token);
      back.searchParams.set('oauth_verifier', request.verifier);
    } else if (url.pathname === '/oauth/authorize/deny') {
      requestTokens.delete(token);
      back.searchParams.set('denied', token);
    } else {
      const q = `?oauth_token=${encodeURIComponent(token)}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Authorize app</title></head><body>
<h1>Authorize Reputo to access your account?</h1><p>Signed in as @${escapeHtml(fake.user.screenName)}.
Reputo will read and send your Direct Messages and see the Tweets that mention you.</p>
<a id="allow" href="/oauth/authorize/allow${q}">Authorize app</a> <a id="deny" href="/oauth/authorize/deny${q}">Cancel</a>
</body></html>`);
      return;
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  async function registerWebhook(url: URL, res: ServerResponse): Promise<void> {
    const address = url.searchParams.get('url');
    if (!address)
      return send(res, 400, { errors: [{ code: 214, message: 'Webhook URL does not meet the requirements.' }] });
    if (fake.webhooks.length > 0)
      return send(res, 403, { errors: [{ code: 214, message: 'Too many resources already created.' }] });
    const crcToken = randomBytes(16).toString('base64url');
    let answer: { status: number; body: unknown };
    try {
      answer = await fake.crc(address, crcToken);
    } catch {
      answer = { status: 0, body: null };
    }
    const expected = twitterSignature(consumerSecret, crcToken);
    const token = (answer.body as { response_token?: unknown } | null)?.response_token;
    if (answer.status !== 200 || token !== expected)
      return send(res, 400, {
        errors: [
          {
            code: 214,
            message: 'Webhook URL does not meet the requirements. Invalid CRC token or json response format.',
          },
        ],
      });
    const webhook = { id: nextId(), url: address, valid: true };
    fake.webhooks.push(webhook);
    send(res, 200, { ...webhook, created_timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19) });
  }

  function createTweet(userId: string, body: unknown, res: ServerResponse): void {
    const b = (body ?? {}) as { text?: unknown; reply?: { in_reply_to_tweet_id?: unknown } };
    if (typeof b.text !== 'string' || !b.text.trim())
      return send(res, 400, {
        errors: [{ parameters: { text: [] }, message: 'The `text` field is required.' }],
        ...V2_ERRORS.bad_request.body,
      });
    if (fake.tweets.some((t) => t.authorId === userId && t.text === b.text))
      return send(
        res,
        403,
        problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.').body,
      );
    const inReplyTo = typeof b.reply?.in_reply_to_tweet_id === 'string' ? b.reply.in_reply_to_tweet_id : null;
    const tweet = { id: nextId(), authorId: userId, text: b.text, inReplyTo };
    fake.tweets.push(tweet);
    send(res, 201, { data: { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] } });
  }

  function sendDm(userId: string, participantId: string, body: unknown, res: ServerResponse): void {
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || !text.trim())
      return send(res, 400, {
        errors: [{ parameters: { text: [] }, message: 'The `text` field is required.' }],
        ...V2_ERRORS.bad_request.body,
      });
    if (participantId === userId)
      return send(res, 403, problem(403, 'Forbidden', 'You cannot send a Direct Message to yourself.').body);
    const dm = { id: nextId(), senderId: userId, recipientId: participantId, text };
    fake.directMessages.push(dm);
    const pair = [userId, participantId].sort().join('-');
    send(res, 201, { data: { dm_conversation_id: pair, dm_event_id: dm.id } });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname.startsWith('/oauth/authorize')) return consent(url, res);
    const raw = await readBody(req);
    const formBody = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(raw)
      : null;
    let json: unknown = null;
    if (raw && !formBody) {
      try {
        json = JSON.parse(raw);
      } catch {
        return send(res, 400, V2_ERRORS.bad_request.body);
      }
    }
    const v2 = url.pathname.startsWith('/2/');
    const failure = queue.shift();
    if (failure) {
      fake.refused.push(failure);
      if (failure === 'hang') return; // never answers: the client's time-out
      const { status, body } = (v2 ? V2_ERRORS : V1_ERRORS)[failure];
      const headers: Record<string, string> =
        failure === 'rate_limited'
          ? {
              'x-rate-limit-limit': '15',
              'x-rate-limit-remaining': '0',
              'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000 + fake.rateLimitResetSeconds)),
            }
          : {};
      return send(res, status, body, headers);
    }
    const auth = authenticate(req, url, formBody, res, v2);
    if (!auth) return;
    fake.calls.push({
      method,
      path: url.pathname,
      query: url.searchParams,
      body: json ?? formBody,
      userId: auth.userId,
      at: new Date(),
    });

    if (method === 'POST' && url.pathname === '/oauth/request_token') {
      const callback =
        auth.params.get('oauth_callback') ?? formBody?.get('oauth_callback') ?? url.searchParams.get('oauth_callback');
      if (!callback)
        return send(res, 401, {
          errors: [{ code: 417, message: "Desktop applications only support the oauth_callback value 'oob'" }],
        });
      const key = `rt-${randomBytes(12).toString('hex')}`;
      requestTokens.set(key, { secret: randomBytes(16).toString('hex'), callback, verifier: null });
      return sendForm(res, {
        oauth_token: key,
        oauth_token_secret: requestTokens.get(key)!.secret,
        oauth_callback_confirmed: 'true',
      });
    }
    if (method === 'POST' && url.pathname === '/oauth/access_token') {
      const request = auth.tokenKey ? requestTokens.get(auth.tokenKey) : undefined;
      const verifier =
        auth.params.get('oauth_verifier') ?? formBody?.get('oauth_verifier') ?? url.searchParams.get('oauth_verifier');
      if (!request || !request.verifier || verifier !== request.verifier)
        return send(res, 401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] });
      requestTokens.delete(auth.tokenKey!);
      const key = `${fake.user.id}-${randomBytes(12).toString('hex')}`;
      const secret = randomBytes(20).toString('hex');
      accessTokens.set(key, { secret, userId: fake.user.id });
      return sendForm(res, {
        oauth_token: key,
        oauth_token_secret: secret,
        user_id: fake.user.id,
        screen_name: fake.user.screenName,
      });
    }
    if (!auth.userId)
      return send(
        res,
        403,
        v2
          ? problem(403, 'Forbidden', 'User context is required.').body
          : { errors: [{ code: 220, message: 'Your credentials do not allow access to this resource.' }] },
      );

    const activity = /^\/1\.1\/account_activity\/all\/([^/]+)\/(webhooks|subscriptions)\.json$/.exec(url.pathname);
    if (activity) {
      if (decodeURIComponent(activity[1]!) !== fake.env)
        return send(res, 404, { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] });
      if (activity[2] === 'webhooks' && method === 'POST') return registerWebhook(url, res);
      if (activity[2] === 'subscriptions' && method === 'POST') {
        if (fake.webhooks.length === 0)
          return send(res, 400, { errors: [{ code: 34, message: 'Webhook does not exist.' }] });
        if (fake.subscriptions.has(auth.userId))
          return send(res, 409, { errors: [{ code: 355, message: 'Subscription already exists.' }] });
        fake.subscriptions.add(auth.userId);
        return send(res, 204, null);
      }
      if (activity[2] === 'subscriptions' && method === 'DELETE') {
        fake.subscriptions.delete(auth.userId);
        return send(res, 204, null);
      }
    }
    const dm = /^\/2\/dm_conversations\/with\/([^/]+)\/messages$/.exec(url.pathname);
    if (dm && method === 'POST') return sendDm(auth.userId, decodeURIComponent(dm[1]!), json, res);
    if (url.pathname === '/2/tweets' && method === 'POST') return createTweet(auth.userId, json, res);
    send(
      res,
      404,
      v2
        ? problem(404, 'Not Found Error', 'Not found').body
        : { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] },
    );
  }

  const server = createServer((req, res) => {
    route(req, res).catch(() => send(res, 500, { errors: [{ code: 131, message: 'Internal error' }] }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeTwitter = {
    url: `http://127.0.0.1:${port}`,
    consumerKey,
    consumerSecret,
    env,
    user,
    calls: [],
    refused: [],
    webhooks: [],
    subscriptions: new Set(),
    directMessages: [],
    tweets: [],
    crc: defaultCrc,
    rateLimitResetSeconds: 0,
    failNext: (...failures) => queue.push(...failures),
    revokeUser: (userId) => {
      for (const [key, t] of accessTokens) if (t.userId === userId) accessTokens.delete(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// ---- Account Activity deliveries ----------------------------------------------------------------

export interface ActivityUser {
  id: string;
  screenName: string;
  name: string;
}

const userObject = (u: ActivityUser) => ({
  id: Number(u.id),
  id_str: u.id,
  name: u.name,
  screen_name: u.screenName,
  profile_image_url_https: `https://pbs.twimg.com/profile_images/${u.id}/photo_normal.jpg`,
});

/** A tweet as `tweet_create_events` carries it (v1.1 tweet object), mentioning `mentions`. */
export function tweetEvent(opts: {
  from: ActivityUser;
  text: string;
  mentions?: ActivityUser[];
  id?: string;
  at?: Date;
  inReplyTo?: { tweetId: string; userId: string };
  retweet?: boolean;
}) {
  const at = opts.at ?? new Date();
  const id = opts.id ?? nextId();
  return {
    created_at: at.toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1 $3 $2 $5 +0000 $4'),
    id: Number(id),
    id_str: id,
    text: opts.text,
    truncated: false,
    in_reply_to_status_id_str: opts.inReplyTo?.tweetId ?? null,
    in_reply_to_user_id_str: opts.inReplyTo?.userId ?? null,
    user: userObject(opts.from),
    entities: {
      user_mentions: (opts.mentions ?? []).map((m) => ({
        id: Number(m.id),
        id_str: m.id,
        screen_name: m.screenName,
        name: m.name,
      })),
    },
    ...(opts.retweet ? { retweeted_status: { id_str: nextId() } } : {}),
    timestamp_ms: String(at.getTime()),
  };
}

/** A Direct Message as `direct_message_events` carries it (a `message_create` event). */
export function directMessageEvent(opts: {
  senderId: string;
  recipientId: string;
  text: string;
  id?: string;
  at?: Date;
  imageUrl?: string;
}) {
  return {
    type: 'message_create',
    id: opts.id ?? nextId(),
    created_timestamp: String((opts.at ?? new Date()).getTime()),
    message_create: {
      target: { recipient_id: opts.recipientId },
      sender_id: opts.senderId,
      message_data: {
        text: opts.text,
        entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] },
        ...(opts.imageUrl
          ? { attachment: { type: 'media', media: { type: 'photo', media_url_https: opts.imageUrl } } }
          : {}),
      },
    },
  };
}

/** An Account Activity delivery for the subscribed user: tweets and Direct Messages with the users they name. */
export function activityDelivery(
  forUserId: string,
  events: {
    tweets?: ReturnType<typeof tweetEvent>[];
    directMessages?: ReturnType<typeof directMessageEvent>[];
    users?: ActivityUser[];
  },
) {
  return {
    for_user_id: forUserId,
    ...(events.tweets ? { tweet_create_events: events.tweets } : {}),
    ...(events.directMessages
      ? {
          direct_message_events: events.directMessages,
          users: Object.fromEntries(
            (events.users ?? []).map((u) => [
              u.id,
              {
                id: u.id,
                name: u.name,
                screen_name: u.screenName,
                profile_image_url_https: userObject(u).profile_image_url_https,
              },
            ]),
          ),
        }
      : {}),
  };
}

/** The body and headers Twitter posts: `x-twitter-webhooks-signature` over the exact bytes. */
export function signActivity(
  consumerSecret: string,
  delivery: unknown,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(delivery);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-twitter-webhooks-signature': twitterSignature(consumerSecret, body),
    },
  };
}

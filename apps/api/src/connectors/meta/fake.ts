/**
 * A local server that answers as Meta's Graph API does for messaging (for tests, benches and the
 * demo), and the makers of signed webhook deliveries in Meta's documented formats.
 *
 * Paths (with or without a version prefix such as `/v21.0`): `POST /{page-id}/messages` (Send API),
 * `POST /{comment-id}/comments` or `/replies` (reply), `POST /{comment-id}` with `is_hidden` or `hide`. Bodies may be
 * JSON or form-encoded (form values of `recipient` and `message` hold JSON, as Meta accepts); the
 * token is the `access_token` parameter (query or body) or a Bearer header.
 * Rules: a page's token must match (`addPage`), an expired token answers code 190, and in `strict`
 * window mode a Send API call to a customer who has not written in the last 24 hours answers code 10
 * subcode 2018278. `script()` queues failures for the next calls: an HTTP status with a Graph error
 * object, a 429 with Retry-After, or a hang (for time-outs).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { hmacSha256Signature } from '../../platform/webhooks';
import type { GraphError } from './index';
import {
  createFakeFacebookReviews,
  handleFacebookPage,
  handleFacebookReviews,
  type FakeFacebookReviews,
} from '../facebook/fake';

export const FAKE_GRAPH_VERSION = 'v21.0';

export interface FakeCall {
  method: string;
  /** Without the version prefix, e.g. `/1234/messages`. */
  path: string;
  token: string | null;
  body: Record<string, unknown>;
  at: Date;
}

export type ScriptedAnswer = { status: number; error?: GraphError; retryAfter?: number } | { hang: true };

export interface FakeGraph {
  /** The base URL with the version, for FACEBOOK_GRAPH_URL. */
  url: string;
  calls: FakeCall[];
  addPage(pageId: string, token: string): void;
  expireToken(token: string): void;
  /** The customer (page-scoped id) wrote to the page at this time: replies are inside the window for 24 h. */
  customerWrote(pageId: string, psid: string, at?: Date): void;
  /** Answers for the next calls (after the token check), in order. */
  script(...answers: ScriptedAnswer[]): void;
  /** 'strict': the 24-hour window is enforced on what customerWrote recorded; 'open': any recipient (the demo). */
  window: 'strict' | 'open';
  comments: Map<string, { message: string; hidden: boolean; parentId: string }>;
  /** Facebook Login (dialog/oauth, oauth/access_token) and the pages' ratings, for review sync (connectors/facebook/fake.ts). */
  reviews: FakeFacebookReviews;
  close(): Promise<void>;
}

function graphError(res: ServerResponse, status: number, error: GraphError, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(
    JSON.stringify({ error: { type: 'OAuthException', fbtrace_id: randomBytes(8).toString('base64url'), ...error } }),
  );
}

function ok(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text) as Record<string, unknown>;
  const form: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    try {
      form[k] = k === 'recipient' || k === 'message' ? JSON.parse(v) : v;
    } catch {
      form[k] = v;
    }
  }
  return form;
}

export async function startFakeGraph(
  opts: {
    window?: 'strict' | 'open';
    port?: number;
    /** Pages whose tokens follow a rule rather than addPage (the demo's many pages): the token's page, if any. */
    acceptToken?: (token: string) => string | undefined;
    /** The app of Facebook Login (the fake's OAuth client). */
    appId?: string;
    appSecret?: string;
  } = {},
): Promise<FakeGraph> {
  const tokens = new Map<string, string>(); // token -> page id
  const expired = new Set<string>();
  const wrote = new Map<string, number>();
  const scripted: ScriptedAnswer[] = [];
  const hanging = new Set<ServerResponse>();
  let seq = 0;
  let origin = '';
  const fake: Omit<FakeGraph, 'url' | 'close'> = {
    reviews: createFakeFacebookReviews(opts.appId ?? 'fake-facebook-app', opts.appSecret ?? 'fake-facebook-secret'),
    calls: [],
    window: opts.window ?? 'strict',
    comments: new Map(),
    addPage: (pageId, token) => void tokens.set(token, pageId),
    expireToken: (token) => void expired.add(token),
    customerWrote: (pageId, psid, at = new Date()) => void wrote.set(`${pageId}:${psid}`, at.getTime()),
    script: (...answers) => void scripted.push(...answers),
  };

  /** Answers the next scripted failure, if one is queued. */
  function answerScripted(res: ServerResponse): boolean {
    const next = scripted.shift();
    if (next && 'hang' in next) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return true;
    }
    if (!next) return false;
    const headers: Record<string, string> =
      next.retryAfter !== undefined ? { 'retry-after': String(next.retryAfter) } : {};
    graphError(
      res,
      next.status,
      next.error ?? {
        message: 'An unexpected error has occurred. Please retry your request later.',
        code: 2,
        is_transient: true,
      },
      headers,
    );
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const body = req.method === 'POST' ? await readBody(req) : {};
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = url.searchParams.get('access_token') ?? (body.access_token as string | undefined) ?? bearer ?? null;
    fake.calls.push({ method: req.method ?? 'GET', path, token, body, at: new Date() });
    if (
      handleFacebookReviews(
        fake.reviews,
        req,
        res,
        url,
        path,
        body,
        token,
        (status, error) => graphError(res, status, error),
        () => answerScripted(res),
        origin,
      )
    )
      return;
    if (
      handleFacebookPage(
        fake.reviews,
        req,
        res,
        path,
        body,
        token,
        (status, error) => graphError(res, status, error),
        () => answerScripted(res),
      )
    )
      return;

    if (!token)
      return graphError(res, 400, { message: 'An access token is required to request this resource.', code: 104 });
    if (expired.has(token))
      return graphError(res, 400, {
        message: 'Error validating access token: Session has expired.',
        code: 190,
        error_subcode: 463,
      });
    const tokenPage = tokens.get(token) ?? opts.acceptToken?.(token);
    if (!tokenPage)
      return graphError(res, 400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });

    if (answerScripted(res)) return;

    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    if (req.method !== 'POST')
      return graphError(res, 400, { message: 'Unsupported get request.', code: 100, error_subcode: 33 });
    if (parts.length === 2 && parts[1] === 'messages') {
      const [pageId] = parts as [string];
      if (pageId !== tokenPage)
        return graphError(res, 400, {
          message: '(#200) The page access token does not belong to this page',
          code: 200,
        });
      const recipient = (body.recipient as { id?: string } | undefined)?.id;
      const message = body.message as
        { text?: string; attachment?: { type?: string; payload?: { url?: string } } } | undefined;
      if (!recipient) return graphError(res, 400, { message: '(#100) The parameter recipient is required', code: 100 });
      if (body.messaging_type === undefined)
        return graphError(res, 400, { message: '(#100) The parameter messaging_type is required', code: 100 });
      if (!message || (!message.text && !message.attachment?.payload?.url))
        return graphError(res, 400, { message: '(#100) The parameter message is required', code: 100 });
      const last = wrote.get(`${pageId}:${recipient}`);
      if (fake.window === 'strict' && (last === undefined || Date.now() - last >= 24 * 3_600_000))
        return graphError(res, 400, {
          message: '(#10) This message is sent outside of allowed window.',
          code: 10,
          error_subcode: 2018278,
        });
      return ok(res, { recipient_id: recipient, message_id: `m_${randomBytes(12).toString('base64url')}` });
    }
    if (parts.length === 2 && (parts[1] === 'comments' || parts[1] === 'replies')) {
      if (typeof body.message !== 'string' || !body.message)
        return graphError(res, 400, { message: '(#100) The parameter message is required', code: 100 });
      const id = `${parts[0]}_${++seq}${randomBytes(3).toString('hex')}`;
      fake.comments.set(id, { message: body.message, hidden: false, parentId: parts[0]! });
      return ok(res, { id });
    }
    const hideField = body.is_hidden ?? body.hide;
    if (parts.length === 1 && hideField !== undefined) {
      const hidden = hideField === true || hideField === 'true';
      const comment = fake.comments.get(parts[0]!);
      if (comment) comment.hidden = hidden;
      return ok(res, { success: true });
    }
    return graphError(res, 400, { message: `Unknown path components: ${path}`, code: 2500 });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => graphError(res, 500, { message: String(error), code: 1 }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    ...fake,
    get window() {
      return fake.window;
    },
    set window(w) {
      fake.window = w;
    },
    url: `http://127.0.0.1:${port}/${FAKE_GRAPH_VERSION}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- Webhook deliveries in Meta's formats ----------------------------------------------------

export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  message?: {
    mid: string;
    text?: string;
    is_echo?: boolean;
    attachments?: { type: string; payload: { url: string } }[];
  };
  delivery?: { mids?: string[]; watermark: number };
  read?: { watermark: number };
}

export interface FeedChange {
  field: 'feed';
  value: {
    item: 'comment' | 'reaction' | 'post' | 'status';
    verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
    post_id: string;
    comment_id?: string;
    parent_id?: string;
    from?: { id: string; name?: string };
    message?: string;
    reaction_type?: string;
    created_time: number;
  };
}

export interface MetaDelivery {
  object: 'page' | 'instagram';
  entry: { id: string; time: number; messaging?: MessagingEvent[]; changes?: FeedChange[] }[];
}

const mid = () => `m_${randomBytes(16).toString('base64url')}`;

/** Builders of the events Meta sends; ids are generated when not given. */
export const metaEvents = {
  message(p: {
    pageId: string;
    senderId: string;
    text?: string;
    mid?: string;
    at?: Date;
    attachments?: { type: string; url: string }[];
  }): MessagingEvent {
    return {
      sender: { id: p.senderId },
      recipient: { id: p.pageId },
      timestamp: (p.at ?? new Date()).getTime(),
      message: {
        mid: p.mid ?? mid(),
        ...(p.text !== undefined ? { text: p.text } : {}),
        ...(p.attachments
          ? { attachments: p.attachments.map((a) => ({ type: a.type, payload: { url: a.url } })) }
          : {}),
      },
    };
  },
  delivery(p: { pageId: string; senderId: string; mids: string[]; at?: Date }): MessagingEvent {
    const at = (p.at ?? new Date()).getTime();
    return {
      sender: { id: p.senderId },
      recipient: { id: p.pageId },
      timestamp: at,
      delivery: { mids: p.mids, watermark: at },
    };
  },
  read(p: { pageId: string; senderId: string; at?: Date }): MessagingEvent {
    const at = (p.at ?? new Date()).getTime();
    return { sender: { id: p.senderId }, recipient: { id: p.pageId }, timestamp: at, read: { watermark: at } };
  },
  comment(p: {
    postId: string;
    commentId?: string;
    parentId?: string;
    from: { id: string; name?: string };
    message: string;
    verb?: 'add' | 'edited' | 'remove' | 'hide';
    at?: Date;
  }): FeedChange {
    return {
      field: 'feed',
      value: {
        item: 'comment',
        verb: p.verb ?? 'add',
        post_id: p.postId,
        comment_id: p.commentId ?? `${p.postId.split('_').pop()}_${randomBytes(6).toString('hex')}`,
        parent_id: p.parentId ?? p.postId,
        from: p.from,
        message: p.message,
        created_time: Math.floor((p.at ?? new Date()).getTime() / 1000),
      },
    };
  },
  reaction(p: {
    postId: string;
    commentId?: string;
    from: { id: string; name?: string };
    reactionType?: string;
    verb?: 'add' | 'edited' | 'remove';
    at?: Date;
  }): FeedChange {
    return {
      field: 'feed',
      value: {
        item: 'reaction',
        verb: p.verb ?? 'add',
        post_id: p.postId,
        ...(p.commentId ? { comment_id: p.commentId } : {}),
        parent_id: p.commentId ?? p.postId,
        from: p.from,
        reaction_type: p.reactionType ?? 'like',
        created_time: Math.floor((p.at ?? new Date()).getTime() / 1000),
      },
    };
  },
};

/** A delivery of messaging events (one entry per page), as Messenger (`page`) or Instagram sends it. */
export function messagingDelivery(
  pageId: string,
  events: MessagingEvent[],
  object: 'page' | 'instagram' = 'page',
): MetaDelivery {
  return { object, entry: [{ id: pageId, time: Date.now(), messaging: events }] };
}

/** A delivery of page feed changes (comments, reactions). */
export function feedDelivery(pageId: string, changes: FeedChange[]): MetaDelivery {
  return { object: 'page', entry: [{ id: pageId, time: Date.now(), changes }] };
}

/** The body and headers Meta posts: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. */
export function signDelivery(
  appSecret: string,
  delivery: MetaDelivery | string,
): { body: string; headers: Record<string, string> } {
  const body = typeof delivery === 'string' ? delivery : JSON.stringify(delivery);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': hmacSha256Signature(appSecret, body) },
  };
}

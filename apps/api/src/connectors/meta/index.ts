import { callApi, ConnectorError } from '../types';

/**
 * Meta Graph API for Messenger and Instagram messaging and page comments, at `{graphUrl}` (with its
 * version, e.g. `https://graph.facebook.com/v21.0`; tests and the demo use connectors/meta/fake.ts):
 * - Send API: `POST /{page-id}/messages` with `recipient: {id}`, `messaging_type: 'RESPONSE'` and
 *   `message: {text}` or `{attachment: {type, payload: {url}}}`; answers `{recipient_id, message_id}`.
 * - Reply to a comment: `POST /{comment-id}/comments` (Instagram: `/replies`) with `message`; answers `{id}`.
 * - Hide a comment: `POST /{comment-id}` with `is_hidden=true` (Instagram: `hide=true`); answers `{success: true}`.
 * Every call carries the page access token as `access_token`.
 *
 * Failures come back as Graph error objects `{error: {message, type, code, error_subcode,
 * fbtrace_id}}` and are sorted into a MetaApiError's `kind`; rate limits (HTTP 429, codes 4, 17, 32,
 * 613) and server errors are retried here with back-off (Retry-After when given). A time-out is not
 * retried for sends and replies: the message may have gone out, and Meta has no idempotency key.
 */
const LABEL = 'Facebook';

export type MetaChannel = 'facebook' | 'instagram';

export type MetaFailureKind = 'token' | 'window' | 'rateLimited' | 'transient' | 'rejected';

export interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
  is_transient?: boolean;
}

/** Codes of Graph's rate limits: application, user, page, and custom-level throttling. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Subcodes of "(#10) This message is sent outside of allowed window" (Messenger and Instagram). */
const WINDOW_SUBCODES = new Set([2018278, 2534022]);

export const WINDOW_REASON =
  "Outside Meta's 24-hour messaging window: the customer last wrote more than 24 hours ago, so Facebook accepts no reply until they write again.";
export const TOKEN_REASON =
  "The page's Facebook access token has expired or was revoked: connect the page again on the Pages screen.";

/** Whether a reply is still inside Meta's standard messaging window (24 hours after the customer's last message). */
export function insideMessagingWindow(lastInboundAt: Date | null, now = new Date()): boolean {
  return lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < 24 * 3_600_000;
}

/** A failed Graph API call: `kind` says what to do (reconnect, wait, retry, or give up), `message` is for the user. */
export class MetaApiError extends ConnectorError {
  constructor(
    message: string,
    readonly kind: MetaFailureKind,
    readonly detail: { status: number | null; graph?: GraphError; retryAfterSeconds?: number } = { status: null },
  ) {
    super(message);
  }

  /** Whether trying again later can succeed without the user changing anything. */
  get retryable(): boolean {
    return this.kind === 'rateLimited' || this.kind === 'transient';
  }
}

function describe(kind: MetaFailureKind, status: number | null, graph: GraphError | undefined): string {
  const said = graph?.message ? `: ${graph.message}` : '';
  const code =
    graph?.code !== undefined ? ` (code ${graph.code}${graph.error_subcode ? `/${graph.error_subcode}` : ''})` : '';
  switch (kind) {
    case 'token':
      return TOKEN_REASON;
    case 'window':
      return WINDOW_REASON;
    case 'rateLimited':
      return `${LABEL} is limiting requests for this page (rate limit${code}); try again in a few minutes.`;
    case 'transient':
      return `${LABEL} had a temporary error${status ? ` (HTTP ${status})` : ''}${said}; try again.`;
    default:
      return `${LABEL} refused it${code}${said}`;
  }
}

export function classifyGraphError(status: number, graph: GraphError | undefined): MetaFailureKind {
  if (graph?.code === 190 || graph?.code === 102) return 'token';
  if (graph?.code === 10 && graph.error_subcode !== undefined && WINDOW_SUBCODES.has(graph.error_subcode))
    return 'window';
  if (WINDOW_SUBCODES.has(graph?.error_subcode ?? -1)) return 'window';
  if (status === 429 || (graph?.code !== undefined && RATE_LIMIT_CODES.has(graph.code))) return 'rateLimited';
  if (status >= 500 || graph?.is_transient || graph?.code === 1 || graph?.code === 2) return 'transient';
  return 'rejected';
}

async function graphErrorOf(res: Response): Promise<MetaApiError> {
  const text = await res.text().catch(() => '');
  let graph: GraphError | undefined;
  try {
    graph = (JSON.parse(text) as { error?: GraphError }).error;
  } catch {
    // not JSON (a proxy's page): the status says it
  }
  const retryAfter = Number(res.headers.get('retry-after'));
  const kind = classifyGraphError(res.status, graph);
  return new MetaApiError(describe(kind, res.status, graph ?? { message: text.slice(0, 200) || undefined }), kind, {
    status: res.status,
    graph,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
  });
}

export type OutboundMessage =
  { text: string } | { attachment: { type: 'image' | 'video' | 'audio' | 'file'; url: string } };

export interface MetaClientOptions {
  graphUrl: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Retries of a rate-limited or failing (5xx) call (default 2). */
  retries?: number;
  /** First back-off without Retry-After (default 1 s, doubling); a Retry-After above maxWaitMs ends the retries. */
  backoffMs?: number;
  maxWaitMs?: number;
}

export interface MetaClient {
  sendMessage(
    pageId: string,
    accessToken: string,
    recipientId: string,
    message: OutboundMessage,
  ): Promise<{ messageId: string; recipientId: string }>;
  /** Instagram answers under `/{comment-id}/replies`, Facebook under `/{comment-id}/comments`. */
  replyToComment(accessToken: string, commentId: string, text: string, channel?: MetaChannel): Promise<{ id: string }>;
  /** Instagram's parameter is `hide`, Facebook's `is_hidden`. */
  hideComment(accessToken: string, commentId: string, hidden?: boolean, channel?: MetaChannel): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function metaClient(opts: MetaClientOptions): MetaClient {
  const base = opts.graphUrl.replace(/\/$/, '');
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 1000;
  const maxWaitMs = opts.maxWaitMs ?? 30_000;

  /** One Graph call with the retries its kind allows; answers the parsed JSON body. */
  async function call(
    path: string,
    body: Record<string, unknown>,
    accessToken: string,
    { retryTimeouts }: { retryTimeouts: boolean },
  ): Promise<Record<string, unknown>> {
    if (!accessToken) throw new MetaApiError(TOKEN_REASON, 'token');
    const url = `${base}${path}?${new URLSearchParams({ access_token: accessToken })}`;
    for (let attempt = 0; ; attempt++) {
      let failure: MetaApiError;
      try {
        const res = await callApi(
          LABEL,
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
          opts.timeoutMs,
        );
        if (res.ok) return (await res.json()) as Record<string, unknown>;
        failure = await graphErrorOf(res);
      } catch (error) {
        if (!(error instanceof ConnectorError) || error instanceof MetaApiError) throw error;
        // Network failure or time-out: the request may or may not have reached Meta.
        failure = new MetaApiError(`${error.message}.`, 'transient', { status: null });
        if (!retryTimeouts) throw failure;
      }
      if (!failure.retryable || attempt >= retries) throw failure;
      const wait =
        failure.detail.retryAfterSeconds !== undefined
          ? failure.detail.retryAfterSeconds * 1000
          : backoffMs * 2 ** attempt;
      if (wait > maxWaitMs) throw failure;
      await sleep(wait);
    }
  }

  const idOf = (body: Record<string, unknown>, field: string) => {
    const id = body[field];
    if (typeof id !== 'string' || !id) throw new MetaApiError(`${LABEL}: the answer had no ${field}`, 'transient');
    return id;
  };

  return {
    async sendMessage(pageId, accessToken, recipientId, message) {
      const body = await call(
        `/${encodeURIComponent(pageId)}/messages`,
        {
          recipient: { id: recipientId },
          messaging_type: 'RESPONSE',
          message:
            'text' in message
              ? { text: message.text }
              : {
                  attachment: {
                    type: message.attachment.type,
                    payload: { url: message.attachment.url, is_reusable: true },
                  },
                },
        },
        accessToken,
        { retryTimeouts: false },
      );
      return { messageId: idOf(body, 'message_id'), recipientId: String(body.recipient_id ?? recipientId) };
    },
    async replyToComment(accessToken, commentId, text, channel = 'facebook') {
      const edge = channel === 'instagram' ? 'replies' : 'comments';
      const body = await call(`/${encodeURIComponent(commentId)}/${edge}`, { message: text }, accessToken, {
        retryTimeouts: false,
      });
      return { id: idOf(body, 'id') };
    },
    async hideComment(accessToken, commentId, hidden = true, channel = 'facebook') {
      // Hiding is idempotent: a time-out is safe to try again.
      const field = channel === 'instagram' ? 'hide' : 'is_hidden';
      await call(`/${encodeURIComponent(commentId)}`, { [field]: hidden }, accessToken, { retryTimeouts: true });
    },
  };
}

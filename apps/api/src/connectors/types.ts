/**
 * A review source that accepts replies through its API. Each connector speaks its source's
 * documented protocol at a base URL from config, so tests run them against local servers.
 */
export interface SourceConnection {
  id: number;
  /** Google: `accounts/{a}/locations/{l}`; Facebook: the page id. */
  account: string;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
}

export interface ReplyTarget {
  /** The review's id on its source. */
  reviewExternalId: string;
}

export interface ReplyConnector {
  readonly source: string;
  readonly title: string;
  /** Posts (or replaces) the reply; answers the reply's id on the source. */
  postReply(
    conn: SourceConnection,
    target: ReplyTarget,
    text: string,
    replyExternalId: string | null,
  ): Promise<{ externalId: string }>;
  deleteReply(conn: SourceConnection, target: ReplyTarget, replyExternalId: string): Promise<void>;
}

/** A refusal or failure of the source, with the reason shown on the reply ("Google API: ..."). */
export class ConnectorError extends Error {}

/** Reads an error message from a JSON error body of either API, or the status line. */
export async function apiErrorText(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; error_description?: string };
    if (typeof parsed.error === 'object' && parsed.error?.message) return parsed.error.message;
    if (parsed.error_description) return parsed.error_description;
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: fall through to the status
  }
  return `HTTP ${res.status}${body ? `: ${body.slice(0, 200)}` : ''}`;
}

/** fetch with a time limit, turning network failures into ConnectorErrors with the source's name. */
export async function callApi(label: string, url: string, init: RequestInit, timeoutMs = 15_000): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'no answer in time'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new ConnectorError(`${label}: ${reason}`);
  }
}

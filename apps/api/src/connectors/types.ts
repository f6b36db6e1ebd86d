import { connectorFailures } from '../platform/metrics';
/**
 * A review source that accepts replies through its API. Each connector speaks its source's
 * documented protocol at a base URL from config, so tests run them against local servers.
 */
/** What a reply call needs: the place or page on the source, and a live token for it. */
export interface ReplyAccess {
  /** Google: `accounts/{a}/locations/{l}`; Facebook: the page id. */
  account: string;
  token: string;
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
    access: ReplyAccess,
    target: ReplyTarget,
    text: string,
    replyExternalId: string | null,
  ): Promise<{ externalId: string }>;
  deleteReply(access: ReplyAccess, target: ReplyTarget, replyExternalId: string): Promise<void>;
}

/** A refusal or failure of the source, with the reason shown on the reply ("Google API: ..."). */
export class ConnectorError extends Error {}

/** fetch with a time limit, turning network failures into ConnectorErrors with the source's name. */
export async function callApi(label: string, url: string, init: RequestInit, timeoutMs = 15_000): Promise<Response> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) connectorFailures.inc({ connector: label });
    return res;
  } catch (error) {
    connectorFailures.inc({ connector: label });
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'no answer in time'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new ConnectorError(`${label}: ${reason}`);
  }
}

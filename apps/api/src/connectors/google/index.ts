import {
  apiErrorText,
  callApi,
  ConnectorError,
  type ReplyConnector,
  type ReplyTarget,
  type SourceConnection,
} from '../types';

/**
 * Google Business Profile: replies live at
 * `PUT {GOOGLE_API_URL}/accounts/{a}/locations/{l}/reviews/{reviewId}/reply` with `{ comment }`
 * (v4 API; the answer is `{ comment, updateTime }`), and are removed with DELETE on the same path.
 * Access tokens expire after an hour: with a refresh token and the OAuth client, a fresh one is
 * taken from `GOOGLE_TOKEN_URL` first and handed to `saveToken` to be stored.
 */
export interface GoogleOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId?: string;
  clientSecret?: string;
  saveToken: (connectionId: number, token: { accessToken: string; expiresAt: Date }) => Promise<void>;
}

const LABEL = 'Google API';

export function googleConnector(opts: GoogleOptions): ReplyConnector {
  async function accessToken(conn: SourceConnection): Promise<string> {
    const fresh = conn.accessToken && (!conn.expiresAt || conn.expiresAt.getTime() > Date.now() + 60_000);
    if (fresh) return conn.accessToken!;
    if (!conn.refreshToken || !opts.clientId || !opts.clientSecret) {
      if (conn.accessToken) return conn.accessToken;
      throw new ConnectorError(`${LABEL}: the Google connection has no valid token; connect Google again`);
    }
    const res = await callApi(LABEL, opts.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: conn.refreshToken,
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
      }).toString(),
    });
    if (!res.ok) throw new ConnectorError(`${LABEL}: token refresh failed: ${await apiErrorText(res)}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ConnectorError(`${LABEL}: token refresh gave no access token`);
    const token = {
      accessToken: body.access_token,
      expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
    };
    await opts.saveToken(conn.id, token);
    return token.accessToken;
  }

  const replyUrl = (conn: SourceConnection, target: ReplyTarget) =>
    `${opts.apiUrl}/${conn.account.replace(/^\/+|\/+$/g, '')}/reviews/${encodeURIComponent(target.reviewExternalId)}/reply`;

  return {
    source: 'google',
    title: 'Google',
    async postReply(conn, target, text) {
      const token = await accessToken(conn);
      const url = replyUrl(conn, target);
      const res = await callApi(LABEL, url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ comment: text }),
      });
      if (!res.ok) throw new ConnectorError(`${LABEL}: ${await apiErrorText(res)}`);
      return { externalId: `${conn.account}/reviews/${target.reviewExternalId}/reply` };
    },
    async deleteReply(conn, target) {
      const token = await accessToken(conn);
      const res = await callApi(LABEL, replyUrl(conn, target), {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok && res.status !== 404) throw new ConnectorError(`${LABEL}: ${await apiErrorText(res)}`);
    },
  };
}

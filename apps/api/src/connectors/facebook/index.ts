import { apiErrorText, callApi, ConnectorError, type ReplyConnector } from '../types';

/**
 * Facebook Graph API: a recommendation (review) is an open-graph story; the page replies with a
 * comment, `POST {FACEBOOK_GRAPH_URL}/{story-id}/comments` with `message` and the page access token
 * (answer `{ id }`). An existing comment is edited with `POST /{comment-id}` and removed with
 * `DELETE /{comment-id}`.
 */
const LABEL = 'Facebook API';

export function facebookConnector(opts: { graphUrl: string }): ReplyConnector {
  const token = (accessToken: string | null) => {
    if (!accessToken) throw new ConnectorError(`${LABEL}: the page has no access token; connect Facebook again`);
    return accessToken;
  };
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  return {
    source: 'facebook',
    title: 'Facebook',
    async postReply(conn, target, text, replyExternalId) {
      const access_token = token(conn.accessToken);
      if (replyExternalId) {
        const res = await callApi(LABEL, `${opts.graphUrl}/${encodeURIComponent(replyExternalId)}`, {
          method: 'POST',
          ...form({ message: text, access_token }),
        });
        if (!res.ok) throw new ConnectorError(`${LABEL}: ${await apiErrorText(res)}`);
        return { externalId: replyExternalId };
      }
      const res = await callApi(LABEL, `${opts.graphUrl}/${encodeURIComponent(target.reviewExternalId)}/comments`, {
        method: 'POST',
        ...form({ message: text, access_token }),
      });
      if (!res.ok) throw new ConnectorError(`${LABEL}: ${await apiErrorText(res)}`);
      const body = (await res.json()) as { id?: string };
      if (!body.id) throw new ConnectorError(`${LABEL}: the answer had no comment id`);
      return { externalId: body.id };
    },
    async deleteReply(conn, _target, replyExternalId) {
      const access_token = token(conn.accessToken);
      const res = await callApi(
        LABEL,
        `${opts.graphUrl}/${encodeURIComponent(replyExternalId)}?${new URLSearchParams({ access_token })}`,
        { method: 'DELETE' },
      );
      if (!res.ok) throw new ConnectorError(`${LABEL}: ${await apiErrorText(res)}`);
    },
  };
}

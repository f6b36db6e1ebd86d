import { sourceFailure } from '../sourceApi';
import { callApi, ConnectorError, type ReplyConnector } from '../types';
import { classifyFacebook } from './ratings';

/**
 * Facebook Graph API: a recommendation (review) is an open-graph story; the page replies with a
 * comment, `POST {FACEBOOK_GRAPH_URL}/{story-id}/comments` with `message` and the page access token
 * (answer `{ id }`). An existing comment is edited with `POST /{comment-id}` and removed with
 * `DELETE /{comment-id}`. An OAuthException 190 is thrown as a token refusal.
 */
const LABEL = 'Facebook API';

export function facebookConnector(opts: { graphUrl: string }): ReplyConnector {
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  const post = async (path: string, fields: Record<string, string>) => {
    const res = await callApi(LABEL, `${opts.graphUrl}/${path}`, { method: 'POST', ...form(fields) });
    if (!res.ok) throw await sourceFailure(LABEL, res, classifyFacebook);
    return res;
  };

  return {
    source: 'facebook',
    title: 'Facebook',
    async postReply(access, target, text, replyExternalId) {
      const fields = { message: text, access_token: access.token };
      if (replyExternalId) {
        await post(encodeURIComponent(replyExternalId), fields);
        return { externalId: replyExternalId };
      }
      const res = await post(`${encodeURIComponent(target.reviewExternalId)}/comments`, fields);
      const body = (await res.json()) as { id?: string };
      if (!body.id) throw new ConnectorError(`${LABEL}: the answer had no comment id`);
      return { externalId: body.id };
    },
    async deleteReply(access, _target, replyExternalId) {
      const res = await callApi(
        LABEL,
        `${opts.graphUrl}/${encodeURIComponent(replyExternalId)}?${new URLSearchParams({ access_token: access.token })}`,
        { method: 'DELETE' },
      );
      if (!res.ok) throw await sourceFailure(LABEL, res, classifyFacebook);
    },
  };
}

import { sourceFailure } from '../sourceApi';
import { callApi, type ReplyAccess, type ReplyConnector, type ReplyTarget } from '../types';
import { classifyGoogle } from './business';

/**
 * Google Business Profile: replies live at
 * `PUT {GOOGLE_API_URL}/accounts/{a}/locations/{l}/reviews/{reviewId}/reply` with `{ comment }`
 * (v4 API; the answer is `{ comment, updateTime }`), and are removed with DELETE on the same path.
 * The token comes from the location's connection (modules/integrations refreshes it); a 401 is
 * thrown as a token refusal so that the caller refreshes once and retries.
 */
const LABEL = 'Google API';

export function googleConnector(opts: { apiUrl: string }): ReplyConnector {
  const replyUrl = (access: ReplyAccess, target: ReplyTarget) =>
    `${opts.apiUrl}/${access.account.replace(/^\/+|\/+$/g, '')}/reviews/${encodeURIComponent(target.reviewExternalId)}/reply`;

  return {
    source: 'google',
    title: 'Google',
    async postReply(access, target, text) {
      const res = await callApi(LABEL, replyUrl(access, target), {
        method: 'PUT',
        headers: { authorization: `Bearer ${access.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ comment: text }),
      });
      if (!res.ok) throw await sourceFailure(LABEL, res, classifyGoogle);
      return { externalId: `${access.account}/reviews/${target.reviewExternalId}/reply` };
    },
    async deleteReply(access, target) {
      const res = await callApi(LABEL, replyUrl(access, target), {
        method: 'DELETE',
        headers: { authorization: `Bearer ${access.token}` },
      });
      if (!res.ok && res.status !== 404) throw await sourceFailure(LABEL, res, classifyGoogle);
    },
  };
}

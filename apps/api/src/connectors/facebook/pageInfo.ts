import { readJson, sendJson, type ReadOptions } from '../sourceApi';
import { classifyFacebook } from './ratings';

/**
 * Facebook Graph API page information, for listing management (tests and the demo use the fake Graph
 * API, connectors/meta/fake.ts):
 * - `GET {graphUrl}/{page-id}?fields=name,phone,website,hours,about` with the page's token;
 * - `POST {graphUrl}/{page-id}` with `phone`, `website`, `hours` (a JSON object such as
 *   `{"mon_1_open":"09:00","mon_1_close":"17:00"}`) and `about`, form-encoded with `access_token`;
 *   the answer is `{ success: true }`.
 * Graph error code 190 is a token failure; 4, 17, 32, 613 and HTTP 429 are rate limits (retried).
 */
const LABEL = 'Facebook API';

export interface FacebookPageInfo {
  name?: string;
  phone?: string;
  website?: string;
  /** `{day}_{n}_open` / `{day}_{n}_close` as HH:MM, day as mon..sun. */
  hours?: Record<string, string>;
  about?: string;
}

export const FACEBOOK_PAGE_FIELDS = 'name,phone,website,hours,about';

export function facebookPageInfoClient(opts: ReadOptions & { graphUrl: string }) {
  const pageUrl = (pageId: string) => `${opts.graphUrl}/${encodeURIComponent(pageId)}`;
  return {
    async getPage(pageId: string, token: string): Promise<FacebookPageInfo> {
      const query = new URLSearchParams({ fields: FACEBOOK_PAGE_FIELDS, access_token: token });
      return readJson(LABEL, `${pageUrl(pageId)}?${query}`, {}, classifyFacebook, opts);
    },
    async updatePage(pageId: string, token: string, fields: Omit<FacebookPageInfo, 'name'>): Promise<void> {
      const form = new URLSearchParams({ access_token: token });
      for (const [key, value] of Object.entries(fields))
        if (value !== undefined) form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
      await sendJson(
        LABEL,
        pageUrl(pageId),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        classifyFacebook,
        opts,
      );
    },
  };
}

export type FacebookPageInfoClient = ReturnType<typeof facebookPageInfoClient>;

import { readJson, sendJson, SourceApiError, type ReadOptions } from '../sourceApi';
import { classifyFacebook } from './ratings';

/**
 * Facebook Graph API page information, for listing management (tests and the demo use the fake Graph
 * API, connectors/meta/fake.ts):
 * - `GET {graphUrl}/{page-id}?fields=name,phone,website,hours,about` with the page's token;
 * - `POST {graphUrl}/{page-id}` with `phone`, `website`, `hours` (a JSON object such as
 *   `{"mon_1_open":"09:00","mon_1_close":"17:00"}`) and `about`, form-encoded with `access_token`;
 *   the answer is `{ success: true }`.
 * - `POST {graphUrl}/{page-id}/picture` with `picture` (a public URL): the page's profile picture
 *   (answer `{ success: true }`);
 * - the cover: `POST {graphUrl}/{page-id}/photos` with `url` and `published=false` (an unpublished
 *   photo, answer `{ id }`), then `POST {graphUrl}/{page-id}` with `cover` = that photo's id.
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
  const client = {
    async getPage(pageId: string, token: string): Promise<FacebookPageInfo> {
      const query = new URLSearchParams({ fields: FACEBOOK_PAGE_FIELDS, access_token: token });
      return readJson(LABEL, `${pageUrl(pageId)}?${query}`, {}, classifyFacebook, opts);
    },
    async updatePage(pageId: string, token: string, fields: Omit<FacebookPageInfo, 'name'>): Promise<void> {
      await post(pageUrl(pageId), token, fields);
    },
    /** The page's profile picture, fetched by Facebook from a public URL. */
    async setPicture(pageId: string, token: string, pictureUrl: string): Promise<void> {
      await post(`${pageUrl(pageId)}/picture`, token, { picture: pictureUrl });
    },
    /** The page's cover: an unpublished photo from a public URL, then set as the cover. Answers the photo's id. */
    async setCover(pageId: string, token: string, photoUrl: string): Promise<string> {
      const photo = await post<{ id?: string }>(
        `${pageUrl(pageId)}/photos`,
        token,
        { url: photoUrl, published: 'false' },
        { creates: true },
      );
      if (!photo.id) throw new SourceApiError(`${LABEL}: the photo upload answered no id`, 'transient');
      await post(pageUrl(pageId), token, { cover: photo.id });
      return photo.id;
    },
  };

  /** A form-encoded POST with the page token (objects sent as JSON, as Graph takes them). */
  function post<T = unknown>(
    url: string,
    token: string,
    fields: Record<string, unknown>,
    extra: Partial<ReadOptions> = {},
  ): Promise<T> {
    const form = new URLSearchParams({ access_token: token });
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    return sendJson<T>(
      LABEL,
      url,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      classifyFacebook,
      { ...opts, ...extra },
    );
  }
  return client;
}

export type FacebookPageInfoClient = ReturnType<typeof facebookPageInfoClient>;

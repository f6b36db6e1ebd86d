import { readJson, sendJson, SourceApiError, type ReadOptions } from '../sourceApi';
import { classifyGoogle } from './business';

/**
 * Google Business Profile's photos of a location, through the My Business API v4 media calls (tests
 * and the demo use ./fake.ts); `{location}` is the v4 name `accounts/{a}/locations/{l}` that the
 * location's connection keeps:
 * - `GET {apiUrl}/{location}/media?pageSize=100&pageToken=`: `mediaItems` (each with its `name`,
 *   `locationAssociation.category` and, when it was made from one, its `sourceUrl`);
 * - `POST {apiUrl}/{location}/media` with `{mediaFormat: 'PHOTO', locationAssociation: {category},
 *   sourceUrl}`: Google fetches the photo from the public URL and answers the new MediaItem;
 * - `DELETE {apiUrl}/{location}/media/{m}`.
 * Creating is not repeated after a time-out or a server error (it may have been done): the caller
 * lists the media again first. Failures are sorted as the other Google calls (401, 429, 5xx, 400).
 */
const LABEL = 'Google API';

export type GoogleMediaCategory = 'LOGO' | 'COVER' | 'PROFILE' | 'ADDITIONAL';

export interface GoogleMediaItem {
  name: string;
  mediaFormat: 'PHOTO' | 'VIDEO';
  locationAssociation?: { category?: string; priceListItemId?: string };
  sourceUrl?: string;
  googleUrl?: string;
  thumbnailUrl?: string;
  createTime?: string;
}

export function googleMediaClient(opts: ReadOptions & { apiUrl: string }) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const base = (location: string) => `${opts.apiUrl}/${location.replace(/^\/+|\/+$/g, '')}/media`;
  return {
    /** Every media item of the location (all pages). */
    async list(token: string, location: string): Promise<GoogleMediaItem[]> {
      const items: GoogleMediaItem[] = [];
      let pageToken: string | undefined;
      do {
        const url = new URL(base(location));
        url.searchParams.set('pageSize', '100');
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const body = await readJson<{ mediaItems?: GoogleMediaItem[]; nextPageToken?: string }>(
          LABEL,
          url.toString(),
          auth(token),
          classifyGoogle,
          opts,
        );
        items.push(...(body.mediaItems ?? []));
        pageToken = body.nextPageToken;
      } while (pageToken);
      return items;
    },
    /** A photo of the location in a category, fetched by Google from a public URL. */
    async create(
      token: string,
      location: string,
      category: GoogleMediaCategory,
      sourceUrl: string,
    ): Promise<GoogleMediaItem> {
      return sendJson(
        LABEL,
        base(location),
        {
          method: 'POST',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify({ mediaFormat: 'PHOTO', locationAssociation: { category }, sourceUrl }),
        },
        classifyGoogle,
        { ...opts, creates: true },
      );
    },
    /** Removes a media item by its full name (`accounts/{a}/locations/{l}/media/{m}`); one already gone is fine. */
    async remove(token: string, name: string): Promise<void> {
      try {
        await sendJson(
          LABEL,
          `${opts.apiUrl}/${name.replace(/^\/+/, '')}`,
          { method: 'DELETE', headers: auth(token) },
          classifyGoogle,
          opts,
        );
      } catch (error) {
        if (!(error instanceof SourceApiError && error.status === 404)) throw error;
      }
    },
  };
}

export type GoogleMediaClient = ReturnType<typeof googleMediaClient>;

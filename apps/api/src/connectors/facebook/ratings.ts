import { readJson, type ReadOptions, type SourceFailureKind } from '../sourceApi';

/**
 * Facebook Graph reads for connecting pages and syncing their recommendations (tests and the demo
 * use the fake Graph API, connectors/meta/fake.ts):
 * - `GET {graphUrl}/me/accounts?fields=id,name,access_token,location` with the user's token: the
 *   pages the user manages, each with its page access token (cursor paging, `paging.next`);
 * - `GET {graphUrl}/{page-id}/ratings?fields=...&limit=100` with the page's token.
 * Graph error code 190 (or 102) is a token failure: the page must be connected again.
 */
const LABEL = 'Facebook API';

export interface FacebookPage {
  id: string;
  name: string;
  accessToken: string;
  address: string | null;
}

export interface FacebookRating {
  created_time: string;
  recommendation_type?: 'positive' | 'negative';
  rating?: number;
  review_text?: string;
  reviewer?: { id?: string; name?: string };
  open_graph_story?: {
    id: string;
    comments?: { data: { id: string; from?: { id: string }; message: string; created_time: string }[] };
  };
}

export function classifyFacebook(status: number, body: unknown): SourceFailureKind {
  const code = (body as { error?: { code?: number } } | undefined)?.error?.code;
  if (code === 190 || code === 102 || status === 401) return 'token';
  if (status === 429 || code === 4 || code === 17 || code === 32 || code === 613) return 'rateLimited';
  if (status >= 500 || code === 1 || code === 2) return 'transient';
  return 'rejected';
}

export function facebookRatingsClient(opts: ReadOptions & { graphUrl: string }) {
  const get = <T>(url: string) => readJson<T>(LABEL, url, {}, classifyFacebook, opts);
  const withToken = (url: string, token: string) => {
    const u = new URL(url);
    u.searchParams.set('access_token', token);
    return u.toString();
  };
  async function* pages<T>(first: string, token: string): AsyncGenerator<T[]> {
    let next: string | undefined = withToken(first, token);
    while (next) {
      const body: { data?: T[]; paging?: { next?: string } } = await get(next);
      yield body.data ?? [];
      next = body.paging?.next ? withToken(body.paging.next, token) : undefined;
    }
  }
  return {
    /** The signed-in user (for the integrations page's account name). */
    async me(userToken: string): Promise<{ id: string; name: string }> {
      return get(withToken(`${opts.graphUrl}/me?fields=id,name`, userToken));
    },
    async pages(userToken: string): Promise<FacebookPage[]> {
      const out: FacebookPage[] = [];
      for await (const part of pages<{
        id: string;
        name: string;
        access_token: string;
        location?: { street?: string; city?: string; zip?: string };
      }>(`${opts.graphUrl}/me/accounts?fields=id,name,access_token,location&limit=100`, userToken))
        for (const p of part) {
          const l = p.location;
          const address = l ? [l.street, l.city, l.zip].filter(Boolean).join(', ') : '';
          out.push({ id: p.id, name: p.name, accessToken: p.access_token, address: address || null });
        }
      return out;
    },
    /** The page's recommendations, a page of the Graph's paging at a time. */
    ratings(pageId: string, pageToken: string): AsyncGenerator<FacebookRating[]> {
      const fields =
        'created_time,recommendation_type,rating,review_text,reviewer,open_graph_story{id,comments{from,message,created_time}}';
      return pages<FacebookRating>(
        `${opts.graphUrl}/${encodeURIComponent(pageId)}/ratings?${new URLSearchParams({ fields, limit: '100' })}`,
        pageToken,
      );
    },
  };
}

export type FacebookRatingsClient = ReturnType<typeof facebookRatingsClient>;

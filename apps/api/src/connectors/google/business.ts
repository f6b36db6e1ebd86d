import { readJson, type ReadOptions, type SourceFailureKind } from '../sourceApi';

/**
 * Google Business Profile reads for connecting and syncing (tests and the demo use ./fake.ts):
 * - accounts: `GET {accountsUrl}/accounts` (Account Management API v1), paged by `pageToken`;
 * - locations: `GET {businessInfoUrl}/{account}/locations?readMask=name,title,storefrontAddress,metadata`
 *   (Business Information API v1; names come as `locations/{l}`);
 * - reviews: `GET {apiUrl}/accounts/{a}/locations/{l}/reviews?pageSize=50&pageToken=` (v4), newest first.
 * Every call carries `Authorization: Bearer {access token}`; 401 is a token failure (refresh, or
 * reconnect), 429 and 5xx are retried (sourceApi.ts).
 */
const LABEL = 'Google API';

export interface GoogleLocation {
  /** `accounts/{a}/locations/{l}`: the v4 name, which replies and reviews use. */
  name: string;
  title: string;
  address: string | null;
  placeId: string | null;
}

export interface GoogleReview {
  reviewId: string;
  reviewer?: { displayName?: string };
  starRating?: string;
  comment?: string;
  createTime: string;
  updateTime?: string;
  reviewReply?: { comment: string; updateTime?: string };
}

export function classifyGoogle(status: number): SourceFailureKind {
  if (status === 401) return 'token';
  if (status === 429) return 'rateLimited';
  if (status >= 500 || status === 408) return 'transient';
  return 'rejected';
}

export interface GoogleBusinessOptions extends ReadOptions {
  apiUrl: string;
  accountsUrl: string;
  businessInfoUrl: string;
}

export function googleBusinessClient(opts: GoogleBusinessOptions) {
  const get = <T>(url: string, token: string) =>
    readJson<T>(LABEL, url, { authorization: `Bearer ${token}` }, classifyGoogle, opts);

  async function allPages<T>(first: string, token: string, field: string): Promise<T[]> {
    const items: T[] = [];
    let pageToken: string | undefined;
    do {
      const url = new URL(first);
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const body = await get<Record<string, unknown> & { nextPageToken?: string }>(url.toString(), token);
      items.push(...((body[field] as T[] | undefined) ?? []));
      pageToken = body.nextPageToken;
    } while (pageToken);
    return items;
  }

  return {
    async accounts(token: string): Promise<{ name: string; accountName: string }[]> {
      return allPages(`${opts.accountsUrl}/accounts?pageSize=20`, token, 'accounts');
    },
    async locations(token: string, account: string): Promise<GoogleLocation[]> {
      const raw = await allPages<{
        name: string;
        title?: string;
        storefrontAddress?: { addressLines?: string[]; locality?: string; postalCode?: string };
        metadata?: { placeId?: string };
      }>(
        `${opts.businessInfoUrl}/${account}/locations?pageSize=100&readMask=name,title,storefrontAddress,metadata`,
        token,
        'locations',
      );
      return raw.map((l) => {
        const a = l.storefrontAddress;
        const address = a ? [...(a.addressLines ?? []), a.locality, a.postalCode].filter(Boolean).join(', ') : '';
        return {
          name: `${account}/${l.name}`,
          title: l.title ?? l.name,
          address: address || null,
          placeId: l.metadata?.placeId ?? null,
        };
      });
    },
    /** One page of a location's reviews (50 at most), and the token of the next. */
    async reviewsPage(
      token: string,
      location: string,
      pageToken?: string,
    ): Promise<{ reviews: GoogleReview[]; nextPageToken?: string }> {
      const url = new URL(`${opts.apiUrl}/${location}/reviews`);
      url.searchParams.set('pageSize', '50');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const body = await get<{ reviews?: GoogleReview[]; nextPageToken?: string }>(url.toString(), token);
      return { reviews: body.reviews ?? [], nextPageToken: body.nextPageToken };
    },
  };
}

export type GoogleBusinessClient = ReturnType<typeof googleBusinessClient>;

const STAR_VALUES: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
export const googleStars = (s: string | undefined): number | null => (s ? (STAR_VALUES[s] ?? null) : null);

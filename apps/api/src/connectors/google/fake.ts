/**
 * A local server that answers as Google does for connecting a Business Profile and syncing its
 * reviews (tests and the demo):
 * - OAuth: `GET /o/oauth2/v2/auth` (consent page; `/approve` redirects back with code and state),
 *   `POST /token` (authorization_code with PKCE, refresh_token; `invalid_grant` after `revokeAll`).
 * - `GET /v1/accounts` (Account Management API) and `GET /v1/accounts/{a}/locations` (Business
 *   Information API, `readMask`, `pageSize` at most 100, `pageToken`).
 * - Business Information API v1 for listings: `GET /v1/locations/{l}?readMask=`, `GET
 *   /v1/locations/{l}:getGoogleUpdated?readMask=` (Google's own changes in `googleUpdated`, named by
 *   `diffMask`) and `PATCH /v1/locations/{l}?updateMask=` (400 INVALID_ARGUMENT for a missing or
 *   unknown mask path, a phone or website Google would refuse).
 * - `GET|PATCH /v1/locations/{l}/attributes` (`attributeMask=attributes/<id>,...`: masked attributes set
 *   from the body, a masked one missing from the body removed; 400 for an attribute Google does not
 *   know, a value of the wrong type, or a mask without the `attributes/` prefix).
 * - `GET|POST /v4/accounts/{a}/locations/{l}/media` and `DELETE .../media/{m}`: photos made from a
 *   `sourceUrl` (400 for a format other than PHOTO, an unknown category or a URL that is not http(s)).
 * - `GET /v4/accounts/{a}/locations/{l}/reviews` (`pageSize` at most 50, `pageToken` /
 *   `nextPageToken`, newest update first) and `PUT|DELETE .../reviews/{r}/reply`.
 * Every API call needs `Authorization: Bearer` with a live access token (401 UNAUTHENTICATED when
 * expired or unknown). `script()` queues failures for the next API calls: a status (429 with
 * Retry-After, 5xx) or a hang (time-outs).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeOAuth, readText, type FakeOAuth } from '../oauthFake';
import { listingAttribute } from '@reputo/core';
import { GOOGLE_MASK_PATHS, type GoogleAttribute, type GoogleLocationFields } from './businessInformation';
import type { GoogleMediaItem } from './media';

export interface FakeGoogleReview {
  reviewId: string;
  reviewer: { displayName: string };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

export interface FakeGoogleLocation {
  account: string;
  id: string;
  title: string;
  address?: { addressLines: string[]; locality?: string; postalCode?: string };
  placeId?: string;
  reviews: FakeGoogleReview[];
  /** The location's fields as the merchant set them (Business Information API). */
  listing?: GoogleLocationFields;
  /** Values Google changed on its own: shown instead of the merchant's, named by `diffMask`. */
  googleUpdated?: GoogleLocationFields;
  /** The location's attributes (Business Information API). */
  attributes?: GoogleAttribute[];
  /** The location's photos (v4 media). */
  media?: GoogleMediaItem[];
}

export type GoogleScripted = { status: number; retryAfter?: number } | { hang: true };

export interface FakeGoogle {
  /** Origin of the server; the URLs below are for the config. */
  url: string;
  authUrl: string;
  tokenUrl: string;
  accountsUrl: string;
  businessInfoUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  oauth: FakeOAuth;
  calls: { method: string; path: string; body?: unknown }[];
  accounts: Map<string, { name: string; locations: FakeGoogleLocation[] }>;
  addAccount(id: string, name: string): void;
  addLocation(loc: Omit<FakeGoogleLocation, 'reviews'> & { reviews?: FakeGoogleReview[] }): FakeGoogleLocation;
  location(account: string, id: string): FakeGoogleLocation | undefined;
  /** A location by its id alone (the v1 name `locations/{l}`). */
  locationById(id: string): FakeGoogleLocation | undefined;
  script(...answers: GoogleScripted[]): void;
  close(): Promise<void>;
}

export const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/** `count` reviews of a location, made from their index (deterministic, so a test can tell them). */
export function makeGoogleReviews(
  locationId: string,
  count: number,
  start = Date.UTC(2026, 0, 1),
  hoursApart = 1,
): FakeGoogleReview[] {
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(start - i * hoursApart * 3_600_000).toISOString();
    return {
      reviewId: `${locationId}-r${i}`,
      reviewer: { displayName: `Reviewer ${i}` },
      starRating: STARS[i % 5]!,
      ...(i % 7 === 0 ? {} : { comment: `Visit ${i} at ${locationId}: ${i % 5 >= 3 ? 'lovely' : 'slow'} service.` }),
      createTime: at,
      updateTime: at,
    };
  });
}

function googleError(res: ServerResponse, code: number, status: string, message: string, headers = {}) {
  res.writeHead(code, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { code, message, status } }));
}
const ok = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function page<T>(items: T[], url: URL, max: number): { items: T[]; next?: string } {
  const size = Math.min(Math.max(Number(url.searchParams.get('pageSize')) || max, 1), max);
  const from = Number(Buffer.from(url.searchParams.get('pageToken') ?? '', 'base64url').toString() || 0);
  const slice = items.slice(from, from + size);
  const next = from + size < items.length ? Buffer.from(String(from + size)).toString('base64url') : undefined;
  return { items: slice, next };
}

const STATUS_NAMES: Record<number, string> = {
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
};

const MEDIA_CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'FOOD_AND_DRINK',
  'MENU',
  'COMMON_AREA',
  'ROOMS',
  'TEAMS',
  'ADDITIONAL',
];

/** Google's refusal of an attributes PATCH (as its INVALID_ARGUMENT message), or null. */
function attributesProblem(maskParam: string, attributes: GoogleAttribute[]): string | null {
  const mask = maskParam.split(',').filter(Boolean);
  if (!mask.length) return 'Request contains an invalid argument: attribute_mask is required.';
  const bad = mask.find((m) => !m.startsWith('attributes/'));
  if (bad) return `Invalid attribute_mask: ${bad}`;
  for (const name of [...mask, ...attributes.map((a) => a.name)]) {
    if (!listingAttribute(name.replace(/^attributes\//, ''))) return `Attribute '${name}' is not a valid attribute.`;
  }
  for (const a of attributes) {
    const known = listingAttribute(a.name.replace(/^attributes\//, ''))!;
    if (a.valueType !== known.valueType)
      return `Attribute '${a.name}' has value type ${known.valueType}, not ${a.valueType ?? 'unspecified'}.`;
    const options = new Set((known.options ?? []).map((o) => o.value));
    const values = known.valueType === 'REPEATED_ENUM' ? (a.repeatedEnumValue?.setValues ?? []) : (a.values ?? []);
    const fits =
      known.valueType === 'BOOL'
        ? values.length === 1 && typeof values[0] === 'boolean'
        : known.valueType === 'ENUM'
          ? values.length === 1 && options.has(String(values[0]))
          : values.every((v) => options.has(String(v)));
    if (!fits) return `Request contains an invalid argument: the value of '${a.name}'.`;
  }
  return null;
}

export async function startFakeGoogle(opts: { port?: number; clientId?: string; clientSecret?: string } = {}) {
  const clientId = opts.clientId ?? 'fake-google-client';
  const clientSecret = opts.clientSecret ?? 'fake-google-secret';
  let origin = '';
  const oauth = createFakeOAuth({
    clientId,
    clientSecret,
    refreshTokens: true,
    expiresIn: 3599,
    tokenType: 'Bearer',
    title: 'Google',
    issuer: () => origin,
  });
  const scripted: GoogleScripted[] = [];
  const hanging = new Set<ServerResponse>();
  const accounts = new Map<string, { name: string; locations: FakeGoogleLocation[] }>();
  const calls: { method: string; path: string; body?: unknown }[] = [];
  let mediaSeq = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    if (oauth.consent(req, res, url, '/o/oauth2/v2/auth')) return;
    if (url.pathname === '/token' && req.method === 'POST')
      return oauth.token(res, new URLSearchParams(await readText(req)), req.headers.authorization);

    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const user = oauth.check(token);
    if (!user || user === 'expired')
      return googleError(
        res,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    const next = scripted.shift();
    if (next && 'hang' in next) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (next)
      return googleError(
        res,
        next.status,
        STATUS_NAMES[next.status] ?? 'UNKNOWN',
        next.status === 429
          ? 'Resource has been exhausted (e.g. check quota).'
          : 'The service is currently unavailable.',
        next.retryAfter !== undefined ? { 'retry-after': String(next.retryAfter) } : {},
      );

    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    // /v1/accounts
    if (req.method === 'GET' && parts.length === 2 && parts[0] === 'v1' && parts[1] === 'accounts') {
      const list = [...accounts].map(([id, a]) => ({
        name: `accounts/${id}`,
        accountName: a.name,
        type: 'PERSONAL',
        verificationState: 'VERIFIED',
      }));
      const p = page(list, url, 20);
      return ok(res, { accounts: p.items, ...(p.next ? { nextPageToken: p.next } : {}) });
    }
    // /v1/accounts/{a}/locations
    if (req.method === 'GET' && parts.length === 4 && parts[0] === 'v1' && parts[3] === 'locations') {
      const account = accounts.get(parts[2]!);
      if (!account) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (!url.searchParams.get('readMask'))
        return googleError(
          res,
          400,
          'INVALID_ARGUMENT',
          'Request contains an invalid argument: read_mask is required.',
        );
      const p = page(account.locations, url, 100);
      return ok(res, {
        locations: p.items.map((l) => ({
          name: `locations/${l.id}`,
          title: l.title,
          ...(l.address ? { storefrontAddress: l.address } : {}),
          metadata: l.placeId ? { placeId: l.placeId } : {},
        })),
        ...(p.next ? { nextPageToken: p.next } : {}),
      });
    }
    // /v4/accounts/{a}/locations/{l}/reviews[/{r}/reply]
    if (parts[0] === 'v4' && parts[1] === 'accounts' && parts[3] === 'locations' && parts[5] === 'reviews') {
      const loc = fake.location(parts[2]!, parts[4]!);
      if (!loc) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (req.method === 'GET' && parts.length === 6) {
        const sorted = [...loc.reviews].sort((a, b) => b.updateTime.localeCompare(a.updateTime));
        const p = page(sorted, url, 50);
        const rated = loc.reviews.map((r) => STARS.indexOf(r.starRating) + 1);
        return ok(res, {
          reviews: p.items.map((r) => ({
            name: `accounts/${loc.account}/locations/${loc.id}/reviews/${r.reviewId}`,
            ...r,
          })),
          averageRating: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : 0,
          totalReviewCount: loc.reviews.length,
          ...(p.next ? { nextPageToken: p.next } : {}),
        });
      }
      if (parts.length === 8 && parts[7] === 'reply') {
        const review = loc.reviews.find((r) => r.reviewId === parts[6]);
        if (!review) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
        if (req.method === 'PUT') {
          const body = JSON.parse((await readText(req)) || '{}') as { comment?: string };
          if (!body.comment) return googleError(res, 400, 'INVALID_ARGUMENT', 'comment is required.');
          review.reviewReply = { comment: body.comment, updateTime: new Date().toISOString() };
          return ok(res, review.reviewReply);
        }
        if (req.method === 'DELETE') {
          delete review.reviewReply;
          return ok(res, {});
        }
      }
    }
    // /v1/locations/{l}/attributes
    if (parts[0] === 'v1' && parts[1] === 'locations' && parts.length === 4 && parts[3] === 'attributes') {
      const loc = fake.locationById(parts[2]!);
      if (!loc) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const resource = () => ({ name: `locations/${loc.id}/attributes`, attributes: loc.attributes ?? [] });
      if (req.method === 'GET') return ok(res, resource());
      if (req.method === 'PATCH') {
        const body = JSON.parse((await readText(req)) || '{}') as { attributes?: GoogleAttribute[] };
        calls[calls.length - 1]!.body = body;
        const problem = attributesProblem(url.searchParams.get('attributeMask') ?? '', body.attributes ?? []);
        if (problem) return googleError(res, 400, 'INVALID_ARGUMENT', problem);
        const mask = (url.searchParams.get('attributeMask') ?? '').split(',');
        const kept = (loc.attributes ?? []).filter((a) => !mask.includes(a.name));
        loc.attributes = [...kept, ...(body.attributes ?? []).filter((a) => mask.includes(a.name))];
        return ok(res, resource());
      }
    }
    // /v4/accounts/{a}/locations/{l}/media[/{m}]
    if (parts[0] === 'v4' && parts[1] === 'accounts' && parts[3] === 'locations' && parts[5] === 'media') {
      const loc = fake.location(parts[2]!, parts[4]!);
      if (!loc) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      const media = (loc.media ??= []);
      const prefix = `accounts/${loc.account}/locations/${loc.id}/media`;
      if (parts.length === 6 && req.method === 'GET') {
        const p = page(media, url, 100);
        return ok(res, {
          mediaItems: p.items,
          totalMediaItemCount: media.length,
          ...(p.next ? { nextPageToken: p.next } : {}),
        });
      }
      if (parts.length === 6 && req.method === 'POST') {
        const body = JSON.parse((await readText(req)) || '{}') as Partial<GoogleMediaItem>;
        calls[calls.length - 1]!.body = body;
        const category = body.locationAssociation?.category ?? '';
        if (body.mediaFormat !== 'PHOTO' && body.mediaFormat !== 'VIDEO')
          return googleError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument: media_format.');
        if (!MEDIA_CATEGORIES.includes(category))
          return googleError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument: category.');
        if (!body.sourceUrl || !/^https?:\/\/\S+$/.test(body.sourceUrl))
          return googleError(res, 400, 'INVALID_ARGUMENT', 'Fetching image failed. Please check the URL.');
        const id = `m${++mediaSeq}`;
        const item: GoogleMediaItem = {
          name: `${prefix}/${id}`,
          mediaFormat: body.mediaFormat,
          locationAssociation: { category },
          sourceUrl: body.sourceUrl,
          googleUrl: `https://lh3.googleusercontent.com/p/${loc.id}-${id}`,
          thumbnailUrl: `https://lh3.googleusercontent.com/p/${loc.id}-${id}=s300`,
          createTime: new Date().toISOString(),
        };
        media.push(item);
        return ok(res, item);
      }
      if (parts.length === 7) {
        const at = media.findIndex((m) => m.name === `${prefix}/${parts[6]}`);
        if (at < 0) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
        if (req.method === 'GET') return ok(res, media[at]);
        if (req.method === 'DELETE') {
          media.splice(at, 1);
          return ok(res, {});
        }
      }
    }
    // /v1/locations/{l}[:getGoogleUpdated]
    if (parts[0] === 'v1' && parts[1] === 'locations' && parts.length === 3) {
      const [id, verb] = parts[2]!.split(':');
      const loc = fake.locationById(id!);
      if (!loc) return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.');
      if (req.method === 'GET') {
        if (!url.searchParams.get('readMask'))
          return googleError(
            res,
            400,
            'INVALID_ARGUMENT',
            'Request contains an invalid argument: read_mask is required.',
          );
        const merchant = { name: `locations/${loc.id}`, title: loc.title, ...loc.listing };
        if (verb === 'getGoogleUpdated')
          return ok(res, {
            location: { ...merchant, ...loc.googleUpdated },
            diffMask: Object.keys(loc.googleUpdated ?? {})
              .map((k) => GOOGLE_MASK_PATHS.find((p) => p.split('.')[0] === k) ?? k)
              .join(','),
            pendingMask: '',
          });
        if (!verb) return ok(res, merchant);
      }
      if (req.method === 'PATCH' && !verb) {
        const body = JSON.parse((await readText(req)) || '{}') as GoogleLocationFields;
        calls[calls.length - 1]!.body = body;
        const mask = (url.searchParams.get('updateMask') ?? '').split(',').filter(Boolean);
        if (!mask.length)
          return googleError(
            res,
            400,
            'INVALID_ARGUMENT',
            'Request contains an invalid argument: update_mask is required.',
          );
        const unknown = mask.find((m) => !(GOOGLE_MASK_PATHS as readonly string[]).includes(m));
        if (unknown) return googleError(res, 400, 'INVALID_ARGUMENT', `Invalid field mask: ${unknown}`);
        const phone = body.phoneNumbers?.primaryPhone;
        if (mask.includes('phoneNumbers.primaryPhone') && phone && !/^\+?[0-9 ()-]{6,20}$/.test(phone))
          return googleError(
            res,
            400,
            'INVALID_ARGUMENT',
            'Request contains an invalid argument: phone_numbers.primary_phone.',
          );
        if (mask.includes('websiteUri') && body.websiteUri && !/^https?:\/\//.test(body.websiteUri))
          return googleError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument: website_uri.');
        const listing = (loc.listing ??= {}) as Record<string, unknown>;
        for (const path of mask) {
          const [top, sub] = path.split('.') as [keyof GoogleLocationFields, string | undefined];
          const value = (body as Record<string, unknown>)[top];
          if (sub) listing[top] = { ...(listing[top] as object), [sub]: (value as Record<string, unknown>)?.[sub] };
          else listing[top] = value;
          if (top === 'title' && typeof value === 'string') loc.title = value;
          if (loc.googleUpdated) delete loc.googleUpdated[top];
        }
        return ok(res, { name: `locations/${loc.id}`, title: loc.title, ...loc.listing });
      }
    }
    return googleError(res, 404, 'NOT_FOUND', 'The requested URL was not found on this server.');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) googleError(res, 500, 'INTERNAL', 'Internal error.');
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeGoogle = {
    url: origin,
    authUrl: `${origin}/o/oauth2/v2/auth`,
    tokenUrl: `${origin}/token`,
    accountsUrl: `${origin}/v1`,
    businessInfoUrl: `${origin}/v1`,
    apiUrl: `${origin}/v4`,
    clientId,
    clientSecret,
    oauth,
    calls,
    accounts,
    addAccount: (id, name) => void accounts.set(id, { name, locations: [] }),
    addLocation(loc) {
      const account = accounts.get(loc.account);
      if (!account) throw new Error(`no account ${loc.account}`);
      const full = { ...loc, reviews: loc.reviews ?? [] };
      account.locations.push(full);
      return full;
    },
    location: (account, id) => accounts.get(account)?.locations.find((l) => l.id === id),
    locationById: (id) => {
      for (const a of accounts.values()) {
        const found = a.locations.find((l) => l.id === id);
        if (found) return found;
      }
      return undefined;
    },
    script: (...answers) => void scripted.push(...answers),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/**
 * The Facebook Login and page-ratings side of the fake Graph API (connectors/meta/fake.ts serves
 * it, for tests and the demo), as Meta documents them (paths without the version prefix):
 * - `GET /dialog/oauth` (consent page; `/dialog/oauth/approve` redirects back with code and state),
 *   `POST|GET /oauth/access_token` (authorization_code with PKCE, and `fb_exchange_token` for a
 *   long-lived user token; no refresh tokens, as Facebook).
 * - `GET /me` (id, name) and `GET /me/accounts` with the user's token: the pages the user manages, each with its page
 *   access token and location; cursor paging (`limit`, `after`, `paging.cursors`, `paging.next`).
 * - `GET /{page-id}?fields=name,phone,website,hours,about` and `POST /{page-id}` with those fields
 *   (form-encoded; `hours` a JSON object of `{day}_{n}_open|close`), with the page's token.
 * - `POST /{page-id}/picture` with `picture` (a URL): the profile picture; `POST /{page-id}/photos` with
 *   `url` (and `published=false`): a photo, answer `{ id }`; `POST /{page-id}` with `cover` = a photo
 *   id of the page sets the cover (code 100 for a missing or non-http URL or an unknown photo).
 * - `GET /{page-id}/ratings` with the page's token: recommendations (`recommendation_type`,
 *   `review_text`, `created_time`, `open_graph_story {id, comments}`), cursor paging.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFakeOAuth, type FakeOAuth } from '../oauthFake';

export interface FakeRating {
  storyId: string;
  recommendation: 'positive' | 'negative';
  text?: string;
  reviewer?: { id: string; name: string };
  createdTime: string;
  /** The page's own answer, a comment on the story. */
  pageReply?: { message: string; createdTime: string };
}

export interface FakeFacebookPage {
  id: string;
  name: string;
  token: string;
  location?: { street?: string; city?: string; zip?: string };
  ratings: FakeRating[];
  /** Page information (listing management): phone, website, hours, about. */
  info?: { phone?: string; website?: string; hours?: Record<string, string>; about?: string };
  /** The profile picture's source URL, as last set. */
  picture?: string;
  /** Photos posted to the page (unpublished ones are what a cover is made from). */
  photos?: { id: string; url: string; published: boolean }[];
  cover?: { cover_id: string; source: string };
}

export interface FakeFacebookReviews {
  login: FakeOAuth;
  appId: string;
  appSecret: string;
  /** The pages the signed-in user (login.user) manages. */
  pages: Map<string, FakeFacebookPage>;
  addReviewPage(page: Omit<FakeFacebookPage, 'ratings'> & { ratings?: FakeRating[] }): FakeFacebookPage;
}

export function createFakeFacebookReviews(appId: string, appSecret: string): FakeFacebookReviews {
  const login = createFakeOAuth({
    clientId: appId,
    clientSecret: appSecret,
    refreshTokens: false,
    // A user token from the code lives about an hour; exchanged (fb_exchange_token), about 60 days.
    expiresIn: 5400,
    longLivedExpiresIn: 5_183_944,
    tokenType: 'bearer',
    title: 'Facebook',
  });
  const pages = new Map<string, FakeFacebookPage>();
  return {
    login,
    appId,
    appSecret,
    pages,
    addReviewPage(page) {
      const full = { ...page, ratings: page.ratings ?? [] };
      pages.set(page.id, full);
      return full;
    },
  };
}

/** `count` recommendations of a page made from their index. */
export function makeFacebookRatings(
  pageId: string,
  count: number,
  start = Date.UTC(2026, 0, 1),
  hoursApart = 1,
): FakeRating[] {
  return Array.from({ length: count }, (_, i) => ({
    storyId: `${pageId}_story${i}`,
    recommendation: i % 4 === 0 ? 'negative' : 'positive',
    text: `Recommendation ${i} of ${pageId}`,
    reviewer: { id: `u${i}`, name: `Fan ${i}` },
    createdTime: new Date(start - i * hoursApart * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+0000'),
  }));
}

type GraphFail = (status: number, error: { message: string; code: number; error_subcode?: number }) => void;

function cursorPage<T>(items: T[], url: URL, max: number, base: string) {
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 25, 1), max);
  const after = url.searchParams.get('after');
  const from = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
  const slice = items.slice(from, from + limit);
  const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
  const paging: Record<string, unknown> = { cursors: { before: cursor(from), after: cursor(from + slice.length) } };
  if (from + limit < items.length) {
    const next = new URL(url.toString());
    next.searchParams.set('after', cursor(from + slice.length));
    paging.next = `${base}${next.pathname}${next.search}`;
  }
  return { slice, paging };
}

/**
 * Answers the login and ratings calls; false for any other call (the messaging fake handles it).
 * `scripted` answers a queued failure (after the token check), if any.
 */
export function handleFacebookReviews(
  fb: FakeFacebookReviews,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
  body: Record<string, unknown>,
  token: string | null,
  fail: GraphFail,
  scripted: () => boolean,
  base: string,
): boolean {
  const versioned = new URL(url.toString());
  versioned.pathname = path;
  if (path.startsWith('/dialog/oauth')) return fb.login.consent(req, res, versioned, '/dialog/oauth');
  if (path === '/oauth/access_token') {
    const form = new URLSearchParams(url.search);
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') form.set(k, v);
    if (!form.get('grant_type') && form.get('code')) form.set('grant_type', 'authorization_code');
    fb.login.token(res, form, req.headers.authorization);
    return true;
  }
  if (req.method !== 'GET') return false;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const ok = (payload: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (parts.length === 1 && parts[0] === 'me') {
    const user = fb.login.check(token);
    if (!user || user === 'expired')
      return (fail(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }), true);
    if (scripted()) return true;
    ok({ id: `user-${user}`, name: user === 'owner' ? 'Page Owner' : user });
    return true;
  }
  if (parts.length === 2 && parts[0] === 'me' && parts[1] === 'accounts') {
    const user = fb.login.check(token);
    if (user === 'expired')
      return (
        fail(400, { message: 'Error validating access token: Session has expired.', code: 190, error_subcode: 463 }),
        true
      );
    if (!user)
      return (fail(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }), true);
    if (scripted()) return true;
    const { slice, paging } = cursorPage([...fb.pages.values()], url, 100, base);
    ok({
      data: slice.map((p) => ({
        id: p.id,
        name: p.name,
        access_token: p.token,
        category: 'Restaurant',
        ...(p.location ? { location: p.location } : {}),
      })),
      paging,
    });
    return true;
  }
  if (parts.length === 2 && parts[1] === 'ratings') {
    const page = fb.pages.get(parts[0]!);
    if (!page) return false;
    if (token !== page.token)
      return (fail(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }), true);
    if (scripted()) return true;
    const sorted = [...page.ratings].sort((a, b) => b.createdTime.localeCompare(a.createdTime));
    const { slice, paging } = cursorPage(sorted, url, 100, base);
    ok({
      data: slice.map((r) => ({
        created_time: r.createdTime,
        recommendation_type: r.recommendation,
        ...(r.text !== undefined ? { review_text: r.text } : {}),
        ...(r.reviewer ? { reviewer: r.reviewer } : {}),
        open_graph_story: {
          id: r.storyId,
          ...(r.pageReply
            ? {
                comments: {
                  data: [
                    {
                      id: `${r.storyId}_c1`,
                      from: { id: page.id, name: page.name },
                      message: r.pageReply.message,
                      created_time: r.pageReply.createdTime,
                    },
                  ],
                },
              }
            : {}),
        },
      })),
      paging,
    });
    return true;
  }
  return false;
}

const PAGE_INFO_FIELDS = ['phone', 'website', 'hours', 'about'] as const;
const HOURS_KEY = /^(mon|tue|wed|thu|fri|sat|sun)_[1-4]_(open|close)$/;

type Answer = (payload: unknown) => void;

/**
 * Answers the calls on a known page's own fields: `GET`/`POST /{page-id}` (page information and the
 * cover) and `POST /{page-id}/picture` and `/{page-id}/photos`; false for any other call.
 */
export function handleFacebookPage(
  fb: FakeFacebookReviews,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: Record<string, unknown>,
  token: string | null,
  fail: GraphFail,
  scripted: () => boolean,
): boolean {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const page = parts.length <= 2 ? fb.pages.get(parts[0] ?? '') : undefined;
  const info = parts.length === 1 && (req.method === 'GET' || req.method === 'POST');
  const photos = parts.length === 2 && req.method === 'POST' && (parts[1] === 'picture' || parts[1] === 'photos');
  if (!page || (!info && !photos)) return false;
  if (token !== page.token)
    return (fail(400, { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }), true);
  if (scripted()) return true;
  const answer: Answer = (payload) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  if (info) pageInfo(page, req.method === 'GET', body, fail, answer);
  else pagePhoto(page, parts[1] as 'picture' | 'photos', body, fail, answer);
  return true;
}

/** Page information: read, or changed field by field (and the cover set from one of its photos). */
function pageInfo(
  page: FakeFacebookPage,
  read: boolean,
  body: Record<string, unknown>,
  fail: GraphFail,
  answer: Answer,
): void {
  const info = (page.info ??= {});
  if (read) return answer({ id: page.id, name: page.name, ...info, ...(page.cover ? { cover: page.cover } : {}) });
  if (body.cover !== undefined) {
    const photo = page.photos?.find((p) => p.id === String(body.cover));
    if (!photo) return fail(400, { message: '(#100) Invalid cover photo id', code: 100 });
    page.cover = { cover_id: photo.id, source: photo.url };
  }
  for (const field of PAGE_INFO_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'hours') {
      let hours: Record<string, string>;
      try {
        hours =
          typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : (value as Record<string, string>);
      } catch {
        return fail(400, { message: '(#100) Param hours must be a JSON object', code: 100 });
      }
      if (Object.keys(hours).some((k) => !HOURS_KEY.test(k)))
        return fail(400, { message: '(#100) Invalid keys in hours', code: 100 });
      info.hours = hours;
    } else if (field === 'website' && typeof value === 'string' && value && !/^https?:\/\//.test(value))
      return fail(400, { message: '(#100) Param website must be a valid URL', code: 100 });
    else info[field] = String(value);
  }
  answer({ success: true });
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);

/** The profile picture from a URL, or a photo of the page (unpublished for a cover). */
function pagePhoto(
  page: FakeFacebookPage,
  kind: 'picture' | 'photos',
  body: Record<string, unknown>,
  fail: GraphFail,
  answer: Answer,
): void {
  if (kind === 'picture') {
    if (!isUrl(body.picture)) return fail(400, { message: '(#100) picture must be a valid URL', code: 100 });
    page.picture = body.picture;
    return answer({ success: true });
  }
  if (!isUrl(body.url)) return fail(400, { message: '(#324) Requires upload file', code: 324 });
  const photos = (page.photos ??= []);
  const id = `${page.id}_photo${photos.length + 1}`;
  photos.push({ id, url: body.url, published: String(body.published ?? 'true') !== 'false' });
  answer({ id });
}

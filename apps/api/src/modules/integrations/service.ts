import { googleBusinessClient, googleStars, type GoogleLocation } from '../../connectors/google/business';
import { mailHtml, t, textAsHtml } from '../../platform/i18n';
import { languagesOfEmails } from '../me/service';
import { facebookRatingsClient, type FacebookPage } from '../../connectors/facebook/ratings';
import {
  authorizationRequest,
  exchangeCode,
  longLivedFacebookToken,
  OAuthGrantError,
  refreshAccessToken,
  type OAuthProvider,
  type TokenSet,
} from '../../connectors/oauth';
import { isTokenRefusal } from '../../connectors/sourceApi';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { jobQueueFor } from '../../platform/jobs';
import { queueSync } from './syncQueue';
import { badRequest } from '../../platform/errors';
import { createSecretBox, isSealed, type SecretBox } from '../../platform/secrets';
import {
  accountConnection,
  applySourcePass,
  claimReconnectMail,
  companyAdminEmails,
  companyConnections,
  companyLocations,
  insertOAuthState,
  takeOAuthState,
  updateConnection,
  upsertConnection,
  type ConnectionRow,
  type SourceReview,
  type SyncOutcome,
} from './repository';

export type Source = 'google' | 'facebook';
export const SOURCES: readonly Source[] = ['google', 'facebook'];
export const SOURCE_TITLES: Record<Source, string> = { google: 'Google', facebook: 'Facebook' };

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

const boxes = new WeakMap<object, SecretBox>();
export function boxOf(deps: Pick<AppDeps, 'config'>): SecretBox {
  let box = boxes.get(deps.config);
  if (!box) boxes.set(deps.config, (box = createSecretBox(deps.config.secrets)));
  return box;
}

/** A stored token in the clear: sealed values are opened, older plain ones pass as they are. */
export function openToken(box: SecretBox, stored: string | null): string | null {
  if (!stored) return null;
  return isSealed(stored) ? box.open(stored) : stored;
}

/** Where the provider sends the browser back after consent. */
export const callbackUrl = (deps: Pick<AppDeps, 'config'>, source: Source) =>
  `${deps.config.publicUrl}/v2/api/oauth/callback/${source}`;
/** The web page the callback ends on. */
export const SETTINGS_PAGE = '/settings/other/thirdPartyLogin';

export function providerOf(deps: Pick<AppDeps, 'config'>, source: Source): OAuthProvider {
  const c = deps.config;
  if (source === 'google') {
    if (!c.google.clientId || !c.google.clientSecret)
      throw badRequest('Google is not set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)');
    return {
      authUrl: c.google.authUrl,
      tokenUrl: c.google.tokenUrl,
      clientId: c.google.clientId,
      clientSecret: c.google.clientSecret,
      scope: 'https://www.googleapis.com/auth/business.manage',
      extra: { access_type: 'offline', prompt: 'consent' },
    };
  }
  if (!c.facebookLogin.appId) throw badRequest('Facebook is not set up on this server (FACEBOOK_APP_ID)');
  return {
    authUrl: c.facebookLogin.authUrl,
    tokenUrl: `${c.facebook.graphUrl}/oauth/access_token`,
    clientId: c.facebookLogin.appId,
    clientSecret: c.meta.appSecret,
    scope: 'pages_show_list,pages_read_user_content,pages_manage_engagement,pages_read_engagement',
  };
}

export const googleClient = (deps: Pick<AppDeps, 'config'>) =>
  googleBusinessClient({
    apiUrl: deps.config.google.apiUrl,
    accountsUrl: deps.config.google.accountsUrl,
    businessInfoUrl: deps.config.google.businessInfoUrl,
    backoffMs: deps.config.facebook.retryMs,
  });
export const facebookClient = (deps: Pick<AppDeps, 'config'>) =>
  facebookRatingsClient({
    graphUrl: deps.config.facebook.graphUrl,
    timeoutMs: deps.config.facebook.timeoutMs,
    backoffMs: deps.config.facebook.retryMs,
  });

// ---- Connecting -------------------------------------------------------------------------------

export async function startAuthorization(
  deps: Deps,
  companyId: number,
  userId: number | null,
  source: Source,
): Promise<{ url: string; state: string }> {
  const request = await authorizationRequest(providerOf(deps, source), callbackUrl(deps, source));
  await insertOAuthState(deps.db, {
    state: request.state,
    companyId,
    userId,
    source,
    codeVerifier: boxOf(deps).seal(request.codeVerifier),
  });
  return { url: request.url, state: request.state };
}

/**
 * The cookie that binds an authorization to the browser that started it (RFC 6749 section 10.12):
 * set with the consent address, sent back only to the callback, which refuses a state without it, so
 * a consent link passed to someone else cannot connect their account to this company.
 */
export const stateCookieName = (source: Source) => `reputo_oauth_${source}`;
export function stateCookie(deps: Pick<AppDeps, 'config'>, source: Source, state: string | null): string {
  const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const value = state ?? '';
  return `${stateCookieName(source)}=${value}; Path=/v2/api/oauth/callback/${source}; HttpOnly; SameSite=Lax; Max-Age=${state ? 3600 : 0}${secure}`;
}

/**
 * The provider's redirect: checks state, exchanges the code (PKCE), stores the account's tokens
 * sealed on the company-wide connection, and maps the account's locations or pages to ours.
 * Answers where the browser goes next.
 */
export async function completeAuthorization(
  deps: Deps,
  source: Source,
  params: URLSearchParams,
  browserState: string | undefined,
): Promise<string> {
  const back = (result: Record<string, string>) => `${SETTINGS_PAGE}?${new URLSearchParams({ source, ...result })}`;
  const stateValue = params.get('state');
  if (!stateValue || browserState !== stateValue)
    return back({
      error: `This ${SOURCE_TITLES[source]} sign-in was started in another browser; start connecting again from this page.`,
    });
  const pending = stateValue ? await takeOAuthState(deps.db, stateValue) : undefined;
  if (!pending || pending.source !== source)
    return back({ error: 'The sign-in link expired or was already used; start connecting again.' });
  if (params.get('error'))
    return back({ error: `${SOURCE_TITLES[source]} did not give access (${params.get('error')}).` });
  const box = boxOf(deps);
  let tokens: TokenSet;
  try {
    tokens = await exchangeCode(
      providerOf(deps, source),
      callbackUrl(deps, source),
      params,
      pending.state,
      box.open(pending.codeVerifier),
    );
  } catch (error) {
    return back({ error: `${SOURCE_TITLES[source]} refused the sign-in: ${(error as Error).message}` });
  }
  try {
    if (source === 'facebook') tokens = await longLivedFacebookToken(providerOf(deps, source), tokens.accessToken);
    await storeAccount(deps, pending.companyId, source, tokens);
    const mapped = await autoMap(deps, pending.companyId, source);
    // Locations mapped before (a reconnect): their sync resumes now.
    for (const row of await companyConnections(deps.db, pending.companyId, source))
      if (row.locationId !== 0) await queueSync(jobQueueFor(deps), deps.db, row.id);
    return back({ connected: '1', mapped: String(mapped) });
  } catch (error) {
    return back({ error: (error as Error).message });
  }
}

async function storeAccount(deps: Deps, companyId: number, source: Source, tokens: TokenSet): Promise<void> {
  const box = boxOf(deps);
  let account = 'me';
  let accountName: string | null;
  if (source === 'google') {
    const accounts = await googleClient(deps).accounts(tokens.accessToken);
    account = accounts.map((a) => a.name).join(',') || 'accounts';
    accountName = accounts[0]?.accountName ?? null;
  } else {
    accountName = (await facebookClient(deps).me(tokens.accessToken)).name;
  }
  await upsertConnection(deps.db, {
    companyId,
    locationId: 0,
    source,
    account,
    accountName,
    accessToken: box.seal(tokens.accessToken),
    refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
    status: 'connected',
    statusReason: null,
    statusAt: new Date(),
    reconnectMailedAt: null,
  });
}

// ---- Tokens -----------------------------------------------------------------------------------

export class ReconnectNeeded extends Error {}

/**
 * The access token of a company's account, refreshed first when it expires within a minute (the
 * new one stored sealed). A refused refresh marks the connection "reconnect needed" and mails the
 * company's admins once.
 */
export async function accountToken(deps: Deps, row: ConnectionRow, force = false): Promise<string> {
  const box = boxOf(deps);
  if (row.status === 'reconnect_needed') throw new ReconnectNeeded(row.statusReason ?? 'Connect again.');
  const access = openToken(box, row.accessToken);
  const fresh = access && !force && (!row.expiresAt || row.expiresAt.getTime() > Date.now() + 60_000);
  if (fresh) return access;
  const refresh = openToken(box, row.refreshToken);
  if (!refresh) {
    if (access && !force) return access;
    return markReconnect(deps, row, 'The access has expired; connect again.');
  }
  try {
    const tokens = await refreshAccessToken(providerOf(deps, row.source as Source), refresh);
    await updateConnection(deps.db, row.id, {
      accessToken: box.seal(tokens.accessToken),
      refreshToken: box.seal(tokens.refreshToken ?? refresh),
      expiresAt: tokens.expiresAt,
    });
    row.accessToken = box.seal(tokens.accessToken);
    row.expiresAt = tokens.expiresAt;
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof OAuthGrantError)
      return markReconnect(
        deps,
        row,
        `${SOURCE_TITLES[row.source as Source]} refused the stored access (${error.message}).`,
      );
    throw error;
  }
}

export async function markReconnect(deps: Deps, row: ConnectionRow, reason: string): Promise<never> {
  const now = new Date();
  const account = row.locationId === 0 ? row : await accountConnection(deps.db, row.companyId, row.source);
  const target = account ?? row;
  await updateConnection(deps.db, target.id, { status: 'reconnect_needed', statusReason: reason, statusAt: now });
  if (target.id !== row.id) await updateConnection(deps.db, row.id, { lastError: reason, lastErrorAt: now });
  const mail = await claimReconnectMail(deps.db, target.id, now);
  if (mail) {
    const title = SOURCE_TITLES[row.source as Source] ?? row.source;
    const page = `${deps.config.publicUrl}${SETTINGS_PAGE}`;
    const admins = await companyAdminEmails(deps.db, row.companyId);
    const languageOf = await languagesOfEmails(deps.db, admins);
    for (const to of admins) {
      const lang = languageOf(to);
      const text = `${t(lang, 'mail:reconnect.intro', { source: title, reason })}\n\n${t(lang, 'mail:reconnect.action', { page, source: title })}`;
      await deps.mailer.send({
        to,
        subject: t(lang, 'mail:reconnect.subject', { source: title }),
        text,
        ...(lang === 'en' ? {} : { html: mailHtml(lang, textAsHtml(text)) }),
        links: [page],
      });
    }
  }
  throw new ReconnectNeeded(reason);
}

/** The token a location's calls use: the location's own (a Facebook page token) or the account's. */
async function tokenFor(deps: Deps, row: ConnectionRow, force = false): Promise<string> {
  const account = await accountConnection(deps.db, row.companyId, row.source);
  if (account?.status === 'reconnect_needed') throw new ReconnectNeeded(account.statusReason ?? 'Connect again.');
  if (row.source === 'facebook') {
    const page = openToken(boxOf(deps), row.accessToken);
    if (page) return page;
  }
  if (row.accessToken || row.refreshToken) return accountToken(deps, row, force);
  if (!account) throw new ReconnectNeeded(`${SOURCE_TITLES[row.source as Source]} is not connected.`);
  return accountToken(deps, account, force);
}

// ---- What the account offers, and mapping ---------------------------------------------------

export interface OfferedPlace {
  /** Google: `accounts/{a}/locations/{l}`; Facebook: the page id. */
  id: string;
  name: string;
  address: string | null;
  placeId: string | null;
  /** Facebook only: the page token (never leaves the server). */
  token?: string;
}

/** The Google locations or Facebook pages the connected account manages. */
export async function offeredPlaces(deps: Deps, companyId: number, source: Source): Promise<OfferedPlace[]> {
  const account = await accountConnection(deps.db, companyId, source);
  if (!account) return [];
  const token = await accountToken(deps, account);
  try {
    if (source === 'google') {
      const client = googleClient(deps);
      const out: GoogleLocation[] = [];
      for (const a of account.account.split(',').filter((x) => x.startsWith('accounts/')))
        out.push(...(await client.locations(token, a)));
      return out.map((l) => ({ id: l.name, name: l.title, address: l.address, placeId: l.placeId }));
    }
    const pages: FacebookPage[] = await facebookClient(deps).pages(token);
    return pages.map((p) => ({ id: p.id, name: p.name, address: p.address, placeId: null, token: p.accessToken }));
  } catch (error) {
    if (isTokenRefusal(error))
      return markReconnect(deps, account, `${SOURCE_TITLES[source]} refused the stored access (${error.message}).`);
    throw error;
  }
}

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Pairs offered places with our locations: by place id (a location's Google address that carries
 * `place_id=` or `cid=`), then by address, then by name; each side is used once, and locations
 * already mapped keep their mapping. Answers the pairs it made.
 */
export function matchPlaces(
  offered: OfferedPlace[],
  ours: {
    id: number;
    title: string;
    address: string | null;
    city: string | null;
    sourceUrls: Record<string, string>;
  }[],
  taken: { locationIds: Set<number>; placeIds: Set<string> },
): { locationId: number; place: OfferedPlace }[] {
  const pairs: { locationId: number; place: OfferedPlace }[] = [];
  const freeOurs = ours.filter((l) => !taken.locationIds.has(l.id));
  const freePlaces = offered.filter((p) => !taken.placeIds.has(p.id));
  const rules: ((l: (typeof ours)[number], p: OfferedPlace) => boolean)[] = [
    (l, p) => !!p.placeId && Object.values(l.sourceUrls).some((u) => u.includes(p.placeId!)),
    (l, p) => {
      const a = norm([l.address, l.city].filter(Boolean).join(' '));
      const b = norm(p.address);
      return !!a && !!b && (a === b || (norm(l.address).length > 4 && b.startsWith(norm(l.address))));
    },
    (l, p) => !!norm(l.title) && norm(l.title) === norm(p.name),
  ];
  for (const rule of rules) {
    for (const place of [...freePlaces]) {
      const hits = freeOurs.filter((l) => rule(l, place));
      if (hits.length !== 1) continue; // none, or ambiguous: left for the user
      const loc = hits[0]!;
      pairs.push({ locationId: loc.id, place });
      freeOurs.splice(freeOurs.indexOf(loc), 1);
      freePlaces.splice(freePlaces.indexOf(place), 1);
    }
  }
  return pairs;
}

/** Maps what can be matched automatically; answers how many locations were mapped now. */
export async function autoMap(deps: Deps, companyId: number, source: Source): Promise<number> {
  const offered = await offeredPlaces(deps, companyId, source);
  const existing = (await companyConnections(deps.db, companyId, source)).filter((c) => c.locationId !== 0);
  // Facebook page tokens change with each sign-in: refresh them on the mapped pages.
  for (const c of existing) {
    const page = offered.find((p) => p.id === c.account);
    if (page?.token) await updateConnection(deps.db, c.id, { accessToken: boxOf(deps).seal(page.token) });
  }
  const pairs = matchPlaces(offered, await companyLocations(deps.db, companyId), {
    locationIds: new Set(existing.map((c) => c.locationId)),
    placeIds: new Set(existing.map((c) => c.account)),
  });
  for (const { locationId, place } of pairs) {
    const row = await mapPlace(deps, companyId, source, locationId, place);
    await queueSync(jobQueueFor(deps), deps.db, row.id);
  }
  return pairs.length;
}

export async function mapPlace(deps: Deps, companyId: number, source: Source, locationId: number, place: OfferedPlace) {
  return upsertConnection(deps.db, {
    companyId,
    locationId,
    source,
    account: place.id,
    accountName: place.name,
    accessToken: place.token ? boxOf(deps).seal(place.token) : null,
    refreshToken: null,
    expiresAt: null,
    status: 'connected',
    statusReason: null,
    lastError: null,
    lastErrorAt: null,
    nextSyncAt: new Date(),
  });
}

// ---- Sync -------------------------------------------------------------------------------------

async function googlePass(deps: Deps, row: ConnectionRow, token: string): Promise<SourceReview[]> {
  const client = googleClient(deps);
  const out: SourceReview[] = [];
  let pageToken: string | undefined;
  do {
    const page = await client.reviewsPage(token, row.account, pageToken);
    for (const r of page.reviews)
      out.push({
        externalId: r.reviewId,
        authorName: r.reviewer?.displayName ?? null,
        rating: googleStars(r.starRating),
        text: r.comment ?? null,
        createdAt: new Date(r.createTime),
        reply: r.reviewReply
          ? {
              text: r.reviewReply.comment,
              at: new Date(r.reviewReply.updateTime ?? r.updateTime ?? r.createTime),
              externalId: `${row.account}/reviews/${r.reviewId}/reply`,
            }
          : null,
      });
    pageToken = page.nextPageToken;
  } while (pageToken);
  return out;
}

async function facebookPass(deps: Deps, row: ConnectionRow, token: string): Promise<SourceReview[]> {
  const out: SourceReview[] = [];
  for await (const part of facebookClient(deps).ratings(row.account, token))
    for (const r of part) {
      if (!r.open_graph_story?.id) continue;
      const own = r.open_graph_story.comments?.data.find((c) => c.from?.id === row.account);
      out.push({
        externalId: r.open_graph_story.id,
        authorName: r.reviewer?.name ?? null,
        // A recommendation has no stars: positive counts as 5, negative as 1 (an old star rating wins).
        rating: r.rating ?? (r.recommendation_type === 'negative' ? 1 : r.recommendation_type ? 5 : null),
        text: r.review_text ?? null,
        createdAt: new Date(r.created_time),
        reply: own ? { text: own.message, at: new Date(own.created_time), externalId: own.id } : null,
      });
    }
  return out;
}

/**
 * One full pass over a location's reviews on its source. A token refused by the source is refreshed
 * once; refused again (or a refused refresh) the connection becomes "reconnect needed". Rate limits
 * and server errors propagate, so the job retries with back-off.
 */
export async function syncLocation(deps: Deps, row: ConnectionRow): Promise<SyncOutcome> {
  const pass = row.source === 'google' ? googlePass : facebookPass;
  const seen = await withSourceToken(deps, row, (token) => pass(deps, row, token));
  return applySourcePass(deps.db, row.companyId, row.locationId, row.source, seen, { firstPass: !row.lastSyncAt });
}

/**
 * Runs a call of the source with the connection's token. A token the source refuses is refreshed
 * once and the call retried (Google); refused again, or a Facebook page token refused (it does not
 * refresh), the connection becomes "reconnect needed" and ReconnectNeeded is thrown.
 */
export async function withSourceToken<T>(
  deps: Deps,
  row: ConnectionRow,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const title = SOURCE_TITLES[row.source as Source];
  try {
    return await call(await tokenFor(deps, row));
  } catch (error) {
    if (!isTokenRefusal(error)) throw error;
    if (row.source === 'facebook')
      return markReconnect(deps, row, `${title} refused the page's access (${error.message}).`);
    try {
      return await call(await tokenFor(deps, row, true));
    } catch (again) {
      if (isTokenRefusal(again))
        return markReconnect(deps, row, `${title} refused the stored access (${again.message}).`);
      throw again;
    }
  }
}

export function syncIntervalMs(deps: Pick<AppDeps, 'config'>): number {
  return deps.config.reviewSyncMinutes * 60_000;
}

export type { Db };

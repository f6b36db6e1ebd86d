import { FEEDBACK_SOURCE, normalizeFeatures, type FeedbackLanguage } from '@reputo/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { AppDeps } from '../../platform/deps';
import { dataChanged } from '../../platform/dataChanges';
import { sniffImage, uploadUrl, type Storage } from '../../platform/storage';
import { storeReview } from '../apiKeys/inbound';
import { couponToken } from '../offers/codes';
import { issueCoupon } from './coupon';
import {
  countFromVisitor,
  findPublicPage,
  findRecipient,
  findResponse,
  insertResponse,
  stampRecipient,
  updateResponse,
  type PublicPageData,
  type ResponseRow,
} from './repository';
import { publicLinks, resolveSettings, type ResolvedSettings } from './settings';
import type { ErrorKey } from './texts';
import { responseIdOf, responseToken, visitorHash } from './tokens';

/** Per-address limits: enough for a family at one table, too few for a script. */
export const RATINGS_PER_HOUR = 20;
export const PRIVATE_PER_HOUR = 5;
export const TEXT_MAX = 2000;
export const NAME_MAX = 100;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const HOUR_MS = 3_600_000;
/** A visitor's answer takes its next steps within a day; after that the page asks again. */
const ANSWER_TTL_MS = 24 * HOUR_MS;
const PHOTO_TYPES = new Set(['jpg', 'png', 'webp', 'gif']);

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** A visitor's refusal: shown on the page, with the HTTP status the form's answer carries. */
export class VisitorError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey,
  ) {
    super(key);
  }
}

export interface OpenPage extends PublicPageData {
  resolved: ResolvedSettings;
}

/**
 * Pages read in the last seconds, by code: a table's QR code brings many phones to one page, and
 * the page's first answer should not wait for the database each time. A settings change here
 * clears it at once; another server process sees a change within PAGE_CACHE_MS.
 */
const PAGE_CACHE_MS = 10_000;
const PAGE_CACHE_MAX = 5_000;
const pageCache = new Map<string, { at: number; page: OpenPage | null }>();

export function forgetPages(): void {
  pageCache.clear();
}

/** The active page of a code whose company has the Feedback feature, or null (404). */
export async function openPage(deps: Deps, code: string): Promise<OpenPage | null> {
  if (!/^[A-Za-z0-9]{4,16}$/.test(code)) return null;
  const key = code.toUpperCase();
  const cached = pageCache.get(key);
  if (cached && Date.now() - cached.at < PAGE_CACHE_MS) return cached.page;
  const found = await findPublicPage(deps.db, key);
  const page =
    found && normalizeFeatures(found.features).includes('feedback')
      ? { ...found, resolved: resolveSettings(found.settings) }
      : null;
  if (pageCache.size >= PAGE_CACHE_MAX) pageCache.clear();
  pageCache.set(key, { at: Date.now(), page });
  return page;
}

export function validScore(ratingType: string, raw: unknown): number | null {
  const score = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  const [min, max] = ratingType === 'nps' ? [0, 10] : [1, 5];
  return Number.isInteger(score) && score >= min && score <= max ? score : null;
}

/** Records a rating: the per-address limit, the honeypot, the campaign recipient's "rated" step, and the offer's coupon. */
export async function recordRating(
  deps: Deps,
  page: OpenPage,
  input: { score: unknown; website?: unknown; recipientToken?: string; lang: FeedbackLanguage; address: string },
): Promise<ResponseRow> {
  const { db } = deps;
  if (typeof input.website === 'string' && input.website.trim()) throw new VisitorError(400, 'bot');
  const score = validScore(page.resolved.ratingType, input.score);
  if (score === null) throw new VisitorError(400, 'score');
  const hash = visitorHash(deps.config.jwtSecret, input.address);
  if ((await countFromVisitor(db, hash, new Date(Date.now() - HOUR_MS), false)) >= RATINGS_PER_HOUR)
    throw new VisitorError(429, 'tooMany');
  const companyId = page.page.companyId;
  const recipientId = input.recipientToken ? await findRecipient(db, companyId, input.recipientToken) : null;
  const response = await insertResponse(db, {
    companyId,
    landingPageId: page.page.id,
    locationId: page.page.locationId,
    brandId: page.page.brandId,
    recipientId,
    ratingType: page.resolved.ratingType,
    score,
    language: input.lang,
    visitorHash: hash,
  });
  await stampRecipient(db, recipientId, 'ratedAt');
  const couponId = await issueCoupon(db, page.resolved.offerId, response);
  // The dashboard's NPS reads the answers: its cached figures are stale now.
  dataChanged(companyId, ['reviews']);
  return { ...response, couponId };
}

/** The answer a step's token names, on this page, not older than a day; else the visitor starts again. */
export async function answerOf(deps: Deps, page: OpenPage, token: string): Promise<ResponseRow | null> {
  const id = responseIdOf(deps.config.jwtSecret, token);
  if (id === null) return null;
  const response = await findResponse(deps.db, id);
  if (!response || response.landingPageId !== page.page.id) return null;
  return Date.now() - response.createdAt.getTime() > ANSWER_TTL_MS ? null : response;
}

export function tokenOf(deps: Deps, response: ResponseRow): string {
  return responseToken(deps.config.jwtSecret, response.id);
}

export function couponHrefOf(deps: Deps, response: ResponseRow): string | null {
  return response.couponId === null ? null : `/coupon/${couponToken(deps.config.jwtSecret, response.couponId)}`;
}

export function linksOf(page: OpenPage) {
  return publicLinks(page.sourceUrls, page.resolved.sourceOrder);
}

/** The review site's address for a public link the visitor clicked (stamped on the answer), or null. */
export async function followPublicLink(
  deps: Deps,
  page: OpenPage,
  response: ResponseRow,
  source: string,
): Promise<string | null> {
  const link = linksOf(page).find((l) => l.source === source);
  if (!link) return null;
  await updateResponse(deps.db, response.id, { publicSource: source, publicClickedAt: new Date() });
  await stampRecipient(deps.db, response.recipientId, 'reviewedAt');
  dataChanged(response.companyId, ['reviews']);
  return link.url;
}

export interface PrivateInput {
  name: string;
  contact: string;
  text: string;
  website: string;
  photo: { content: Buffer; truncated: boolean } | null;
}

interface Contact {
  email: string | null;
  phone: string | null;
}

/** An email address (lower-cased) or a phone number in E.164; empty is allowed, nonsense is not. */
export function readContact(value: string): Contact | null {
  const v = value.trim();
  if (!v) return { email: null, phone: null };
  if (v.includes('@'))
    return /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/.test(v) && v.length <= 200
      ? { email: v.toLowerCase(), phone: null }
      : null;
  const phone = parsePhoneNumberFromString(v.replace(/^00/, '+'));
  return phone?.isValid() ? { email: null, phone: phone.number } : null;
}

function checkPrivate(input: PrivateInput): Contact {
  if (input.website.trim()) throw new VisitorError(400, 'bot');
  const text = input.text.trim();
  if (!text) throw new VisitorError(400, 'text');
  if (text.length > TEXT_MAX) throw new VisitorError(400, 'textLong');
  if (input.name.trim().length > NAME_MAX) throw new VisitorError(400, 'name');
  const contact = readContact(input.contact);
  if (!contact) throw new VisitorError(400, 'contact');
  if (input.photo) {
    if (input.photo.truncated || input.photo.content.length > PHOTO_MAX_BYTES) throw new VisitorError(413, 'photoBig');
    const kind = sniffImage(input.photo.content);
    // No SVG: a visitor's file must not be able to carry a script.
    if (!kind || !PHOTO_TYPES.has(kind.ext)) throw new VisitorError(400, 'photoType');
  }
  return contact;
}

/** A 0 to 10 answer as the review's 1 to 5 stars: 9-10 → 5, 7-8 → 4, 5-6 → 3, 3-4 → 2, 0-2 → 1. */
export function starsOfAnswer(ratingType: string, score: number): number {
  return ratingType === 'nps' ? Math.max(1, Math.ceil(score / 2)) : score;
}

/**
 * The private form: becomes a review of source Feedback through the same path as the inbound
 * review API (daily rollups in its transaction, new-review mails and alerts as jobs), keeps the
 * contact on the answer, and stamps the campaign recipient's "feedback" step. Sent twice, it
 * stores one review.
 */
export async function sendPrivateFeedback(
  deps: Deps,
  storage: Storage,
  page: OpenPage,
  response: ResponseRow,
  input: PrivateInput,
): Promise<void> {
  if (response.reviewId !== null) return;
  const contact = checkPrivate(input);
  if (
    (await countFromVisitor(deps.db, response.visitorHash ?? '', new Date(Date.now() - HOUR_MS), true)) >=
    PRIVATE_PER_HOUR
  )
    throw new VisitorError(429, 'tooMany');
  const photoKey = input.photo
    ? await storage.save('feedback', input.photo.content, sniffImage(input.photo.content)!)
    : null;
  const name = input.name.trim();
  const saved = await storeReview(deps, response.companyId, response.locationId, {
    source: FEEDBACK_SOURCE,
    source_review_id: `landing-${response.id}`,
    rating: starsOfAnswer(response.ratingType, response.score),
    text: input.text.trim(),
    author_name: name || undefined,
    date: new Date().toISOString(),
    language: response.language,
    // The photo opens from the review's link (reviews have no attachment of their own).
    url: photoKey ? `${deps.config.publicUrl}${uploadUrl(photoKey)}` : undefined,
  });
  await updateResponse(deps.db, response.id, {
    reviewId: saved.id,
    contactName: name || null,
    contactEmail: contact.email,
    contactPhone: contact.phone,
  });
  await stampRecipient(deps.db, response.recipientId, 'feedbackAt');
  dataChanged(response.companyId, ['reviews']);
}

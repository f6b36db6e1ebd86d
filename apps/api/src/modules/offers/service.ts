import { LOGO_MAX_BYTES, toIsoDate, type UiLanguage } from '@reputo/core';
import { t } from '../../platform/i18n';
import { acceptImage, type UploadedFile } from '../../platform/imageUpload';
import { uploadUrl, type Storage } from '../../platform/storage';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { companyBrands } from '../locations/repository';
import { codeSpace, couponToken, normalizeCode, randomCodes } from './codes';
import {
  deleteOffer,
  findCompanyLocation,
  findCouponByCode,
  findOffer,
  insertCoupons,
  insertOffer,
  locationsOfCompany,
  redeemWhenValid,
  type RedeemAt,
  setImagePath,
  updateOffer,
  type CouponView,
  type NewOffer,
  type OfferWithCounts,
  type Redeemer,
} from './repository';
import { offerProblems, type OfferInput, type OfferPatch } from './schemas';

/** Offer rules: validation between fields, tenancy of brands and locations, codes and redemption. */

export const today = (): string => toIsoDate(new Date());

function money(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** The discount as a short text ("15% off", "Free dessert") in a language; English for API clients. */
export function discountLabel(
  o: { discountType: string; discountValue: number | null; freeItem: string | null },
  language: UiLanguage = 'en',
) {
  if (o.discountType === 'percent')
    return t(language, 'offers:discount.percent', { value: money(o.discountValue ?? 0) });
  if (o.discountType === 'amount') return t(language, 'offers:discount.amount', { value: money(o.discountValue ?? 0) });
  return o.freeItem === null
    ? t(language, 'offers:discount.freeAnyItem')
    : t(language, 'offers:discount.freeItem', { item: o.freeItem });
}

function offerStatus(o: Pick<OfferWithCounts, 'active' | 'validFrom' | 'validTo'>, day: string) {
  if (!o.active) return 'inactive' as const;
  if (o.validTo && o.validTo < day) return 'expired' as const;
  if (o.validFrom && o.validFrom > day) return 'scheduled' as const;
  return 'active' as const;
}

/** An offer as the API answers it; the web writes the discount from its type and value, exports in their language. */
export function serializeOffer(o: OfferWithCounts, day = today(), language: UiLanguage = 'en') {
  return {
    id: o.id,
    title: o.title,
    description: o.description,
    image_url: uploadUrl(o.imagePath),
    terms: o.terms,
    brand_ids: o.brandIds,
    location_ids: o.locationIds,
    valid_from: o.validFrom,
    valid_to: o.validTo,
    discount_type: o.discountType as 'percent' | 'amount' | 'free_item',
    discount_value: o.discountValue,
    free_item: o.freeItem,
    discount_label: discountLabel(o, language),
    limit_per_customer: o.limitPerCustomer,
    active: o.active,
    status: offerStatus(o, day),
    issued: o.issued,
    redeemed: o.redeemed,
    redemption_rate: o.issued ? Math.round((o.redeemed / o.issued) * 1000) / 10 : null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export function couponState(c: Pick<CouponView, 'state' | 'validTo'>, day = today()) {
  if (c.state === 'redeemed') return 'redeemed' as const;
  return c.validTo && c.validTo < day ? ('expired' as const) : ('issued' as const);
}

/** A coupon as the lists and exports show it, its texts in a language (English for API clients). */
export function couponFields(c: CouponView, day = today(), language: UiLanguage = 'en') {
  return {
    id: c.id,
    code: c.code,
    offer_id: c.offerId,
    offer_title: c.offerTitle,
    discount_label: discountLabel(c, language),
    state: couponState(c, day),
    source: c.source,
    contact: c.contact,
    issued_at: c.issuedAt.toISOString(),
    valid_to: c.validTo,
    redeemed_at: c.redeemedAt?.toISOString() ?? null,
    redeemed_location_id: c.redeemedLocationId,
    redeemed_location_title: c.redeemedLocationTitle,
    redeemed_by: c.redeemedByName ?? (c.redeemedByApiKeyId ? t(language, 'offers:redeemedByApiKey') : null),
  };
}

/** A coupon as the API answers it: with the path of the customer's coupon page. */
export function serializeCoupon(c: CouponView, secret: string, day = today(), language: UiLanguage = 'en') {
  return { ...couponFields(c, day, language), page_path: `/coupon/${couponToken(secret, c.id)}` };
}

/** Brands and locations must be the company's own: another company's id is refused like a missing one. */
async function checkPlaces(db: Db, companyId: number, brandIds: number[], locationIds: number[]): Promise<void> {
  if (brandIds.length === 0 && locationIds.length === 0) return;
  const locs = await locationsOfCompany(db, companyId);
  const known = new Set(locs.map((l) => l.id));
  const brands = new Set(locs.map((l) => l.brandId));
  for (const b of await companyBrands(db, companyId)) brands.add(b.id);
  const badLocation = locationIds.find((id) => !known.has(id));
  if (badLocation)
    throw badRequest('Invalid offer', [{ field: 'location_ids', message: `No such location: ${badLocation}` }]);
  const badBrand = brandIds.find((id) => !brands.has(id));
  if (badBrand) throw badRequest('Invalid offer', [{ field: 'brand_ids', message: `No such brand: ${badBrand}` }]);
}

function checkRules(o: Parameters<typeof offerProblems>[0]): void {
  const problems = offerProblems(o);
  if (problems.length) throw badRequest(problems[0]!.message, problems);
}

function rowValues(input: Partial<OfferInput>): Partial<NewOffer> {
  const v: Partial<NewOffer> = {};
  if (input.title !== undefined) v.title = input.title;
  if (input.description !== undefined) v.description = input.description?.trim() || null;
  if (input.terms !== undefined) v.terms = input.terms?.trim() || null;
  if (input.brand_ids !== undefined) v.brandIds = [...new Set(input.brand_ids)];
  if (input.location_ids !== undefined) v.locationIds = [...new Set(input.location_ids)];
  if (input.valid_from !== undefined) v.validFrom = input.valid_from;
  if (input.valid_to !== undefined) v.validTo = input.valid_to;
  if (input.discount_type !== undefined) v.discountType = input.discount_type;
  if (input.discount_value !== undefined) v.discountValue = input.discount_value;
  if (input.free_item !== undefined) v.freeItem = input.free_item || null;
  if (input.limit_per_customer !== undefined) v.limitPerCustomer = input.limit_per_customer;
  if (input.active !== undefined) v.active = input.active;
  // A free item carries no value, and a value no item: keep the row honest when the type changes.
  if (v.discountType === 'free_item') v.discountValue = null;
  else if (v.discountType) v.freeItem = null;
  return v;
}

export async function getOffer(db: Db, ctx: ActingContext, id: number): Promise<OfferWithCounts> {
  const offer = await findOffer(db, scopeCompanyId(ctx), id);
  if (!offer) throw notFound('No such offer');
  return offer;
}

export async function createOffer(db: Db, ctx: ActingContext, input: OfferInput): Promise<OfferWithCounts> {
  const companyId = scopeCompanyId(ctx);
  checkRules(input);
  await checkPlaces(db, companyId, input.brand_ids, input.location_ids);
  const id = await insertOffer(db, companyId, rowValues(input) as NewOffer);
  return getOffer(db, ctx, id);
}

export async function changeOffer(db: Db, ctx: ActingContext, id: number, patch: OfferPatch): Promise<OfferWithCounts> {
  const companyId = scopeCompanyId(ctx);
  const current = await getOffer(db, ctx, id);
  const merged = {
    discount_type: current.discountType as OfferInput['discount_type'],
    discount_value: current.discountValue,
    free_item: current.freeItem,
    valid_from: current.validFrom,
    valid_to: current.validTo,
    ...patch,
  };
  checkRules(merged);
  await checkPlaces(db, companyId, patch.brand_ids ?? [], patch.location_ids ?? []);
  const values = rowValues(patch);
  if (patch.discount_type === undefined) {
    delete values.discountValue;
    delete values.freeItem;
    if (patch.discount_value !== undefined && current.discountType !== 'free_item')
      values.discountValue = patch.discount_value;
    if (patch.free_item !== undefined && current.discountType === 'free_item')
      values.freeItem = patch.free_item || null;
  }
  await updateOffer(db, companyId, id, values);
  return getOffer(db, ctx, id);
}

/** Sets (or replaces) the offer's image: a picture of at most 5 MB, checked by its bytes. */
export async function setOfferImage(
  db: Db,
  storage: Storage,
  ctx: ActingContext,
  id: number,
  file: UploadedFile | null,
): Promise<OfferWithCounts> {
  const offer = await getOffer(db, ctx, id);
  const image = acceptImage(file, LOGO_MAX_BYTES, {
    missing: 'Send the image as the multipart field "file"',
    tooBig: 'Uploaded file is too big. Image size should not exceed 5Mb!',
    notImage: 'The offer image must be an image file!',
  });
  const key = await storage.save('offers', file!.content, image);
  await setImagePath(db, offer.companyId, offer.id, key);
  await storage.remove(offer.imagePath);
  return getOffer(db, ctx, id);
}

export async function removeOffer(db: Db, ctx: ActingContext, id: number): Promise<void> {
  if (!(await deleteOffer(db, scopeCompanyId(ctx), id))) throw notFound('No such offer');
}

/** Rounds of fresh codes for the ones that collided with the company's existing codes before giving up. */
const GENERATE_ROUNDS = 5;

/**
 * Generates `count` new codes for an offer. Codes are drawn, deduplicated in memory, and inserted
 * in one statement; the unique index drops any that another offer (or a racing call) already has,
 * and the shortfall is drawn again. A length too short for the company's codes is refused upfront.
 */
export async function generateCodes(
  db: Db,
  ctx: ActingContext,
  offerId: number,
  count: number,
  length: number,
): Promise<{ generated: number; length: number; took_ms: number }> {
  const started = performance.now();
  const companyId = scopeCompanyId(ctx);
  const offer = await getOffer(db, ctx, offerId);
  // At most a thousandth of the space, so a draw collides rarely and a few rounds always finish.
  if (count > codeSpace(length) / 1000)
    throw badRequest(`Codes of ${length} characters are too few for ${count} codes: choose a longer length.`, [
      { field: 'length', message: 'Choose a longer length' },
    ]);
  let generated = 0;
  for (let round = 0; round < GENERATE_ROUNDS && generated < count; round++) {
    const codes = [...new Set(randomCodes(count - generated, length))];
    generated += await insertCoupons(
      db,
      companyId,
      offer.id,
      'generated',
      codes.map((code) => ({ code })),
    );
  }
  if (generated < count)
    throw new AppError(409, 'conflict', `Only ${generated} of ${count} codes could be made unique.`);
  return { generated, length, took_ms: Math.round(performance.now() - started) };
}

/** The coupon of a code as typed, or 404. */
export async function couponOfCode(db: Db, companyId: number, code: string): Promise<CouponView> {
  const found = await findCouponByCode(db, companyId, normalizeCode(code));
  if (!found) throw notFound('No such code');
  return found;
}

const unprocessable = (code: string, message: string) => new AppError(422, code, message);

/** Why this coupon cannot be redeemed at this location today, or null when it can. */
function refusal(c: CouponView, location: { id: number; brandId: number | null }, day: string): AppError | null {
  if (c.state === 'redeemed')
    return new AppError(
      409,
      'already_redeemed',
      `This code was already redeemed${c.redeemedAt ? ` on ${toIsoDate(c.redeemedAt)}` : ''}${c.redeemedLocationTitle ? ` at ${c.redeemedLocationTitle}` : ''}.`,
    );
  if (c.validTo && c.validTo < day) return unprocessable('coupon_expired', `This code expired on ${c.validTo}.`);
  if (!c.offerActive) return unprocessable('offer_inactive', 'This offer is not active.');
  if (c.validFrom && c.validFrom > day)
    return unprocessable('offer_not_started', `This offer starts on ${c.validFrom}.`);
  const atLocation = c.offerLocationIds.length === 0 || c.offerLocationIds.includes(location.id);
  const atBrand =
    c.offerBrandIds.length === 0 || (location.brandId !== null && c.offerBrandIds.includes(location.brandId));
  if (!atLocation || !atBrand) return unprocessable('wrong_location', 'This offer is not valid at this location.');
  return null;
}

/** A redeemer's name as the coupon reads it back (repository: first and last name joined, or none). */
export function redeemerName(user: { firstName: string | null; lastName: string | null }): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;
}

/**
 * Redeems a code at a location. One conditional UPDATE does it when the code can be used (the till's
 * common path, one statement); when it cannot, the location and the coupon are read to say why. Two
 * tills typing the same code at once never both succeed.
 */
export async function redeemCode(
  db: Db,
  companyId: number,
  code: string,
  at: RedeemAt,
  by: Omit<Redeemer, 'locationId'> & { name: string | null },
): Promise<CouponView> {
  const day = today();
  const redeemed = await redeemWhenValid(db, companyId, normalizeCode(code), at, by, day);
  if (redeemed) return redeemed;
  const location = await findCompanyLocation(db, companyId, at);
  if (!location) throw notFound('No such location');
  const coupon = await couponOfCode(db, companyId, code);
  throw refusal(coupon, location, day) ?? refusal({ ...coupon, state: 'redeemed' }, location, day)!;
}

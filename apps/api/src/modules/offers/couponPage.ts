import { and, eq } from 'drizzle-orm';
import type { UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import { companies, coupons, offers } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { uploadUrl } from '../../platform/storage';
import { couponIdOf } from './codes';
import { couponState, discountLabel } from './service';

/** What the customer sees: the code, the offer and whose it is; nothing about other customers or staff. */
export async function publicCoupon(db: Db, secret: string, token: string, language: UiLanguage = 'en') {
  const id = couponIdOf(secret, token);
  if (id === null) throw notFound('No such coupon');
  const [row] = await db
    .select({ coupon: coupons, offer: offers, companyName: companies.companyName })
    .from(coupons)
    .innerJoin(offers, and(eq(offers.id, coupons.offerId), eq(offers.companyId, coupons.companyId)))
    .innerJoin(companies, eq(companies.id, coupons.companyId))
    .where(eq(coupons.id, id))
    .limit(1);
  if (!row) throw notFound('No such coupon');
  const { coupon, offer } = row;
  return {
    code: coupon.code,
    state: couponState({ state: coupon.state, validTo: offer.validTo }),
    redeemed_at: coupon.redeemedAt?.toISOString() ?? null,
    company_name: row.companyName,
    offer_title: offer.title,
    description: offer.description,
    terms: offer.terms,
    discount_label: discountLabel(offer, language),
    image_url: uploadUrl(offer.imagePath),
    valid_from: offer.validFrom,
    valid_to: offer.validTo,
    active: offer.active,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, feedbackResponses } from '../../db/schema';
import { giveCoupon, givableOffer } from '../offers/giving';
import type { ResponseRow } from './repository';

/**
 * How many coupons of this offer the same customer already had from landing pages: the same
 * invitation's recipient, or (a walk-in by QR code) the same address.
 */
async function couponsOfCustomer(db: Db, offerId: number, response: ResponseRow): Promise<number> {
  const who =
    response.recipientId !== null
      ? eq(feedbackResponses.recipientId, response.recipientId)
      : eq(feedbackResponses.visitorHash, response.visitorHash ?? '');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feedbackResponses)
    .innerJoin(coupons, eq(coupons.id, feedbackResponses.couponId))
    .where(and(who, eq(coupons.offerId, offerId)));
  return row?.n ?? 0;
}

/**
 * Gives the visitor a new coupon of the page's offer for their rating (whatever the rating, never
 * for a public review: Google forbids rewarding reviews), unless the offer's limit per customer is
 * reached. Answers the coupon's id, or null.
 */
export async function issueCoupon(db: Db, offerId: number | null, response: ResponseRow): Promise<number | null> {
  if (offerId === null || response.couponId !== null) return response.couponId;
  const offer = await givableOffer(db, response.companyId, offerId);
  if (!offer) return null;
  if (offer.limitPerCustomer !== null && (await couponsOfCustomer(db, offer.id, response)) >= offer.limitPerCustomer)
    return null;
  const id = await giveCoupon(db, offer, 'feedback', {
    name: response.contactName,
    email: response.contactEmail,
    phone: response.contactPhone,
  });
  if (id !== null)
    await db.update(feedbackResponses).set({ couponId: id }).where(eq(feedbackResponses.id, response.id));
  return id;
}

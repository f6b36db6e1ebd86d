import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, feedbackResponses, offers } from '../../db/schema';
import { randomCodes } from '../offers/codes';
import { today } from '../offers/service';
import type { ResponseRow } from './repository';

/** Coupons given on the landing page are 8 symbols, like generated ones. */
const COUPON_LENGTH = 8;
const ROUNDS = 5;

/** The offer when it can be given today: active, started and not ended. */
async function givableOffer(db: Db, companyId: number, offerId: number) {
  const day = today();
  const [offer] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.companyId, companyId), eq(offers.active, true)));
  if (!offer) return null;
  if (offer.validFrom && offer.validFrom > day) return null;
  if (offer.validTo && offer.validTo < day) return null;
  return offer;
}

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
  for (let round = 0; round < ROUNDS; round++) {
    const [row] = await db
      .insert(coupons)
      .values({
        companyId: response.companyId,
        offerId: offer.id,
        code: randomCodes(1, COUPON_LENGTH)[0]!,
        source: 'feedback',
        contact: {
          name: response.contactName,
          email: response.contactEmail,
          phone: response.contactPhone,
        },
      })
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    if (row) {
      await db.update(feedbackResponses).set({ couponId: row.id }).where(eq(feedbackResponses.id, response.id));
      return row.id;
    }
  }
  return null;
}

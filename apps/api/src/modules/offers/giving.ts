import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, offers, type CouponContact } from '../../db/schema';
import { randomCodes } from './codes';
import { today } from './service';

/** Coupons given to a customer (landing page, campaign) are 8 symbols, like generated ones. */
const GIVEN_LENGTH = 8;
const ROUNDS = 5;

export type GivableOffer = typeof offers.$inferSelect;

/** The company's offer when it can be given today: active, started and not ended; else null. */
export async function givableOffer(db: Db, companyId: number, offerId: number): Promise<GivableOffer | null> {
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
 * A new coupon of the offer for one customer, with a fresh random code (drawn again on the rare
 * collision with the company's codes). Answers its id, or null when no unique code was found.
 */
export async function giveCoupon(
  db: Db,
  offer: GivableOffer,
  source: 'feedback' | 'campaign',
  contact: CouponContact,
): Promise<number | null> {
  for (let round = 0; round < ROUNDS; round++) {
    const [row] = await db
      .insert(coupons)
      .values({
        companyId: offer.companyId,
        offerId: offer.id,
        code: randomCodes(1, GIVEN_LENGTH)[0]!,
        source,
        contact,
      })
      .onConflictDoNothing()
      .returning({ id: coupons.id });
    if (row) return row.id;
  }
  return null;
}

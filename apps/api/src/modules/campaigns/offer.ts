import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { couponToken } from '../offers/codes';
import { giveCoupon, givableOffer } from '../offers/giving';

export interface OfferRecipient {
  id: number;
  contact_id: number | null;
  coupon_id: number | null;
  address: string;
  name: string | null;
}

/** How many coupons of the offer campaigns already gave this contact (the offer's limit per customer). */
async function campaignCouponsOfContact(db: Db, offerId: number, contactId: number): Promise<number> {
  const r = await db.execute(sql`
    SELECT count(*)::int AS n FROM campaign_recipients r JOIN coupons k ON k.id = r.coupon_id
    WHERE r.contact_id = ${contactId} AND k.offer_id = ${offerId}`);
  return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
}

/**
 * The coupon page link a recipient's message carries when the campaign gives an offer: the coupon
 * given before (a retry, the reminder) or a new one, within the offer's limit per customer; null
 * when the campaign has no offer, the offer cannot be given today, or the limit is reached.
 */
export async function offerLinkFor(
  db: Db,
  opts: { companyId: number; offerId: number | null; channel: 'email' | 'sms'; publicUrl: string; secret: string },
  row: OfferRecipient,
): Promise<string | null> {
  const link = (couponId: number) => `${opts.publicUrl}/coupon/${couponToken(opts.secret, couponId)}`;
  if (row.coupon_id !== null) return link(row.coupon_id);
  if (opts.offerId === null) return null;
  const offer = await givableOffer(db, opts.companyId, opts.offerId);
  if (!offer) return null;
  if (
    offer.limitPerCustomer !== null &&
    row.contact_id !== null &&
    (await campaignCouponsOfContact(db, offer.id, row.contact_id)) >= offer.limitPerCustomer
  )
    return null;
  const couponId = await giveCoupon(db, offer, 'campaign', {
    name: row.name,
    email: opts.channel === 'email' ? row.address : null,
    phone: opts.channel === 'sms' ? row.address : null,
  });
  if (couponId === null) return null;
  await db.execute(sql`UPDATE campaign_recipients SET coupon_id = ${couponId} WHERE id = ${row.id}`);
  return link(couponId);
}

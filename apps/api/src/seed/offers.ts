import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { offers } from '../db/schema';
import { randomCodes } from '../modules/offers/codes';
import { insertCoupons } from '../modules/offers/repository';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Demo offers for a company with Feedback, so Feedback › Offers shows what it is for: a running
 * discount, a free item and an ended one, each with codes, about a third of them redeemed at the
 * company's locations by its team over the last weeks (codes from the offers module's generator).
 */
export async function insertDemoOffers(
  tx: Tx,
  rng: Rng,
  companyId: number,
  locationIds: number[],
  teamUserIds: number[],
  now: Date,
): Promise<void> {
  if (locationIds.length === 0) return;
  const today = now.getTime();
  const specs = [
    {
      title: '10% off your next visit',
      description: 'A thank-you for sharing your feedback: 10% off the whole bill on your next visit.',
      terms: 'One coupon per visit. Not valid with other offers.',
      discountType: 'percent',
      discountValue: 10,
      freeItem: null,
      validFrom: isoDay(today - 60 * DAY),
      validTo: isoDay(today + 90 * DAY),
      codes: 180,
      redeemedShare: 0.35,
    },
    {
      title: 'Free dessert',
      description: 'Any dessert on the house with a main course.',
      terms: 'Dine-in only.',
      discountType: 'free_item',
      discountValue: null,
      freeItem: 'dessert of your choice',
      validFrom: isoDay(today - 30 * DAY),
      validTo: isoDay(today + 30 * DAY),
      codes: 90,
      redeemedShare: 0.4,
    },
    {
      title: 'AED 25 off summer orders',
      description: 'AED 25 off orders over AED 150 during the summer season.',
      terms: 'Minimum spend AED 150.',
      discountType: 'amount',
      discountValue: 25,
      freeItem: null,
      validFrom: isoDay(today - 180 * DAY),
      validTo: isoDay(today - 60 * DAY),
      codes: 120,
      redeemedShare: 0.3,
    },
  ];
  for (const spec of specs) {
    const [offer] = await tx
      .insert(offers)
      .values({
        companyId,
        title: spec.title,
        description: spec.description,
        terms: spec.terms,
        discountType: spec.discountType,
        discountValue: spec.discountValue,
        freeItem: spec.freeItem,
        validFrom: spec.validFrom,
        validTo: spec.validTo,
        limitPerCustomer: 1,
        active: true,
      })
      .returning({ id: offers.id });
    const codes = [...new Set(randomCodes(spec.codes, 8))].map((code) => ({ code }));
    await insertCoupons(tx as unknown as Db, companyId, offer!.id, 'generated', codes);
    // Redeem a share of them at random locations by random team members, within the offer's days.
    const from = Math.max(Date.parse(spec.validFrom), today - 60 * DAY);
    const to = Math.min(Date.parse(spec.validTo) + DAY, today);
    const redeemed = Math.round(codes.length * spec.redeemedShare);
    const picks = codes.slice(0, redeemed).map((c) => ({
      code: c.code,
      at: new Date(from + rng.next() * (to - from)).toISOString(),
      location: locationIds[rng.int(0, locationIds.length - 1)]!,
      user: teamUserIds.length ? teamUserIds[rng.int(0, teamUserIds.length - 1)]! : null,
    }));
    if (picks.length)
      await tx.execute(sql`
        UPDATE coupons c SET state = 'redeemed', redeemed_at = p.at::timestamptz,
          redeemed_location_id = p.location, redeemed_by_user_id = p.user_id,
          issued_at = least(c.issued_at, p.at::timestamptz - interval '1 day')
        FROM json_to_recordset(${JSON.stringify(picks.map((p) => ({ code: p.code, at: p.at, location: p.location, user_id: p.user })))}::json)
          AS p(code text, at text, location int, user_id int)
        WHERE c.company_id = ${companyId} AND c.code = p.code`);
  }
}

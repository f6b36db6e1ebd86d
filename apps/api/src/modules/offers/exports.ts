import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { xlsxStream, type XlsxCell } from '../../platform/xlsx';
import { buildWorkbook } from '../statistics/excel';
import { couponBatches, couponsByMonth, listOffers, redemptionsByLocation, type CouponFilter } from './repository';
import { couponFields, serializeOffer, today } from './service';

/** The Excel exports "offers" (one row per offer) and "coupons" (one row per code, streamed). */

export async function offersExcel(db: Db, ctx: ActingContext): Promise<Buffer> {
  const day = today();
  const companyId = scopeCompanyId(ctx);
  const [list, byLocation, byMonth] = await Promise.all([
    listOffers(db, companyId, {}),
    redemptionsByLocation(db, companyId),
    couponsByMonth(db, companyId),
  ]);
  const offers = list.rows.map((o) => serializeOffer(o, day));
  type O = (typeof offers)[number];
  type L = (typeof byLocation)[number];
  type M = (typeof byMonth)[number];
  const intro = [`Offers: ${ctx.company?.companyName ?? ''}`, `Exported ${day}`];
  return buildWorkbook([
    {
      name: 'Offers',
      intro,
      rows: offers,
      columns: [
        { header: 'Offer', value: (o: O) => o.title, width: 32 },
        { header: 'Discount', value: (o: O) => o.discount_label, width: 20 },
        { header: 'Status', value: (o: O) => o.status, width: 12 },
        { header: 'Valid from', value: (o: O) => o.valid_from, width: 12 },
        { header: 'Valid to', value: (o: O) => o.valid_to, width: 12 },
        { header: 'Limit per customer', value: (o: O) => o.limit_per_customer },
        { header: 'Issued', value: (o: O) => o.issued },
        { header: 'Redeemed', value: (o: O) => o.redeemed },
        { header: 'Redemption rate %', value: (o: O) => o.redemption_rate, format: '0.0' },
        { header: 'Created', value: (o: O) => o.created_at.slice(0, 10), width: 12 },
      ],
    },
    {
      name: 'By location',
      intro,
      rows: byLocation,
      columns: [
        { header: 'Offer', value: (r: L) => r.offer, width: 32 },
        { header: 'Location', value: (r: L) => r.location, width: 32 },
        { header: 'Redeemed', value: (r: L) => r.redeemed },
      ],
    },
    {
      name: 'By month',
      intro,
      rows: byMonth,
      columns: [
        { header: 'Offer', value: (r: M) => r.offer, width: 32 },
        { header: 'Month', value: (r: M) => r.month, width: 10 },
        { header: 'Issued', value: (r: M) => r.issued },
        { header: 'Redeemed', value: (r: M) => r.redeemed },
        {
          header: 'Redemption rate %',
          value: (r: M) => (r.issued ? Math.round((r.redeemed / r.issued) * 1000) / 10 : null),
          format: '0.0',
        },
      ],
    },
  ]);
}

const COUPON_COLUMNS = [
  { header: 'Code', width: 18 },
  { header: 'Offer', width: 30 },
  { header: 'Discount', width: 18 },
  { header: 'State', width: 10 },
  { header: 'Source', width: 10 },
  { header: 'Issued to', width: 24 },
  { header: 'Email', width: 26 },
  { header: 'Phone', width: 18 },
  { header: 'Issued at', width: 20 },
  { header: 'Valid to', width: 12 },
  { header: 'Redeemed at', width: 20 },
  { header: 'Redeemed at location', width: 26 },
  { header: 'Redeemed by', width: 20 },
];

const stamp = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : null);

async function* couponRows(db: Db, companyId: number, filter: CouponFilter): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of couponBatches(db, companyId, filter)) {
    yield batch.map((row) => {
      const c = couponFields(row, filter.today);
      return [
        c.code,
        c.offer_title,
        c.discount_label,
        c.state,
        c.source,
        c.contact?.name,
        c.contact?.email,
        c.contact?.phone,
        stamp(c.issued_at),
        c.valid_to,
        stamp(c.redeemed_at),
        c.redeemed_location_title,
        c.redeemed_by,
      ];
    });
  }
}

export function couponsExcel(db: Db, companyId: number, filter: CouponFilter): Readable {
  return xlsxStream('Coupons', COUPON_COLUMNS, couponRows(db, companyId, filter));
}

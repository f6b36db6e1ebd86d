import type { Readable } from 'node:stream';
import { directionOf, type UiLanguage } from '@reputo/core';
import { dateText, t } from '../../platform/i18n';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { xlsxStream, type XlsxCell } from '../../platform/xlsx';
import { buildWorkbook } from '../statistics/excel';
import { couponBatches, couponsByMonth, listOffers, redemptionsByLocation, type CouponFilter } from './repository';
import { couponFields, serializeOffer, today } from './service';

/** The Excel exports "offers" (one row per offer) and "coupons" (one row per code, streamed). */

export async function offersExcel(db: Db, ctx: ActingContext, lang: UiLanguage = 'en'): Promise<Buffer> {
  const c = (key: string) => t(lang, `exports:offers.columns.${key}`);
  const day = today();
  const companyId = scopeCompanyId(ctx);
  const [list, byLocation, byMonth] = await Promise.all([
    listOffers(db, companyId, {}),
    redemptionsByLocation(db, companyId),
    couponsByMonth(db, companyId),
  ]);
  const offers = list.rows.map((o) => serializeOffer(o, day, lang));
  type O = (typeof offers)[number];
  type L = (typeof byLocation)[number];
  type M = (typeof byMonth)[number];
  const intro = [
    t(lang, 'exports:offers.title', { company: ctx.company?.companyName ?? '' }),
    t(lang, 'exports:offers.exported', { date: dateText(lang, day) }),
  ];
  return buildWorkbook(
    [
      {
        name: t(lang, 'exports:offers.sheets.offers'),
        intro,
        rows: offers,
        columns: [
          { header: c('offer'), value: (o: O) => o.title, width: 32 },
          { header: c('discount'), value: (o: O) => o.discount_label, width: 20 },
          { header: c('status'), value: (o: O) => o.status, width: 12 },
          { header: c('validFrom'), value: (o: O) => o.valid_from, width: 12 },
          { header: c('validTo'), value: (o: O) => o.valid_to, width: 12 },
          { header: c('limitPerCustomer'), value: (o: O) => o.limit_per_customer },
          { header: c('issued'), value: (o: O) => o.issued },
          { header: c('redeemed'), value: (o: O) => o.redeemed },
          { header: c('redemptionRate'), value: (o: O) => o.redemption_rate, format: '0.0' },
          { header: c('created'), value: (o: O) => o.created_at.slice(0, 10), width: 12 },
        ],
      },
      {
        name: t(lang, 'exports:offers.sheets.byLocation'),
        intro,
        rows: byLocation,
        columns: [
          { header: c('offer'), value: (r: L) => r.offer, width: 32 },
          { header: c('location'), value: (r: L) => r.location, width: 32 },
          { header: c('redeemed'), value: (r: L) => r.redeemed },
        ],
      },
      {
        name: t(lang, 'exports:offers.sheets.byMonth'),
        intro,
        rows: byMonth,
        columns: [
          { header: c('offer'), value: (r: M) => r.offer, width: 32 },
          { header: c('month'), value: (r: M) => r.month, width: 10 },
          { header: c('issued'), value: (r: M) => r.issued },
          { header: c('redeemed'), value: (r: M) => r.redeemed },
          {
            header: c('redemptionRate'),
            value: (r: M) => (r.issued ? Math.round((r.redeemed / r.issued) * 1000) / 10 : null),
            format: '0.0',
          },
        ],
      },
    ],
    { rightToLeft: directionOf(lang) === 'rtl' },
  );
}

const COUPON_COLUMNS = (c: (key: string) => string) => [
  { header: c('code'), width: 18 },
  { header: c('offer'), width: 30 },
  { header: c('discount'), width: 18 },
  { header: c('state'), width: 10 },
  { header: c('source'), width: 10 },
  { header: c('issuedTo'), width: 24 },
  { header: c('email'), width: 26 },
  { header: c('phone'), width: 18 },
  { header: c('issuedAt'), width: 20 },
  { header: c('validTo'), width: 12 },
  { header: c('redeemedAt'), width: 20 },
  { header: c('redeemedAtLocation'), width: 26 },
  { header: c('redeemedBy'), width: 20 },
];

const stamp = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : null);

async function* couponRows(
  db: Db,
  companyId: number,
  filter: CouponFilter,
  lang: UiLanguage,
): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of couponBatches(db, companyId, filter)) {
    yield batch.map((row) => {
      const c = couponFields(row, filter.today, lang);
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

export function couponsExcel(db: Db, companyId: number, filter: CouponFilter, lang: UiLanguage = 'en'): Readable {
  const c = (key: string) => t(lang, `exports:offers.columns.${key}`);
  return xlsxStream(
    t(lang, 'exports:offers.sheets.coupons'),
    COUPON_COLUMNS(c),
    couponRows(db, companyId, filter, lang),
    {
      rightToLeft: directionOf(lang) === 'rtl',
    },
  );
}

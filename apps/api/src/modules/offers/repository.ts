import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { coupons, locations, offers, users, type CouponContact } from '../../db/schema';

/** Offers and coupons of a company. Every query is scoped by company_id. */

export type OfferRow = typeof offers.$inferSelect;
export type NewOffer = Omit<typeof offers.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;
export interface OfferWithCounts extends OfferRow {
  issued: number;
  redeemed: number;
}

// Written out in full: inside a selected field Drizzle leaves columns unqualified, and "id" would
// then name the coupon's own id in the subquery.
const counts = {
  issued: sql<number>`(SELECT count(*)::int FROM coupons c WHERE c.offer_id = "offers"."id")`,
  redeemed: sql<number>`(SELECT count(*)::int FROM coupons c WHERE c.offer_id = "offers"."id" AND c.state = 'redeemed')`,
};

export interface OfferFilter {
  search?: string;
  active?: boolean;
}

function offerWhere(companyId: number, f: OfferFilter): SQL | undefined {
  return and(
    eq(offers.companyId, companyId),
    f.search ? ilike(offers.title, `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    f.active === undefined ? undefined : eq(offers.active, f.active),
  );
}

export async function listOffers(
  db: Db,
  companyId: number,
  filter: OfferFilter,
  paging?: { limit: number; offset: number },
): Promise<{ rows: OfferWithCounts[]; total: number }> {
  const where = offerWhere(companyId, filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(offers).where(where);
  let q = db
    .select({ offer: offers, ...counts })
    .from(offers)
    .where(where)
    .orderBy(desc(offers.id))
    .$dynamic();
  if (paging) q = q.limit(paging.limit).offset(paging.offset);
  const rows = await q;
  return { total: Number(total), rows: rows.map((r) => ({ ...r.offer, issued: r.issued, redeemed: r.redeemed })) };
}

export async function findOffer(db: Db, companyId: number, id: number): Promise<OfferWithCounts | null> {
  const [row] = await db
    .select({ offer: offers, ...counts })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers.id, id)))
    .limit(1);
  return row ? { ...row.offer, issued: row.issued, redeemed: row.redeemed } : null;
}

export async function insertOffer(db: Db, companyId: number, values: NewOffer): Promise<number> {
  const [row] = await db
    .insert(offers)
    .values({ ...values, companyId })
    .returning({ id: offers.id });
  return row!.id;
}

export async function updateOffer(db: Db, companyId: number, id: number, values: Partial<NewOffer>): Promise<boolean> {
  const rows = await db
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(offers.companyId, companyId), eq(offers.id, id)))
    .returning({ id: offers.id });
  return rows.length > 0;
}

export async function setImagePath(db: Db, companyId: number, id: number, key: string | null): Promise<void> {
  await db
    .update(offers)
    .set({ imagePath: key, updatedAt: new Date() })
    .where(and(eq(offers.companyId, companyId), eq(offers.id, id)));
}

/** Removes an offer and (by the foreign key's cascade) its coupons. */
export async function deleteOffer(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers.id, id)))
    .returning({ id: offers.id });
  return rows.length > 0;
}

export interface NewCoupon {
  code: string;
  contact?: CouponContact | null;
}

/**
 * Inserts codes in one statement (the list travels as one JSON parameter, so 100,000 codes are one
 * round trip on both drivers). A code the company already has is skipped by the unique index;
 * answers how many were inserted.
 */
export async function insertCoupons(
  db: Db,
  companyId: number,
  offerId: number,
  source: string,
  list: NewCoupon[],
): Promise<number> {
  if (list.length === 0) return 0;
  // Codes alone (generated ones) travel as a flat list of texts: half the JSON to parse.
  const input = list.some((c) => c.contact)
    ? sql`SELECT value->>0 AS code, (value->1)::jsonb AS contact FROM json_array_elements(${JSON.stringify(list.map((c) => [c.code, c.contact ?? null]))}::json)`
    : sql`SELECT value AS code, NULL::jsonb AS contact FROM json_array_elements_text(${JSON.stringify(list.map((c) => c.code))}::json)`;
  const result = await db.execute(sql`
    WITH input AS (${input}),
    inserted AS (
      INSERT INTO ${coupons} (company_id, offer_id, code, source, contact)
      SELECT ${companyId}, ${offerId}, code, ${source}, CASE WHEN jsonb_typeof(contact) = 'object' THEN contact END
      FROM input
      ON CONFLICT (company_id, code) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/** Which of these codes the company already has. */
export async function existingCodes(db: Db, companyId: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const result = await db.execute(sql`
    SELECT c.code FROM ${coupons} c
    JOIN json_array_elements_text(${JSON.stringify(codes)}::json) AS i(code) ON i.code = c.code
    WHERE c.company_id = ${companyId}`);
  return new Set(rowsOf<{ code: string }>(result).map((r) => r.code));
}

export interface CouponView {
  id: number;
  code: string;
  offerId: number;
  offerTitle: string;
  discountType: string;
  discountValue: number | null;
  freeItem: string | null;
  offerActive: boolean;
  offerLocationIds: number[];
  offerBrandIds: number[];
  validFrom: string | null;
  validTo: string | null;
  state: string;
  source: string;
  contact: CouponContact | null;
  issuedAt: Date;
  redeemedAt: Date | null;
  redeemedLocationId: number | null;
  redeemedLocationTitle: string | null;
  redeemedByUserId: number | null;
  redeemedByName: string | null;
  redeemedByApiKeyId: number | null;
}

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  offerId: coupons.offerId,
  offerTitle: offers.title,
  discountType: offers.discountType,
  discountValue: offers.discountValue,
  freeItem: offers.freeItem,
  offerActive: offers.active,
  offerLocationIds: offers.locationIds,
  offerBrandIds: offers.brandIds,
  validFrom: offers.validFrom,
  validTo: offers.validTo,
  state: coupons.state,
  source: coupons.source,
  contact: coupons.contact,
  issuedAt: coupons.issuedAt,
  redeemedAt: coupons.redeemedAt,
  redeemedLocationId: coupons.redeemedLocationId,
  redeemedLocationTitle: locations.title,
  redeemedByUserId: coupons.redeemedByUserId,
  redeemedByName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
  redeemedByApiKeyId: coupons.redeemedByApiKeyId,
};

export interface CouponFilter {
  /** A normalized code or its beginning. */
  codePrefix?: string;
  offerId?: number;
  state?: 'issued' | 'redeemed' | 'expired';
  today: string;
}

function couponWhere(companyId: number, f: CouponFilter): SQL | undefined {
  const expired = sql`(${offers.validTo} IS NOT NULL AND ${offers.validTo} < ${f.today})`;
  return and(
    eq(coupons.companyId, companyId),
    // The prefix is letters and digits only (normalized), so LIKE needs no escaping.
    f.codePrefix ? sql`${coupons.code} LIKE ${`${f.codePrefix}%`}` : undefined,
    f.offerId ? eq(coupons.offerId, f.offerId) : undefined,
    f.state === 'redeemed' ? eq(coupons.state, 'redeemed') : undefined,
    f.state === 'issued' ? and(eq(coupons.state, 'issued'), sql`NOT ${expired}`) : undefined,
    f.state === 'expired' ? and(eq(coupons.state, 'issued'), expired) : undefined,
  );
}

function couponQuery(db: Db, where: SQL | undefined) {
  return db
    .select(couponColumns)
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .leftJoin(locations, eq(locations.id, coupons.redeemedLocationId))
    .leftJoin(users, eq(users.id, coupons.redeemedByUserId))
    .where(where)
    .$dynamic();
}

export async function listCoupons(
  db: Db,
  companyId: number,
  filter: CouponFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: CouponView[]; total: number }> {
  const where = couponWhere(companyId, filter);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(coupons)
    .innerJoin(offers, eq(offers.id, coupons.offerId))
    .where(where);
  const rows = await couponQuery(db, where).orderBy(asc(coupons.code)).limit(paging.limit).offset(paging.offset);
  return { total: Number(total), rows };
}

/** The coupons of a filter in batches by id, for the export (constant memory). */
export async function* couponBatches(
  db: Db,
  companyId: number,
  filter: CouponFilter,
  batch = 2000,
): AsyncGenerator<CouponView[]> {
  let after = 0;
  for (;;) {
    const rows = await couponQuery(db, and(couponWhere(companyId, filter), sql`${coupons.id} > ${after}`))
      .orderBy(asc(coupons.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

export async function findCouponByCode(db: Db, companyId: number, code: string): Promise<CouponView | null> {
  const [row] = await couponQuery(db, and(eq(coupons.companyId, companyId), eq(coupons.code, code))).limit(1);
  return row ?? null;
}

export interface Redeemer {
  locationId: number;
  userId: number | null;
  apiKeyId: number | null;
}

/** Where a redemption happens: one of the company's locations by our id or by its own code. */
export type RedeemAt = { id: number } | { code: string };

function redeemLocationMatch(companyId: number, at: RedeemAt): SQL {
  return 'id' in at
    ? sql`${locations.id} = ${at.id} AND ${locations.companyId} = ${companyId}`
    : sql`${locations.id} = (SELECT l2.id FROM locations l2 WHERE l2.company_id = ${companyId} AND lower(l2.location_id) = ${at.code.toLowerCase()} ORDER BY l2.id LIMIT 1)`;
}

/**
 * The till's path in one statement: marks the code redeemed when it is issued, its offer active and
 * valid today, and the location the company's and one the offer allows; answers the coupon as it is
 * now, or null when any condition fails (the caller then reads why). The row lock makes simultaneous
 * calls for one code re-check `state`, so exactly one of them succeeds.
 */
export async function redeemWhenValid(
  db: Db,
  companyId: number,
  code: string,
  at: RedeemAt,
  by: Omit<Redeemer, 'locationId'> & { name: string | null },
  today: string,
): Promise<CouponView | null> {
  const [row] = await db
    .update(coupons)
    .set({
      state: 'redeemed',
      redeemedAt: new Date(),
      redeemedLocationId: sql`${locations.id}`,
      redeemedByUserId: by.userId,
      redeemedByApiKeyId: by.apiKeyId,
    })
    .from(offers)
    .innerJoin(locations, redeemLocationMatch(companyId, at))
    .where(
      and(
        eq(coupons.companyId, companyId),
        eq(coupons.code, code),
        eq(coupons.state, 'issued'),
        eq(offers.id, coupons.offerId),
        eq(offers.active, true),
        sql`(${offers.validFrom} IS NULL OR ${offers.validFrom} <= ${today})`,
        sql`(${offers.validTo} IS NULL OR ${offers.validTo} >= ${today})`,
        sql`(jsonb_array_length(${offers.locationIds}) = 0 OR ${offers.locationIds} @> to_jsonb(${locations.id}))`,
        sql`(jsonb_array_length(${offers.brandIds}) = 0 OR ${offers.brandIds} @> to_jsonb(${locations.brandId}))`,
      ),
    )
    .returning({ ...couponColumns, redeemedByName: sql<string | null>`NULL` });
  return row ? { ...row, redeemedByName: by.name } : null;
}

/** One of the company's locations, by our id or by the company's own code (case ignored). */
export async function findCompanyLocation(db: Db, companyId: number, by: { id?: number; code?: string }) {
  const [row] = await db
    .select({ id: locations.id, title: locations.title, brandId: locations.brandId })
    .from(locations)
    .where(
      and(
        eq(locations.companyId, companyId),
        by.id !== undefined
          ? eq(locations.id, by.id)
          : sql`lower(${locations.locationId}) = ${(by.code ?? '').toLowerCase()}`,
      ),
    )
    .orderBy(asc(locations.id))
    .limit(1);
  return row ?? null;
}

export async function locationsOfCompany(db: Db, companyId: number) {
  return db
    .select({ id: locations.id, title: locations.title, brandId: locations.brandId, code: locations.locationId })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.title));
}

/** Redeemed codes per offer and location (for the offers export). */
export async function redemptionsByLocation(db: Db, companyId: number) {
  const result = await db.execute(sql`
    SELECT o.title AS offer, coalesce(l.title, '(location removed)') AS location, count(*)::int AS redeemed
    FROM coupons c JOIN offers o ON o.id = c.offer_id LEFT JOIN locations l ON l.id = c.redeemed_location_id
    WHERE c.company_id = ${companyId} AND c.state = 'redeemed'
    GROUP BY o.id, o.title, l.title ORDER BY o.id DESC, redeemed DESC, location`);
  return rowsOf<{ offer: string; location: string; redeemed: number }>(result);
}

/** Codes issued and redeemed per offer and calendar month (UTC), for the offers export. */
export async function couponsByMonth(db: Db, companyId: number) {
  const result = await db.execute(sql`
    WITH events AS (
      SELECT offer_id, to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, 1 AS issued, 0 AS redeemed
      FROM coupons WHERE company_id = ${companyId}
      UNION ALL
      SELECT offer_id, to_char(redeemed_at AT TIME ZONE 'UTC', 'YYYY-MM'), 0, 1
      FROM coupons WHERE company_id = ${companyId} AND state = 'redeemed' AND redeemed_at IS NOT NULL
    )
    SELECT o.title AS offer, e.month, sum(e.issued)::int AS issued, sum(e.redeemed)::int AS redeemed
    FROM events e JOIN offers o ON o.id = e.offer_id
    GROUP BY o.id, o.title, e.month ORDER BY o.id DESC, e.month`);
  return rowsOf<{ offer: string; month: string; issued: number; redeemed: number }>(result);
}

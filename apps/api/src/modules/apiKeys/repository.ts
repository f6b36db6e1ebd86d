import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gte, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, apiUsage, brands, companies, locations, partners, reviewDaily, states } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Who owns a key: a company (its accessToken) or a partner (its apiKey). */
export type KeyOwner = { companyId: number } | { partnerId: number };

/** 32 random bytes, URL-safe: the same form the demo seed issues. */
export function newApiKeyToken(): string {
  return randomBytes(32).toString('base64url');
}

function ownerCondition(owner: KeyOwner) {
  return 'companyId' in owner ? eq(apiKeys.companyId, owner.companyId) : eq(apiKeys.partnerId, owner.partnerId);
}

/** The key in use (not revoked) of a company or partner, or undefined when it has none. */
export async function currentKey(db: Db, owner: KeyOwner): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(ownerCondition(owner), isNull(apiKeys.revokedAt)))
    .orderBy(sql`${apiKeys.id} desc`)
    .limit(1);
  return row;
}

/** The keys in use of many companies at once (for lists and exports), by company id. */
export async function currentCompanyKeys(db: Db, companyIds: number[]): Promise<Map<number, string>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: apiKeys.companyId, token: apiKeys.token })
    .from(apiKeys)
    .where(and(inArray(apiKeys.companyId, companyIds), isNull(apiKeys.revokedAt)))
    .orderBy(asc(apiKeys.id));
  return new Map(rows.map((r) => [r.companyId!, r.token]));
}

/**
 * Rotates the key of a company or partner: the old key stops working at once (revoked, kept so
 * its metered usage still reports) and a new one is issued. Also issues the first key.
 */
export async function rotateKey(db: Db, owner: KeyOwner): Promise<ApiKeyRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(ownerCondition(owner), isNull(apiKeys.revokedAt)));
    const [row] = await tx
      .insert(apiKeys)
      .values({ token: newApiKeyToken(), ...owner })
      .returning();
    return row!;
  });
}

/** A key presented by a caller, with what metering needs: the billing pool and its package. */
export interface ResolvedKey {
  id: number;
  companyId: number | null;
  partnerId: number | null;
  /** Usage is pooled per partner (its own key and all its companies' keys), else per company. */
  pool: { partnerId: number } | { companyId: number };
  poolPackage: string;
  poolCredits: number | null;
  companyStatus: string | null;
  partnerStatus: string | null;
}

export async function resolveApiKey(db: Db, token: string): Promise<ResolvedKey | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      partnerId: apiKeys.partnerId,
      companyPartnerId: companies.partnerId,
      companyPackage: companies.package,
      companyStatus: companies.status,
    })
    .from(apiKeys)
    .leftJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(eq(apiKeys.token, token), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const partnerId = row.partnerId ?? row.companyPartnerId ?? null;
  if (partnerId !== null) {
    const [p] = await db
      .select({ package: partners.package, credits: partners.packageCredits, status: partners.status })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .limit(1);
    if (!p) return null;
    return {
      id: row.id,
      companyId: row.companyId,
      partnerId: row.partnerId,
      pool: { partnerId },
      poolPackage: p.package,
      poolCredits: p.credits,
      companyStatus: row.companyStatus,
      partnerStatus: p.status,
    };
  }
  if (row.companyId === null) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    partnerId: null,
    pool: { companyId: row.companyId },
    poolPackage: row.companyPackage ?? 'Free trial',
    poolCredits: null,
    companyStatus: row.companyStatus,
    partnerStatus: null,
  };
}

/** Condition "this key belongs to the pool": a partner's own keys and its companies' keys, or one company's. */
function poolCondition(pool: ResolvedKey['pool']) {
  if ('companyId' in pool) return eq(apiKeys.companyId, pool.companyId);
  return or(
    eq(apiKeys.partnerId, pool.partnerId),
    inArray(
      apiKeys.companyId,
      sql`(select ${companies.id} from ${companies} where ${companies.partnerId} = ${pool.partnerId})`,
    ),
  );
}

/** Calls the pool made since `fromDay` (inclusive), free and paid together. */
export async function poolCallsSince(db: Db, pool: ResolvedKey['pool'], fromDay: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${apiUsage.calls}), 0)::int` })
    .from(apiUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.apiKeyId))
    .where(and(gte(apiUsage.day, fromDay), poolCondition(pool)));
  return row?.n ?? 0;
}

/** Counts one call of a key on a day as free or paid usage. */
export async function recordCall(db: Db, keyId: number, day: string, paid: boolean): Promise<void> {
  await db
    .insert(apiUsage)
    .values({ apiKeyId: keyId, day, paid, calls: 1 })
    .onConflictDoUpdate({
      target: [apiUsage.apiKeyId, apiUsage.day, apiUsage.paid],
      set: { calls: sql`${apiUsage.calls} + 1` },
    });
}

export interface UsageRow {
  day: string;
  paid: boolean;
  calls: number;
  keyId: number;
  token: string;
  revoked: boolean;
  companyId: number | null;
  companyName: string | null;
  partnerKey: boolean;
}

/** Metered usage of a partner's pool between two days (inclusive), optionally only free or only paid. */
export async function partnerUsage(
  db: Db,
  partnerId: number,
  range: { from: string; to: string },
  paid?: boolean,
): Promise<UsageRow[]> {
  const conditions = [gte(apiUsage.day, range.from), lte(apiUsage.day, range.to), poolCondition({ partnerId })];
  if (paid !== undefined) conditions.push(eq(apiUsage.paid, paid));
  const rows = await db
    .select({
      day: apiUsage.day,
      paid: apiUsage.paid,
      calls: apiUsage.calls,
      keyId: apiKeys.id,
      token: apiKeys.token,
      revokedAt: apiKeys.revokedAt,
      companyId: apiKeys.companyId,
      companyName: companies.companyName,
      partnerId: apiKeys.partnerId,
    })
    .from(apiUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.apiKeyId))
    .leftJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(and(...conditions))
    .orderBy(asc(apiUsage.day), asc(apiKeys.id));
  return rows.map((r) => ({
    day: r.day,
    paid: r.paid,
    calls: r.calls,
    keyId: r.keyId,
    token: r.token,
    revoked: r.revokedAt !== null,
    companyId: r.companyId,
    companyName: r.companyName,
    partnerKey: r.partnerId !== null,
  }));
}

/** The companies a key may read: its own company, or every company of its partner. */
export async function companiesOfKey(db: Db, key: Pick<ResolvedKey, 'companyId' | 'partnerId'>): Promise<number[]> {
  if (key.companyId !== null) return [key.companyId];
  if (key.partnerId === null) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.partnerId, key.partnerId))
    .orderBy(asc(companies.id));
  return rows.map((r) => r.id);
}

/** One page of a company's locations with their all-time review count and average rating (from the daily rollup). */
export async function publicLocationPage(
  db: Db,
  companyId: number,
  q: { search?: string; page: number; perPage: number },
) {
  const where = and(
    eq(locations.companyId, companyId),
    q.search ? ilike(locations.title, `%${q.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const totals = db
    .select({
      locationId: reviewDaily.locationId,
      reviews: sql<number>`sum(${reviewDaily.reviews})::int`.as('reviews'),
      rated: sql<number>`sum(${reviewDaily.rated})::int`.as('rated'),
      ratingSum: sql<number>`sum(${reviewDaily.ratingSum})::int`.as('rating_sum'),
    })
    .from(reviewDaily)
    .where(and(eq(reviewDaily.companyId, companyId), eq(reviewDaily.isCompetitor, false)))
    .groupBy(reviewDaily.locationId)
    .as('totals');
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        location: locations,
        brand: brands.title,
        region: states.title,
        reviews: totals.reviews,
        rated: totals.rated,
        ratingSum: totals.ratingSum,
      })
      .from(locations)
      .leftJoin(brands, eq(brands.id, locations.brandId))
      .leftJoin(states, eq(states.id, locations.stateId))
      .leftJoin(totals, eq(totals.locationId, locations.id))
      .where(where)
      .orderBy(asc(locations.title), asc(locations.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(locations).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The companies a key may read, with their location counts. */
export async function publicCompanies(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const lc = db
    .select({ companyId: locations.companyId, n: count().as('n') })
    .from(locations)
    .where(inArray(locations.companyId, ids))
    .groupBy(locations.companyId)
    .as('lc');
  return db
    .select({
      id: companies.id,
      name: companies.companyName,
      type: companies.type,
      status: companies.status,
      city: companies.city,
      country: companies.country,
      locations: sql<number>`coalesce(${lc.n}, 0)::int`,
    })
    .from(companies)
    .leftJoin(lc, eq(lc.companyId, companies.id))
    .where(inArray(companies.id, ids))
    .orderBy(asc(companies.id));
}

/** Free and paid calls of a pool since a day, for the usage call. */
export async function poolCallsByKind(
  db: Db,
  pool: ResolvedKey['pool'],
  fromDay: string,
): Promise<{ free: number; paid: number }> {
  const rows = await db
    .select({ paid: apiUsage.paid, n: sql<number>`sum(${apiUsage.calls})::int` })
    .from(apiUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.apiKeyId))
    .where(and(gte(apiUsage.day, fromDay), poolCondition(pool)))
    .groupBy(apiUsage.paid);
  return { free: rows.find((r) => !r.paid)?.n ?? 0, paid: rows.find((r) => r.paid)?.n ?? 0 };
}

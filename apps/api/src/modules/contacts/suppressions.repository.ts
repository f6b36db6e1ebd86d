import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { suppressions } from '../../db/schema';
import { containing } from './repository';

/**
 * The suppression list as the Lists screen shows and changes it: addresses no campaign writes to.
 * Campaign sending writes unsubscribes, bounces and STOPs into the same table on its own.
 */

export type SuppressionRow = typeof suppressions.$inferSelect;
export type SuppressionChannel = 'email' | 'sms';

export interface SuppressionFilter {
  search?: string;
  channel?: SuppressionChannel;
}

function suppressionWhere(companyId: number, f: SuppressionFilter): SQL | undefined {
  return and(
    eq(suppressions.companyId, companyId),
    f.channel ? eq(suppressions.channel, f.channel) : undefined,
    f.search ? ilike(suppressions.address, containing(f.search)) : undefined,
  );
}

export async function listSuppressions(
  db: Db,
  companyId: number,
  filter: SuppressionFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const where = suppressionWhere(companyId, filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(suppressions).where(where);
  const rows = await db
    .select()
    .from(suppressions)
    .where(where)
    .orderBy(desc(suppressions.createdAt), asc(suppressions.address))
    .limit(paging.limit)
    .offset(paging.offset);
  return { total: Number(total), rows };
}

/** Every suppression in batches, for the export. */
export async function* suppressionBatches(db: Db, companyId: number, filter: SuppressionFilter, size = 5000) {
  for (let offset = 0; ; offset += size) {
    const { rows } = await listSuppressions(db, companyId, filter, { limit: size, offset });
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

/** Adds an address; one already suppressed keeps its first reason and date. Answers whether it was new. */
export async function addSuppression(
  db: Db,
  companyId: number,
  channel: SuppressionChannel,
  address: string,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .insert(suppressions)
    .values({ companyId, channel, address, reason })
    .onConflictDoNothing()
    .returning({ address: suppressions.address });
  return rows.length > 0;
}

export async function findSuppression(
  db: Db,
  companyId: number,
  channel: string,
  address: string,
): Promise<SuppressionRow | null> {
  const [row] = await db
    .select()
    .from(suppressions)
    .where(
      and(eq(suppressions.companyId, companyId), eq(suppressions.channel, channel), eq(suppressions.address, address)),
    )
    .limit(1);
  return row ?? null;
}

/** Re-subscribes an address. Answers whether it was suppressed. */
export async function removeSuppression(db: Db, companyId: number, channel: string, address: string): Promise<boolean> {
  const rows = await db
    .delete(suppressions)
    .where(
      and(eq(suppressions.companyId, companyId), eq(suppressions.channel, channel), eq(suppressions.address, address)),
    )
    .returning({ address: suppressions.address });
  return rows.length > 0;
}

/** Insert many at once (demo data). */
export async function insertSuppressions(
  db: Db,
  rows: { companyId: number; channel: SuppressionChannel; address: string; reason: string; createdAt?: Date }[],
): Promise<void> {
  if (rows.length) await db.insert(suppressions).values(rows).onConflictDoNothing();
}

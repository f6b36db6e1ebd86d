import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

/** What a counter holds after a hit or a read: attempts in the current window and the ms it has left. */
export interface CounterState {
  hits: number;
  ttlMs: number;
}

// The database's clock decides every window, so processes whose clocks differ still agree.
const ttlMs = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000))::integer`;
const windowEnd = (windowMs: number) => sql`now() + ${windowMs}::integer * interval '1 millisecond'`;

/**
 * Counts one hit in one statement (safe when processes race on the same key): a new window starts
 * when there is none or the last one has ended.
 */
export async function addHit(db: Db, key: string, windowMs: number): Promise<CounterState> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: windowEnd(windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.hits} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ hits: rateLimits.hits, ttlMs });
  return row!;
}

export async function readHits(db: Db, key: string): Promise<CounterState> {
  const [row] = await db
    .select({ hits: rateLimits.hits, ttlMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  return row ?? { hits: 0, ttlMs: 0 };
}

/** Takes one hit back from a live window (a sign-in that succeeded does not count). */
export async function removeHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.hits, 0), gt(rateLimits.resetAt, sql`now()`)));
}

export async function deleteEndedWindows(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

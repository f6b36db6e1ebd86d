import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewTranslations } from '../../db/schema';

/** A review's kept translation into a language (the review was scoped to the acting company by the caller). */
export async function findTranslation(db: Db, reviewId: number, language: string) {
  const [row] = await db
    .select()
    .from(reviewTranslations)
    .where(and(eq(reviewTranslations.reviewId, reviewId), eq(reviewTranslations.language, language)));
  return row;
}

export async function insertTranslation(db: Db, row: typeof reviewTranslations.$inferInsert): Promise<void> {
  await db.insert(reviewTranslations).values(row).onConflictDoNothing();
}

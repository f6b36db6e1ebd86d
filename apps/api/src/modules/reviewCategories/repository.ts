import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caseResolutions, reviewCategories, reviews } from '../../db/schema';

type CategoryValues = Pick<typeof reviewCategories.$inferInsert, 'title' | 'color' | 'keywords'>;
type CaseValues = Pick<typeof caseResolutions.$inferInsert, 'title' | 'color' | 'position'>;

export function findCategories(db: Db, companyId: number) {
  return db
    .select({
      id: reviewCategories.id,
      title: reviewCategories.title,
      color: reviewCategories.color,
      keywords: reviewCategories.keywords,
    })
    .from(reviewCategories)
    .where(eq(reviewCategories.companyId, companyId))
    .orderBy(asc(reviewCategories.title));
}

export function findCaseResolutions(db: Db, companyId: number) {
  return db
    .select({
      id: caseResolutions.id,
      title: caseResolutions.title,
      color: caseResolutions.color,
      position: caseResolutions.position,
    })
    .from(caseResolutions)
    .where(eq(caseResolutions.companyId, companyId))
    .orderBy(asc(caseResolutions.position), asc(caseResolutions.id));
}

const TABLES = { category: reviewCategories, caseResolution: caseResolutions };

/** Whether the company owns this category or status. */
export async function ownsEntry(db: Db, kind: keyof typeof TABLES, companyId: number, id: number): Promise<boolean> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table as typeof reviewCategories)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)));
  return row !== undefined;
}

export async function insertCategory(db: Db, companyId: number, values: CategoryValues) {
  const [row] = await db
    .insert(reviewCategories)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateCategory(db: Db, companyId: number, id: number, values: Partial<CategoryValues>) {
  const [row] = await db
    .update(reviewCategories)
    .set(values)
    .where(and(eq(reviewCategories.id, id), eq(reviewCategories.companyId, companyId)))
    .returning();
  return row!;
}

/** Deletes a category; its links to reviews go with it (foreign key). */
export async function deleteCategory(db: Db, companyId: number, id: number): Promise<void> {
  await db.delete(reviewCategories).where(and(eq(reviewCategories.id, id), eq(reviewCategories.companyId, companyId)));
}

/** The last position of the company's statuses; -1 when it has none. */
export async function lastCasePosition(db: Db, companyId: number): Promise<number> {
  const [last] = await db
    .select({ max: sql<number | null>`max(${caseResolutions.position})` })
    .from(caseResolutions)
    .where(eq(caseResolutions.companyId, companyId));
  return last?.max ?? -1;
}

export async function insertCaseResolution(db: Db, companyId: number, values: CaseValues) {
  const [row] = await db
    .insert(caseResolutions)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateCaseResolution(db: Db, companyId: number, id: number, values: Partial<CaseValues>) {
  const [row] = await db
    .update(caseResolutions)
    .set(values)
    .where(and(eq(caseResolutions.id, id), eq(caseResolutions.companyId, companyId)))
    .returning();
  return row!;
}

/** Deletes a status; the company's reviews with it get none, in the same transaction. */
export async function deleteCaseResolution(db: Db, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(reviews)
      .set({ caseResolutionId: null })
      .where(and(eq(reviews.companyId, companyId), eq(reviews.caseResolutionId, id)));
    await tx.delete(caseResolutions).where(and(eq(caseResolutions.id, id), eq(caseResolutions.companyId, companyId)));
  });
}

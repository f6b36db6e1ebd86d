import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { templates } from '../../db/schema';

export type TemplateRow = typeof templates.$inferSelect;
type TemplateChange = Pick<TemplateRow, 'title' | 'text' | 'ratings' | 'language'>;

/** The company's reply templates by title. */
export function findTemplates(db: Db, companyId: number): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(eq(templates.companyId, companyId))
    .orderBy(asc(templates.title), asc(templates.id));
}

export async function findTemplate(db: Db, companyId: number, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), eq(templates.companyId, companyId)));
  return row;
}

export async function insertTemplate(db: Db, companyId: number, values: TemplateChange): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: TemplateChange,
): Promise<TemplateRow> {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(templates.id, id), eq(templates.companyId, companyId)))
    .returning();
  return row!;
}

export async function deleteTemplate(db: Db, companyId: number, id: number): Promise<void> {
  await db.delete(templates).where(and(eq(templates.id, id), eq(templates.companyId, companyId)));
}

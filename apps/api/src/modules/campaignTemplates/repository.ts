import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, campaignTemplates, locations } from '../../db/schema';
import { containing } from '../contacts/repository';

/** Campaign templates of a company. Every query is scoped by company_id. */

export type TemplateRow = typeof campaignTemplates.$inferSelect;
export type NewTemplate = Pick<TemplateRow, 'name' | 'channel' | 'language' | 'subject' | 'body'>;

export interface TemplateFilter {
  search?: string;
  channel?: string;
  language?: string;
}

function templateWhere(companyId: number, f: TemplateFilter): SQL | undefined {
  const like = f.search ? containing(f.search) : null;
  return and(
    eq(campaignTemplates.companyId, companyId),
    f.channel ? eq(campaignTemplates.channel, f.channel) : undefined,
    f.language ? eq(campaignTemplates.language, f.language) : undefined,
    like ? or(ilike(campaignTemplates.name, like), ilike(campaignTemplates.body, like)) : undefined,
  );
}

export async function listTemplates(
  db: Db,
  companyId: number,
  filter: TemplateFilter,
  paging: { limit: number; offset: number },
): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = templateWhere(companyId, filter);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(campaignTemplates).where(where);
  const rows = await db
    .select()
    .from(campaignTemplates)
    .where(where)
    .orderBy(desc(campaignTemplates.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { total: Number(total), rows };
}

export async function findTemplate(db: Db, companyId: number, id: number): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(campaignTemplates)
    .where(and(eq(campaignTemplates.companyId, companyId), eq(campaignTemplates.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertTemplates(db: Db, companyId: number, rows: NewTemplate[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(campaignTemplates)
    .values(rows.map((r) => ({ ...r, companyId })))
    .returning({ id: campaignTemplates.id });
  return inserted.map((r) => r.id);
}

export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<NewTemplate>,
): Promise<boolean> {
  const rows = await db
    .update(campaignTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(campaignTemplates.companyId, companyId), eq(campaignTemplates.id, id)))
    .returning({ id: campaignTemplates.id });
  return rows.length > 0;
}

export async function deleteTemplate(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(campaignTemplates)
    .where(and(eq(campaignTemplates.companyId, companyId), eq(campaignTemplates.id, id)))
    .returning({ id: campaignTemplates.id });
  return rows.length > 0;
}

/** A location of the company and its brand's name, for the preview's sample contact: the one asked for, else the first. */
export async function samplePlace(
  db: Db,
  companyId: number,
  locationId: number | undefined,
): Promise<{ title: string; brand: string | null } | null> {
  const [row] = await db
    .select({ title: locations.title, brand: brands.title })
    .from(locations)
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .where(and(eq(locations.companyId, companyId), locationId ? eq(locations.id, locationId) : undefined))
    .orderBy(asc(locations.id))
    .limit(1);
  return row ?? null;
}

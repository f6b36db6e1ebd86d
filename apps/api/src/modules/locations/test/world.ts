import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { brands, companies, locations, states } from '../../../db/schema';
import { identitiesChanged } from '../../../platform/identityCache';

/**
 * Settings tests' additions to the fixtures: company B (Beta Bank) gets a brand, a region and one
 * branch, so tests can aim at another tenant's ids.
 */
export async function foreignLocation(
  db: Db,
  companyId: number,
): Promise<{ brandId: number; stateId: number; locationId: number }> {
  const [brand] = await db.insert(brands).values({ companyId, title: 'Beta Retail' }).returning();
  const [state] = await db
    .insert(states)
    .values({ companyId, brandId: brand!.id, title: 'Riyadh', language: null })
    .returning();
  const [loc] = await db
    .insert(locations)
    .values({ companyId, brandId: brand!.id, stateId: state!.id, title: 'Beta Olaya', locationId: 'BB-001' })
    .returning();
  return { brandId: brand!.id, stateId: state!.id, locationId: loc!.id };
}

export async function setLocationsLimit(db: Db, companyId: number, limit: number): Promise<void> {
  await db.update(companies).set({ locationsLimit: limit }).where(eq(companies.id, companyId));
  identitiesChanged(); // changed outside the API: kept company rows are stale
}

/** A CSV upload body: header and rows, base64 as the API takes it. */
export function csvUpload(rows: string[][], filename = 'upload.csv') {
  const text = rows
    .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');
  return { filename, content: Buffer.from(text, 'utf8').toString('base64') };
}

/** The first sheet of an .xlsx answer as rows of cell texts. */
export async function sheetRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) =>
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

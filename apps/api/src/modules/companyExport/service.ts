/**
 * A full export of one company as a zip that another Reputo instance imports (no lock-in): the
 * company row, its brands, regions and locations, reviews with their replies and categories, settings
 * (reviews, auto-response, landing pages), templates, messages (pages, tags, conversations, messages)
 * and feedback (offers, landing pages, answers). Each table is in the zip twice: `<table>.json` (what
 * the import reads) and `<table>.csv` (for a spreadsheet), with `manifest.json` naming the format and
 * the counts.
 *
 * The import gives every row a new id in the target database and rewrites the columns that point at
 * other exported rows (by the schema's foreign keys). Pointers at what is not exported (users,
 * partners, campaigns) become empty where they may be, and a row that cannot do without one is left
 * out (counted in `skipped`). Ids kept inside JSON settings (location lists of a filter) are not
 * rewritten. Competitor reviews are not exported (they are benchmarks, synced again). The review
 * rollups are rebuilt after the import. Uploaded files are not in the zip (keys stay as they are).
 */
import JSZip from 'jszip';
import Papa from 'papaparse';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema';
import { rebuildReviewDaily, rebuildTopicDaily } from '../reviews/rollup.repository';

export const EXPORT_FORMAT = 'reputo-company-export';
export const EXPORT_VERSION = 1;

/** The exported tables, parents before children (the import inserts them in this order). */
export const EXPORT_TABLES = [
  'companies',
  'brands',
  'states',
  'locations',
  'review_categories',
  'reviews',
  'responses',
  'review_category_links',
  'review_settings',
  'autoresponse_settings',
  'templates',
  'message_pages',
  'message_tags',
  'conversations',
  'conversation_tags',
  'messages',
  'offers',
  'landing_pages',
  'landing_page_settings',
  'feedback_responses',
] as const;

type Row = Record<string, unknown>;

interface TableInfo {
  name: string;
  table: PgTable;
  config: ReturnType<typeof getTableConfig>;
  /** The generated id column (a new value on import), if the table has one. */
  identity: PgColumn | null;
  /** Property name → the table it points at, by foreign key. */
  references: Map<string, string>;
}

const byName = new Map<string, TableInfo>();
for (const value of Object.values(schema)) {
  if (!(value instanceof PgTable)) continue;
  const config = getTableConfig(value);
  const references = new Map<string, string>();
  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    if (ref.columns.length === 1)
      references.set(propertyOf(value, ref.columns[0]!), getTableConfig(ref.foreignTable).name);
  }
  const identity = config.columns.find((c) => c.primary && (c as { generatedIdentity?: unknown }).generatedIdentity);
  byName.set(config.name, { name: config.name, table: value, config, identity: identity ?? null, references });
}

function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table).find(([, c]) => c === column);
  if (!entry) throw new Error(`no property for column ${column.name}`);
  return entry[0];
}

function info(name: string): TableInfo {
  const t = byName.get(name);
  if (!t) throw new Error(`unknown table ${name}`);
  return t;
}

function companyFilter(t: TableInfo, companyId: number): SQL {
  const columns = t.table as unknown as Record<string, PgColumn>;
  if (t.name === 'companies') return eq(columns.id!, companyId);
  const own = eq(columns.companyId!, companyId);
  if (t.name === 'reviews') return and(own, eq(columns.isCompetitor!, false))!;
  // Rows of competitor reviews (their categories, say) stay behind with the reviews.
  const reviewKey = [...t.references].find(([, target]) => target === 'reviews')?.[0];
  if (!reviewKey) return own;
  const review = columns[reviewKey]!;
  return and(
    own,
    or(
      isNull(review),
      sql`${review} IN (SELECT id FROM reviews WHERE company_id = ${companyId} AND NOT is_competitor)`,
    ),
  )!;
}

function csvOf(rows: Row[]): string {
  return Papa.unparse(
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' ? JSON.stringify(v) : v,
        ]),
      ),
    ),
  );
}

export interface ExportResult {
  zip: Buffer;
  counts: Record<string, number>;
}

/** The company's data as a zip (see the module's comment); null when there is no such company. */
export async function exportCompany(db: Db, companyId: number, appVersion: string): Promise<ExportResult | null> {
  const zip = new JSZip();
  const counts: Record<string, number> = {};
  for (const name of EXPORT_TABLES) {
    const t = info(name);
    const rows = (await db.select().from(t.table).where(companyFilter(t, companyId))) as Row[];
    if (name === 'companies' && rows.length === 0) return null;
    if (name === 'reviews') for (const r of rows) r.competitorLocationId = null;
    counts[name] = rows.length;
    zip.file(`${name}.json`, JSON.stringify(rows));
    zip.file(`${name}.csv`, csvOf(rows));
  }
  const manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    appVersion,
    exportedAt: new Date().toISOString(),
    companyId,
    counts,
  };
  zip.file('manifest.json', JSON.stringify(manifest, null, 2));
  return { zip: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), counts };
}

export class ImportError extends Error {}

export interface ImportResult {
  companyId: number;
  counts: Record<string, number>;
  skipped: Record<string, number>;
}

/** Values as the column takes them: timestamps come back from JSON as text. */
function revive(t: TableInfo, row: Row): Row {
  const out: Row = {};
  const columns = t.table as unknown as Record<string, PgColumn>;
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    if (!column) continue;
    out[key] = column.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value;
  }
  return out;
}

/** Imports an export into this database as a new company, in one transaction. */
export async function importCompany(db: Db, file: Buffer): Promise<ImportResult> {
  const zip = await JSZip.loadAsync(file).catch(() => {
    throw new ImportError('Not a zip file');
  });
  const manifestText = await zip.file('manifest.json')?.async('string');
  const manifest = manifestText ? (JSON.parse(manifestText) as { format?: string; version?: number }) : null;
  if (manifest?.format !== EXPORT_FORMAT) throw new ImportError('Not a Reputo company export (no manifest.json)');
  if (manifest.version !== EXPORT_VERSION)
    throw new ImportError(
      `Export format version ${manifest.version} is not supported (this build reads ${EXPORT_VERSION})`,
    );
  const tables: Record<string, Row[]> = {};
  for (const name of EXPORT_TABLES) {
    const text = await zip.file(`${name}.json`)?.async('string');
    if (text === undefined) throw new ImportError(`The export has no ${name}.json`);
    tables[name] = JSON.parse(text) as Row[];
  }
  if (tables.companies!.length !== 1) throw new ImportError('The export must hold exactly one company');

  return await db.transaction(async (tx) => {
    /** Old id → new id, per table. */
    const ids = new Map<string, Map<unknown, unknown>>();
    const counts: Record<string, number> = {};
    const skipped: Record<string, number> = {};
    for (const name of EXPORT_TABLES) {
      const t = info(name);
      const columns = t.table as unknown as Record<string, PgColumn>;
      const idKey = t.identity ? propertyOf(t.table, t.identity) : null;
      const kept: Row[] = [];
      const oldIds: unknown[] = [];
      for (const source of tables[name]!) {
        const row = revive(t, source);
        let drop = false;
        for (const [key, target] of t.references) {
          if (row[key] === null || row[key] === undefined) continue;
          const mapped = ids.get(target)?.get(row[key]);
          if (mapped !== undefined) row[key] = mapped;
          else if (columns[key]!.notNull) drop = true;
          else row[key] = null;
        }
        if (drop) {
          skipped[name] = (skipped[name] ?? 0) + 1;
          continue;
        }
        if (idKey) {
          oldIds.push(row[idKey]);
          delete row[idKey];
        }
        kept.push(row);
      }
      const map = new Map<unknown, unknown>();
      // Several hundred rows a statement; PostgreSQL answers RETURNING in the order of the VALUES.
      for (let i = 0; i < kept.length; i += 500) {
        const batch = kept.slice(i, i + 500);
        if (idKey) {
          const inserted = (await tx
            .insert(t.table)
            .values(batch as never)
            .returning({ id: columns[idKey]! })) as { id: unknown }[];
          inserted.forEach((r, j) => map.set(oldIds[i + j], r.id));
        } else await tx.insert(t.table).values(batch as never);
      }
      ids.set(name, map);
      counts[name] = kept.length;
    }
    const companyId = [...ids.get('companies')!.values()][0] as number;
    await rebuildReviewDaily(tx, companyId);
    await rebuildTopicDaily(tx, companyId);
    return { companyId, counts, skipped };
  });
}

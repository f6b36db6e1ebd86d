import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  listingDirectories,
  listingEdits,
  listings,
  locations,
  sourceConnections,
  type DirectoryAnswer,
  type ListingFields,
} from '../../db/schema';

export type ListingRow = typeof listings.$inferSelect;
export type DirectoryRow = typeof listingDirectories.$inferSelect;
export type EditRow = typeof listingEdits.$inferSelect;
export type ConnectionRow = typeof sourceConnections.$inferSelect;

export interface LocationListing {
  locationId: number;
  title: string;
  address: string | null;
  city: string | null;
  sourceUrls: Record<string, string>;
  listing: ListingRow | null;
}

export interface ListingFilter {
  search?: string;
  /** The locations the acting user may see (null: all of the company's). */
  visible: number[] | null;
  locationId?: number;
  status?: 'in_sync' | 'out_of_sync' | 'pending' | 'error' | 'rejected';
}

function where(companyId: number, f: ListingFilter): SQL | undefined {
  const term = f.search?.trim() ? `%${f.search.trim().replace(/[%_\\]/g, '\\$&')}%` : null;
  const directoryMatch =
    f.status === 'rejected'
      ? sql`jsonb_array_length(${listingDirectories.rejected}) > 0`
      : sql`${listingDirectories.status} = ${f.status ?? ''}`;
  return and(
    eq(locations.companyId, companyId),
    f.visible ? inArray(locations.id, f.visible.length ? f.visible : [0]) : undefined,
    f.locationId ? eq(locations.id, f.locationId) : undefined,
    term ? or(ilike(locations.title, term), ilike(listings.name, term)) : undefined,
    f.status
      ? sql`EXISTS (SELECT 1 FROM ${listingDirectories} WHERE ${listingDirectories.locationId} = ${locations.id} AND ${directoryMatch})`
      : undefined,
  );
}

/** The company's locations with their listings (null where none was saved yet), by name. */
export async function listingPage(
  db: Db,
  companyId: number,
  filter: ListingFilter,
  page?: { limit: number; offset: number },
): Promise<{ rows: LocationListing[]; total: number }> {
  const cond = where(companyId, filter);
  const query = db
    .select({
      locationId: locations.id,
      title: locations.title,
      address: locations.address,
      city: locations.city,
      sourceUrls: locations.sourceUrls,
      listing: listings,
    })
    .from(locations)
    .leftJoin(listings, eq(listings.locationId, locations.id))
    .where(cond)
    .orderBy(asc(sql`coalesce(${listings.name}, ${locations.title})`), asc(locations.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const total = page
    ? Number(
        (
          await db
            .select({ n: count() })
            .from(locations)
            .leftJoin(listings, eq(listings.locationId, locations.id))
            .where(cond)
        )[0]?.n ?? 0,
      )
    : rows.length;
  return { rows, total };
}

/** Which of `ids` are locations of the company that the acting user sees. */
export async function ownLocationIds(db: Db, companyId: number, ids: number[], visible: number[] | null) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
  return new Set(rows.map((r) => r.id).filter((id) => !visible || visible.includes(id)));
}

export async function directoriesOf(db: Db, locationIds: number[]): Promise<DirectoryRow[]> {
  if (!locationIds.length) return [];
  return db.select().from(listingDirectories).where(inArray(listingDirectories.locationId, locationIds));
}

/** The mapped Google places and Facebook pages of these locations. */
export async function mappedConnections(db: Db, companyId: number, locationIds: number[]): Promise<ConnectionRow[]> {
  if (!locationIds.length) return [];
  return db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.companyId, companyId),
        inArray(sourceConnections.source, ['google', 'facebook']),
        inArray(sourceConnections.locationId, locationIds),
      ),
    );
}

export async function companySources(db: Db, companyId: number): Promise<string[]> {
  const [row] = await db.select({ sources: companies.sources }).from(companies).where(eq(companies.id, companyId));
  return (row?.sources as string[] | undefined) ?? [];
}

/** Saves a listing row for each location that has none yet, from the location's own title and address. */
export async function ensureListings(db: Db, companyId: number, locationIds: number[]): Promise<void> {
  if (!locationIds.length) return;
  await db.execute(sql`
    INSERT INTO ${listings} (location_id, company_id, name, address, city)
    SELECT l.id, l.company_id, l.title, l.address, l.city FROM ${locations} l
    WHERE l.company_id = ${companyId} AND l.id IN ${sql`(${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )})`}
    ON CONFLICT (location_id) DO NOTHING`);
}

export async function listingsOf(db: Db, locationIds: number[]): Promise<ListingRow[]> {
  if (!locationIds.length) return [];
  return db.select().from(listings).where(inArray(listings.locationId, locationIds));
}

export async function findListing(db: Db, locationId: number): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(listings).where(eq(listings.locationId, locationId));
  return row;
}

export async function updateListing(db: Db, locationId: number, values: Partial<ListingFields>): Promise<void> {
  await db
    .update(listings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(listings.locationId, locationId));
}

export async function insertEdits(db: Db, rows: (typeof listingEdits.$inferInsert)[]): Promise<EditRow[]> {
  if (!rows.length) return [];
  return db.insert(listingEdits).values(rows).returning();
}

export async function findEdit(db: Db, id: number): Promise<EditRow | undefined> {
  const [row] = await db.select().from(listingEdits).where(eq(listingEdits.id, id));
  return row;
}

/** Records one directory's answer to an edit (the others' answers stay). */
export async function setEditAnswer(db: Db, id: number, directory: string, answer: DirectoryAnswer): Promise<void> {
  await db
    .update(listingEdits)
    .set({
      answers: sql`${listingEdits.answers} || jsonb_build_object(${directory}::text, ${JSON.stringify(answer)}::jsonb)`,
    })
    .where(eq(listingEdits.id, id));
}

/** Whether another edit of the location still waits for this directory's answer. */
export async function otherPending(db: Db, locationId: number, directory: string, editId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(listingEdits)
    .where(
      and(
        eq(listingEdits.locationId, locationId),
        ne(listingEdits.id, editId),
        sql`${listingEdits.answers} -> ${directory} ->> 'status' = 'pending'`,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export async function historyOf(db: Db, locationId: number, limit = 50): Promise<EditRow[]> {
  return db
    .select()
    .from(listingEdits)
    .where(eq(listingEdits.locationId, locationId))
    .orderBy(desc(listingEdits.createdAt), desc(listingEdits.id))
    .limit(limit);
}

export async function findDirectory(db: Db, locationId: number, directory: string): Promise<DirectoryRow | undefined> {
  const [row] = await db
    .select()
    .from(listingDirectories)
    .where(and(eq(listingDirectories.locationId, locationId), eq(listingDirectories.directory, directory)));
  return row;
}

export async function saveDirectory(
  db: Db,
  values: Pick<DirectoryRow, 'locationId' | 'directory' | 'companyId' | 'status'> & Partial<DirectoryRow>,
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(listingDirectories)
    .values(row)
    .onConflictDoUpdate({ target: [listingDirectories.locationId, listingDirectories.directory], set: row });
}

/** Mapped locations with a saved listing, for the periodic check of what the directories show. */
export async function checkableConnections(db: Db, limit = 1000): Promise<ConnectionRow[]> {
  const rows = await db
    .select({ c: sourceConnections })
    .from(sourceConnections)
    .innerJoin(listings, eq(listings.locationId, sourceConnections.locationId))
    .where(inArray(sourceConnections.source, ['google', 'facebook']))
    .limit(limit);
  return rows.map((r) => r.c);
}

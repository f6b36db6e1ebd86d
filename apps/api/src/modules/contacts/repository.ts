import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chunks } from '../../db/chunks';
import { rowsOf } from '../../db/rows';
import { contactListMembers, contactLists, contacts, locations } from '../../db/schema';

/** Contact lists and contacts of a company. Every query is scoped by company_id. */

export type ContactRow = typeof contacts.$inferSelect;
export type ListRow = typeof contactLists.$inferSelect & { contacts: number };
export interface ContactView extends ContactRow {
  locationTitle: string | null;
  emailSuppressed: boolean;
  smsSuppressed: boolean;
}

/** A LIKE pattern that matches the text anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Written out in full: inside a selected field Drizzle leaves columns unqualified.
const memberCount = sql<number>`(SELECT count(*)::int FROM contact_list_members m WHERE m.list_id = "contact_lists"."id")`;
const viewFields = {
  contact: contacts,
  locationTitle: locations.title,
  emailSuppressed: sql<boolean>`EXISTS (SELECT 1 FROM suppressions s WHERE s.company_id = "contacts"."company_id" AND s.channel = 'email' AND s.address = "contacts"."email")`,
  smsSuppressed: sql<boolean>`EXISTS (SELECT 1 FROM suppressions s WHERE s.company_id = "contacts"."company_id" AND s.channel = 'sms' AND s.address = "contacts"."phone")`,
};
type ViewRow = { contact: ContactRow; locationTitle: string | null; emailSuppressed: boolean; smsSuppressed: boolean };
const toView = (r: ViewRow): ContactView => ({
  ...r.contact,
  locationTitle: r.locationTitle,
  emailSuppressed: Boolean(r.emailSuppressed),
  smsSuppressed: Boolean(r.smsSuppressed),
});

export interface Paging {
  limit: number;
  offset: number;
}

export async function listLists(
  db: Db,
  companyId: number,
  search: string | undefined,
  paging: Paging,
): Promise<{ rows: ListRow[]; total: number }> {
  const where = and(
    eq(contactLists.companyId, companyId),
    search ? ilike(contactLists.name, containing(search)) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contactLists).where(where);
  const rows = await db
    .select({ list: contactLists, contacts: memberCount })
    .from(contactLists)
    .where(where)
    .orderBy(desc(contactLists.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { total: Number(total), rows: rows.map((r) => ({ ...r.list, contacts: Number(r.contacts) })) };
}

export async function findList(db: Db, companyId: number, id: number): Promise<ListRow | null> {
  const [row] = await db
    .select({ list: contactLists, contacts: memberCount })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .limit(1);
  return row ? { ...row.list, contacts: Number(row.contacts) } : null;
}

export async function insertList(db: Db, companyId: number, name: string): Promise<number> {
  const [row] = await db.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id });
  return row!.id;
}

export async function renameList(db: Db, companyId: number, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(contactLists)
    .set({ name })
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

/** Removes the list and its memberships; the contacts stay (other lists and campaigns know them). */
export async function deleteList(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

function memberWhere(companyId: number, listId: number, search?: string): SQL | undefined {
  const like = search ? containing(search) : null;
  return and(
    eq(contacts.companyId, companyId),
    sql`EXISTS (SELECT 1 FROM contact_list_members m WHERE m.list_id = ${listId} AND m.contact_id = ${contacts.id})`,
    like ? or(ilike(contacts.name, like), ilike(contacts.email, like), ilike(contacts.phone, like)) : undefined,
  );
}

/** A list's contacts, newest first, found by name, email or phone. */
export async function listMembers(
  db: Db,
  companyId: number,
  listId: number,
  search: string | undefined,
  paging: Paging,
): Promise<{ rows: ContactView[]; total: number }> {
  const where = memberWhere(companyId, listId, search);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(contacts).where(where);
  const rows = await db
    .select(viewFields)
    .from(contacts)
    .leftJoin(locations, eq(locations.id, contacts.locationId))
    .where(where)
    .orderBy(desc(contacts.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { total: Number(total), rows: rows.map(toView) };
}

/** A list's contacts in batches by id, for the export (memory stays flat however long the list). */
export async function* memberBatches(db: Db, companyId: number, listId: number, size = 2000) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(viewFields)
      .from(contacts)
      .leftJoin(locations, eq(locations.id, contacts.locationId))
      .where(and(memberWhere(companyId, listId), sql`${contacts.id} > ${after}`))
      .orderBy(asc(contacts.id))
      .limit(size);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.contact.id;
    yield rows.map(toView);
    if (rows.length < size) return;
  }
}

export async function findContact(db: Db, companyId: number, id: number): Promise<ContactView | null> {
  const [row] = await db
    .select(viewFields)
    .from(contacts)
    .leftJoin(locations, eq(locations.id, contacts.locationId))
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .limit(1);
  return row ? toView(row) : null;
}

export type ContactValues = Partial<
  Pick<ContactRow, 'name' | 'email' | 'phone' | 'locationId' | 'tags' | 'consentEmail' | 'consentSms' | 'lastVisitAt'>
>;

export async function updateContact(db: Db, companyId: number, id: number, values: ContactValues): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function deleteContact(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function removeMember(db: Db, listId: number, contactId: number): Promise<boolean> {
  const rows = await db
    .delete(contactListMembers)
    .where(and(eq(contactListMembers.listId, listId), eq(contactListMembers.contactId, contactId)))
    .returning({ id: contactListMembers.contactId });
  return rows.length > 0;
}

/** Holds the company's contacts for the rest of the transaction (an advisory lock: readers never wait). */
export async function lockContacts(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(72450040, ${companyId})`);
}

/**
 * The company's contacts with one of these emails or phones (the merge candidates). Big uploads
 * send their lists as one JSON parameter per query: 50,000 bound parameters are slow to bind.
 */
export async function contactsMatching(
  db: Db,
  companyId: number,
  emails: string[],
  phones: string[],
): Promise<ContactRow[]> {
  const found: ContactRow[] = [];
  for (const [column, values] of [
    [contacts.email, emails],
    [contacts.phone, phones],
  ] as const)
    if (values.length)
      found.push(
        ...(await db
          .select()
          .from(contacts)
          .where(
            and(
              eq(contacts.companyId, companyId),
              sql`${column} IN (SELECT json_array_elements_text(${JSON.stringify(values)}::json))`,
            ),
          )),
      );
  return [...new Map(found.map((c) => [c.id, c])).values()];
}

export type NewContact = ContactValues & { tags: string[] };

/** The key a new contact is known by until it has an id: its email, else its phone (unique in a merge). */
const keyOf = (c: { email?: string | null; phone?: string | null }) => (c.email ? `e:${c.email}` : `p:${c.phone}`);

const contactRecord = (r: NewContact & { id?: number }) => ({
  id: r.id ?? null,
  name: r.name ?? null,
  email: r.email ?? null,
  phone: r.phone ?? null,
  location_id: r.locationId ?? null,
  tags: r.tags,
  consent_email: r.consentEmail ?? null,
  consent_sms: r.consentSms ?? null,
  last_visit_at: r.lastVisitAt?.toISOString() ?? null,
});

const RECORD_COLUMNS = sql.raw(`v(id bigint, name text, email text, phone text, location_id int, tags jsonb,
  consent_email boolean, consent_sms boolean, last_visit_at text)`);

/** Inserts contacts (each with an email or a phone), answering their ids in the same order. */
export async function insertContacts(db: Db, companyId: number, rows: NewContact[]): Promise<number[]> {
  const idOf = new Map<string, number>();
  for (const slice of chunks(rows, 5000)) {
    const inserted = await db.execute(sql`
      INSERT INTO contacts (company_id, name, email, phone, location_id, tags, consent_email, consent_sms, last_visit_at)
      SELECT ${companyId}, v.name, v.email, v.phone, v.location_id, v.tags, coalesce(v.consent_email, true),
        coalesce(v.consent_sms, true), v.last_visit_at::timestamptz
      FROM json_to_recordset(${JSON.stringify(slice.map(contactRecord))}::json) AS ${RECORD_COLUMNS}
      RETURNING id, email, phone`);
    for (const r of rowsOf<{ id: string | number; email: string | null; phone: string | null }>(inserted))
      idOf.set(keyOf(r), Number(r.id));
  }
  return rows.map((r) => idOf.get(keyOf(r))!);
}

/** Writes merged contacts back: one statement per thousand (the values travel as one JSON parameter). */
export async function updateContacts(db: Db, companyId: number, rows: (NewContact & { id: number })[]): Promise<void> {
  for (const slice of chunks(rows, 5000))
    await db.execute(sql`
      UPDATE contacts c SET name = v.name, email = v.email, phone = v.phone, location_id = v.location_id,
        tags = v.tags, consent_email = coalesce(v.consent_email, c.consent_email),
        consent_sms = coalesce(v.consent_sms, c.consent_sms), last_visit_at = v.last_visit_at::timestamptz,
        updated_at = now()
      FROM json_to_recordset(${JSON.stringify(slice.map(contactRecord))}::json) AS ${RECORD_COLUMNS}
      WHERE c.company_id = ${companyId} AND c.id = v.id`);
}

/** Adds contacts to a list; those already in it stay as they were. Answers how many were new to it. */
export async function addMembers(db: Db, listId: number, contactIds: number[]): Promise<number> {
  if (contactIds.length === 0) return 0;
  const result = await db.execute(sql`
    WITH added AS (
      INSERT INTO contact_list_members (list_id, contact_id)
      SELECT DISTINCT ${listId}::int, x::bigint FROM json_array_elements_text(${JSON.stringify(contactIds)}::json) AS x
      ON CONFLICT DO NOTHING RETURNING 1
    ) SELECT count(*)::int AS n FROM added`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export interface PlaceRow {
  id: number;
  title: string;
  code: string | null;
  country: string | null;
}

export async function companyPlaces(db: Db, companyId: number): Promise<PlaceRow[]> {
  return db
    .select({ id: locations.id, title: locations.title, code: locations.locationId, country: locations.country })
    .from(locations)
    .where(eq(locations.companyId, companyId));
}

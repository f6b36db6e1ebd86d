import type { Db } from '../../db/client';
import { unionTags } from './normalize';
import {
  addMembers,
  contactsMatching,
  lockContacts,
  insertContacts,
  updateContacts,
  type ContactRow,
  type NewContact,
} from './repository';

/**
 * One person is one contact of the company: a row whose email or phone the company already has
 * (or an earlier row of the same file has) fills in that contact instead of making a second one.
 * Blank fields are filled, tags are united, the later visit is kept, and a consent the row states
 * replaces the old one (the newest word of the customer counts). A contact is in a list once.
 */

export interface ContactDraft {
  /** The file's line (1 is the header); 0 for a contact added by hand. */
  line: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  locationId: number | null;
  tags: string[];
  /** undefined: not stated, the contact's consent stays (a new contact gets the default, yes). */
  consentEmail?: boolean;
  consentSms?: boolean;
  lastVisitAt: Date | null;
}

export interface MergeOutcome {
  /** Drafts that made a new contact. */
  added: number;
  /** Drafts that filled in an existing contact or an earlier row. */
  merged: number;
  /** The contact of each draft, in the drafts' order. */
  contactIds: number[];
  /** For each draft: true when it merged into an existing contact or an earlier row. */
  mergedDrafts: boolean[];
}

type Person = NewContact & { id?: number };

function later(a: Date | null | undefined, b: Date | null | undefined): Date | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

/** `into` filled in from `from`; email and phone only where free (not another contact's). */
function fillIn(into: Person, from: ContactDraft, free: { email: boolean; phone: boolean }): void {
  into.name = into.name || from.name;
  if (!into.email && from.email && free.email) into.email = from.email;
  if (!into.phone && from.phone && free.phone) into.phone = from.phone;
  into.locationId = into.locationId ?? from.locationId;
  into.tags = unionTags(into.tags, from.tags);
  if (from.consentEmail !== undefined) into.consentEmail = from.consentEmail;
  if (from.consentSms !== undefined) into.consentSms = from.consentSms;
  into.lastVisitAt = later(into.lastVisitAt, from.lastVisitAt);
}

/** Merges the drafts into the company's contacts and adds them to the list (when given), in one transaction. */
export async function mergeContacts(
  db: Db,
  companyId: number,
  listId: number | null,
  drafts: ContactDraft[],
): Promise<MergeOutcome> {
  if (drafts.length === 0) return { added: 0, merged: 0, contactIds: [], mergedDrafts: [] };
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    // One merge at a time per company: two uploads at once would each find a new email free and
    // both insert it, and the second would fail on the unique index.
    await lockContacts(tx, companyId);
    const existing = await contactsMatching(
      tx,
      companyId,
      [...new Set(drafts.flatMap((d) => (d.email ? [d.email] : [])))],
      [...new Set(drafts.flatMap((d) => (d.phone ? [d.phone] : [])))],
    );
    // Every person (existing or new) reachable by their email and phone.
    const byEmail = new Map<string, Person>();
    const byPhone = new Map<string, Person>();
    const people: Person[] = [];
    const track = (p: Person) => {
      if (p.email && !byEmail.has(p.email)) byEmail.set(p.email, p);
      if (p.phone && !byPhone.has(p.phone)) byPhone.set(p.phone, p);
    };
    for (const c of existing) {
      const p = personOf(c);
      people.push(p);
      track(p);
    }
    const touched = new Set<Person>();
    const ownerOf: Person[] = [];
    const mergedDrafts: boolean[] = [];
    let added = 0;
    for (const d of drafts) {
      const match = (d.email ? byEmail.get(d.email) : undefined) ?? (d.phone ? byPhone.get(d.phone) : undefined);
      if (match) {
        const free = {
          email: !d.email || !byEmail.has(d.email) || byEmail.get(d.email) === match,
          phone: !d.phone || !byPhone.has(d.phone) || byPhone.get(d.phone) === match,
        };
        fillIn(match, d, free);
        track(match);
        touched.add(match);
        ownerOf.push(match);
        mergedDrafts.push(true);
      } else {
        const p: Person = {
          name: d.name,
          email: d.email,
          phone: d.phone,
          locationId: d.locationId,
          tags: d.tags,
          consentEmail: d.consentEmail,
          consentSms: d.consentSms,
          lastVisitAt: d.lastVisitAt,
        };
        people.push(p);
        track(p);
        ownerOf.push(p);
        mergedDrafts.push(false);
        added++;
      }
    }
    const fresh = people.filter((p) => p.id === undefined);
    const ids = await insertContacts(
      tx,
      companyId,
      fresh.map(({ id: _id, ...p }) => ({
        ...p,
        consentEmail: p.consentEmail ?? true,
        consentSms: p.consentSms ?? true,
      })),
    );
    fresh.forEach((p, i) => (p.id = ids[i]));
    // Fresh people were inserted above with everything they gathered; only existing ones are updated.
    const existingIds = new Set(existing.map((c) => c.id));
    await updateContacts(
      tx,
      companyId,
      [...touched].filter((p) => existingIds.has(p.id!)).map((p) => ({ ...p, id: p.id! })),
    );
    const contactIds = ownerOf.map((p) => p.id!);
    if (listId !== null) await addMembers(tx, listId, contactIds);
    return { added, merged: drafts.length - added, contactIds, mergedDrafts };
  });
}

function personOf(c: ContactRow): Person {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    locationId: c.locationId,
    tags: c.tags,
    consentEmail: c.consentEmail,
    consentSms: c.consentSms,
    lastVisitAt: c.lastVisitAt,
  };
}

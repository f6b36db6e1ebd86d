/**
 * Test fixture: contacts, lists, templates and guard settings written straight into the tables, as
 * the Lists and Template screens leave them, plus what only sending sets (a contact's last_asked_at
 * for the repeat guard), so a campaign test states its whole audience in a few lines. The lists and
 * templates calls have their own tests (modules/contacts, modules/campaignTemplates). Tests only.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignTemplates, contactListMembers, contactLists, contacts, landingPageSettings } from '../../../db/schema';

export interface ContactSpec {
  name?: string;
  email?: string | null;
  phone?: string | null;
  locationId?: number | null;
  tags?: string[];
  consentEmail?: boolean;
  consentSms?: boolean;
  lastVisitAt?: Date | null;
  lastAskedAt?: Date | null;
}

/** Inserts contacts (in chunks) and answers their ids in order. */
export async function insertContacts(db: Db, companyId: number, specs: ContactSpec[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < specs.length; i += 500) {
    const rows = await db
      .insert(contacts)
      .values(
        specs.slice(i, i + 500).map((s) => ({
          companyId,
          name: s.name ?? null,
          email: s.email ?? null,
          phone: s.phone ?? null,
          locationId: s.locationId ?? null,
          tags: s.tags ?? [],
          consentEmail: s.consentEmail ?? true,
          consentSms: s.consentSms ?? true,
          lastVisitAt: s.lastVisitAt ?? null,
          lastAskedAt: s.lastAskedAt ?? null,
        })),
      )
      .returning({ id: contacts.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function insertList(db: Db, companyId: number, name: string, contactIds: number[]): Promise<number> {
  const [list] = await db.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id });
  for (let i = 0; i < contactIds.length; i += 1000)
    await db
      .insert(contactListMembers)
      .values(contactIds.slice(i, i + 1000).map((contactId) => ({ listId: list!.id, contactId })));
  return list!.id;
}

export async function insertTemplate(
  db: Db,
  companyId: number,
  t: { name: string; channel: 'email' | 'sms'; subject?: string; body: string; language?: string },
): Promise<number> {
  const [row] = await db
    .insert(campaignTemplates)
    .values({
      companyId,
      name: t.name,
      channel: t.channel,
      subject: t.subject ?? null,
      body: t.body,
      language: t.language ?? 'en',
    })
    .returning({ id: campaignTemplates.id });
  return row!.id;
}

export async function setCampaignGuards(
  db: Db,
  companyId: number,
  g: { repeatGuardDays?: number; dailyCapPerLocation?: number | null },
): Promise<void> {
  await db
    .insert(landingPageSettings)
    .values({ companyId, repeatGuardDays: g.repeatGuardDays ?? 30, dailyCapPerLocation: g.dailyCapPerLocation ?? null })
    .onConflictDoUpdate({
      target: landingPageSettings.companyId,
      set: { repeatGuardDays: g.repeatGuardDays ?? 30, dailyCapPerLocation: g.dailyCapPerLocation ?? null },
    });
}

export async function suppress(db: Db, companyId: number, channel: 'email' | 'sms', address: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO suppressions (company_id, channel, address, reason) VALUES (${companyId}, ${channel}, ${address}, 'unsubscribed')`,
  );
}

import type { Db } from '../db/client';
import { insertDefaultTemplates } from '../modules/campaignTemplates/service';
import { addMembers, insertContacts, insertList, type NewContact } from '../modules/contacts/repository';
import { insertSuppressions } from '../modules/contacts/suppressions.repository';
import { KSA } from './geo';
import { gulfCulture, person } from './names';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
const TAGS = ['vip', 'brunch', 'delivery', 'family', 'business lunch', 'birthday', 'loyalty'];
const MAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/**
 * Demo contacts for a company with Feedback, so Feedback › Lists shows what it is for: a few
 * hundred customers with E.164 mobile numbers of their location's country and emails, tags,
 * locations and last visits, in three lists that overlap (one person, one contact), a few
 * addresses on the suppression list, and the starter invitation templates.
 */
export async function insertDemoContacts(
  tx: Tx,
  rng: Rng,
  companyId: number,
  places: { id: number; country: string | null }[],
  now: Date,
): Promise<void> {
  const db = tx as unknown as Db;
  await insertDefaultTemplates(db, companyId);
  if (places.length === 0) return;
  const count = rng.int(320, 420);
  const drafts: NewContact[] = [];
  for (let i = 0; i < count; i++) {
    const place = rng.pick(places);
    const saudi = place.country === KSA;
    const who = person(rng, gulfCulture(rng, saudi));
    const kind = rng.weighted([
      ['both', 70],
      ['email', 15],
      ['phone', 15],
    ] as const);
    // Numbers in the mobile ranges of each country, unique by their index (7919 is prime to 9,000,000).
    const mobile = `${saudi ? '+9665' : '+9715'}${rng.pick(['0', '5', '6'])}${1_000_000 + ((i * 7919 + 12_345) % 9_000_000)}`;
    const handle = `${who.firstName}.${who.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') || 'guest';
    drafts.push({
      name: `${who.firstName} ${who.lastName}`,
      email: kind === 'phone' ? null : `${handle}${i}@${rng.pick(MAIL_DOMAINS)}`,
      phone: kind === 'email' ? null : mobile,
      locationId: place.id,
      tags: [...new Set(Array.from({ length: rng.int(0, 2) }, () => rng.pick(TAGS)))],
      consentEmail: rng.chance(0.95),
      consentSms: rng.chance(0.9),
      lastVisitAt: new Date(now.getTime() - rng.int(1, 150) * DAY - rng.int(0, 12) * 3_600_000),
    });
  }
  const ids = await insertContacts(db, companyId, drafts);
  const lists: [string, (d: NewContact, i: number) => boolean][] = [
    ['Recent diners', (d) => (d.lastVisitAt?.getTime() ?? 0) > now.getTime() - 60 * DAY],
    ['Loyalty members', (d, i) => d.tags.includes('loyalty') || d.tags.includes('vip') || i % 5 === 0],
    ['Delivery customers', (d, i) => d.tags.includes('delivery') || i % 7 === 0],
  ];
  for (const [name, wanted] of lists) {
    const listId = await insertList(db, companyId, name);
    await addMembers(
      db,
      listId,
      ids.filter((_, i) => wanted(drafts[i]!, i)),
    );
  }
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const emails = drafts.flatMap((d) => (d.email ? [d.email] : []));
  const phones = drafts.flatMap((d) => (d.phone ? [d.phone] : []));
  await insertSuppressions(db, [
    ...emails.slice(3, 6).map((address, i) => ({
      companyId,
      channel: 'email' as const,
      address,
      reason: ['unsubscribed', 'bounced', 'complained'][i]!,
      createdAt: ago(10 + i * 9),
    })),
    ...phones.slice(8, 10).map((address, i) => ({
      companyId,
      channel: 'sms' as const,
      address,
      reason: 'stop',
      createdAt: ago(4 + i * 11),
    })),
    { companyId, channel: 'email', address: 'no-contact@example.com', reason: 'manual', createdAt: ago(30) },
  ]);
}

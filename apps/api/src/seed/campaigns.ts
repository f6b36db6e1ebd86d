import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  campaignRecipients,
  campaigns,
  campaignTemplates,
  contactListMembers,
  contactLists,
  contacts,
  suppressions,
} from '../db/schema';
import type { Db } from '../db/client';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;

/** 32 hex characters from the seed's stream, like a recipient token. */
function token(rng: Rng): string {
  let t = '';
  while (t.length < 32) t += rng.int(0, 0xffff).toString(16).padStart(4, '0');
  return t;
}

interface Outcome {
  state: 'sent' | 'delivered' | 'failed' | 'skipped';
  reason?: string;
  opened?: boolean;
  clicked?: boolean;
  rated?: boolean;
  reviewed?: boolean;
  feedback?: boolean;
  unsubscribed?: boolean;
}

/** One recipient's path through the funnel, with the shares a good restaurant campaign shows. */
function outcomeOf(rng: Rng, channel: 'email' | 'sms'): Outcome {
  const roll = rng.next();
  if (roll < 0.03) return { state: 'skipped', reason: 'Suppressed (unsubscribed, bounced or STOP)' };
  if (roll < 0.06)
    return channel === 'email'
      ? { state: 'failed', reason: 'Bounced: 550 5.1.1 User unknown' }
      : { state: 'failed', reason: 'SMS undelivered (Twilio error 30003)' };
  const opened = channel === 'email' ? rng.chance(0.58) : true;
  const clicked = opened && rng.chance(channel === 'email' ? 0.5 : 0.34);
  const rated = clicked && rng.chance(0.72);
  const reviewed = rated && rng.chance(0.55);
  const feedback = rated && !reviewed && rng.chance(0.45);
  const unsubscribed = !clicked && rng.chance(0.03);
  return {
    state: channel === 'sms' ? 'delivered' : 'sent',
    opened: channel === 'email' && opened,
    clicked,
    rated,
    reviewed,
    feedback,
    unsubscribed,
  };
}

/**
 * Feedback › Campaigns for a demo company with Feedback: two past campaigns (one email, one SMS) to
 * the "Recent diners" list that the contacts seed made, with its starter templates, whose recipients
 * went through the funnel: sent, delivered, opened, clicked, rated, reviewed publicly or gave private
 * feedback, unsubscribed, failed or skipped. Runs after insertDemoContacts.
 */
export async function insertDemoCampaigns(tx: Tx, rng: Rng, companyId: number, now: Date): Promise<void> {
  const today = now.getTime();
  const [list] = await tx
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.name, 'Recent diners')));
  if (!list) return;
  const rows = await tx
    .select({ id: contacts.id, email: contacts.email, phone: contacts.phone, locationId: contacts.locationId })
    .from(contactListMembers)
    .innerJoin(contacts, eq(contacts.id, contactListMembers.contactId))
    .where(eq(contactListMembers.listId, list.id))
    .orderBy(asc(contacts.id));
  const templateOf = async (channel: 'email' | 'sms') => {
    const [t] = await tx
      .select({ id: campaignTemplates.id })
      .from(campaignTemplates)
      .where(
        and(
          eq(campaignTemplates.companyId, companyId),
          eq(campaignTemplates.channel, channel),
          eq(campaignTemplates.language, 'en'),
        ),
      )
      .limit(1);
    return t?.id ?? null;
  };
  const [mailTemplate, smsTemplate] = [{ id: await templateOf('email') }, { id: await templateOf('sms') }];
  const withEmail = rows.filter((r) => r.email);
  const withPhone = rows.filter((r) => r.phone);

  const specs = [
    {
      name: 'Weekend diners – email',
      channel: 'email' as const,
      templateId: mailTemplate!.id,
      daysAgo: 21,
      people: withEmail.slice(0, 110),
    },
    {
      name: 'Delivery customers – SMS',
      channel: 'sms' as const,
      templateId: smsTemplate!.id,
      daysAgo: 8,
      people: withPhone.slice(-90),
    },
  ];
  for (const s of specs) {
    const start = today - s.daysAgo * DAY;
    const [c] = await tx
      .insert(campaigns)
      .values({
        companyId,
        name: s.name,
        channel: s.channel,
        templateId: s.templateId,
        listId: list!.id,
        status: 'sent',
        scheduledAt: new Date(start),
        startedAt: new Date(start),
        finishedAt: new Date(start + 40 * 60_000),
        createdAt: new Date(start - DAY),
      })
      .returning({ id: campaigns.id });
    const recipients = s.people.map((contact, i) => {
      const o = outcomeOf(rng, s.channel);
      const at = (minutes: number) => new Date(start + i * 20_000 + minutes * 60_000);
      const sent = o.state === 'sent' || o.state === 'delivered';
      return {
        companyId,
        campaignId: c!.id,
        contactId: contact.id,
        locationId: contact.locationId,
        channel: s.channel,
        address: (s.channel === 'email' ? contact.email : contact.phone) ?? '',
        token: token(rng),
        state: o.state,
        failureReason: o.reason ?? null,
        providerId: sent ? `demo-${c!.id}-${i}` : null,
        sentAt: sent ? at(0) : null,
        deliveredAt: o.state === 'delivered' ? at(1) : null,
        openedAt: o.opened ? at(rng.int(10, 600)) : null,
        clickedAt: o.clicked ? at(rng.int(600, 700)) : null,
        ratedAt: o.rated ? at(rng.int(700, 720)) : null,
        reviewedAt: o.reviewed ? at(rng.int(720, 740)) : null,
        feedbackAt: o.feedback ? at(rng.int(720, 740)) : null,
        unsubscribedAt: o.unsubscribed ? at(rng.int(60, 900)) : null,
        failedAt: o.state === 'failed' ? at(1) : null,
      };
    });
    await tx.insert(campaignRecipients).values(recipients);
    const blocked = recipients.filter((r) => r.unsubscribedAt || r.failureReason?.startsWith('Bounced'));
    if (blocked.length)
      await tx
        .insert(suppressions)
        .values(
          blocked.map((r) => ({
            companyId,
            channel: s.channel,
            address: r.address,
            reason: r.unsubscribedAt ? (s.channel === 'sms' ? 'stop' : 'unsubscribed') : 'bounced',
          })),
        )
        .onConflictDoNothing();
  }
  // The repeat guard reads when each contact was last asked: the latest campaign that reached them.
  for (const s of specs)
    await tx
      .update(contacts)
      .set({ lastAskedAt: new Date(today - s.daysAgo * DAY) })
      .where(
        inArray(
          contacts.id,
          s.people.map((r) => r.id),
        ),
      );
}

import type { NotificationKind } from '@reputo/core';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { escapeHtml } from '../password/service';
import { subscribersOf, type Subscriber } from '../notifications/repository';

/**
 * Instant mails of the notification kinds message, post and comment (spec 000: notification kinds
 * count, message, post, comment). A subscriber with instant delivery who chose the kind hears of
 * it when it concerns a location they may see and chose (no location chosen: all of them).
 * Daily and weekly digests count the same activity (modules/notifications).
 */
export interface MessagingEvent {
  kind: Extract<NotificationKind, 'message' | 'post' | 'comment'>;
  companyId: number;
  locationId: number | null;
  pageName: string;
  author: string;
  text: string;
  /** Where the mail's link leads, e.g. /messages?conversation=12. */
  path: string;
}

export type NotifyDeps = Pick<AppDeps, 'mailer' | 'config'>;

function wantsEvent(sub: Subscriber, e: MessagingEvent): boolean {
  if (!sub.settings.kinds.includes(e.kind)) return false;
  const chosen = sub.settings.locationIds;
  if (chosen.length && (e.locationId === null || !chosen.includes(e.locationId))) return false;
  if (sub.userLocationIds && (e.locationId === null || !sub.userLocationIds.includes(e.locationId))) return false;
  return true;
}

const SUBJECTS: Record<MessagingEvent['kind'], (e: MessagingEvent) => string> = {
  message: (e) => `New message from ${e.author} on ${e.pageName}`,
  post: (e) => `New post on ${e.pageName}`,
  comment: (e) => `New comment from ${e.author} on ${e.pageName}`,
};

function excerpt(text: string, max = 300): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return '(no text)';
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A company's subscribers with instant delivery (notifyMessaging filters them per event). */
export function instantSubscribers(db: Db, companyId: number): Promise<Subscriber[]> {
  return subscribersOf(db, companyId, 'instant');
}

/** Mails every subscriber who wants the event; answers how many mails were written. */
export async function notifyMessaging(
  db: Db,
  deps: NotifyDeps,
  e: MessagingEvent,
  /** The company's instant subscribers, when a batch read them once for many events. */
  instant?: Subscriber[],
): Promise<number> {
  const subscribers = (instant ?? (await instantSubscribers(db, e.companyId))).filter((s) => wantsEvent(s, e));
  const link = `${deps.config.publicUrl}${e.path}`;
  for (const sub of subscribers) {
    await deps.mailer.send({
      to: sub.email,
      subject: SUBJECTS[e.kind](e),
      text: [
        `Hello ${sub.firstName ?? 'there'},`,
        '',
        `${e.author}: "${excerpt(e.text)}"`,
        '',
        `Open it: ${link}`,
        '',
        'You get this mail because of your notification settings in Reputo.',
      ].join('\n'),
      html: `<p>Hello ${escapeHtml(sub.firstName ?? 'there')},</p><p><strong>${escapeHtml(e.author)}</strong>: “${escapeHtml(excerpt(e.text))}”</p><p><a href="${link}">Open it</a></p><p style="color:#64748b">You get this mail because of your notification settings in Reputo.</p>`,
      links: [link],
    });
  }
  return subscribers.length;
}

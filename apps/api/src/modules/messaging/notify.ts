import type { NotificationKind, UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { escapeHtml, mailHtml, t, tHtml } from '../../platform/i18n';
import { languageOfUser } from '../me/service';
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

const SUBJECTS: Record<MessagingEvent['kind'], string> = {
  message: 'mail:messaging.subjectMessage',
  post: 'mail:messaging.subjectPost',
  comment: 'mail:messaging.subjectComment',
};

function excerpt(lang: UiLanguage, text: string, max = 300): string {
  const x = text.replace(/\s+/g, ' ').trim();
  if (!x) return t(lang, 'mail:noText');
  return x.length > max ? `${x.slice(0, max - 1)}…` : x;
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
    const lang = await languageOfUser(db, {
      language: sub.language,
      role: sub.role,
      companyId: sub.userCompanyId,
      locationIds: sub.userLocationIds,
    });
    const hello = sub.firstName
      ? t(lang, 'mail:greeting.named', { name: sub.firstName })
      : t(lang, 'mail:greeting.anonymous');
    await deps.mailer.send({
      to: sub.email,
      subject: t(lang, SUBJECTS[e.kind], { author: e.author, page: e.pageName }),
      text: [
        hello,
        '',
        `${e.author}: "${excerpt(lang, e.text)}"`,
        '',
        t(lang, 'mail:messaging.linkText', { link }),
        '',
        t(lang, 'mail:footer.notifications'),
      ].join('\n'),
      html: mailHtml(
        lang,
        `<p>${escapeHtml(hello)}</p><p><strong dir="auto">${escapeHtml(e.author)}</strong>: “<span dir="auto">${escapeHtml(excerpt(lang, e.text))}</span>”</p><p><a href="${link}">${tHtml(lang, 'mail:messaging.button')}</a></p><p style="color:#64748b">${tHtml(lang, 'mail:footer.notifications')}</p>`,
      ),
      links: [link],
    });
  }
  return subscribers.length;
}

import { NOTIFICATION_KINDS, RATINGS, sourceTitle, type NotificationKind, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { badRequest, forbidden } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import { escapeHtml, mailHtml, t, tHtml } from '../../platform/i18n';
import { languageOfUser } from '../me/service';
import { queueAlertCheck } from '../reviewAlerts/queue';
import {
  companyName,
  dueDigests,
  findSettings,
  markSent,
  messagingActivity,
  ownLocationIds,
  reviewsArrivedBetween,
  reviewsByIds,
  subscribersOf,
  upsertSettings,
  type NotificationSettingsRow,
  type NotifiedReview,
  type Subscriber,
} from './repository';

export const DELIVERIES = ['instant', 'daily', 'weekly'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const NEW_REVIEWS_JOB = 'notifications.newReviews';
export const DIGESTS_JOB = 'notifications.digests';
/** How often the runner looks for digests that are due. */
export const DIGEST_SWEEP_SECONDS = 900;
/** A digest lists at most this many reviews; its figures count all of them. */
const DIGEST_LIST = 10;
/** A digest reads at most this many arrivals of one period (a daily digest of a very large company is summarised from them). */
const DIGEST_SCAN = 5000;

/** The kinds that need the Messaging feature: messages, posts and comments live there. */
const MESSAGING_KINDS: readonly NotificationKind[] = ['message', 'post', 'comment'];
/**
 * The refusal of a Messaging kind, one text per kind (errors:notifications.messaging*): another
 * language words each kind on its own, not by adding a plural ending to an English value.
 */
const NEEDS_MESSAGING: Partial<Record<NotificationKind, string>> = {
  message: 'Notifications about messages need the Messaging feature.',
  post: 'Notifications about posts need the Messaging feature.',
  comment: 'Notifications about comments need the Messaging feature.',
};

export interface NotificationSettingsInput {
  enabled?: boolean;
  delivery: Delivery;
  ratings: number[];
  sources: string[];
  locations: number[];
  kinds: NotificationKind[];
}

function companyOf(ctx: ActingContext): number {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return ctx.companyId;
}

function availableKinds(ctx: ActingContext): NotificationKind[] {
  const messaging = ctx.role === 'owner' || ctx.features.includes('messaging');
  return NOTIFICATION_KINDS.filter((k) => messaging || !MESSAGING_KINDS.includes(k));
}

function view(ctx: ActingContext, row: NotificationSettingsRow | undefined) {
  const sources = ctx.company?.sources ?? [];
  return {
    enabled: row?.enabled ?? false,
    delivery: (row?.delivery ?? 'instant') as Delivery,
    ratings: row?.ratings ?? [...RATINGS],
    sources: row?.sources ?? [],
    locations: row?.locationIds ?? [],
    kinds: (row?.kinds ?? ['count']) as NotificationKind[],
    email: ctx.user.email,
    lastSentAt: row?.lastSentAt?.toISOString() ?? null,
    available: {
      sources: sources.map((value) => ({ value, title: sourceTitle(value) })),
      kinds: availableKinds(ctx),
      deliveries: [...DELIVERIES],
    },
  };
}

export async function getNotificationSettings(db: Db, ctx: ActingContext) {
  return view(ctx, await findSettings(db, ctx.user.id, companyOf(ctx)));
}

/** Saves the user's choices for the acting company; every list is checked against what the user may choose. */
export async function saveNotificationSettings(db: Db, ctx: ActingContext, input: NotificationSettingsInput) {
  const companyId = companyOf(ctx);
  const ratings = [...new Set(input.ratings)].sort((a, b) => a - b);
  if (ratings.length === 0)
    throw badRequest('Choose at least one rating.', [{ field: 'ratings', message: 'Choose at least one rating.' }]);
  const companySources = new Set(ctx.company?.sources ?? []);
  const unknownSource = input.sources.find((s) => !companySources.has(s));
  if (unknownSource)
    throw badRequest(`${sourceTitle(unknownSource)} is not one of the company's sources.`, [
      { field: 'sources', message: `${sourceTitle(unknownSource)} is not one of the company's sources.` },
    ]);
  const kinds = [...new Set(input.kinds)];
  const allowedKinds = availableKinds(ctx);
  const deniedKind = kinds.find((k) => !allowedKinds.includes(k));
  if (deniedKind) {
    const message = NEEDS_MESSAGING[deniedKind] ?? `Notifications about ${deniedKind}s need the Messaging feature.`;
    throw badRequest(message, [{ field: 'kinds', message }]);
  }
  const wanted = [...new Set(input.locations)];
  const own = new Set(await ownLocationIds(db, companyId, wanted));
  const visible = (id: number) => own.has(id) && (ctx.locationIds === null || ctx.locationIds.includes(id));
  const foreign = wanted.find((id) => !visible(id));
  if (foreign !== undefined)
    throw badRequest(`Location ${foreign} is not one you can see.`, [
      { field: 'locations', message: `Location ${foreign} is not one you can see.` },
    ]);

  const before = await findSettings(db, ctx.user.id, companyId);
  const digestStarts = input.delivery !== 'instant' && (before?.delivery !== input.delivery || !before.lastDigestAt);
  const saved = await upsertSettings(db, {
    userId: ctx.user.id,
    companyId,
    enabled: input.enabled ?? true,
    delivery: input.delivery,
    ratings,
    sources: [...new Set(input.sources)],
    locationIds: wanted,
    kinds,
    // A new digest covers what arrives from now on, never the company's whole history.
    lastDigestAt: digestStarts ? new Date() : (before?.lastDigestAt ?? null),
    lastSentAt: before?.lastSentAt ?? null,
    updatedAt: new Date(),
  });
  return view(ctx, saved);
}

// ---------------------------------------------------------------------------------------------
// Matching and mails

/** Whether a subscriber wants to hear about a review and may see it. */
export function wants(sub: Pick<Subscriber, 'settings' | 'userLocationIds'>, review: NotifiedReview): boolean {
  const s = sub.settings;
  if (review.rating !== null && !s.ratings.includes(review.rating)) return false;
  if (s.sources.length && !s.sources.includes(review.source)) return false;
  if (s.locationIds.length && (review.locationId === null || !s.locationIds.includes(review.locationId))) return false;
  if (sub.userLocationIds && (review.locationId === null || !sub.userLocationIds.includes(review.locationId)))
    return false;
  return true;
}

function stars(lang: UiLanguage, rating: number | null): string {
  return rating === null ? t(lang, 'mail:noRating') : `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} ${rating}/5`;
}

function excerpt(lang: UiLanguage, text: string | null, max = 220): string {
  const x = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!x) return t(lang, 'mail:noText');
  return x.length > max ? `${x.slice(0, max - 1)}…` : x;
}

function reviewLine(lang: UiLanguage, r: NotifiedReview): string {
  return `${stars(lang, r.rating)} · ${sourceTitle(r.source)} · ${r.locationTitle ?? t(lang, 'mail:noLocation')} · ${r.authorName ?? t(lang, 'mail:aCustomer')}: "${excerpt(lang, r.text)}"`;
}

/** A review in a mail's HTML; its own text and names keep their own direction (`dir="auto"`). */
function reviewHtml(lang: UiLanguage, r: NotifiedReview): string {
  return `<li><strong>${escapeHtml(stars(lang, r.rating))}</strong> · ${escapeHtml(sourceTitle(r.source))} · <span dir="auto">${escapeHtml(r.locationTitle ?? t(lang, 'mail:noLocation'))}</span><br><span dir="auto">${escapeHtml(r.authorName ?? t(lang, 'mail:aCustomer'))}</span>: “<span dir="auto">${escapeHtml(excerpt(lang, r.text))}</span>”</li>`;
}

function instantSubject(lang: UiLanguage, list: NotifiedReview[], company: string): string {
  if (list.length === 1) {
    const r = list[0]!;
    const vars = { place: r.locationTitle ?? company, source: sourceTitle(r.source) };
    return r.rating === null
      ? t(lang, 'mail:newReviews.subjectUnrated', vars)
      : t(lang, 'mail:newReviews.subjectRated', { ...vars, rating: r.rating });
  }
  return t(lang, 'mail:newReviews.subjectMany', { count: list.length, company });
}

/** A subscriber's effective language: their own choice, else their region's, else English. */
function subscriberLanguage(db: Db, sub: Subscriber): Promise<UiLanguage> {
  return languageOfUser(db, {
    language: sub.language,
    role: sub.role,
    companyId: sub.userCompanyId,
    locationIds: sub.userLocationIds,
  });
}

/** The greeting of a mail to someone. */
function greeting(lang: UiLanguage, firstName: string | null, esc: typeof t = t): string {
  return firstName ? esc(lang, 'mail:greeting.named', { name: firstName }) : esc(lang, 'mail:greeting.anonymous');
}

/** Instant mails for reviews that just arrived: one mail per subscriber with the reviews it wants. */
export async function sendNewReviewMails(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  companyId: number,
  reviewIds: number[],
): Promise<number> {
  const { db } = deps;
  const subscribers = (await subscribersOf(db, companyId, 'instant')).filter((s) => s.settings.kinds.includes('count'));
  if (subscribers.length === 0) return 0;
  const [found, company] = await Promise.all([reviewsByIds(db, companyId, reviewIds), companyName(db, companyId)]);
  const link = `${deps.config.publicUrl}/reviews`;
  let sent = 0;
  for (const sub of subscribers) {
    const list = found.filter((r) => wants(sub, r));
    if (list.length === 0) continue;
    const shown = list.slice(0, 20);
    const more = list.length - shown.length;
    const lang = await subscriberLanguage(db, sub);
    await deps.mailer.send({
      to: sub.email,
      subject: instantSubject(lang, list, company ?? t(lang, 'mail:yourCompany')),
      text: [
        greeting(lang, sub.firstName),
        '',
        ...shown.map((r) => reviewLine(lang, r)),
        ...(more > 0 ? [t(lang, 'mail:newReviews.more', { count: more })] : []),
        '',
        t(lang, 'mail:newReviews.linkText', { link }),
        '',
        t(lang, 'mail:footer.notifications'),
      ].join('\n'),
      html: mailHtml(
        lang,
        `<p>${greeting(lang, sub.firstName, tHtml)}</p><ul>${shown.map((r) => reviewHtml(lang, r)).join('')}</ul>${more > 0 ? `<p>${tHtml(lang, 'mail:newReviews.more', { count: more })}</p>` : ''}<p><a href="${link}">${tHtml(lang, 'mail:newReviews.button')}</a></p><p style="color:#64748b">${tHtml(lang, 'mail:footer.notifications')}</p>`,
      ),
      links: [link],
    });
    await markSent(db, sub.settings.userId, companyId, { lastSentAt: new Date() });
    sent++;
  }
  return sent;
}

interface DigestFigures {
  reviews: NotifiedReview[];
  average: number | null;
  byRating: Record<number, number>;
  messages: number;
  posts: number;
  comments: number;
}

async function digestFigures(db: Db, sub: Subscriber, from: Date, to: Date): Promise<DigestFigures> {
  const s = sub.settings;
  const arrived = s.kinds.includes('count') ? await reviewsArrivedBetween(db, s.companyId, from, to, DIGEST_SCAN) : [];
  const list = arrived.filter((r) => wants(sub, r));
  const rated = list.filter((r) => r.rating !== null);
  const byRating: Record<number, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rated) byRating[r.rating!] = (byRating[r.rating!] ?? 0) + 1;
  const average = rated.length
    ? Math.round((rated.reduce((a, r) => a + r.rating!, 0) / rated.length) * 100) / 100
    : null;
  const wantsMessaging = s.kinds.some((k) => MESSAGING_KINDS.includes(k as NotificationKind));
  const activity = wantsMessaging
    ? await messagingActivity(db, s.companyId, from, to, sub.userLocationIds)
    : { messages: 0, posts: 0, comments: 0 };
  return {
    reviews: list,
    average,
    byRating,
    messages: s.kinds.includes('message') ? activity.messages : 0,
    posts: s.kinds.includes('post') ? activity.posts : 0,
    comments: s.kinds.includes('comment') ? activity.comments : 0,
  };
}

function digestLines(lang: UiLanguage, f: DigestFigures): string[] {
  const lines: string[] = [];
  if (f.reviews.length) {
    lines.push(
      f.average !== null
        ? t(lang, 'mail:digest.reviewsAverage', { count: f.reviews.length, average: f.average.toFixed(2) })
        : t(lang, 'mail:digest.reviews', { count: f.reviews.length }),
    );
    lines.push(
      t(lang, 'mail:digest.byRating', {
        list: [5, 4, 3, 2, 1].map((r) => `${r}★ ${f.byRating[r] ?? 0}`).join(lang === 'ar' ? '، ' : ', '),
      }),
    );
  }
  if (f.messages) lines.push(t(lang, 'mail:digest.messages', { count: f.messages }));
  if (f.posts) lines.push(t(lang, 'mail:digest.posts', { count: f.posts }));
  if (f.comments) lines.push(t(lang, 'mail:digest.comments', { count: f.comments }));
  return lines;
}

/** Lowest ratings first: they are the ones to answer first. */
function digestHighlights(list: NotifiedReview[]): NotifiedReview[] {
  return [...list]
    .sort((a, b) => (a.rating ?? 6) - (b.rating ?? 6) || b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, DIGEST_LIST);
}

/**
 * Sends every daily or weekly digest that is due. A digest covers the arrivals since the previous
 * one; a period with nothing new sends no mail but still moves the window on.
 */
export async function sendDueDigests(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  let sent = 0;
  for (const sub of await dueDigests(db, now)) {
    const s = sub.settings;
    const from = s.lastDigestAt ?? new Date(now.getTime() - (s.delivery === 'weekly' ? 7 : 1) * 86_400_000);
    const figures = await digestFigures(db, sub, from, now);
    const lang = await subscriberLanguage(db, sub);
    const lines = digestLines(lang, figures);
    if (lines.length) {
      const link = `${deps.config.publicUrl}/reviews`;
      const highlights = digestHighlights(figures.reviews);
      const subject = s.delivery === 'weekly' ? 'mail:digest.subjectWeekly' : 'mail:digest.subjectDaily';
      await deps.mailer.send({
        to: sub.email,
        subject: t(lang, subject, { company: sub.companyName }),
        text: [
          greeting(lang, sub.firstName),
          '',
          ...lines,
          ...(highlights.length
            ? ['', t(lang, 'mail:digest.lookFirstText'), ...highlights.map((r) => reviewLine(lang, r))]
            : []),
          '',
          t(lang, 'mail:digest.linkText', { link }),
        ].join('\n'),
        html: mailHtml(
          lang,
          `<p>${greeting(lang, sub.firstName, tHtml)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${highlights.length ? `<p><strong>${tHtml(lang, 'mail:digest.lookFirst')}</strong></p><ul>${highlights.map((r) => reviewHtml(lang, r)).join('')}</ul>` : ''}<p><a href="${link}">${tHtml(lang, 'mail:digest.button')}</a></p>`,
        ),
        links: [link],
      });
      sent++;
    }
    await markSent(db, s.userId, s.companyId, { lastDigestAt: now, ...(lines.length ? { lastSentAt: now } : {}) });
  }
  return sent;
}

/**
 * Call after inserting reviews (import, sync, upload, the public API): queues the instant
 * notification mails and a review-bombing check of the company (modules/reviewAlerts). Pass the
 * transaction as `db` so the jobs exist only if the reviews commit.
 */
export async function notifyNewReviews(db: Db, jobs: JobQueue, companyId: number, reviewIds: number[]): Promise<void> {
  if (reviewIds.length === 0) return;
  await jobs.enqueue(NEW_REVIEWS_JOB, { companyId, reviewIds }, { db });
  await queueAlertCheck(db, jobs, companyId);
}

/** Registers the notification jobs on the queue. */
export function defineNotificationJobs(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, jobs: JobQueue): void {
  jobs.define(NEW_REVIEWS_JOB, async (payload) => {
    const companyId = Number(payload.companyId);
    const ids = Array.isArray(payload.reviewIds) ? payload.reviewIds.map(Number).filter(Number.isInteger) : [];
    await sendNewReviewMails(deps, companyId, ids);
  });
  jobs.define(
    DIGESTS_JOB,
    async () => {
      await sendDueDigests(deps);
    },
    { everySeconds: DIGEST_SWEEP_SECONDS },
  );
}

import { sourceTitle } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import { escapeHtml, mailHtml, t, tHtml } from '../../platform/i18n';
import { languagesOfEmails } from '../me/service';
import { baselineOf, baselineRange, testWindow, WINDOW_HOURS } from './detector';
import { ALERT_CHECK_JOB, ALERT_SWEEP_JOB, ALERT_SWEEP_SECONDS } from './queue';
import {
  alertPage,
  candidateLocations,
  companyAdmins,
  dailyLowCounts,
  findAlert,
  insertAlert,
  locationTitle,
  lockLocation,
  lowReviewIds,
  ongoingAlert,
  reviewsOfAlerts,
  updateAlert,
  type AlertReview,
  type AlertScope,
  type ReviewAlertRow,
} from './repository';
import { enqueueWebhookEvent } from '../webhooks/outbox.repository';

export const ALERT_EVENT = 'review.alert';

type AlertDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

/** The webhook event `review.alert`'s data (modules/webhooks delivers it). */
function eventPayload(a: ReviewAlertRow, title: string | null) {
  return {
    event: ALERT_EVENT,
    alert_id: a.id,
    company_id: a.companyId,
    location_id: a.locationId,
    location_title: title,
    window_start: a.windowStart.toISOString(),
    window_end: a.windowEnd.toISOString(),
    low_star_count: a.lowCount,
    expected: a.expected,
    baseline_daily: a.baselineDaily,
    p_value: a.pValue,
    review_ids: a.reviewIds,
    created_at: a.createdAt.toISOString(),
  };
}

async function mailAdmins(deps: AlertDeps, a: ReviewAlertRow, title: string | null): Promise<void> {
  const admins = await companyAdmins(deps.db, a.companyId);
  if (admins.length === 0) return;
  const found = await reviewsOfAlerts(deps.db, a.companyId, a.reviewIds.slice(0, 20));
  const list = a.reviewIds.map((id) => found.get(id)).filter((r): r is AlertReview => r !== undefined);
  const link = `${deps.config.publicUrl}/reviews?locations=${a.locationId}&ratings=1,2`;
  const languageOf = await languagesOfEmails(
    deps.db,
    admins.map((admin) => admin.email),
  );
  for (const admin of admins) {
    const lang = languageOf(admin.email);
    const vars = {
      count: a.lowCount,
      hours: WINDOW_HOURS,
      place: title ?? t(lang, 'mail:alert.aLocation'),
      expected: a.expected.toFixed(1),
      p: a.pValue.toExponential(1),
    };
    const summary = t(lang, 'mail:alert.summary', vars);
    const line = (r: AlertReview) =>
      `${r.rating ?? '-'}★ · ${sourceTitle(r.source)} · ${r.authorName ?? t(lang, 'mail:aCustomer')}: "${(r.text ?? t(lang, 'mail:noText')).replace(/\s+/g, ' ').slice(0, 200)}"`;
    const hello = admin.firstName
      ? t(lang, 'mail:greeting.named', { name: admin.firstName })
      : t(lang, 'mail:greeting.anonymous');
    await deps.mailer.send({
      to: admin.email,
      subject: t(lang, 'mail:alert.subject', vars),
      text: [hello, '', summary, '', ...list.map(line), '', t(lang, 'mail:alert.linkText', { link })].join('\n'),
      html: mailHtml(
        lang,
        `<p>${escapeHtml(hello)}</p><p>${escapeHtml(summary)}</p><ul>${list.map((r) => `<li dir="auto">${escapeHtml(line(r))}</li>`).join('')}</ul><p><a href="${link}">${tHtml(lang, 'mail:alert.button')}</a></p>`,
      ),
      links: [link],
    });
  }
}

/**
 * Tests every candidate location's rolling window ending at `now` (of one company, or of every
 * active company) and raises or extends alerts; answers the alerts raised (new bursts only).
 */
export async function checkReviewAlerts(
  deps: AlertDeps,
  opts: { now?: Date; companyId?: number } = {},
): Promise<ReviewAlertRow[]> {
  const { db } = deps;
  const end = opts.now ?? new Date();
  const start = new Date(end.getTime() - WINDOW_HOURS * 3_600_000);
  const raised: { alert: ReviewAlertRow; title: string | null }[] = [];
  for (const c of await candidateLocations(db, start, end, opts.companyId)) {
    const range = baselineRange(start);
    const baseline = baselineOf(await dailyLowCounts(db, c.companyId, c.locationId, range.from, range.to), start);
    const verdict = testWindow(c.count, baseline, start, end);
    if (!verdict.burst) continue;
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await lockLocation(tx, c.locationId);
      const ids = await lowReviewIds(tx, c.companyId, c.locationId, start, end);
      const window = {
        windowStart: start,
        windowEnd: end,
        lowCount: ids.length,
        expected: verdict.expected,
        baselineDaily: baseline.daily,
        pValue: verdict.pValue,
        lastSeenAt: end,
      };
      // The same burst while it was significant within the last window: extend it, never raise again.
      const ongoing = await ongoingAlert(tx, c.locationId, start);
      if (ongoing) {
        const merged = [...new Set([...ongoing.reviewIds, ...ids])];
        await updateAlert(tx, ongoing.id, {
          ...window,
          lowCount: merged.length,
          pValue: Math.min(ongoing.pValue, verdict.pValue),
          windowStart: ongoing.windowStart,
          reviewIds: merged,
        });
        return;
      }
      const alert = await insertAlert(tx, {
        companyId: c.companyId,
        locationId: c.locationId,
        reviewIds: ids,
        createdAt: end,
        ...window,
      });
      const title = await locationTitle(tx, c.companyId, c.locationId);
      // The webhook event, in the alert's transaction (written only when an endpoint subscribed to it).
      await enqueueWebhookEvent(tx, c.companyId, ALERT_EVENT, eventPayload(alert, title));
      raised.push({ alert, title });
    });
  }
  // Mails go after the commit: the mailer keeps and retries them on its own.
  for (const { alert, title } of raised) await mailAdmins(deps, alert, title);
  return raised.map((r) => r.alert);
}

/** Registers the recurring sweep and the per-company check on the job queue. */
export function defineAlertJobs(deps: AlertDeps, jobs: JobQueue): void {
  jobs.define(
    ALERT_SWEEP_JOB,
    async () => {
      await checkReviewAlerts(deps);
    },
    { everySeconds: ALERT_SWEEP_SECONDS, concurrency: 1 },
  );
  jobs.define(
    ALERT_CHECK_JOB,
    async (payload) => {
      const companyId = Number(payload.companyId);
      if (Number.isInteger(companyId)) await checkReviewAlerts(deps, { companyId });
    },
    { concurrency: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// The app's calls

function scopeOf(ctx: ActingContext): AlertScope {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return { companyId: ctx.companyId, locationIds: ctx.locationIds };
}

async function toDtos(db: Db, companyId: number, rows: { alert: ReviewAlertRow; locationTitle: string }[]) {
  const found = await reviewsOfAlerts(
    db,
    companyId,
    rows.flatMap((r) => r.alert.reviewIds),
  );
  return rows.map(({ alert: a, locationTitle: title }) => ({
    id: a.id,
    location_id: a.locationId,
    location_title: title,
    window_start: a.windowStart.toISOString(),
    window_end: a.windowEnd.toISOString(),
    count: a.lowCount,
    expected: Math.round(a.expected * 100) / 100,
    baseline_daily: Math.round(a.baselineDaily * 100) / 100,
    p_value: a.pValue,
    created_at: a.createdAt.toISOString(),
    acknowledged: a.acknowledgedAt !== null,
    acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
    reviews: a.reviewIds
      .map((id) => found.get(id))
      .filter((r): r is AlertReview => r !== undefined)
      .map((r) => ({
        id: r.id,
        source: r.source,
        rating: r.rating,
        author_name: r.authorName,
        text: r.text,
        created_at: r.createdAt.toISOString(),
      })),
  }));
}

export async function listAlerts(
  db: Db,
  ctx: ActingContext,
  q: { status: 'open' | 'acknowledged' | 'all'; page: number; per_page: number },
) {
  const scope = scopeOf(ctx);
  const { rows, total } = await alertPage(db, scope, { status: q.status, page: q.page, perPage: q.per_page });
  return { data: await toDtos(db, scope.companyId, rows), total, page: q.page, per_page: q.per_page };
}

export async function acknowledgeAlert(db: Db, ctx: ActingContext, id: number, acknowledged: boolean) {
  const scope = scopeOf(ctx);
  const found = await findAlert(db, scope, id);
  if (!found) throw notFound('No such alert');
  const alert = await updateAlert(db, id, {
    acknowledgedAt: acknowledged ? (found.alert.acknowledgedAt ?? new Date()) : null,
    acknowledgedBy: acknowledged ? (found.alert.acknowledgedBy ?? ctx.user.id) : null,
  });
  const [dto] = await toDtos(db, scope.companyId, [{ alert, locationTitle: found.locationTitle }]);
  return dto!;
}

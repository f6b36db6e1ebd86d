import { DEFAULT_UI_LANGUAGE, isValidEmail, MSG, presetRange, type UiLanguage, type WeekStart } from '@reputo/core';
import { dateText, mailHtml, t, textAsHtml } from '../../platform/i18n';
import { languageOfUser, languagesOfEmails } from '../me/service';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { resolveActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { findUserById } from '../users/repository';
import { topicTitle } from '../../platform/nlp/taxonomy';
import { scopeCompanyId } from '../../platform/companyScope';
import { netPromoterScoreWidget } from '../dashboard/service';
import { primaryTopics } from '../insights/service';
import { XLSX_TYPE } from '../../platform/xlsx';
import { statisticsWorkbook } from '../statistics/export';
import { weekStartOf } from '../statistics/period';
import { locationsReport, volumeReport, averageReport, type StatsQuery } from '../statistics/service';
import { findSetting, findSettingById, markSent, upsertSetting, type ReportSettingRow } from './repository';

/**
 * Scheduled e-mail reports: per user and company, weekly (the user's last full week) or monthly
 * (last calendar month), with a summary in the mail body and the statistics workbook attached.
 * A recurring job finds the due settings and sends them; "trigger" sends one now.
 */

export const FREQUENCIES = ['weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Reports go out at this UTC hour on the day after their period ends. */
const SEND_HOUR_UTC = 6;
const DAY_MS = 86_400_000;

/** When a report is next due: the first day of the next period (week start or 1st of the month), 06:00 UTC. */
export function nextRunAfter(now: Date, frequency: Frequency, weekStart: WeekStart): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let next: Date;
  if (frequency === 'monthly') next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  else {
    const iso = today.getUTCDay() === 0 ? 7 : today.getUTCDay();
    const ahead = (weekStart - iso + 7) % 7 || 7;
    next = new Date(today.getTime() + ahead * DAY_MS);
  }
  return new Date(next.getTime() + SEND_HOUR_UTC * 3_600_000);
}

export function serializeSetting(row: ReportSettingRow | undefined, ctx: ActingContext) {
  return {
    enabled: row?.enabled ?? false,
    frequency: (row?.frequency ?? 'weekly') as Frequency,
    recipients: row?.recipients ?? [],
    locations: row?.locationIds ?? null,
    email: ctx.user.email,
    last_sent_at: row?.lastSentAt?.toISOString() ?? null,
    next_run_at: row?.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
  };
}

export interface SettingInput {
  enabled: boolean;
  frequency: Frequency;
  recipients?: string[];
  locations?: number[] | null;
}

export async function getSetting(db: Db, ctx: ActingContext) {
  return serializeSetting(await findSetting(db, scopeCompanyId(ctx), ctx.user.id), ctx);
}

export async function saveSetting(db: Db, ctx: ActingContext, input: SettingInput, now = new Date()) {
  const recipients = [...new Set((input.recipients ?? []).map((r) => r.trim().toLowerCase()).filter(Boolean))];
  const bad = recipients.find((r) => !isValidEmail(r));
  if (bad) throw badRequest(MSG.emailNotValid, [{ field: 'recipients', message: MSG.emailNotValid }]);
  const locations = input.locations?.length ? [...new Set(input.locations)] : null;
  if (locations && ctx.locationIds && locations.some((l) => !ctx.locationIds!.includes(l)))
    throw notFound('Location not found');
  const row = await upsertSetting(db, scopeCompanyId(ctx), ctx.user.id, {
    enabled: input.enabled,
    frequency: input.frequency,
    recipients,
    locationIds: locations,
    nextRunAt: input.enabled ? nextRunAfter(now, input.frequency, weekStartOf(ctx)) : null,
  });
  return serializeSetting(row, ctx);
}

/** The period a report of this frequency covers, seen from `now`: last full week or last month. */
export function reportPeriod(frequency: Frequency, now: Date, weekStart: WeekStart) {
  return presetRange(frequency === 'monthly' ? 'lastMonth' : 'lastWeek', now, weekStart);
}

/** Builds and mails one report; answers the recipients. */
export async function sendReport(
  deps: { db: Db; mailer: Mailer; config: AppDeps['config'] },
  ctx: ActingContext,
  setting: { frequency: Frequency; recipients: string[]; locationIds: number[] | null },
  now = new Date(),
) {
  const { db } = deps;
  const range = reportPeriod(setting.frequency, now, weekStartOf(ctx));
  const q = {
    date_from: range.from,
    date_to: range.to,
    locations: setting.locationIds ?? undefined,
    page: 1,
    per_page: 20,
  } as StatsQuery;
  const hasInsights = ctx.role === 'owner' || ctx.features.includes('insightsReport');
  const [vol, avg, ranking, nps, topics] = await Promise.all([
    volumeReport(db, ctx, q),
    averageReport(db, ctx, q),
    locationsReport(db, ctx, q, 'performing'),
    netPromoterScoreWidget(db, ctx, q),
    // Read once; each recipient's mail names the topics in their language (below).
    hasInsights ? primaryTopics(db, ctx, q, DEFAULT_UI_LANGUAGE) : null,
  ]);
  const label = setting.frequency === 'monthly' ? 'monthly' : 'weekly';
  const rated = ranking.data.filter((r) => r.average !== null);
  const link = `${deps.config.publicUrl}/reporting/overview`;
  /** The mail's text in one language (each recipient reads it in their own). */
  const linesIn = (lang: UiLanguage) => {
    const na = t(lang, 'mail:report.notAvailable');
    const fmt = (v: number | null, digits = 2) => (v === null ? na : v.toFixed(digits));
    const delta = (now: number | null, before: number | null, digits = 2) =>
      now === null || before === null
        ? ''
        : t(lang, 'mail:report.vsPrevious', {
            delta: `${now - before >= 0 ? '+' : ''}${(now - before).toFixed(digits)}`,
          });
    const comma = lang === 'ar' ? '، ' : ', ';
    const company = ctx.company?.companyName ?? t(lang, 'mail:yourCompany');
    const lines = [
      t(lang, label === 'monthly' ? 'mail:report.introMonthly' : 'mail:report.introWeekly', {
        company,
        from: dateText(lang, range.from),
        to: dateText(lang, range.to),
      }),
      '',
      vol.previous_reviews !== null
        ? t(lang, 'mail:report.reviewsBefore', { count: vol.reviews, before: vol.previous_reviews })
        : t(lang, 'mail:report.reviews', { count: vol.reviews }),
      t(lang, 'mail:report.average', { value: fmt(avg.average) }) + delta(avg.average, avg.previous_average),
      t(lang, 'mail:report.responseRate', { value: fmt(vol.response_rate, 1) }) +
        delta(vol.response_rate, vol.previous_response_rate, 1),
      t(lang, 'mail:report.responseTime', {
        value: vol.avg_response_hours === null ? na : t(lang, 'mail:report.hours', { value: vol.avg_response_hours }),
      }),
      t(lang, 'mail:report.nps', { value: nps.nps === null ? na : nps.nps }),
      t(lang, 'mail:report.sentiment', {
        positive: vol.sentiment.positive,
        neutral: vol.sentiment.neutral,
        negative: vol.sentiment.negative,
      }),
    ];
    if (rated.length) {
      const named = (list: typeof rated) => list.map((r) => `${r.title} (${fmt(r.average)})`).join(comma);
      lines.push('', t(lang, 'mail:report.bestRated', { list: named(rated.slice(0, 3)) }));
      lines.push(t(lang, 'mail:report.needsAttention', { list: named([...rated].reverse().slice(0, 3)) }));
    }
    if (topics?.data.length)
      lines.push(
        '',
        t(lang, 'mail:report.topics', {
          list: topics.data
            .slice(0, 5)
            .map((x) => `${topicTitle(ctx.company?.type, x.topic, x.subtopic ?? '', lang)} (${x.mentions})`)
            .join(comma),
        }),
      );
    lines.push('', t(lang, 'mail:report.attached'), t(lang, 'mail:report.linkText', { link }));
    return { company, text: lines.join('\n') };
  };
  const recipients = [ctx.user.email, ...setting.recipients.filter((r) => r !== ctx.user.email.toLowerCase())];
  // Each recipient in their language: a user's own, an outside address the setting owner's.
  const ownerLanguage = await languageOfUser(db, ctx.user);
  const languageOf = await languagesOfEmails(db, recipients, ownerLanguage);
  const workbooks = new Map<UiLanguage, Promise<{ content: Buffer }>>();
  const workbookIn = (lang: UiLanguage) => {
    if (!workbooks.has(lang)) workbooks.set(lang, statisticsWorkbook(db, ctx, q, 'statistics', lang));
    return workbooks.get(lang)!;
  };
  for (const to of recipients) {
    const lang = languageOf(to);
    const { company, text } = linesIn(lang);
    const workbook = await workbookIn(lang);
    await deps.mailer.send({
      to,
      subject: t(lang, label === 'monthly' ? 'mail:report.subjectMonthly' : 'mail:report.subjectWeekly', {
        company,
        from: dateText(lang, range.from),
        to: dateText(lang, range.to),
      }),
      text,
      ...(lang === 'en' ? {} : { html: mailHtml(lang, textAsHtml(text)) }),
      links: [link],
      attachments: [
        {
          filename: t(lang, 'mail:report.fileName', { label, from: range.from, to: range.to }),
          content: workbook.content,
          contentType: XLSX_TYPE,
        },
      ],
    });
  }
  return { recipients, period: range };
}

/** The acting context a scheduled report is built in: the user, inside the setting's company. */
async function contextFor(db: Db, setting: ReportSettingRow): Promise<ActingContext | null> {
  const user = await findUserById(db, setting.userId);
  if (!user || user.status !== 'active') return null;
  const wanted =
    user.companyId === setting.companyId
      ? {}
      : user.role === 'owner'
        ? { ownerAsCompany: setting.companyId }
        : user.role === 'partner'
          ? { partnerAsCompany: setting.companyId }
          : null;
  if (!wanted) return null;
  try {
    const ctx = await resolveActingContext(db, user, wanted);
    return ctx.companyId === setting.companyId ? ctx : null;
  } catch {
    // The user lost access to the company (moved partner, removed): no report.
    return null;
  }
}

/** Job handler: sends one due report and schedules its next run. */
export async function runScheduledReport(
  deps: { db: Db; mailer: Mailer; config: AppDeps['config'] },
  settingId: number,
  now = new Date(),
): Promise<void> {
  const setting = await findSettingById(deps.db, settingId);
  if (!setting?.enabled) return;
  const ctx = await contextFor(deps.db, setting);
  const frequency = setting.frequency as Frequency;
  if (ctx)
    await sendReport(deps, ctx, { frequency, recipients: setting.recipients, locationIds: setting.locationIds }, now);
  const weekStart = ctx ? weekStartOf(ctx) : 7;
  await markSent(deps.db, setting.id, now, nextRunAfter(now, frequency, weekStart as WeekStart));
}

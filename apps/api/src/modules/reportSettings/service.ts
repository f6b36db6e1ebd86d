import { isValidEmail, MSG, presetRange, type WeekStart } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { resolveActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { findUserById } from '../users/repository';
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

const fmt = (v: number | null, digits = 2) => (v === null ? 'n/a' : v.toFixed(digits));
function delta(now: number | null, before: number | null, digits = 2): string {
  if (now === null || before === null) return '';
  const d = now - before;
  return ` (${d >= 0 ? '+' : ''}${d.toFixed(digits)} vs previous)`;
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
  const [vol, avg, ranking, nps, topics, workbook] = await Promise.all([
    volumeReport(db, ctx, q),
    averageReport(db, ctx, q),
    locationsReport(db, ctx, q, 'performing'),
    netPromoterScoreWidget(db, ctx, q),
    hasInsights ? primaryTopics(db, ctx, q) : null,
    statisticsWorkbook(db, ctx, q, 'statistics'),
  ]);
  const company = ctx.company?.companyName ?? 'your company';
  const label = setting.frequency === 'monthly' ? 'monthly' : 'weekly';
  const rated = ranking.data.filter((r) => r.average !== null);
  const lines = [
    `Your ${label} Reputo report for ${company}, ${range.from} to ${range.to}.`,
    '',
    `Reviews: ${vol.reviews}${vol.previous_reviews !== null ? ` (${vol.previous_reviews} the period before)` : ''}`,
    `Average rating: ${fmt(avg.average)}${delta(avg.average, avg.previous_average)}`,
    `Response rate: ${fmt(vol.response_rate, 1)}%${delta(vol.response_rate, vol.previous_response_rate, 1)}`,
    `Average response time: ${vol.avg_response_hours === null ? 'n/a' : `${vol.avg_response_hours} hours`}`,
    `Net Promoter Score (feedback): ${nps.nps === null ? 'n/a' : nps.nps}`,
    `Sentiment: ${vol.sentiment.positive} positive, ${vol.sentiment.neutral} neutral, ${vol.sentiment.negative} negative`,
  ];
  if (rated.length) {
    lines.push(
      '',
      `Best rated: ${rated
        .slice(0, 3)
        .map((r) => `${r.title} (${fmt(r.average)})`)
        .join(', ')}`,
    );
    lines.push(
      `Needs attention: ${[...rated]
        .reverse()
        .slice(0, 3)
        .map((r) => `${r.title} (${fmt(r.average)})`)
        .join(', ')}`,
    );
  }
  if (topics?.data.length)
    lines.push(
      '',
      `Most mentioned topics: ${topics.data
        .slice(0, 5)
        .map((t) => `${t.title} (${t.mentions})`)
        .join(', ')}`,
    );
  lines.push(
    '',
    'The full report is attached as an Excel file.',
    `Open Reputo: ${deps.config.publicUrl}/reporting/overview`,
  );
  const recipients = [ctx.user.email, ...setting.recipients.filter((r) => r !== ctx.user.email.toLowerCase())];
  for (const to of recipients) {
    await deps.mailer.send({
      to,
      subject: `Your ${label} Reputo report: ${company} (${range.from} to ${range.to})`,
      text: lines.join('\n'),
      links: [`${deps.config.publicUrl}/reporting/overview`],
      attachments: [
        {
          filename: `reputo-${label}-report-${range.from}-${range.to}.xlsx`,
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

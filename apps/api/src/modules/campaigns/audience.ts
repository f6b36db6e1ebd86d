import { sql, type SQL } from 'drizzle-orm';
import type { CampaignChannel } from '@reputo/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { CampaignSegment } from '../../db/schema';

/**
 * A campaign's audience: the contacts of its list (or all the company's contacts), narrowed by its
 * segment, each classified once: no address for the channel, suppressed, no consent, asked within
 * the repeat guard's days, or eligible. The preview counts and the recipients' rows read the same
 * classification, so what the preview promised is what the send does.
 */
export interface Audience {
  companyId: number;
  channel: CampaignChannel;
  listId: number | null;
  segment: CampaignSegment;
}

export const DEFAULT_REPEAT_GUARD_DAYS = 30;

export const SKIP_REASONS = {
  no_address: 'No address for this channel',
  suppressed: 'Suppressed (unsubscribed, bounced or STOP)',
  no_consent: 'No consent for this channel',
  asked_recently: 'Asked recently (repeat guard)',
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

export async function repeatGuardDays(db: Db, companyId: number): Promise<number> {
  const r = await db.execute(sql`SELECT repeat_guard_days FROM landing_page_settings WHERE company_id = ${companyId}`);
  return rowsOf<{ repeat_guard_days: number }>(r)[0]?.repeat_guard_days ?? DEFAULT_REPEAT_GUARD_DAYS;
}

function segmentWhere(segment: CampaignSegment): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (segment.locationIds?.length)
    parts.push(
      sql`c.location_id IN (${sql.join(
        segment.locationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (segment.tags?.length)
    parts.push(
      sql`c.tags ?| ARRAY[${sql.join(
        segment.tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  if (segment.lastVisitFrom) parts.push(sql`c.last_visit_at >= ${`${segment.lastVisitFrom}T00:00:00Z`}::timestamptz`);
  if (segment.lastVisitTo)
    parts.push(sql`c.last_visit_at < (${`${segment.lastVisitTo}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return sql.join(parts, sql` AND `);
}

/** SELECT of the audience: contact id, location, address and skip reason (null: eligible). */
export function classifiedAudience(a: Audience, guardDays: number): SQL {
  const address = a.channel === 'email' ? sql`c.email` : sql`c.phone`;
  const consent = a.channel === 'email' ? sql`c.consent_email` : sql`c.consent_sms`;
  const inList =
    a.listId === null
      ? sql`TRUE`
      : sql`EXISTS (SELECT 1 FROM contact_list_members m WHERE m.list_id = ${a.listId} AND m.contact_id = c.id)`;
  return sql`
    SELECT c.id AS contact_id, c.location_id, ${address} AS address,
      CASE
        WHEN ${address} IS NULL OR ${address} = '' THEN 'no_address'
        WHEN EXISTS (SELECT 1 FROM suppressions s WHERE s.company_id = c.company_id
                     AND s.channel = ${a.channel} AND s.address = ${address}) THEN 'suppressed'
        WHEN NOT ${consent} THEN 'no_consent'
        WHEN c.last_asked_at > now() - make_interval(days => ${guardDays}::int) THEN 'asked_recently'
        ELSE NULL
      END AS reason
    FROM contacts c
    WHERE c.company_id = ${a.companyId} AND ${inList} AND ${segmentWhere(a.segment)}`;
}

export interface AudiencePreview {
  total: number;
  eligible: number;
  suppressed: number;
  no_consent: number;
  no_address: number;
  asked_recently: number;
  repeat_guard_days: number;
}

export async function previewAudience(db: Db, a: Audience): Promise<AudiencePreview> {
  const guardDays = await repeatGuardDays(db, a.companyId);
  const r = await db.execute(sql`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE reason IS NULL)::int AS eligible,
      count(*) FILTER (WHERE reason = 'suppressed')::int AS suppressed,
      count(*) FILTER (WHERE reason = 'no_consent')::int AS no_consent,
      count(*) FILTER (WHERE reason = 'no_address')::int AS no_address,
      count(*) FILTER (WHERE reason = 'asked_recently')::int AS asked_recently
    FROM (${classifiedAudience(a, guardDays)}) a`);
  const row = rowsOf<Omit<AudiencePreview, 'repeat_guard_days'>>(r)[0]!;
  return { ...row, repeat_guard_days: guardDays };
}

/**
 * Writes one recipient row per contact of the audience (queued, or skipped with its reason), once:
 * (campaign, contact) is unique, so a second run adds nobody twice. Answers how many were written.
 */
export async function materialiseRecipients(db: Db, campaignId: number, a: Audience): Promise<number> {
  const guardDays = await repeatGuardDays(db, a.companyId);
  const reasons = sql.join(
    Object.entries(SKIP_REASONS).map(([key, text]) => sql`WHEN ${key} THEN ${text}`),
    sql` `,
  );
  const r = await db.execute(sql`
    INSERT INTO campaign_recipients (company_id, campaign_id, contact_id, location_id, channel, address, token, state, failure_reason)
    SELECT ${a.companyId}, ${campaignId}, a.contact_id, a.location_id, ${a.channel}, coalesce(a.address, ''),
      replace(gen_random_uuid()::text, '-', ''),
      CASE WHEN a.reason IS NULL THEN 'queued' ELSE 'skipped' END,
      CASE a.reason ${reasons} ELSE NULL END
    FROM (${classifiedAudience(a, guardDays)}) a
    ORDER BY a.contact_id
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return rowsOf(r).length;
}

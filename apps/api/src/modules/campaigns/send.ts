/**
 * Sending a campaign through the job queue (one job per campaign, deduplicated).
 *
 * 1. Start: in one transaction the campaign goes scheduled → sending and its recipients' rows are
 *    written (queued, or skipped with the reason), so the audience is fixed once.
 * 2. Batches: up to BATCH queued rows within the per-location daily caps are picked; each row is
 *    marked 'sending' in its own commit right before it is handed to the provider (one per pooled
 *    SMTP connection, or SMS_PARALLEL, at once), then marked sent (or failed, or back to queued when
 *    the provider did not take it). A row is never handed over unless it was 'sending' first.
 * 3. A row found 'sending' when a run starts was being handed over when a process died: the
 *    provider may or may not have taken it, and neither SMTP nor Twilio's Messages API can be asked
 *    (its Message-ID is stable, but resending could still deliver twice). We choose never to send
 *    twice: such rows become 'failed' with the reason INTERRUPTED, visible in the recipients table,
 *    never resent; a crash leaves at most as many as were in flight (5 by default). Every other
 *    recipient is sent exactly once, the queued ones by the next run.
 * 4. Capped locations' rows stay queued; the job comes back at the next UTC midnight.
 * 5. Done: sent, and the one reminder is scheduled when asked for.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { CampaignSegment } from '../../db/schema';
import type { JobQueue } from '../../platform/jobs';
import { materialiseRecipients } from './audience';
import {
  composeMail,
  composeSms,
  DEFAULT_TEMPLATES,
  messageIdOf,
  type MessageTemplate,
  type RecipientValues,
} from './messages';
import { offerLinkFor } from './offer';
import type { CampaignSenders, SendOutcome } from './senders';

export const CAMPAIGN_JOB = 'campaigns.send';
export const REMINDER_JOB = 'campaigns.remind';
export const INTERRUPTED =
  'Interrupted while being handed to the provider (the server stopped): not sent again, so no one receives it twice';
const BATCH = 200;
/** SMS in flight at once (mails: one per pooled SMTP connection, CAMPAIGN_SMTP_CONNECTIONS). */
const SMS_PARALLEL = 5;
/** Reminders in flight at once. */
const PARALLEL = 5;

export interface SendContext {
  db: Db;
  config: Config;
  queue: JobQueue;
  senders: CampaignSenders;
  log?: FastifyBaseLogger;
}

interface CampaignRow {
  id: number;
  company_id: number;
  channel: 'email' | 'sms';
  status: string;
  list_id: number | null;
  segment: CampaignSegment;
  template_id: number | null;
  reminder_after_days: number | null;
  reminder_template_id: number | null;
  started_at: string | null;
  offer_id: number | null;
  company_name: string;
}

interface ClaimedRow {
  id: number;
  contact_id: number | null;
  token: string;
  address: string;
  name: string | null;
  location: string | null;
  coupon_id: number | null;
}

export function enqueueCampaign(queue: JobQueue, campaignId: number, runAt?: Date, db?: Db) {
  return queue.enqueue(
    CAMPAIGN_JOB,
    { campaignId },
    { runAt, dedupeKey: `campaign:${campaignId}`, db, maxAttempts: 20 },
  );
}

async function loadCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const r = await db.execute(sql`
    SELECT c.id, c.company_id, c.channel, c.status, c.list_id, c.segment, c.template_id, c.reminder_after_days,
      c.reminder_template_id, c.started_at, c.offer_id, co.company_name
    FROM campaigns c JOIN companies co ON co.id = c.company_id WHERE c.id = ${id}`);
  return rowsOf<CampaignRow>(r)[0];
}

async function templateOf(
  db: Db,
  companyId: number,
  id: number | null,
  channel: 'email' | 'sms',
): Promise<MessageTemplate> {
  if (id === null) return DEFAULT_TEMPLATES[channel];
  const r = await db.execute(
    sql`SELECT subject, body, language FROM campaign_templates WHERE id = ${id} AND company_id = ${companyId}`,
  );
  return rowsOf<MessageTemplate>(r)[0] ?? DEFAULT_TEMPLATES[channel];
}

/** scheduled → sending, with the recipients written in the same commit the first time. */
async function start(db: Db, c: CampaignRow): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const r = await tx.execute(sql`
      UPDATE campaigns SET status = 'sending', error = NULL, started_at = coalesce(started_at, now()), updated_at = now()
      WHERE id = ${c.id} AND status = 'scheduled' AND (scheduled_at IS NULL OR scheduled_at <= now())
      RETURNING id`);
    if (rowsOf(r).length === 0) return false;
    if (c.started_at === null)
      await materialiseRecipients(tx, c.id, {
        companyId: c.company_id,
        channel: c.channel,
        listId: c.list_id,
        segment: c.segment ?? {},
      });
    return true;
  });
}

/** Rows a dead process left 'sending': failed, never resent (see the file's comment). */
async function failInterrupted(db: Db, campaignId: number): Promise<number> {
  const r = await db.execute(sql`
    UPDATE campaign_recipients SET state = 'failed', failure_reason = ${INTERRUPTED}, failed_at = now()
    WHERE campaign_id = ${campaignId} AND state = 'sending' RETURNING id`);
  return rowsOf(r).length;
}

async function dailyCap(db: Db, companyId: number): Promise<number | null> {
  const r = await db.execute(
    sql`SELECT daily_cap_per_location AS cap FROM landing_page_settings WHERE company_id = ${companyId}`,
  );
  return rowsOf<{ cap: number | null }>(r)[0]?.cap ?? null;
}

const startOfUtcDay = (d = new Date()) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The next batch: queued rows in order, at most the cap's remainder per location for today
 * (counting every campaign of the company). Nothing is marked here: each row is marked 'sending'
 * by itself just before its hand-over, so a crash leaves only the messages truly in flight uncertain.
 */
async function pickBatch(db: Db, c: CampaignRow, cap: number | null): Promise<ClaimedRow[]> {
  const capped = cap === null ? sql`TRUE` : sql`(q.location_id IS NULL OR q.rn <= ${cap} - coalesce(u.n, 0))`;
  const r = await db.execute(sql`
    WITH used AS (
      SELECT location_id, count(*)::int AS n FROM campaign_recipients
      WHERE company_id = ${c.company_id} AND (sent_at >= ${startOfUtcDay().toISOString()}::timestamptz OR state = 'sending')
      GROUP BY location_id
    ), q AS (
      SELECT r.id, r.location_id, row_number() OVER (PARTITION BY r.location_id ORDER BY r.id) AS rn
      FROM campaign_recipients r WHERE r.campaign_id = ${c.id} AND r.state = 'queued'
    ), pick AS (
      SELECT q.id FROM q LEFT JOIN used u ON u.location_id = q.location_id WHERE ${capped} ORDER BY q.id LIMIT ${BATCH}
    )
    SELECT r.id, r.contact_id, r.token, r.address, r.coupon_id, ct.name, l.title AS location
    FROM pick JOIN campaign_recipients r ON r.id = pick.id
    LEFT JOIN contacts ct ON ct.id = r.contact_id LEFT JOIN locations l ON l.id = r.location_id
    ORDER BY r.id`);
  return rowsOf<ClaimedRow>(r).map((row) => ({
    ...row,
    id: Number(row.id),
    contact_id: row.contact_id === null ? null : Number(row.contact_id),
    coupon_id: row.coupon_id === null ? null : Number(row.coupon_id),
  }));
}

/** queued → sending, committed before the provider is called; false when the row is no longer queued. */
async function markSending(db: Db, id: number): Promise<boolean> {
  const r = await db.execute(
    sql`UPDATE campaign_recipients SET state = 'sending' WHERE id = ${id} AND state = 'queued' RETURNING id`,
  );
  return rowsOf(r).length > 0;
}

/** Runs `work` over `items`, `limit` at a time, until `halted()` says stop. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>, halted = () => false) {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !halted()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The merge values of a recipient's message, with its coupon's link when the campaign gives an offer. */
async function valuesOf(ctx: SendContext, c: CampaignRow, row: ClaimedRow): Promise<RecipientValues> {
  const offerLink = await offerLinkFor(
    ctx.db,
    {
      companyId: c.company_id,
      offerId: c.offer_id,
      channel: c.channel,
      publicUrl: ctx.config.publicUrl,
      secret: ctx.config.jwtSecret,
    },
    row,
  );
  return { token: row.token, name: row.name, location: row.location, company: c.company_name, offerLink };
}

function sendOne(
  ctx: SendContext,
  c: CampaignRow,
  template: MessageTemplate,
  row: ClaimedRow,
  values: RecipientValues,
): Promise<SendOutcome> {
  if (c.channel === 'sms') {
    if (!ctx.senders.sms)
      return Promise.resolve({
        ok: false,
        kind: 'fatal',
        reason: 'SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)',
      });
    return ctx.senders.sms(row.address, composeSms(ctx.config.publicUrl, template, values));
  }
  const mail = composeMail(ctx.config.publicUrl, template, values);
  return ctx.senders.mail({ to: row.address, messageId: messageIdOf(ctx.config.publicUrl, row.token), ...mail });
}

/** Writes a row's outcome: sent (and the contact's last_asked_at), failed (maybe suppressed), or queued again. */
async function recordOutcome(db: Db, c: CampaignRow, row: ClaimedRow, o: SendOutcome): Promise<void> {
  if (o.ok) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE campaign_recipients SET state = 'sent', sent_at = now(), provider_id = ${o.providerId}
        WHERE id = ${row.id}`);
      if (row.contact_id !== null)
        await tx.execute(sql`UPDATE contacts SET last_asked_at = now() WHERE id = ${row.contact_id}`);
    });
  } else if (o.kind === 'permanent') {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE campaign_recipients SET state = 'failed', failure_reason = ${o.reason}, failed_at = now(),
        unsubscribed_at = CASE WHEN ${o.suppress === 'stop'} THEN now() ELSE unsubscribed_at END WHERE id = ${row.id}`);
      if (o.suppress)
        await tx.execute(sql`INSERT INTO suppressions (company_id, channel, address, reason)
          VALUES (${c.company_id}, ${c.channel}, ${row.address}, ${o.suppress}) ON CONFLICT DO NOTHING`);
    });
  } else await db.execute(sql`UPDATE campaign_recipients SET state = 'queued' WHERE id = ${row.id}`);
}

async function stopCampaign(db: Db, id: number, error: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaigns SET status = 'failed', error = ${error}, updated_at = now() WHERE id = ${id} AND status = 'sending'`,
  );
}

async function finishCampaign(ctx: SendContext, c: CampaignRow): Promise<void> {
  const r = await ctx.db.execute(sql`UPDATE campaigns SET status = 'sent', finished_at = now(), updated_at = now()
    WHERE id = ${c.id} AND status = 'sending' RETURNING id`);
  if (rowsOf(r).length && c.reminder_after_days)
    await ctx.queue.enqueue(
      REMINDER_JOB,
      { campaignId: c.id },
      { runAt: new Date(Date.now() + c.reminder_after_days * 86_400_000), dedupeKey: `campaign-reminder:${c.id}` },
    );
}

async function stillSending(db: Db, id: number): Promise<boolean> {
  const r = await db.execute(sql`SELECT status FROM campaigns WHERE id = ${id}`);
  return rowsOf<{ status: string }>(r)[0]?.status === 'sending';
}

export async function runCampaign(ctx: SendContext, campaignId: number, signal?: AbortSignal): Promise<void> {
  const { db } = ctx;
  const c = await loadCampaign(db, campaignId);
  if (!c || !['scheduled', 'sending'].includes(c.status)) return;
  if (c.status === 'scheduled' && !(await start(db, c))) return;
  const interrupted = await failInterrupted(db, c.id);
  if (interrupted) ctx.log?.warn({ campaignId, interrupted }, 'campaign rows interrupted mid-send were not resent');
  const template = await templateOf(db, c.company_id, c.template_id, c.channel);
  const cap = await dailyCap(db, c.company_id);
  const parallel = c.channel === 'email' ? ctx.config.campaignSmtpConnections : SMS_PARALLEL;
  for (;;) {
    if (signal?.aborted || !(await stillSending(db, c.id))) return;
    const batch = await pickBatch(db, c, cap);
    if (batch.length === 0) break;
    let stop: SendOutcome | null = null;
    await inParallel(
      batch,
      parallel,
      async (row) => {
        const values = await valuesOf(ctx, c, row);
        if (!(await markSending(db, row.id))) return;
        const outcome = await sendOne(ctx, c, template, row, values);
        await recordOutcome(db, c, row, outcome);
        if (!outcome.ok && outcome.kind !== 'permanent') stop = outcome;
      },
      () => stop !== null || signal?.aborted === true,
    );
    const halt = stop as SendOutcome | null;
    if (halt && !halt.ok && halt.kind === 'fatal') return stopCampaign(db, c.id, halt.reason);
    // The queue retries the job with back-off; the row went back to queued.
    if (halt && !halt.ok && halt.kind === 'transient') throw new Error(`Provider unavailable: ${halt.reason}`);
  }
  const left = await db.execute(
    sql`SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = ${c.id} AND state = 'queued'`,
  );
  if (rowsOf<{ n: number }>(left)[0]!.n > 0) {
    // Capped for today: the rest waits, queued, for tomorrow's allowance.
    const tomorrow = new Date(startOfUtcDay().getTime() + 86_400_000);
    await ctx.queue.enqueue(
      CAMPAIGN_JOB,
      { campaignId: c.id },
      { runAt: tomorrow, maxAttempts: 20, dedupeKey: `campaign:${c.id}:next-day` },
    );
    return;
  }
  await finishCampaign(ctx, c);
}

/**
 * The one reminder, to recipients sent the invitation who have not rated nor unsubscribed. Each
 * row's reminder_sent_at is stamped in a commit before its message goes: at most once, by design.
 */
export async function runReminder(ctx: SendContext, campaignId: number): Promise<void> {
  const c = await loadCampaign(ctx.db, campaignId);
  if (!c || c.status !== 'sent' || !c.reminder_after_days) return;
  const template = await templateOf(ctx.db, c.company_id, c.reminder_template_id ?? c.template_id, c.channel);
  for (;;) {
    const r = await ctx.db.execute(sql`
      WITH pick AS (
        SELECT id FROM campaign_recipients WHERE campaign_id = ${c.id} AND state IN ('sent', 'delivered')
          AND rated_at IS NULL AND unsubscribed_at IS NULL AND reminder_sent_at IS NULL ORDER BY id LIMIT ${BATCH}
      ), claimed AS (
        UPDATE campaign_recipients r SET reminder_sent_at = now() FROM pick WHERE r.id = pick.id
        RETURNING r.id, r.contact_id, r.token, r.address, r.location_id, r.coupon_id
      )
      SELECT claimed.id, claimed.contact_id, claimed.token, claimed.address, claimed.coupon_id, ct.name, l.title AS location
      FROM claimed LEFT JOIN contacts ct ON ct.id = claimed.contact_id LEFT JOIN locations l ON l.id = claimed.location_id`);
    const rows = rowsOf<ClaimedRow>(r).map((row) => ({
      ...row,
      coupon_id: row.coupon_id === null ? null : Number(row.coupon_id),
    }));
    if (rows.length === 0) return;
    await inParallel(rows, PARALLEL, async (row) => {
      // The reminder carries the coupon the invitation gave (never a new one: the offer is not given twice).
      const values = await valuesOf(ctx, { ...c, offer_id: null }, row);
      // A reminder that fails is not retried: it is a courtesy, and its stamp keeps it at most once.
      if (c.channel === 'sms') await ctx.senders.sms?.(row.address, composeSms(ctx.config.publicUrl, template, values));
      else
        await ctx.senders.mail({
          to: row.address,
          messageId: messageIdOf(ctx.config.publicUrl, row.token, true),
          ...composeMail(ctx.config.publicUrl, template, values),
        });
    });
  }
}

export function defineCampaignJobs(ctx: SendContext): void {
  ctx.queue.define(CAMPAIGN_JOB, (payload, _job, { signal }) => runCampaign(ctx, Number(payload.campaignId), signal), {
    concurrency: 2,
    retryBaseSeconds: 30,
    // The provider stayed unavailable through every retry: the campaign shows it stopped, and why.
    onFailure: async (payload, failure, tx) => {
      if (!failure.retryAt) await stopCampaign(tx, Number(payload.campaignId), failure.error);
    },
  });
  ctx.queue.define(REMINDER_JOB, (payload) => runReminder(ctx, Number(payload.campaignId)), { concurrency: 1 });
}

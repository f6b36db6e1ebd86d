import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { campaigns, campaignTemplates, contactLists, locations, offers, type CampaignSegment } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import type { Audience } from './audience';
import type { CampaignCounts, CampaignInput, CampaignPatch, SegmentInput } from './schemas';
import { enqueueCampaign } from './send';

type CampaignRow = typeof campaigns.$inferSelect;

const unprocessable = (message: string, field: string) =>
  new AppError(422, 'unprocessable_entity', message, [{ field, message }]);

export function segmentOf(input: SegmentInput): CampaignSegment {
  const s: CampaignSegment = {};
  if (input.location_ids?.length) s.locationIds = input.location_ids;
  if (input.tags?.length) s.tags = input.tags;
  if (input.last_visit_from) s.lastVisitFrom = input.last_visit_from;
  if (input.last_visit_to) s.lastVisitTo = input.last_visit_to;
  return s;
}

function segmentOut(s: CampaignSegment): SegmentInput {
  return {
    ...(s.locationIds ? { location_ids: s.locationIds } : {}),
    ...(s.tags ? { tags: s.tags } : {}),
    ...(s.lastVisitFrom ? { last_visit_from: s.lastVisitFrom } : {}),
    ...(s.lastVisitTo ? { last_visit_to: s.lastVisitTo } : {}),
  };
}

/** The list, templates and locations named must be the company's own: another's id reads as missing (404). */
export async function checkReferences(
  db: Db,
  companyId: number,
  input: {
    channel?: string;
    list_id?: number | null;
    template_id?: number | null;
    reminder_template_id?: number | null;
    offer_id?: number | null;
    segment?: SegmentInput;
  },
  channel: string,
): Promise<void> {
  if (input.offer_id) {
    const [o] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.id, input.offer_id), eq(offers.companyId, companyId)));
    if (!o) throw notFound('No such offer');
  }
  if (input.list_id) {
    const [l] = await db
      .select({ id: contactLists.id })
      .from(contactLists)
      .where(and(eq(contactLists.id, input.list_id), eq(contactLists.companyId, companyId)));
    if (!l) throw notFound('No such list');
  }
  for (const field of ['template_id', 'reminder_template_id'] as const) {
    const id = input[field];
    if (!id) continue;
    const [t] = await db
      .select({ channel: campaignTemplates.channel })
      .from(campaignTemplates)
      .where(and(eq(campaignTemplates.id, id), eq(campaignTemplates.companyId, companyId)));
    if (!t) throw notFound('No such template');
    if (t.channel !== channel)
      throw unprocessable(`The template is for ${t.channel}, the campaign for ${channel}`, field);
  }
  for (const id of input.segment?.location_ids ?? []) {
    const [l] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, id), eq(locations.companyId, companyId)));
    if (!l) throw notFound('No such location');
  }
}

export async function findCampaign(db: Db, ctx: ActingContext, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.companyId, scopeCompanyId(ctx))));
  if (!row) throw notFound('No such campaign');
  return row;
}

export async function createCampaign(db: Db, ctx: ActingContext, input: CampaignInput): Promise<CampaignRow> {
  const companyId = scopeCompanyId(ctx);
  await checkReferences(db, companyId, input, input.channel);
  const [row] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: input.name,
      channel: input.channel,
      listId: input.list_id ?? null,
      segment: segmentOf(input.segment),
      templateId: input.template_id ?? null,
      reminderAfterDays: input.reminder_after_days ?? null,
      reminderTemplateId: input.reminder_template_id ?? null,
      offerId: input.offer_id ?? null,
      createdBy: ctx.user.id,
    })
    .returning();
  return row!;
}

export async function changeCampaign(
  db: Db,
  ctx: ActingContext,
  id: number,
  patch: CampaignPatch,
): Promise<CampaignRow> {
  const current = await findCampaign(db, ctx, id);
  if (current.status !== 'draft') throw conflict('Only a draft campaign can be changed');
  const channel = patch.channel ?? current.channel;
  await checkReferences(
    db,
    current.companyId,
    {
      list_id: patch.list_id,
      offer_id: patch.offer_id,
      segment: patch.segment,
      template_id: patch.template_id ?? (patch.channel ? current.templateId : undefined),
      reminder_template_id: patch.reminder_template_id ?? (patch.channel ? current.reminderTemplateId : undefined),
    },
    channel,
  );
  const [row] = await db
    .update(campaigns)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.channel !== undefined ? { channel: patch.channel } : {}),
      ...(patch.list_id !== undefined ? { listId: patch.list_id } : {}),
      ...(patch.segment !== undefined ? { segment: segmentOf(patch.segment) } : {}),
      ...(patch.template_id !== undefined ? { templateId: patch.template_id } : {}),
      ...(patch.reminder_after_days !== undefined ? { reminderAfterDays: patch.reminder_after_days } : {}),
      ...(patch.reminder_template_id !== undefined ? { reminderTemplateId: patch.reminder_template_id } : {}),
      ...(patch.offer_id !== undefined ? { offerId: patch.offer_id } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
    .returning();
  if (!row) throw conflict('Only a draft campaign can be changed');
  return row;
}

export async function removeCampaign(db: Db, ctx: ActingContext, id: number): Promise<void> {
  const c = await findCampaign(db, ctx, id);
  if (!['draft', 'cancelled'].includes(c.status)) throw conflict('Only a draft or cancelled campaign can be deleted');
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

/** Now (scheduled_at absent or past) or later; a failed campaign resumes where it stopped. */
export async function sendCampaign(
  db: Db,
  queue: JobQueue,
  ctx: ActingContext,
  id: number,
  scheduledAt: string | null | undefined,
  smsConfigured: boolean,
): Promise<CampaignRow> {
  const c = await findCampaign(db, ctx, id);
  if (!['draft', 'failed'].includes(c.status)) throw conflict('This campaign was already sent or scheduled');
  if (c.channel === 'sms' && !smsConfigured)
    throw unprocessable('SMS is not configured on this server (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN)', 'channel');
  const at = scheduledAt ? new Date(scheduledAt) : new Date();
  if (Number.isNaN(at.getTime())) throw badRequest('scheduled_at must be an ISO date-time');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'scheduled', scheduledAt: at, error: null, updatedAt: new Date() })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, c.status)))
      .returning();
    if (!row) throw conflict('This campaign was already sent or scheduled');
    await enqueueCampaign(queue, id, at, tx);
    return row;
  });
}

/** Stops a scheduled or sending campaign: the recipients not yet sent are skipped as cancelled. */
export async function cancelCampaign(db: Db, ctx: ActingContext, id: number): Promise<CampaignRow> {
  const c = await findCampaign(db, ctx, id);
  if (!['scheduled', 'sending', 'failed'].includes(c.status))
    throw conflict('Only a scheduled or sending campaign can be cancelled');
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, c.status)))
      .returning();
    if (!row) throw conflict('Only a scheduled or sending campaign can be cancelled');
    await tx.execute(sql`UPDATE campaign_recipients SET state = 'skipped', failure_reason = 'Campaign cancelled'
      WHERE campaign_id = ${id} AND state = 'queued'`);
    return row;
  });
}

export function audienceOf(
  companyId: number,
  channel: 'email' | 'sms',
  listId: number | null | undefined,
  segment: SegmentInput,
): Audience {
  return { companyId, channel, listId: listId ?? null, segment: segmentOf(segment) };
}

const COUNT_COLUMNS = sql`
  count(*)::int AS total,
  count(*) FILTER (WHERE state = 'queued')::int AS queued,
  count(*) FILTER (WHERE state = 'sending')::int AS sending,
  count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
  count(*) FILTER (WHERE state = 'failed')::int AS failed,
  count(sent_at)::int AS sent,
  count(*) FILTER (WHERE delivered_at IS NOT NULL OR (channel = 'email' AND sent_at IS NOT NULL AND state <> 'failed'))::int AS delivered,
  count(opened_at)::int AS opened,
  count(clicked_at)::int AS clicked,
  count(rated_at)::int AS rated,
  count(reviewed_at)::int AS reviewed,
  count(feedback_at)::int AS feedback,
  count(unsubscribed_at)::int AS unsubscribed`;

const EMPTY_COUNTS: CampaignCounts = {
  total: 0,
  queued: 0,
  sending: 0,
  skipped: 0,
  failed: 0,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  rated: 0,
  reviewed: 0,
  feedback: 0,
  unsubscribed: 0,
};

export async function countsOf(db: Db, ids: number[]): Promise<Map<number, CampaignCounts>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute(sql`SELECT campaign_id, ${COUNT_COLUMNS} FROM campaign_recipients
    WHERE campaign_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) GROUP BY campaign_id`);
  return new Map(
    rowsOf<CampaignCounts & { campaign_id: number }>(r).map(({ campaign_id, ...c }) => [Number(campaign_id), c]),
  );
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** Percentages of the messages sent (delivery, opens, clicks, ratings, reviews, feedback, unsubscribes). */
export function ratesOf(c: CampaignCounts) {
  return {
    delivery_rate: rate(c.delivered, c.sent),
    open_rate: rate(c.opened, c.delivered),
    click_rate: rate(c.clicked, c.delivered),
    rating_rate: rate(c.rated, c.delivered),
    review_rate: rate(c.reviewed, c.delivered),
    feedback_rate: rate(c.feedback, c.delivered),
    unsubscribe_rate: rate(c.unsubscribed, c.sent),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function serializeCampaigns(db: Db, rows: CampaignRow[]) {
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  const listIds = [...new Set(rows.map((r) => r.listId).filter((x): x is number => x !== null))];
  const templateIds = [...new Set(rows.map((r) => r.templateId).filter((x): x is number => x !== null))];
  const lists = listIds.length
    ? await db
        .select({ id: contactLists.id, name: contactLists.name })
        .from(contactLists)
        .where(
          sql`${contactLists.id} IN (${sql.join(
            listIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
    : [];
  const templates = templateIds.length
    ? await db
        .select({ id: campaignTemplates.id, name: campaignTemplates.name })
        .from(campaignTemplates)
        .where(
          sql`${campaignTemplates.id} IN (${sql.join(
            templateIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
    : [];
  const listName = new Map(lists.map((l) => [l.id, l.name]));
  const templateName = new Map(templates.map((t) => [t.id, t.name]));
  return rows.map((r) => {
    const c = counts.get(r.id) ?? EMPTY_COUNTS;
    return {
      id: r.id,
      name: r.name,
      channel: r.channel as 'email' | 'sms',
      status: r.status as 'draft',
      error: r.error,
      list_id: r.listId,
      list_name: r.listId ? (listName.get(r.listId) ?? null) : null,
      segment: segmentOut(r.segment),
      template_id: r.templateId,
      template_name: r.templateId ? (templateName.get(r.templateId) ?? null) : null,
      reminder_after_days: r.reminderAfterDays,
      reminder_template_id: r.reminderTemplateId,
      offer_id: r.offerId,
      scheduled_at: iso(r.scheduledAt),
      started_at: iso(r.startedAt),
      finished_at: iso(r.finishedAt),
      created_at: r.createdAt.toISOString(),
      counts: c,
      rates: ratesOf(c),
    };
  });
}

export async function listCampaigns(
  db: Db,
  companyId: number,
  status: string | undefined,
  limit: number,
  offset: number,
) {
  const where = and(eq(campaigns.companyId, companyId), status ? eq(campaigns.status, status) : undefined);
  const rows = await db.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(limit).offset(offset);
  const [t] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where);
  return { rows, total: Number(t?.n ?? 0) };
}

export const FUNNEL_STEPS = [
  ['sent', 'Sent'],
  ['delivered', 'Delivered'],
  ['opened', 'Opened'],
  ['clicked', 'Clicked'],
  ['rated', 'Rated'],
  ['reviewed', 'Public review'],
  ['feedback', 'Private feedback'],
] as const;

export function funnelOf(c: CampaignCounts, channel: string) {
  // SMS has no open pixel: its funnel goes from delivered to clicked.
  const steps = FUNNEL_STEPS.filter(([key]) => !(channel === 'sms' && key === 'opened'));
  return { steps: steps.map(([key, label]) => ({ key, label, count: c[key] })) };
}

const RECIPIENT_FILTER_SQL: Record<string, ReturnType<typeof sql>> = {
  queued: sql`r.state = 'queued'`,
  sending: sql`r.state = 'sending'`,
  sent: sql`r.sent_at IS NOT NULL`,
  delivered: sql`(r.delivered_at IS NOT NULL OR (r.channel = 'email' AND r.sent_at IS NOT NULL AND r.state <> 'failed'))`,
  opened: sql`r.opened_at IS NOT NULL`,
  clicked: sql`r.clicked_at IS NOT NULL`,
  rated: sql`r.rated_at IS NOT NULL`,
  reviewed: sql`r.reviewed_at IS NOT NULL`,
  feedback: sql`r.feedback_at IS NOT NULL`,
  unsubscribed: sql`r.unsubscribed_at IS NOT NULL`,
  failed: sql`r.state = 'failed'`,
  skipped: sql`r.state = 'skipped'`,
};

interface RecipientRow {
  id: number;
  contact_id: number | null;
  name: string | null;
  address: string;
  location: string | null;
  state: string;
  failure_reason: string | null;
  [stamp: string]: unknown;
}

const STAMPS = [
  'sent_at',
  'delivered_at',
  'opened_at',
  'clicked_at',
  'rated_at',
  'reviewed_at',
  'feedback_at',
  'unsubscribed_at',
  'failed_at',
  'reminder_sent_at',
] as const;

function stageOf(r: Record<string, unknown>): string | null {
  if (r.feedback_at) return 'feedback';
  if (r.reviewed_at) return 'reviewed';
  for (const step of ['rated', 'clicked', 'opened', 'delivered', 'sent']) if (r[`${step}_at`]) return step;
  return null;
}

const isoText = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

export async function listRecipients(
  db: Db,
  campaignId: number,
  filter: string | undefined,
  limit: number,
  offset: number,
) {
  const where = sql`r.campaign_id = ${campaignId} AND ${filter ? RECIPIENT_FILTER_SQL[filter]! : sql`TRUE`}`;
  const r = await db.execute(sql`
    SELECT r.id, r.contact_id, ct.name, r.address, l.title AS location, r.state, r.failure_reason,
      ${sql.raw(STAMPS.map((s) => `r.${s}`).join(', '))}
    FROM campaign_recipients r LEFT JOIN contacts ct ON ct.id = r.contact_id LEFT JOIN locations l ON l.id = r.location_id
    WHERE ${where} ORDER BY r.id LIMIT ${limit} OFFSET ${offset}`);
  const t = await db.execute(sql`SELECT count(*)::int AS n FROM campaign_recipients r WHERE ${where}`);
  const data = rowsOf<RecipientRow>(r).map((row) => {
    const stamps = Object.fromEntries(STAMPS.map((s) => [s, isoText(row[s])])) as Record<
      (typeof STAMPS)[number],
      string | null
    >;
    return {
      id: Number(row.id),
      contact_id: row.contact_id === null ? null : Number(row.contact_id),
      name: row.name,
      address: row.address,
      location: row.location,
      state: row.state,
      stage: stageOf(stamps),
      failure_reason: row.failure_reason,
      ...stamps,
    };
  });
  return { data, total: rowsOf<{ n: number }>(t)[0]!.n };
}

/** What the create drawer offers: the company's lists (with sizes), active offers, templates, locations and tags. */
export async function campaignOptions(db: Db, companyId: number) {
  const lists = rowsOf<{ id: number; name: string; contacts: number }>(
    await db.execute(sql`SELECT l.id, l.name, (SELECT count(*)::int FROM contact_list_members m WHERE m.list_id = l.id) AS contacts
      FROM contact_lists l WHERE l.company_id = ${companyId} ORDER BY l.name`),
  );
  const templates = await db
    .select({
      id: campaignTemplates.id,
      name: campaignTemplates.name,
      channel: campaignTemplates.channel,
      language: campaignTemplates.language,
    })
    .from(campaignTemplates)
    .where(eq(campaignTemplates.companyId, companyId))
    .orderBy(campaignTemplates.name);
  const locs = await db
    .select({ id: locations.id, name: locations.title })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(locations.title);
  const tags = rowsOf<{ tag: string }>(
    await db.execute(
      sql`SELECT DISTINCT jsonb_array_elements_text(tags) AS tag FROM contacts WHERE company_id = ${companyId} ORDER BY 1 LIMIT 500`,
    ),
  );
  const givable = await db
    .select({ id: offers.id, title: offers.title })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers.active, true)))
    .orderBy(offers.title);
  return {
    lists,
    offers: givable,
    templates: templates.map((t) => ({ ...t, channel: t.channel as 'email' | 'sms' })),
    locations: locs,
    tags: tags.map((t) => t.tag),
  };
}

import { CAMPAIGN_CHANNELS, idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/** Feedback campaigns: what the calls accept and answer. */

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
/** A recipient's table filter: its state, or a step of the funnel it reached. */
export const RECIPIENT_FILTERS = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'rated',
  'reviewed',
  'feedback',
  'unsubscribed',
  'failed',
  'skipped',
] as const;

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} is not a real date`);

export const segmentSchema = z
  .object({
    location_ids: z.array(idSchema('location_ids')).max(5000).optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    last_visit_from: day('last_visit_from').optional(),
    last_visit_to: day('last_visit_to').optional(),
  })
  .strict();
export type SegmentInput = z.infer<typeof segmentSchema>;
/** The segment as answered (plain types: answers are not validated). */
const segmentOutSchema = z.object({
  location_ids: z.array(z.number()).optional(),
  tags: z.array(z.string()).optional(),
  last_visit_from: z.string().optional(),
  last_visit_to: z.string().optional(),
});

const campaignFields = z.object({
  name: z
    .string({ error: 'Missing campaign name!' })
    .trim()
    .min(1, 'Missing campaign name!')
    .max(200, 'name is at most 200 characters'),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'channel is email or sms' }),
  list_id: idSchema('list_id').nullable().optional(),
  segment: segmentSchema.default({}),
  template_id: idSchema('template_id').nullable().optional(),
  reminder_after_days: z.number().int().min(1, 'reminder_after_days is at least 1').max(60).nullable().optional(),
  reminder_template_id: idSchema('reminder_template_id').nullable().optional(),
  /** An offer whose coupon each recipient gets with the invitation. */
  offer_id: idSchema('offer_id').nullable().optional(),
});

export const campaignInput = campaignFields;
export const campaignPatch = campaignFields.partial();
export type CampaignInput = z.infer<typeof campaignInput>;
export type CampaignPatch = z.infer<typeof campaignPatch>;

export const sendInput = z.object({
  /** Absent or past: now. */
  scheduled_at: z.iso.datetime({ offset: true, error: 'scheduled_at must be an ISO date-time' }).nullable().optional(),
});

export const previewInput = z.object({
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'channel is email or sms' }),
  list_id: idSchema('list_id').nullable().optional(),
  segment: segmentSchema.default({}),
});

export const campaignListQuery = pagingQuery.extend({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
});

export const recipientListQuery = pagingQuery.extend({
  state: z.enum(RECIPIENT_FILTERS).optional(),
});

export const previewSchema = z.object({
  total: z.number(),
  eligible: z.number(),
  suppressed: z.number(),
  no_consent: z.number(),
  no_address: z.number(),
  asked_recently: z.number(),
  repeat_guard_days: z.number(),
});

export const countsSchema = z.object({
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  skipped: z.number(),
  failed: z.number(),
  sent: z.number(),
  delivered: z.number(),
  opened: z.number(),
  clicked: z.number(),
  rated: z.number(),
  reviewed: z.number(),
  feedback: z.number(),
  unsubscribed: z.number(),
});
export type CampaignCounts = z.infer<typeof countsSchema>;

export const ratesSchema = z.object({
  delivery_rate: z.number().nullable(),
  open_rate: z.number().nullable(),
  click_rate: z.number().nullable(),
  rating_rate: z.number().nullable(),
  review_rate: z.number().nullable(),
  feedback_rate: z.number().nullable(),
  unsubscribe_rate: z.number().nullable(),
});

export const campaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  status: z.enum(CAMPAIGN_STATUSES),
  error: z.string().nullable(),
  list_id: z.number().nullable(),
  list_name: z.string().nullable(),
  segment: segmentOutSchema,
  template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  reminder_after_days: z.number().nullable(),
  reminder_template_id: z.number().nullable(),
  offer_id: z.number().nullable(),
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  counts: countsSchema,
  rates: ratesSchema,
});

export const campaignPageSchema = z.object({
  data: z.array(campaignSchema),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
});

export const funnelSchema = z.object({
  steps: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
});

export const recipientSchema = z.object({
  id: z.number(),
  contact_id: z.number().nullable(),
  name: z.string().nullable(),
  address: z.string(),
  location: z.string().nullable(),
  state: z.string(),
  /** The furthest step reached: sent, delivered, opened, clicked, rated, reviewed or feedback. */
  stage: z.string().nullable(),
  failure_reason: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
  rated_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  feedback_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  reminder_sent_at: z.string().nullable(),
});

export const recipientPageSchema = z.object({
  data: z.array(recipientSchema),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
});

export const comparisonSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      channel: z.enum(CAMPAIGN_CHANNELS),
      status: z.enum(CAMPAIGN_STATUSES),
      finished_at: z.string().nullable(),
      counts: countsSchema,
      rates: ratesSchema,
    }),
  ),
});

export const optionsSchema = z.object({
  lists: z.array(z.object({ id: z.number(), name: z.string(), contacts: z.number() })),
  offers: z.array(z.object({ id: z.number(), title: z.string() })),
  templates: z.array(
    z.object({ id: z.number(), name: z.string(), channel: z.enum(CAMPAIGN_CHANNELS), language: z.string() }),
  ),
  locations: z.array(z.object({ id: z.number(), name: z.string() })),
  tags: z.array(z.string()),
  sms_configured: z.boolean(),
});

export const messageSchema = z.object({ message: z.string() });

import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/** Contact lists, contacts and the suppression list (Feedback › Lists): what the calls accept and answer. */

export const SUPPRESSION_CHANNELS = ['email', 'sms'] as const;
export const SUPPRESSION_REASONS = ['unsubscribed', 'bounced', 'complained', 'stop', 'manual'] as const;

const n = z.number();
const name = (what: string) =>
  z
    .string({ error: `Missing ${what} name!` })
    .trim()
    .min(1, `Missing ${what} name!`)
    .max(200, `${what} name is at most 200 characters`);

export const listInput = z.object({ name: name('list') });
export const listPatch = listInput.partial().extend({ id: idSchema().optional() });

export const listQuery = pagingQuery.extend({ search: z.string().max(200).optional() });

export const listSchema = z.object({ id: n, name: z.string(), contacts: n, created_at: z.string() });
export const listPageSchema = z.object({
  data: z.array(listSchema),
  page: n,
  per_page: n,
  total: n,
  total_pages: n,
});

const text = (max: number) => z.string().max(max, `at most ${max} characters`).nullable().optional();

export const contactInput = z.object({
  name: text(200),
  email: text(254),
  phone: text(40),
  location_id: idSchema('location_id').nullable().optional(),
  tags: z.array(z.string().max(50, 'a tag is at most 50 characters')).max(50).optional(),
  consent_email: z.boolean().optional(),
  consent_sms: z.boolean().optional(),
  /** A day (2026-01-31) or an ISO time. */
  last_visit: z.string().max(40).nullable().optional(),
});
export type ContactInput = z.infer<typeof contactInput>;
export const contactPatch = contactInput.extend({ id: idSchema().optional() });

export const contactSchema = z.object({
  id: n,
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location_id: n.nullable(),
  location_title: z.string().nullable(),
  tags: z.array(z.string()),
  consent_email: z.boolean(),
  consent_sms: z.boolean(),
  last_visit_at: z.string().nullable(),
  last_asked_at: z.string().nullable(),
  /** The contact's email (or phone) is on the suppression list: no campaign writes to it. */
  email_suppressed: z.boolean(),
  sms_suppressed: z.boolean(),
  created_at: z.string(),
});
export const contactPageSchema = listPageSchema.extend({ data: z.array(contactSchema) });
export const addedContactSchema = z.object({
  contact: contactSchema,
  /** True when the email or phone was already a contact's: that contact was filled in instead. */
  merged: z.boolean(),
});

export const listIdParams = z.object({ id: idSchema() });
export const memberParams = z.object({ id: idSchema(), contactId: idSchema('contactId') });

export const uploadInput = z.object({
  filename: z.string().min(1, 'filename is required').max(200),
  /** The file's bytes, base64-encoded (.xlsx or .csv). */
  content: z.string().min(1, 'The file is empty').max(14_000_000, 'The file is too big: at most 10 MB'),
});

export const uploadReportSchema = z.object({
  /** Rows that made a new contact. */
  added: n,
  /** Rows whose email or phone was already a contact's (or an earlier row's): that contact was filled in. */
  merged: n,
  rejected: n,
  /** Each rejected row: its line in the file (the header is line 1) and why. */
  rejected_rows: z.array(z.object({ row: n, reason: z.string() })),
  /** The list's contacts after the upload. */
  list_total: n,
});

export const suppressionQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  channel: z.enum(SUPPRESSION_CHANNELS).optional(),
});
export const suppressionExportQuery = z.object({
  access_token: z.string().optional(),
  channel: z.enum(SUPPRESSION_CHANNELS).optional(),
});
export const suppressionInput = z.object({
  channel: z.enum(SUPPRESSION_CHANNELS, { error: 'channel is email or sms' }),
  address: z.string({ error: 'Missing address!' }).trim().min(1, 'Missing address!').max(254),
});
export const suppressionParams = z.object({
  channel: z.enum(SUPPRESSION_CHANNELS, { error: 'channel is email or sms' }),
  address: z.string().min(1).max(254),
});
export const suppressionSchema = z.object({
  channel: z.enum(SUPPRESSION_CHANNELS),
  address: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export const suppressionPageSchema = listPageSchema.extend({ data: z.array(suppressionSchema) });

export const exportQuery = z.object({ access_token: z.string().optional() });
export const messageSchema = z.object({ message: z.string() });

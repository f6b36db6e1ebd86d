import { CAMPAIGN_CHANNELS, FEEDBACK_LANGUAGES, idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/** Email and SMS invitation templates (Feedback › Template): what the calls accept and answer. */

/** An SMS of more than ten parts is refused: carriers drop longer concatenations. */
export const SMS_MAX_CHARS = 1530;
export const EMAIL_MAX_CHARS = 20_000;

const n = z.number();

const templateFields = z.object({
  name: z
    .string({ error: 'Missing template name!' })
    .trim()
    .min(1, 'Missing template name!')
    .max(200, 'name is at most 200 characters'),
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'channel is email or sms' }),
  language: z.enum(FEEDBACK_LANGUAGES, { error: 'language is en or ar' }).default('en'),
  /** Email only; SMS templates have none. */
  subject: z.string().trim().max(300, 'subject is at most 300 characters').nullable().optional(),
  body: z
    .string({ error: 'Missing template text!' })
    .trim()
    .min(1, 'Missing template text!')
    .max(EMAIL_MAX_CHARS, `body is at most ${EMAIL_MAX_CHARS} characters`),
});

type TemplateShape = Partial<z.infer<typeof templateFields>>;

/** Rules between fields, for a new template and for one after a change alike. */
export function templateProblems(t: TemplateShape): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (t.channel === 'email' && !t.subject?.trim())
    problems.push({ field: 'subject', message: 'An email needs a subject' });
  if (t.channel === 'sms' && (t.body?.length ?? 0) > SMS_MAX_CHARS)
    problems.push({ field: 'body', message: `An SMS is at most ${SMS_MAX_CHARS} characters` });
  return problems;
}

export const templateInput = templateFields;
export const templatePatch = templateFields.partial().extend({ id: idSchema().optional() });
export type TemplateInput = z.infer<typeof templateInput>;
export type TemplatePatch = z.infer<typeof templatePatch>;

export const templateQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  channel: z.enum(CAMPAIGN_CHANNELS).optional(),
  language: z.enum(FEEDBACK_LANGUAGES).optional(),
});

export const templateSchema = z.object({
  id: n,
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  language: z.enum(FEEDBACK_LANGUAGES),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const templatePageSchema = z.object({
  data: z.array(templateSchema),
  page: n,
  per_page: n,
  total: n,
  total_pages: n,
});

export const previewInput = z.object({
  channel: z.enum(CAMPAIGN_CHANNELS, { error: 'channel is email or sms' }),
  language: z.enum(FEEDBACK_LANGUAGES).default('en'),
  subject: z.string().max(300).nullable().optional(),
  body: z.string().max(EMAIL_MAX_CHARS),
  /** The location the sample contact visited; the company's first when left out. */
  location_id: idSchema('location_id').optional(),
});

export const previewSchema = z.object({
  subject: z.string().nullable(),
  /** The message as the sample contact receives it: merge fields filled, link, unsubscribe link or STOP text added. */
  body: z.string(),
  sample: z.object({
    name: z.string(),
    location: z.string(),
    brand: z.string(),
    company: z.string(),
    link: z.string(),
  }),
  /** For SMS: the parts it is sent in (160 GSM-7 or 70 UCS-2 characters, 153 or 67 when split). */
  sms: z.object({ encoding: z.enum(['GSM-7', 'UCS-2']), characters: n, segments: n, per_segment: n }).nullable(),
});

export const idParams = z.object({ id: idSchema() });
export const messageSchema = z.object({ message: z.string() });

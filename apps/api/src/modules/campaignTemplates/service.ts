import {
  feedbackPaths,
  SAMPLE_RECIPIENT_TOKEN,
  renderCampaignTemplate,
  renderInvitation,
  smsSegments,
  type CampaignChannel,
  type FeedbackLanguage,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { badRequest, notFound } from '../../platform/errors';
import { DEFAULT_CAMPAIGN_TEMPLATES } from './defaults';
import {
  findTemplate,
  insertTemplates,
  samplePlace,
  updateTemplate,
  type NewTemplate,
  type TemplateRow,
} from './repository';
import { templateProblems, type TemplateInput, type TemplatePatch } from './schemas';

/** Template rules: subject for email only, the SMS length, and the preview as a contact receives it. */

export function serializeTemplate(t: TemplateRow) {
  return {
    id: t.id,
    name: t.name,
    channel: t.channel as CampaignChannel,
    language: t.language as FeedbackLanguage,
    subject: t.subject,
    body: t.body,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export async function getTemplate(db: Db, ctx: ActingContext, id: number): Promise<TemplateRow> {
  const template = await findTemplate(db, scopeCompanyId(ctx), id);
  if (!template) throw notFound('Template not found');
  return template;
}

function checkRules(t: Parameters<typeof templateProblems>[0]): void {
  const problems = templateProblems(t);
  if (problems.length) throw badRequest('Invalid template', problems);
}

/** An SMS has no subject: one sent along is dropped rather than kept unseen. */
const subjectFor = (channel: string, subject: string | null | undefined) =>
  channel === 'email' ? subject?.trim() || null : null;

export async function createTemplate(db: Db, ctx: ActingContext, input: TemplateInput): Promise<TemplateRow> {
  checkRules(input);
  const [id] = await insertTemplates(db, scopeCompanyId(ctx), [
    { ...input, subject: subjectFor(input.channel, input.subject) },
  ]);
  return getTemplate(db, ctx, id!);
}

export async function changeTemplate(
  db: Db,
  ctx: ActingContext,
  id: number,
  patch: TemplatePatch,
): Promise<TemplateRow> {
  const current = await getTemplate(db, ctx, id);
  const { id: _id, ...fields } = patch;
  const next = { ...serializeTemplate(current), ...fields };
  checkRules(next);
  const values: Partial<NewTemplate> = { ...fields, subject: subjectFor(next.channel, next.subject) };
  await updateTemplate(db, current.companyId, id, values);
  return getTemplate(db, ctx, id);
}

/** The sample recipient's name in the template's language. */
const SAMPLE_NAMES: Record<string, string> = { en: 'Layla Nasser', ar: 'ليلى ناصر' };
/** As long as a real recipient's token, so the SMS part count of the preview is the real one. */

export interface PreviewRequest {
  channel: CampaignChannel;
  language: string;
  subject?: string | null;
  body: string;
  location_id?: number;
}

/** The template filled for a sample contact of the company, with the link and opt-out added as sending adds them. */
export async function previewTemplate(db: Db, ctx: ActingContext, publicUrl: string, t: PreviewRequest) {
  const companyId = scopeCompanyId(ctx);
  const place = await samplePlace(db, companyId, t.location_id);
  if (t.location_id && !place) throw notFound('Location not found');
  const company = ctx.company?.companyName ?? '';
  const values = {
    name: SAMPLE_NAMES[t.language] ?? SAMPLE_NAMES.en,
    location: place?.title ?? 'Dubai Marina',
    brand: place?.brand ?? company,
    company,
    link: `${publicUrl}${feedbackPaths.click(SAMPLE_RECIPIENT_TOKEN)}`,
    unsubscribe_link:
      t.channel === 'email' ? `${publicUrl}${feedbackPaths.unsubscribe(SAMPLE_RECIPIENT_TOKEN)}` : undefined,
  };
  const body = renderInvitation(t.channel, t.body, values, t.language);
  const segments = t.channel === 'sms' ? smsSegments(body) : null;
  return {
    subject: t.channel === 'email' ? renderCampaignTemplate(t.subject ?? '', values) : null,
    body,
    sample: { name: values.name!, location: values.location, brand: values.brand, company, link: values.link },
    sms: segments && {
      encoding: segments.encoding,
      characters: segments.units,
      segments: segments.segments,
      per_segment: segments.perSegment,
    },
  };
}

/** The default email and SMS templates in English and Arabic (demo companies, and the starter button of an empty page). */
export async function insertDefaultTemplates(db: Db, companyId: number): Promise<void> {
  await insertTemplates(
    db,
    companyId,
    DEFAULT_CAMPAIGN_TEMPLATES.map((t) => ({ ...t })),
  );
}

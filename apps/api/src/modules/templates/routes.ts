import { freeTextError, isResponseLanguage, type UiLanguage } from '@reputo/core';
import { languageOf } from '../../platform/i18n';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { access, actingOf } from '../../platform/access';
import type { ActingContext } from '../../platform/acting';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { ensureReviewDefaults } from '../reviews/defaults';
import { REVIEW_MANAGERS } from '../reviews/roles';
import { idParams } from '../reviews/schemas';
import { scopeCompanyId } from '../../platform/companyScope';
import { REPLY_MAX_LENGTH } from '../responses/service';
import {
  deleteTemplate,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateTemplate,
  type TemplateRow,
} from './repository';

/** Reply templates (`v2/api/templates`): everyone in the company may use them, managers edit them. */
const tags = ['templates'];

const freeText = (field: string, max: number) =>
  z
    .string({ error: 'The field cannot be empty or contain only spaces!' })
    .superRefine((v, c) => {
      const e = freeTextError(v);
      if (e) c.addIssue({ code: 'custom', message: e });
    })
    .refine((v) => v.length <= max, `${field} can be at most ${max} characters`);

const ratings = z
  .array(
    z
      .number()
      .int()
      .min(1, 'ratings must be whole stars from 1 to 5')
      .max(5, 'ratings must be whole stars from 1 to 5'),
  )
  .max(5);
const language = z
  .string({ error: 'language must be a language code' })
  .refine(isResponseLanguage, { error: (i) => `Unknown language: ${String(i.input)}` });
const templateBody = z.object({
  title: freeText('title', 120),
  text: freeText('text', REPLY_MAX_LENGTH),
  ratings: ratings.optional(),
  language: language.optional(),
});

const templateSchema = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  ratings: z.array(z.number()),
  language: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const dto = (t: TemplateRow) => ({
  id: t.id,
  title: t.title,
  text: t.text,
  ratings: t.ratings,
  language: t.language,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export async function listTemplates(db: Db, companyId: number, language?: UiLanguage): Promise<TemplateRow[]> {
  await ensureReviewDefaults(db, companyId, language);
  return findTemplates(db, companyId);
}

async function requireTemplate(db: Db, ctx: ActingContext, id: number): Promise<TemplateRow> {
  const row = await findTemplate(db, scopeCompanyId(ctx), id);
  if (!row) throw notFound('Template not found');
  return row;
}

export function templateRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  app.get(
    '/v2/api/templates',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: {
        tags,
        summary: "The company's reply templates, each with its language; `rating` keeps those made for that rating",
        querystring: z.object({ rating: z.coerce.number().int().min(1).max(5).optional() }),
        response: { 200: z.object({ templates: z.array(templateSchema) }) },
      },
    },
    async (request) => {
      const rows = await listTemplates(db, scopeCompanyId(actingOf(request)), await languageOf(request));
      const rating = request.query.rating;
      return {
        templates: rows.filter((t) => !rating || t.ratings.length === 0 || t.ratings.includes(rating)).map(dto),
      };
    },
  );

  app.get(
    '/v2/api/templates/:id',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: { tags, summary: 'One template', params: idParams, response: { 200: templateSchema } },
    },
    async (request) => dto(await requireTemplate(db, actingOf(request), request.params.id)),
  );

  app.post(
    '/v2/api/templates',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: 'none' },
      schema: { tags, summary: 'Create a template', body: templateBody, response: { 201: templateSchema } },
    },
    async (request, reply) => {
      const companyId = scopeCompanyId(actingOf(request));
      await ensureReviewDefaults(db, companyId, await languageOf(request));
      const { title, text, ratings: r, language: lang } = request.body;
      const row = await insertTemplate(db, companyId, {
        title: title.trim(),
        text: text.trimEnd(),
        ratings: [...new Set(r ?? [1, 2, 3, 4, 5])].sort(),
        language: lang ?? 'en',
      });
      return reply.status(201).send(dto(row));
    },
  );

  app.patch(
    '/v2/api/templates/:id',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Change a template',
        params: idParams,
        body: templateBody.partial(),
        response: { 200: templateSchema },
      },
    },
    async (request) => {
      const current = await requireTemplate(db, actingOf(request), request.params.id);
      const { title, text, ratings: r, language: lang } = request.body;
      const row = await updateTemplate(db, current.companyId, current.id, {
        title: title?.trim() ?? current.title,
        text: text?.trimEnd() ?? current.text,
        ratings: r ? [...new Set(r)].sort() : current.ratings,
        language: lang ?? current.language,
      });
      return dto(row);
    },
  );

  app.delete(
    '/v2/api/templates/:id',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Delete a template',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      const current = await requireTemplate(db, actingOf(request), request.params.id);
      await deleteTemplate(db, current.companyId, current.id);
      return { id: current.id, deleted: true as const };
    },
  );
}

import { freeTextError, type UiLanguage } from '@reputo/core';
import { languageOf } from '../../platform/i18n';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { access, actingOf } from '../../platform/access';
import type { ActingContext } from '../../platform/acting';
import type { App, AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { analyzeText } from '../../platform/nlp/analyze';
import { taxonomyFor } from '../../platform/nlp/taxonomy';
import { ensureReviewDefaults } from '../reviews/defaults';
import { REVIEW_MANAGERS } from '../reviews/roles';
import { idParams } from '../reviews/schemas';
import { scopeCompanyId } from '../../platform/companyScope';
import { requireReview } from '../reviews/service';
import { findCompanyById } from '../companies/repository';
import {
  deleteCaseResolution,
  deleteCategory,
  findCaseResolutions,
  findCategories,
  insertCaseResolution,
  insertCategory,
  lastCasePosition,
  ownsEntry,
  updateCaseResolution,
  updateCategory,
} from './repository';

/**
 * Review categories (feature Review Categorization) and case-resolution statuses (feature Case
 * Resolution): everyone reads them, managers edit them; assigning them to reviews is PATCH reviews/{id}.
 */
const title = z
  .string({ error: 'The field cannot be empty or contain only spaces!' })
  .superRefine((v, c) => {
    const e = freeTextError(v);
    if (e) c.addIssue({ code: 'custom', message: e });
  })
  .refine((v) => v.length <= 60, 'A title can be at most 60 characters');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color must be a hex colour such as #1677ff');
const keywords = z.array(z.string().trim().toLowerCase().min(1).max(40)).max(100, 'At most 100 keywords');

const categorySchema = z.object({
  id: z.number(),
  title: z.string(),
  color: z.string(),
  keywords: z.array(z.string()),
});
const caseSchema = z.object({ id: z.number(), title: z.string(), color: z.string(), position: z.number() });
/** A place in the list of statuses: bounded so that "last + 1" always fits the database's integer. */
const position = z
  .number()
  .int('position must be a whole number')
  .min(0, 'position must be a whole number')
  .max(10_000, 'position can be at most 10000');
const deleted = z.object({ id: z.number(), deleted: z.literal(true) });

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

async function uniqueTitle<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('An entry with this title already exists');
    throw e;
  }
}

export async function listCategories(db: Db, companyId: number, language?: UiLanguage) {
  await ensureReviewDefaults(db, companyId, language);
  return findCategories(db, companyId);
}

export async function listCaseResolutions(db: Db, companyId: number, language?: UiLanguage) {
  await ensureReviewDefaults(db, companyId, language);
  return findCaseResolutions(db, companyId);
}

async function requireOwn(db: Db, kind: 'category' | 'caseResolution', ctx: ActingContext, id: number, what: string) {
  if (!(await ownsEntry(db, kind, scopeCompanyId(ctx), id))) throw notFound(`${what} not found`);
  return id;
}

/**
 * Categories suggested for a review: a category whose keywords (or title) appear in the text, and
 * the topics the text analysis finds, with the sentiment of the sentences that mention them.
 */
export async function suggestCategories(db: Db, ctx: ActingContext, reviewId: number, language?: UiLanguage) {
  const review = await requireReview(db, ctx, reviewId);
  const company = await findCompanyById(db, review.companyId);
  const categories = await listCategories(db, review.companyId, language);
  const text = `${review.title ?? ''} ${review.text ?? ''}`.toLowerCase();
  const words = new Set(text.match(/\p{L}+/gu) ?? []);
  const analysis = analyzeText(review.text, company?.type);
  const taxonomy = taxonomyFor(company?.type);
  const topicSentiment = new Map(
    analysis.topics
      .filter((t) => t.subtopic === '')
      .map((t) => [taxonomy[t.topic]?.title.toLowerCase() ?? t.topic, t.sentiment]),
  );
  const suggestions = categories
    .map((c) => {
      const matched = [c.title.toLowerCase(), ...c.keywords].filter((k) =>
        k.includes(' ') ? text.includes(k) : words.has(k),
      );
      const sentiment = topicSentiment.get(c.title.toLowerCase());
      if (!matched.length && sentiment === undefined) return null;
      return {
        id: c.id,
        title: c.title,
        color: c.color,
        sentiment: sentiment ?? analysis.sentiment ?? null,
        matched: [...new Set(matched)].slice(0, 5),
      };
    })
    .filter((s): s is NonNullable<typeof s> => s !== null);
  return { suggestions };
}

export function reviewCategoryRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const readCategories = access.signedIn({ company: true, iframe: true, feature: 'reviewCategorization' });
  const editCategories = access.roles(REVIEW_MANAGERS, { company: true, feature: 'reviewCategorization' });
  const readCases = access.signedIn({ company: true, iframe: true, feature: 'caseResolution' });
  const editCases = access.roles(REVIEW_MANAGERS, { company: true, feature: 'caseResolution' });

  app.get(
    '/v2/api/reviewCategory',
    {
      config: { access: readCategories },
      schema: {
        tags: ['reviewCategory'],
        summary: 'Review categories',
        response: { 200: z.object({ categories: z.array(categorySchema) }) },
      },
    },
    async (request) => ({
      categories: await listCategories(db, scopeCompanyId(actingOf(request)), await languageOf(request)),
    }),
  );

  app.post(
    '/v2/api/reviewCategory',
    {
      config: { access: editCategories, writes: 'none' },
      schema: {
        tags: ['reviewCategory'],
        summary: 'Create a category',
        body: z.object({ title, color: color.optional(), keywords: keywords.optional() }),
        response: { 201: categorySchema },
      },
    },
    async (request, reply) => {
      const companyId = scopeCompanyId(actingOf(request));
      await ensureReviewDefaults(db, companyId, await languageOf(request));
      const row = await uniqueTitle(() =>
        insertCategory(db, companyId, {
          title: request.body.title.trim(),
          color: request.body.color ?? '#1677ff',
          keywords: request.body.keywords ?? [],
        }),
      );
      return reply.status(201).send({ id: row.id, title: row.title, color: row.color, keywords: row.keywords });
    },
  );

  app.patch(
    '/v2/api/reviewCategory/:id',
    {
      config: { access: editCategories, writes: 'none' },
      schema: {
        tags: ['reviewCategory'],
        summary: 'Change a category',
        params: idParams,
        body: z.object({ title: title.optional(), color: color.optional(), keywords: keywords.optional() }),
        response: { 200: categorySchema },
      },
    },
    async (request) => {
      const id = await requireOwn(db, 'category', actingOf(request), request.params.id, 'Category');
      const { title: t, color: c, keywords: k } = request.body;
      const row = await uniqueTitle(() =>
        updateCategory(db, scopeCompanyId(actingOf(request)), id, {
          ...(t ? { title: t.trim() } : {}),
          ...(c ? { color: c } : {}),
          ...(k ? { keywords: k } : {}),
        }),
      );
      return { id: row.id, title: row.title, color: row.color, keywords: row.keywords };
    },
  );

  app.delete(
    '/v2/api/reviewCategory/:id',
    {
      config: { access: editCategories, writes: ['reviews'] },
      schema: {
        tags: ['reviewCategory'],
        summary: 'Delete a category (it leaves every review)',
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (request) => {
      const id = await requireOwn(db, 'category', actingOf(request), request.params.id, 'Category');
      await deleteCategory(db, scopeCompanyId(actingOf(request)), id);
      return { id, deleted: true as const };
    },
  );

  app.get(
    '/v2/api/reviewCategory/suggest/:id',
    {
      config: { access: access.signedIn({ company: true, feature: 'reviewCategorization' }) },
      schema: {
        tags: ['reviewCategory'],
        summary: "Categories suggested by a review's text",
        params: idParams,
        response: {
          200: z.object({
            suggestions: z.array(
              categorySchema
                .omit({ keywords: true })
                .extend({ sentiment: z.number().nullable(), matched: z.array(z.string()) }),
            ),
          }),
        },
      },
    },
    async (request) => suggestCategories(db, actingOf(request), request.params.id, await languageOf(request)),
  );

  app.get(
    '/v2/api/caseResolution',
    {
      config: { access: readCases },
      schema: {
        tags: ['caseResolution'],
        summary: 'Case-resolution statuses in order',
        response: { 200: z.object({ caseResolutions: z.array(caseSchema) }) },
      },
    },
    async (request) => ({
      caseResolutions: await listCaseResolutions(db, scopeCompanyId(actingOf(request)), await languageOf(request)),
    }),
  );

  app.post(
    '/v2/api/caseResolution',
    {
      config: { access: editCases, writes: 'none' },
      schema: {
        tags: ['caseResolution'],
        summary: 'Create a status (placed last unless a position is given)',
        body: z.object({ title, color: color.optional(), position: position.optional() }),
        response: { 201: caseSchema },
      },
    },
    async (request, reply) => {
      const companyId = scopeCompanyId(actingOf(request));
      await ensureReviewDefaults(db, companyId, await languageOf(request));
      const last = await lastCasePosition(db, companyId);
      const row = await uniqueTitle(() =>
        insertCaseResolution(db, companyId, {
          title: request.body.title.trim(),
          color: request.body.color ?? '#8c8c8c',
          position: request.body.position ?? last + 1,
        }),
      );
      return reply.status(201).send({ id: row.id, title: row.title, color: row.color, position: row.position });
    },
  );

  app.patch(
    '/v2/api/caseResolution/:id',
    {
      config: { access: editCases, writes: 'none' },
      schema: {
        tags: ['caseResolution'],
        summary: 'Change or move a status',
        params: idParams,
        body: z.object({
          title: title.optional(),
          color: color.optional(),
          position: position.optional(),
        }),
        response: { 200: caseSchema },
      },
    },
    async (request) => {
      const id = await requireOwn(db, 'caseResolution', actingOf(request), request.params.id, 'Case resolution');
      const { title: t, color: c, position } = request.body;
      const row = await uniqueTitle(() =>
        updateCaseResolution(db, scopeCompanyId(actingOf(request)), id, {
          ...(t ? { title: t.trim() } : {}),
          ...(c ? { color: c } : {}),
          ...(position !== undefined ? { position } : {}),
        }),
      );
      return { id: row.id, title: row.title, color: row.color, position: row.position };
    },
  );

  app.delete(
    '/v2/api/caseResolution/:id',
    {
      config: { access: editCases, writes: ['reviews'] },
      schema: {
        tags: ['caseResolution'],
        summary: 'Delete a status (reviews with it get none)',
        params: idParams,
        response: { 200: deleted },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const id = await requireOwn(db, 'caseResolution', ctx, request.params.id, 'Case resolution');
      await deleteCaseResolution(db, scopeCompanyId(ctx), id);
      return { id, deleted: true as const };
    },
  );
}

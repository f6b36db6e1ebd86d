import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { totalPages } from '../../platform/paging';
import { deleteTemplate, listTemplates } from './repository';
import {
  idParams,
  messageSchema,
  previewInput,
  previewSchema,
  templateInput,
  templatePageSchema,
  templatePatch,
  templateQuery,
  templateSchema,
} from './schemas';
import {
  changeTemplate,
  createTemplate,
  getTemplate,
  insertDefaultTemplates,
  previewTemplate,
  serializeTemplate,
} from './service';
import { languageOf, t } from '../../platform/i18n';

/**
 * Feedback › Template: email and SMS invitation templates, gated by the Feedback feature. Everyone
 * of the company reads and previews; the full-settings roles change them. Not to be confused with
 * the reply templates of v2/api/templates (spec 001), which answer reviews.
 */
const tags = ['feedback templates'];
const feature = { company: true, feature: 'feedback' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);

export function campaignTemplateRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const publicUrl = deps.config.publicUrl;

  app.get(
    '/v2/api/feedback/templates',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Invitation templates, newest first, by channel, language and text, paged',
        querystring: templateQuery,
        response: { 200: templatePageSchema },
      },
    },
    async (request) => {
      const { page, per_page, search, channel, language } = request.query;
      const { rows, total } = await listTemplates(
        db,
        scopeCompanyId(actingOf(request)),
        { search: search?.trim() || undefined, channel, language },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      return { data: rows.map(serializeTemplate), page, per_page, total, total_pages: totalPages(total, per_page) };
    },
  );

  app.post(
    '/v2/api/feedback/templates',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Create an invitation template (an email needs a subject)',
        body: templateInput,
        response: { 201: templateSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(serializeTemplate(await createTemplate(db, actingOf(request), request.body))),
  );

  app.post(
    '/v2/api/feedback/templates/defaults',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Add the starter templates: an email and an SMS invitation in English and in Arabic',
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await insertDefaultTemplates(db, scopeCompanyId(actingOf(request)));
      return { message: t(await languageOf(request), 'notices:campaignTemplates.startersAdded') };
    },
  );

  app.post(
    '/v2/api/feedback/templates/preview',
    {
      config: { access: read, writes: 'none' },
      schema: {
        tags,
        summary:
          'Render a template (saved or not) for a sample contact as it will be sent: merge fields filled, link, unsubscribe link or STOP text added, SMS parts counted',
        body: previewInput,
        response: { 200: previewSchema },
      },
    },
    async (request) => previewTemplate(db, actingOf(request), publicUrl, request.body),
  );

  app.get(
    '/v2/api/feedback/templates/:id',
    {
      config: { access: read },
      schema: { tags, summary: 'One invitation template', params: idParams, response: { 200: templateSchema } },
    },
    async (request) => serializeTemplate(await getTemplate(db, actingOf(request), request.params.id)),
  );

  app.get(
    '/v2/api/feedback/templates/:id/preview',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'A saved template rendered for a sample contact as it will be sent',
        params: idParams,
        response: { 200: previewSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const t = serializeTemplate(await getTemplate(db, ctx, request.params.id));
      return previewTemplate(db, ctx, publicUrl, t);
    },
  );

  app.patch(
    '/v2/api/feedback/templates/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Change an invitation template (only the fields sent)',
        params: idParams,
        body: templatePatch,
        response: { 200: templateSchema },
      },
    },
    async (request) => serializeTemplate(await changeTemplate(db, actingOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v2/api/feedback/templates/:id',
    {
      config: { access: write, writes: 'none' },
      schema: { tags, summary: 'Delete an invitation template', params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      if (!(await deleteTemplate(db, scopeCompanyId(actingOf(request)), request.params.id)))
        throw notFound('Template not found');
      return { message: t(await languageOf(request), 'notices:campaignTemplates.deleted') };
    },
  );
}

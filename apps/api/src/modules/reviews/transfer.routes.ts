import { isUiLanguage, parseReviewFilter, type ReviewFilterValues, type UiLanguage } from '@reputo/core';
import { languageOf, t } from '../../platform/i18n';
import { languageOfUser } from '../me/service';
import type { FastifyReply } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { resolveActingContext, type ActingContext, type ActingRequest } from '../../platform/acting';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest, notFound, unauthorized } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import { findUserById } from '../users/repository';
import { reviewsExcel, reviewsPdf, ratingExcel, responseRateExcel } from './exports';
import { uploadBody, UPLOAD_BODY_LIMIT } from './files';
import {
  exampleCsv,
  failInterruptedImport,
  IMPORT_JOB,
  importDto,
  rejectedCsv,
  runImport,
  startImport,
  UPLOAD_FIELDS,
} from './imports';
import { REVIEW_MANAGERS } from './roles';
import { idParams, reviewFilterQuery } from './schemas';
import { scopeCompanyId } from '../../platform/companyScope';
import { findCompanyById } from '../companies/repository';
import { findImport, firstLocations, recentImports } from './imports.repository';
import { csvFile, fileResponse } from '../../platform/openapi';
import { XLSX_TYPE as XLSX } from '../../platform/xlsx';

/**
 * Exports (PDF, Excel) for the current filters, and review uploads.
 *
 * API clients call the GET export paths with their bearer token. A browser cannot attach a bearer
 * to a download, so the web app first asks `POST reviews/export/link` for a one-use-style address
 * signed for five minutes (the acting context and filter inside), and opens it.
 */
const tags = ['reviews'];
const FORMATS = ['pdf', 'excel', 'rating', 'response_rate'] as const;
type Format = (typeof FORMATS)[number];
const LINK_SECONDS = 300;

async function exportFile(
  deps: AppDeps,
  ctx: ActingContext,
  format: Format,
  filter: ReviewFilterValues,
  lang: UiLanguage,
): Promise<{ body: Readable | Buffer; type: string; fileName: string }> {
  const { db } = deps;
  if (format === 'pdf') {
    const company = await findCompanyById(db, scopeCompanyId(ctx));
    const { stream, fileName } = await reviewsPdf(
      db,
      ctx,
      filter,
      company?.companyName ?? t(lang, 'exports:company'),
      lang,
    );
    return { body: stream, type: 'application/pdf', fileName };
  }
  if (format === 'excel') {
    const { stream, fileName } = reviewsExcel(db, ctx, filter, lang);
    return { body: stream, type: XLSX, fileName };
  }
  const { buffer, fileName } =
    format === 'rating' ? await ratingExcel(db, ctx, filter, lang) : await responseRateExcel(db, ctx, filter, lang);
  return { body: buffer, type: XLSX, fileName };
}

function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(text);
}

function sendFile(reply: FastifyReply, file: { body: Readable | Buffer; type: string; fileName: string }) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

export function transferRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const key = new TextEncoder().encode(`${deps.config.jwtSecret}:review-exports`);
  const queue = jobQueueFor(deps);
  // One attempt: an import interrupted by a crash shows as failed (nothing saved) once its short lease runs out.
  queue.define(IMPORT_JOB, async (payload) => runImport(deps, Number(payload.importId)), {
    onFailure: async (payload, failure, tx) =>
      failure.retryAt ? undefined : failInterruptedImport(tx, Number(payload.importId)),
  });

  const exportPaths: [string, Format, string][] = [
    ['/v2/api/reviews/export/pdf', 'pdf', 'Reviews of the current filters as PDF (newest first, at most 2,000)'],
    ['/v2/api/reviews/export/excel', 'excel', 'Reviews of the current filters as Excel (streamed, at most 200,000)'],
    ['/v2/api/reviews/rating/export', 'rating', 'Rating figures of the current filters as Excel'],
    ['/v2/api/reviews/response_rate/export', 'response_rate', 'Response-rate figures of the current filters as Excel'],
  ];
  for (const [url, format, summary] of exportPaths) {
    app.get(
      url,
      {
        config: { access: access.signedIn({ company: true, iframe: true }) },
        schema: {
          tags,
          summary,
          querystring: reviewFilterQuery,
          response: { 200: fileResponse('The export', format === 'pdf' ? 'application/pdf' : XLSX) },
        },
      },
      async (request, reply) =>
        sendFile(reply, await exportFile(deps, actingOf(request), format, request.query, await languageOf(request))),
    );
  }

  app.post(
    '/v2/api/reviews/export/link',
    {
      config: { access: access.signedIn({ company: true, iframe: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'A download address for an export, valid for five minutes',
        body: z.object({ format: z.enum(FORMATS), query: z.string().max(4000).default('') }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      if (ctx.via === 'iframe') throw badRequest('Exports are not available in embedded mode');
      const filter = Object.fromEntries(new URLSearchParams(request.body.query));
      parseReviewFilter(filter);
      const acting: ActingRequest = {};
      for (const p of ctx.applied) {
        const value = new URLSearchParams(request.url.split('?')[1] ?? '').get(p);
        if (value) acting[p] = Number(value);
      }
      // The download is in the language of the request that asked for it (a download sends no Accept-Language of the app).
      const token = await new SignJWT({
        f: request.body.format,
        q: request.body.query,
        a: acting,
        l: await languageOf(request),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(ctx.actor.id))
        .setExpirationTime(`${LINK_SECONDS}s`)
        .sign(key);
      return { url: `/v2/api/reviews/export/download?token=${token}` };
    },
  );

  app.get(
    '/v2/api/reviews/export/download',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Download an export through a signed address from POST reviews/export/link',
        querystring: z.object({ token: z.string().max(8000) }),
        response: { 200: fileResponse('The export', 'application/pdf', XLSX) },
      },
    },
    async (request, reply) => {
      let claims: { sub?: string; f?: Format; q?: string; a?: ActingRequest; l?: string };
      try {
        claims = (await jwtVerify(request.query.token, key)).payload as typeof claims;
      } catch {
        throw unauthorized('This download link has expired; export again.');
      }
      const actor = await findUserById(db, Number(claims.sub));
      if (!actor || actor.status !== 'active' || !claims.f || !FORMATS.includes(claims.f))
        throw unauthorized('This download link is no longer valid.');
      const ctx = await resolveActingContext(db, actor, claims.a ?? {});
      if (ctx.companyId === null) throw badRequest('Choose a company to act as first');
      const filter = parseReviewFilter(Object.fromEntries(new URLSearchParams(claims.q ?? '')));
      const lang = isUiLanguage(claims.l) ? claims.l : await languageOfUser(db, ctx.user);
      return sendFile(reply, await exportFile(deps, ctx, claims.f, filter, lang));
    },
  );

  const manage = access.roles(REVIEW_MANAGERS, { company: true });
  app.get(
    '/v2/api/reviews/upload/fields',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'The columns of a review upload',
        response: {
          200: z.object({
            fields: z.array(z.object({ name: z.string(), required: z.boolean(), description: z.string() })),
          }),
        },
      },
    },
    async () => ({ fields: UPLOAD_FIELDS.map((f) => ({ ...f })) }),
  );

  app.get(
    '/v2/api/reviews/upload/example',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "Example file for the review upload, naming the company's own locations (CSV; Excel opens it)",
        response: csvFile,
      },
    },
    async (request, reply) => {
      const locs = await firstLocations(db, scopeCompanyId(actingOf(request)), 2);
      return sendCsv(reply, 'reviews-upload-example.csv', `\uFEFF${exampleCsv(locs)}\n`);
    },
  );

  const importSchema = z.object({
    id: z.number(),
    fileName: z.string(),
    status: z.string(),
    totalRows: z.number(),
    processedRows: z.number(),
    acceptedRows: z.number(),
    savedRows: z.number(),
    imported: z.number(),
    duplicates: z.number(),
    rejected: z.array(z.object({ line: z.number(), reason: z.string() })),
    rejectedTotal: z.number(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  });

  app.post(
    '/v2/api/reviews/upload',
    {
      config: { access: manage, writes: ['reviews'] },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload reviews from a CSV or Excel file (JSON body, file base64-encoded); runs in the background',
        body: uploadBody,
        response: { 202: importSchema },
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const { fileName, content } = request.body;
      if (!/\.(csv|xlsx)$/i.test(fileName)) throw badRequest('Upload a .csv or .xlsx file.');
      const row = await startImport(deps, scopeCompanyId(ctx), ctx.user.id, fileName, content, async (importId) => {
        await queue.enqueue(IMPORT_JOB, { importId }, { dedupeKey: `import:${importId}`, maxAttempts: 1 });
      });
      // The enqueue wakes the listening server's job runner, so the import starts now (tests run jobs themselves).
      return reply.status(202).send(importDto(row, await languageOf(request)));
    },
  );

  app.get(
    '/v2/api/reviews/upload/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Progress and row report of an upload',
        params: idParams,
        response: { 200: importSchema },
      },
    },
    async (request) => {
      const row = await findImport(db, scopeCompanyId(actingOf(request)), request.params.id);
      if (!row) throw notFound('Upload not found');
      return importDto(row, await languageOf(request));
    },
  );

  app.get(
    '/v2/api/reviews/upload/:id/rejected',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "Every rejected row of an upload (line, reason) as CSV, the reasons in the request's language",
        params: idParams,
        response: csvFile,
      },
    },
    async (request, reply) => {
      const row = await findImport(db, scopeCompanyId(actingOf(request)), request.params.id);
      if (!row) throw notFound('Upload not found');
      return sendCsv(
        reply,
        `reviews-upload-${row.id}-rejected.csv`,
        await rejectedCsv(deps.config.dataDir, row, await languageOf(request)),
      );
    },
  );

  app.get(
    '/v2/api/reviews/upload',
    {
      config: { access: manage },
      schema: { tags, summary: 'Recent uploads', response: { 200: z.object({ uploads: z.array(importSchema) }) } },
    },
    async (request) => {
      const language = await languageOf(request);
      const uploads = await recentImports(db, scopeCompanyId(actingOf(request)), 10);
      return { uploads: uploads.map((row) => importDto(row, language)) };
    },
  );
}

import multipart from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '@reputo/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../platform/deps';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import { readImageFile } from '../../platform/imageUpload';
import { jobQueueFor } from '../../platform/jobs';
import { xlsxFile } from '../../platform/openapi';
import { totalPages } from '../../platform/paging';
import { languageOf } from '../../platform/i18n';
import { createStorage, type Storage } from '../../platform/storage';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { CATEGORIES, searchCategories } from './categories';
import { listingsExcel } from './exports';
import { defineListingJobs } from './jobs';
import { uploadListingPhoto } from './photos';
import { listingPage } from './repository';
import {
  categoriesQuery,
  categoriesSchema,
  confirmInput,
  exportQuery,
  listingItemSchema,
  listingPageSchema,
  listingPatchInput,
  listingQuery,
  locationParams,
  patchResultSchema,
  photoUploadQuery,
  photoUploadSchema,
} from './schemas';
import { checkLocations, confirmRejected, editListings, listingItems, summaryOf } from './service';

/**
 * Listing management (spec 001 section 7 "Listing"), gated by the Listing Management feature:
 * everyone of the company reads; the roles that change settings (Owner, Partner, Master Admin,
 * Manager) edit listings and confirm rejected edits.
 */
const tags = ['listings'];
const feature = { company: true, feature: 'listingManagement' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);

/** The photo upload needs a multipart parser; it lives in its own scope so no other route parses multipart by accident. */
function photoUploadRoute(app: App, storage: Storage): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/api/listing/photo',
      {
        config: { access: write, writes: 'none' },
        onRequest: accessTokenFromQuery,
        schema: {
          tags,
          summary:
            'Upload a photo for listings (a logo, a cover or more): multipart field "file", a JPEG or PNG of at most 5,242,880 bytes; answers the key the listing\'s logo, cover or photos take',
          querystring: photoUploadQuery,
          response: { 200: photoUploadSchema },
        },
      },
      async (request) => uploadListingPhoto(storage, await readImageFile(request, LOGO_MAX_BYTES)),
    );
  });
}

export function listingRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  defineListingJobs(queue, deps);
  photoUploadRoute(app, createStorage(deps.config));

  app.get(
    '/v2/api/listing',
    {
      config: { access: read },
      schema: {
        tags,
        summary:
          "The company's listings by location with each directory's status, completeness score and rejected edits, paged; with locationId, one location and its history",
        querystring: listingQuery,
        response: { 200: listingPageSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const companyId = scopeCompanyId(ctx);
      const { page, per_page, search, status, locationId } = request.query;
      if (locationId) await checkLocations(db, ctx, [locationId]);
      const filter = { search, status, locationId, visible: ctx.locationIds };
      const [{ rows, total }, all] = await Promise.all([
        listingPage(db, companyId, filter, { limit: per_page, offset: (page - 1) * per_page }),
        listingPage(db, companyId, { visible: ctx.locationIds }),
      ]);
      return {
        data: await listingItems(db, companyId, rows, {
          history: Boolean(locationId),
          language: await languageOf(request),
        }),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
        summary: summaryOf(await listingItems(db, companyId, all.rows)),
      };
    },
  );

  app.get(
    '/v2/api/listing/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export "listings": each location\'s listing, score, missing fields and directory statuses',
        querystring: exportQuery,
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const { name, file } = await listingsExcel(db, actingOf(request), await languageOf(request));
      return sendWorkbook(reply, name, file);
    },
  );

  app.patch(
    '/v2/api/listing',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          'Edit the listing of one or many locations (bulk); each change is kept as history and queued to Google and Facebook',
        body: listingPatchInput,
        response: { 200: patchResultSchema },
      },
    },
    async (request) => editListings(deps, queue, actingOf(request), request.body),
  );

  app.patch(
    '/v2/api/confirmRejectedEdits/:locationId',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          "Confirm Google's own changes of a location: accept takes Google's values, keep pushes ours to Google again",
        params: locationParams,
        body: confirmInput,
        response: { 200: listingItemSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const { locationId } = request.params;
      await confirmRejected(deps, queue, ctx, locationId, request.body.action, request.body.fields);
      const companyId = scopeCompanyId(ctx);
      const { rows } = await listingPage(db, companyId, { locationId, visible: ctx.locationIds });
      const [item] = await listingItems(db, companyId, rows, { history: true, language: await languageOf(request) });
      return item!;
    },
  );

  app.get(
    '/v2/api/categories',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Business categories for listings (the shipped list), searched by name',
        querystring: categoriesQuery,
        response: { 200: categoriesSchema },
      },
    },
    async (request) => ({
      data: searchCategories(request.query.search, request.query.limit),
      total: CATEGORIES.length,
    }),
  );
}

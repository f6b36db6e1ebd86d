import multipart from '@fastify/multipart';
import { fileResponse } from '../../platform/openapi';
import { brandSchema, LOGO_MAX_BYTES, idSchema } from '@reputo/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { createStorage, type Storage } from '../../platform/storage';
import { readImageFile } from '../../platform/imageUpload';
import { accessTokenFromQuery } from '../statistics/excel';
import { companyOfPathId } from '../../platform/dataChanges';
import {
  brandFilterTree,
  companyBrands,
  createAdminBrand,
  deleteAdminBrand,
  getAdminBrand,
  listAdminBrands,
  updateAdminBrand,
  uploadBrandLogo,
} from './service';

const tags = ['brands'];
const admins = access.roles(['owner', 'partner']);
const companyParams = z.object({ id: idSchema() });
const brandParams = z.object({ id: idSchema(), brand: idSchema('brand') });

/** Region tags arrive as a list of titles or one comma-separated text. */
const statesField = z.union(
  [z.array(brandSchema.shape.states.unwrap().element.max(100)).max(200), z.string().max(5000)],
  { error: 'states must be a list of region titles' },
);
const brandBody = z.object({
  title: brandSchema.shape.title.pipe(z.string().max(200)),
  states: statesField.optional(),
});
const brandPatchBody = z.object({
  id: idSchema().optional(),
  title: brandSchema.shape.title.pipe(z.string().max(200)).optional(),
  states: statesField.optional(),
});

const brandView = z.object({
  id: z.number(),
  title: z.string(),
  states: z.array(z.object({ id: z.number(), title: z.string() })),
  locations: z.number(),
  photoUrl: z.string().nullable(),
  client: z.number(),
});

const treeLocation = z.object({ id: z.number(), title: z.string(), locationId: z.string().nullable() });

/** The logo upload needs a multipart parser; it lives in its own scope so no other route parses multipart by accident. */
function logoUploadRoute(app: App, db: AppDeps['db'], storage: Storage): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/api/brands/logo',
      {
        config: { access: admins, writes: 'none' },
        onRequest: accessTokenFromQuery,
        schema: {
          tags,
          summary:
            'Upload a brand logo: multipart field "file", an image of at most 5,242,880 bytes (access_token may come in the query)',
          querystring: z.object({ brand: idSchema('brand'), access_token: z.string().optional() }),
          response: { 200: z.object({ id: z.number(), photoUrl: z.string() }) },
        },
      },
      async (request) =>
        uploadBrandLogo(
          db,
          storage,
          actingOf(request),
          request.query.brand,
          await readImageFile(request, LOGO_MAX_BYTES),
        ),
    );
  });
}

export function brandRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const storage = createStorage(deps.config);

  app.get(
    '/v2/api/admin/companies/:id/brands',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: "A company's brands table: regions without 'Other', location counts; 'Other' brands hidden",
        params: companyParams,
        response: { 200: z.object({ data: z.array(brandView) }) },
      },
    },
    async (request) => ({ data: await listAdminBrands(db, actingOf(request), request.params.id) }),
  );

  app.post(
    '/v2/api/admin/companies/:id/brands',
    {
      config: { access: admins, writes: { kinds: ['locations'], company: companyOfPathId } },
      schema: {
        tags,
        summary: 'Add a brand with its regions (title, states)',
        params: companyParams,
        body: brandBody,
        response: { 200: brandView },
      },
    },
    async (request) => createAdminBrand(db, actingOf(request), request.params.id, request.body),
  );

  app.get(
    '/v2/api/admin/companies/:id/brands/:brand',
    {
      config: { access: admins },
      schema: { tags, summary: 'One brand', params: brandParams, response: { 200: brandView } },
    },
    async (request) => getAdminBrand(db, actingOf(request), request.params.id, request.params.brand),
  );

  app.patch(
    '/v2/api/admin/companies/:id/brands/:brand',
    {
      config: { access: admins, writes: { kinds: ['locations'], company: companyOfPathId } },
      schema: {
        tags,
        summary: 'Edit a brand: title and/or regions (regions kept by title keep their locations)',
        params: brandParams,
        body: brandPatchBody,
        response: { 200: brandView },
      },
    },
    async (request) => updateAdminBrand(db, actingOf(request), request.params.id, request.params.brand, request.body),
  );

  app.delete(
    '/v2/api/admin/companies/:id/brands/:brand',
    {
      config: { access: admins, writes: { kinds: ['locations'], company: companyOfPathId } },
      schema: {
        tags,
        summary: 'Remove a brand; its locations stay, without a brand',
        params: brandParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteAdminBrand(db, storage, actingOf(request), request.params.id, request.params.brand);
      return { id: request.params.brand, deleted: true as const };
    },
  );

  logoUploadRoute(app, db, storage);

  app.get(
    '/v2/api/brands',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: {
        tags,
        summary: "The acting company's brands with regions and the locations the user may see",
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                title: z.string(),
                photoUrl: z.string().nullable(),
                client: z.number(),
                states: z.array(z.object({ id: z.number(), title: z.string() })),
                locations: z.array(treeLocation.extend({ stateId: z.number().nullable() })),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ data: await companyBrands(db, actingOf(request)) }),
  );

  app.get(
    '/v2/api/brands/filter',
    {
      config: { access: access.signedIn({ company: true, iframe: true }) },
      schema: {
        tags,
        summary:
          "Brand > region > location tree for the filters ('Other brand' and 'Other region' group the rest, id 0)",
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                title: z.string(),
                photoUrl: z.string().nullable(),
                states: z.array(z.object({ id: z.number(), title: z.string(), locations: z.array(treeLocation) })),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ data: await brandFilterTree(db, actingOf(request)) }),
  );

  // Uploaded files are public by their unguessable key (an <img> cannot send a bearer token).
  app.get(
    '/v2/api/uploads/:kind/:name',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'An uploaded file (brand logos)',
        params: z.object({ kind: z.string().max(40), name: z.string().max(60) }),
        response: {
          200: fileResponse(
            'The file, of the type it was uploaded as',
            'image/png',
            'image/jpeg',
            'image/webp',
            'image/svg+xml',
          ),
        },
      },
    },
    async (request, reply) => {
      const file = await storage.open(`${request.params.kind}/${request.params.name}`);
      if (!file) throw notFound('No such file');
      return (
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // An SVG opened on its own must not run scripts on our origin.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.stream)
      );
    },
  );
}

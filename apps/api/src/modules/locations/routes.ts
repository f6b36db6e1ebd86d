import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { TEAM_MANAGERS } from '../team/routes';
import {
  idParams,
  limitSchema,
  locationInput,
  locationListQuery,
  locationListSchema,
  locationPatch,
  locationSchema,
  shortInfoSchema,
  uploadInput,
} from './schemas';
import {
  createLocation,
  editLocation,
  getLocation,
  listCompanyLocations,
  locationOptions,
  nounOf,
  removeLocation,
  shortInfo,
} from './service';
import { exampleFile, exportLocations, uploadFields, uploadLocations } from './upload';
import { languageOf } from '../../platform/i18n';
import { xlsxFile } from '../../platform/openapi';

const tags = ['locations'];
const fieldSchema = z.object({ key: z.string(), title: z.string(), required: z.boolean(), description: z.string() });

/**
 * Locations (Products or Units by company type) of the acting company. Managing them is part of
 * the full settings menu (Master Admin, Manager, Owner, Partner); the short list is for everyone,
 * because every screen's location picker reads it.
 */
export function locationRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const manage = access.roles(TEAM_MANAGERS, { company: true });

  app.get(
    '/v2/api/locations',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Locations with search and paging, and how many the package allows',
        querystring: locationListQuery,
        response: { 200: locationListSchema },
      },
    },
    async (request) => listCompanyLocations(db, actingOf(request), request.query),
  );

  app.get(
    '/v2/api/locations/shortinfo',
    {
      config: { access: access.signedIn({ company: true, iframe: true }) },
      schema: {
        tags,
        summary: 'Every location the user may see, with brand and region, for pickers',
        response: { 200: shortInfoSchema },
      },
    },
    async (request) => shortInfo(db, actingOf(request)),
  );

  app.get(
    '/v2/api/locations/options',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'What the location form offers: brands, regions, sources and the limit',
        response: {
          200: z.object({
            brands: z.array(z.object({ id: z.number(), title: z.string() })),
            states: z.array(z.object({ id: z.number(), title: z.string(), brandId: z.number().nullable() })),
            sources: z.array(z.object({ value: z.string(), title: z.string() })),
            limit: limitSchema,
            locationsTitle: z.enum(['Location', 'Product', 'Unit']),
          }),
        },
      },
    },
    async (request) => locationOptions(db, actingOf(request)),
  );

  app.get(
    '/v2/api/locations/upload/fields',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Columns of the locations upload file',
        response: { 200: z.object({ fields: z.array(fieldSchema) }) },
      },
    },
    async (request) => ({ fields: uploadFields(actingOf(request), await languageOf(request)) }),
  );

  app.get(
    '/v2/api/locations/upload/example',
    {
      config: { access: manage },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Example locations upload file (.xlsx)',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        `${nounOf(actingOf(request), true)}-example.xlsx`,
        await exampleFile(db, actingOf(request), await languageOf(request)),
      ),
  );

  app.post(
    '/v2/api/locations/upload',
    {
      config: { access: manage, writes: ['locations'] },
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Add or update locations from an .xlsx or .csv file (base64); any wrong row rejects the whole file with a row report',
        body: uploadInput,
        response: { 200: z.object({ added: z.number(), updated: z.number(), total: z.number() }) },
      },
    },
    async (request) =>
      uploadLocations(db, actingOf(request), request.body.filename, request.body.content, await languageOf(request)),
  );

  app.get(
    '/v2/api/locations/export',
    {
      config: { access: manage },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export of the locations (the upload columns plus review counts)',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        `${nounOf(actingOf(request), true)}.xlsx`,
        await exportLocations(db, actingOf(request), await languageOf(request)),
      ),
  );

  app.get(
    '/v2/api/locations/:id',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'One location with its source addresses and Facebook accounts',
        params: idParams,
        response: { 200: locationSchema },
      },
    },
    async (request) => getLocation(db, actingOf(request), request.params.id),
  );

  app.post(
    '/v2/api/locations',
    {
      config: { access: manage, writes: ['locations'] },
      schema: {
        tags,
        summary: "Add a location (within the package's limit)",
        body: locationInput,
        response: { 201: locationSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createLocation(db, actingOf(request), request.body)),
  );

  app.patch(
    '/v2/api/locations/:id',
    {
      config: { access: manage, writes: ['locations'] },
      schema: {
        tags,
        summary: 'Change a location',
        params: idParams,
        body: locationPatch,
        response: { 200: locationSchema },
      },
    },
    async (request) => editLocation(db, actingOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v2/api/locations/:id',
    {
      config: { access: manage, writes: ['locations', 'reviews', 'users'] },
      schema: {
        tags,
        summary: 'Delete a location with its reviews',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true), reviews: z.number() }) },
      },
    },
    async (request) => removeLocation(db, actingOf(request), request.params.id),
  );
}

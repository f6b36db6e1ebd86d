import multipart from '@fastify/multipart';
import { idSchema, LOGO_MAX_BYTES } from '@reputo/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { xlsxFile } from '../../platform/openapi';
import { readImageFile } from '../../platform/imageUpload';
import { createStorage } from '../../platform/storage';
import { totalPages } from '../../platform/paging';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { normalizeCode } from './codes';
import { couponsExcel, offersExcel } from './exports';
import { languageOf, t } from '../../platform/i18n';
import { listCoupons, listOffers } from './repository';
import {
  couponExportQuery,
  couponListQuery,
  couponPageSchema,
  couponSchema,
  exportQuery,
  generateInput,
  generateSchema,
  messageSchema,
  offerInput,
  offerListQuery,
  offerPageSchema,
  offerPatch,
  offerSchema,
  publicCouponSchema,
  redeemInput,
  uploadInput,
  uploadReportSchema,
} from './schemas';
import {
  changeOffer,
  couponOfCode,
  createOffer,
  generateCodes,
  getOffer,
  redeemCode,
  redeemerName,
  removeOffer,
  serializeCoupon,
  serializeOffer,
  setOfferImage,
  today,
} from './service';
import { offerExampleFile, uploadCodes } from './upload';
import { publicCoupon } from './couponPage';

/**
 * Offers and coupons, gated by the Feedback feature like the Feedback area. Everyone of the company
 * reads; the full-settings roles change offers; staff who answer customers (not Analysts, who only
 * read) redeem codes at the till.
 */
const tags = ['offers'];
const feature = { company: true, feature: 'feedback' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);
const redeem = access.roles(['owner', 'partner', 'master_admin', 'manager', 'responder'], feature);
const idParams = z.object({ id: idSchema() });

function offerRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/offers',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Offers, newest first, with their issued and redeemed code counts, paged',
        querystring: offerListQuery,
        response: { 200: offerPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, search, active } = request.query;
      const { rows, total } = await listOffers(
        db,
        scopeCompanyId(actingOf(request)),
        { search: search?.trim() || undefined, active: active === undefined ? undefined : active === 'true' },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      const day = today();
      return {
        data: rows.map((o) => serializeOffer(o, day)),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.get(
    '/v2/api/offers/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export "offers": every offer with issued, redeemed and redemption rate',
        querystring: exportQuery,
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        `offers-${today()}.xlsx`,
        await offersExcel(db, actingOf(request), await languageOf(request)),
      ),
  );

  app.get(
    '/v2/api/offer/upload/example',
    {
      config: { access: write },
      onRequest: accessTokenFromQuery,
      schema: { tags, summary: 'Example code upload file (.xlsx)', querystring: exportQuery, response: xlsxFile },
    },
    async (request, reply) =>
      sendWorkbook(reply, 'offer-codes-example.xlsx', await offerExampleFile(await languageOf(request))),
  );

  app.post(
    '/v2/api/offer/upload',
    {
      config: { access: write, writes: 'none' },
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Import a point of sale's codes for an offer from an .xlsx or .csv file (base64): imported, duplicates and rejected rows by line",
        body: uploadInput,
        response: { 200: uploadReportSchema },
      },
    },
    async (request) =>
      uploadCodes(
        db,
        actingOf(request),
        request.body.offer_id,
        request.body.filename,
        request.body.content,
        await languageOf(request),
      ),
  );

  app.post(
    '/v2/api/offer/create',
    {
      config: { access: write, writes: 'none' },
      schema: { tags, summary: 'Create an offer', body: offerInput, response: { 201: offerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(serializeOffer(await createOffer(db, actingOf(request), request.body))),
  );

  app.get(
    '/v2/api/offer/:id',
    {
      config: { access: read },
      schema: { tags, summary: 'One offer with its code counts', params: idParams, response: { 200: offerSchema } },
    },
    async (request) => serializeOffer(await getOffer(db, actingOf(request), request.params.id)),
  );

  app.patch(
    '/v2/api/offer/:id',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Change an offer (only the fields sent)',
        params: idParams,
        body: offerPatch,
        response: { 200: offerSchema },
      },
    },
    async (request) => serializeOffer(await changeOffer(db, actingOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v2/api/offer/:id',
    {
      config: { access: write, writes: 'none' },
      schema: { tags, summary: 'Delete an offer and its codes', params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await removeOffer(db, actingOf(request), request.params.id);
      return { message: t(await languageOf(request), 'offers:deleted') };
    },
  );

  app.post(
    '/v2/api/offer/:id/generate',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Generate unique random codes for an offer (count up to 100,000; length 6 to 16, default 8)',
        params: idParams,
        body: generateInput,
        response: { 200: generateSchema },
      },
    },
    async (request) => generateCodes(db, actingOf(request), request.params.id, request.body.count, request.body.length),
  );
}

function couponRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const secret = deps.config.jwtSecret;

  app.get(
    '/v2/api/coupons',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Coupons by code (or its beginning), offer and state, paged by code',
        querystring: couponListQuery,
        response: { 200: couponPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, code, offer_id, state } = request.query;
      const day = today();
      const { rows, total } = await listCoupons(
        db,
        scopeCompanyId(actingOf(request)),
        { codePrefix: code ? normalizeCode(code) || undefined : undefined, offerId: offer_id, state, today: day },
        { limit: per_page, offset: (page - 1) * per_page },
      );
      const language = await languageOf(request);
      return {
        data: rows.map((c) => serializeCoupon(c, secret, day, language)),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.get(
    '/v2/api/coupons/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export "coupons": codes of an offer (or all), streamed',
        querystring: couponExportQuery,
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const { offer_id, state } = request.query;
      const ctx = actingOf(request);
      if (offer_id) await getOffer(db, ctx, offer_id);
      return sendWorkbook(
        reply,
        `coupons-${today()}.xlsx`,
        couponsExcel(db, scopeCompanyId(ctx), { offerId: offer_id, state, today: today() }, await languageOf(request)),
      );
    },
  );

  app.post(
    '/v2/api/coupons/redeem',
    {
      config: { access: redeem, writes: 'none' },
      schema: {
        tags,
        summary:
          'Redeem a code at a location (staff): 404 unknown code, 409 already redeemed, 422 expired, inactive, not started or not valid there',
        body: redeemInput,
        response: { 200: couponSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const locationId = request.body.location_id;
      // A user limited to some locations redeems only there (the same 404 as another company's location).
      if (ctx.locationIds && !ctx.locationIds.includes(locationId)) throw notFound('No such location');
      const coupon = await redeemCode(
        db,
        scopeCompanyId(ctx),
        request.body.code,
        { id: locationId },
        {
          userId: ctx.user.id,
          apiKeyId: null,
          name: redeemerName(ctx.user),
        },
      );
      return serializeCoupon(coupon, secret, today(), await languageOf(request));
    },
  );

  app.get(
    '/v2/api/coupons/:code',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'One coupon by its exact code (for the redeem panel): 404 when the company has no such code',
        params: z.object({ code: z.string().min(1).max(64) }),
        response: { 200: couponSchema },
      },
    },
    async (request) =>
      serializeCoupon(
        await couponOfCode(db, scopeCompanyId(actingOf(request)), request.params.code),
        secret,
        today(),
        await languageOf(request),
      ),
  );
}

function couponPageRoute(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/coupon/:token',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "The customer's coupon page: the code, the offer and its state, by the coupon's signed token",
        params: z.object({ token: z.string().min(1).max(80) }),
        response: { 200: publicCouponSchema },
      },
    },
    // The customer's page is in the language of their browser (Accept-Language).
    async (request) => publicCoupon(deps.db, deps.config.jwtSecret, request.params.token, await languageOf(request)),
  );
}

/** The image upload needs a multipart parser: its own scope, so no other route parses multipart. */
function offerImageRoute(app: App, deps: AppDeps): void {
  const storage = createStorage(deps.config);
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/api/offer/:id/image',
      {
        config: { access: write, writes: 'none' },
        schema: {
          tags,
          summary: 'Set the offer\'s image: multipart field "file", an image of at most 5,242,880 bytes',
          params: idParams,
          response: { 200: offerSchema },
        },
      },
      async (request) =>
        serializeOffer(
          await setOfferImage(
            deps.db,
            storage,
            actingOf(request),
            request.params.id,
            await readImageFile(request, LOGO_MAX_BYTES),
          ),
        ),
    );
  });
}

export function offersRoutes(app: App, deps: AppDeps): void {
  offerRoutes(app, deps);
  couponRoutes(app, deps);
  couponPageRoute(app, deps);
  offerImageRoute(app, deps);
}

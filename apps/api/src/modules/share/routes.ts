import { randomBytes } from 'node:crypto';
import { sourceTitle, idSchema } from '@reputo/core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { fileResponse } from '../../platform/openapi';
import { findReview } from '../reviews/repository';
import { requireReview } from '../reviews/service';
import { isVertical, parseSize, renderCardPng, type CardData } from './card';
import { findShare, insertShare } from './repository';

/**
 * Sharing (spec 000 /review/{id}): POST v2/api/reviews/image makes a share with a random id (so
 * review ids are never public); the web app shows the card at /review/{id} from the public
 * GET v2/api/reviews/share/{id}, and the server draws /review/{id}/{size} as PNG.
 */
const tags = ['share'];
const SHARING_SOURCES = ['facebook', 'instagram', 'twitter', 'linkedin', 'download'] as const;
const shareId = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, 'Not a share id');

const cardSchema = z.object({
  service: z.string(),
  serviceTitle: z.string(),
  sharingSource: z.string(),
  name: z.string(),
  date: z.string(),
  rating_value: z.number().nullable(),
  review_text: z.string(),
  location_name: z.string().nullable(),
  location_location_id: z.string().nullable(),
});

export async function cardData(db: Db, id: string): Promise<CardData | null> {
  const share = await findShare(db, id);
  if (!share) return null;
  const review = await findReview(db, { companyId: share.companyId, locationIds: null }, share.reviewId);
  if (!review) return null;
  return {
    service: review.source,
    serviceTitle: sourceTitle(review.source),
    sharingSource: share.sharingSource,
    name: review.authorName?.trim() || 'Anonymous',
    date: review.createdAt.toISOString().slice(0, 10),
    rating_value: review.rating,
    review_text: [review.title, review.text].filter((t) => t && t.trim()).join(' - '),
    location_name: review.locationTitle,
    location_location_id: review.locationCode,
  };
}

export function shareRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/v2/api/reviews/image',
    {
      config: { access: access.signedIn({ company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Make a shareable card of a review; answers its page and image addresses',
        body: z.object({ reviewId: idSchema('reviewId'), sharingSource: z.enum(SHARING_SOURCES).optional() }),
        response: { 201: z.object({ id: z.string(), url: z.string(), imageUrl: z.string(), size: z.string() }) },
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const review = await requireReview(db, ctx, request.body.reviewId);
      const sharingSource = request.body.sharingSource ?? 'download';
      const id = randomBytes(12).toString('base64url');
      await insertShare(db, {
        id,
        companyId: review.companyId,
        reviewId: review.id,
        sharingSource,
        createdByUserId: ctx.user.id,
      });
      const size = isVertical(sharingSource) ? 'portrait' : 'large';
      return reply.status(201).send({
        id,
        url: `${deps.config.publicUrl}/review/${id}`,
        imageUrl: `${deps.config.publicUrl}/review/${id}/${size}`,
        size,
      });
    },
  );

  app.get(
    '/v2/api/reviews/share/:id',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The public data of a share card (404 when there is none)',
        params: z.object({ id: shareId }),
        response: { 200: cardSchema },
      },
    },
    async (request) => {
      const data = await cardData(db, request.params.id);
      if (!data) throw notFound('No data');
      return data;
    },
  );

  // Not an API path: a plain public image address, cacheable by anyone who was given the link.
  app.get(
    '/review/:id/:size',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The image of a share card: small, large, square, portrait or WIDTHxHEIGHT',
        params: z.object({ id: z.string(), size: z.string() }),
        response: { 200: fileResponse('The card as a PNG image', 'image/png') },
      },
    },
    async (request, reply) => {
      const { id, size } = request.params;
      const dims = parseSize(size);
      if (!dims)
        throw badRequest(`Unknown size "${size}": use small, large, square, portrait or WIDTHxHEIGHT (200 to 2400).`);
      const data = shareId.safeParse(id).success ? await cardData(db, id) : null;
      if (!data) throw notFound('No data');
      const png = await renderCardPng(data, dims[0], dims[1]);
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=300').send(png);
    },
  );
}

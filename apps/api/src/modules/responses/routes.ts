import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { languageOf } from '../../platform/i18n';
import { REVIEW_WRITERS } from '../reviews/roles';
import { idParams, responseSchema } from '../reviews/schemas';
import { requireReview } from '../reviews/service';
import { generateReply } from './ai';
import { createResponse, deleteResponse, listResponses, replayTo, updateResponse } from './service';

const tags = ['responses'];
const reviewId = idSchema('reviewId');
const text = z.string({ error: 'The field cannot be empty or contain only spaces!' });

export function responseRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/v2/api/responses/get',
    {
      config: { access: access.signedIn({ company: true, iframe: true }), writes: 'none' },
      schema: {
        tags,
        summary: "A review's replies, oldest first",
        body: z.object({ reviewId }),
        response: { 200: z.object({ responses: z.array(responseSchema) }) },
      },
    },
    async (request) => ({ responses: await listResponses(deps.db, actingOf(request), request.body.reviewId) }),
  );

  app.post(
    '/v2/api/responses/create',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: ['reviews'] },
      schema: {
        tags,
        summary: 'Reply to a review: a draft, or posted (through the source with Direct Response)',
        body: z.object({
          reviewId,
          text,
          status: z.enum(['draft', 'posted']).optional(),
          origin: z.enum(['manual', 'template', 'ai']).optional(),
        }),
        response: { 201: responseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createResponse(deps, actingOf(request), request.body)),
  );

  app.patch(
    '/v2/api/responses/update/:id',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: ['reviews'] },
      schema: {
        tags,
        summary: 'Change a reply or publish a draft',
        params: idParams,
        body: z.object({ text: text.optional(), status: z.enum(['draft', 'posted']).optional() }),
        response: { 200: responseSchema },
      },
    },
    async (request) => updateResponse(deps, actingOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v2/api/responses/delete/:id',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: ['reviews'] },
      schema: {
        tags,
        summary: 'Delete a reply (and remove it from the source)',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteResponse(deps, actingOf(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  // The spec's paths (sic: "replay", "Goole"). GET as the spec says; POST for clients that prefer it.
  for (const [path, source] of [
    ['withGoole', 'google'],
    ['withFacebook', 'facebook'],
  ] as const) {
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: `/v2/api/reviews/replay/${path}`,
        config: {
          access: access.roles(REVIEW_WRITERS, { company: true, feature: 'directResponse' }),
          writes: ['reviews'],
        },
        schema: {
          tags,
          summary: `Post (or retry) a reply on ${source === 'google' ? 'Google' : 'Facebook'} now`,
          querystring: z.object({ responseId: reviewId }),
          response: { 200: responseSchema },
        },
        handler: async (request) =>
          replayTo(deps, actingOf(request), source, (request.query as { responseId: number }).responseId),
      });
    }
  }
}

export function aiReplyRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/generageResponseWithChatGpt',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true, feature: 'chatGptAutoResponse' }) },
      schema: {
        tags,
        summary:
          'Suggest a reply to a review (OpenAI-compatible endpoint, or the built-in writer); never the same text twice in a row for a location',
        querystring: z.object({ reviewId }),
        response: {
          200: z.object({
            text: z.string(),
            engine: z.enum(['openai', 'builtin']),
            language: z.string(),
            notice: z.string().nullable(),
          }),
        },
      },
    },
    async (request) =>
      generateReply(
        deps,
        await requireReview(deps.db, actingOf(request), request.query.reviewId),
        await languageOf(request),
      ),
  );
}

import {
  COMPANY_TYPES,
  COMPETITOR_SOURCES_MESSAGE,
  defaultSourcesForType,
  FEEDBACK_SOURCE,
  MAX_COMPETITOR_SOURCES,
  SOURCES,
  sourceByValue,
} from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { sourceColour, sourceLogoSvg } from './logos';
import { fileResponse } from '../../platform/openapi';

const tags = ['admin'];

export function sourceLogoUrl(value: string): string {
  return `/v2/api/admin/sources/${encodeURIComponent(value)}/logo.svg`;
}

const sourceSchema = z.object({
  value: z.string(),
  title: z.string(),
  pattern: z.string(),
  isAdditionalSource: z.boolean(),
  positionInList: z.number(),
  delivery: z.boolean(),
  logo: z.string(),
  color: z.string(),
});

export function sourceRoutes(app: App, _deps: AppDeps): void {
  app.get(
    '/v2/api/admin/sources',
    {
      config: { access: access.signedIn() },
      schema: {
        tags,
        summary:
          'The review-source catalogue: value, title, URL host pattern, additional flag, position and logo; default sources per company type; competitor-source limits',
        response: {
          200: z.object({
            data: z.array(sourceSchema),
            defaultsByType: z.record(z.string(), z.array(z.string())),
            competitors: z.object({ max: z.number(), excluded: z.array(z.string()), message: z.string() }),
          }),
        },
      },
    },
    async () => ({
      data: SOURCES.map((s) => ({
        value: s.value,
        title: s.title,
        pattern: s.pattern,
        isAdditionalSource: s.isAdditionalSource,
        positionInList: s.positionInList,
        delivery: s.delivery === true,
        logo: sourceLogoUrl(s.value),
        color: sourceColour(s.value),
      })),
      defaultsByType: Object.fromEntries(COMPANY_TYPES.map((t) => [t, defaultSourcesForType(t)])),
      competitors: { max: MAX_COMPETITOR_SOURCES, excluded: [FEEDBACK_SOURCE], message: COMPETITOR_SOURCES_MESSAGE },
    }),
  );

  // Logos are public: an <img> cannot send a bearer token, and a drawn mark holds nothing private.
  app.get(
    '/v2/api/admin/sources/:value/logo.svg',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The logo of a review source (SVG)',
        params: z.object({ value: z.string().max(50) }),
        response: { 200: fileResponse('The logo', 'image/svg+xml') },
      },
    },
    async (request, reply) => {
      const source = sourceByValue(request.params.value);
      if (!source) throw notFound('No such review source');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(sourceLogoSvg(source));
    },
  );
}

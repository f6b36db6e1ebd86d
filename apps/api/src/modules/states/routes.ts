import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { TEAM_MANAGERS } from '../team/routes';
import { REGION_LANGUAGE_CODES, regionsOf, setRegionLanguage } from './service';

const stateSchema = z.object({
  id: z.number(),
  title: z.string(),
  language: z.string().nullable(),
  brandId: z.number().nullable(),
  brand: z.string().nullable(),
  locations: z.number(),
});

/** Regions (the spec's states) and their reply-language override; part of the full settings menu. */
export function stateRoutes(app: App, deps: AppDeps): void {
  const manage = access.roles(TEAM_MANAGERS, { company: true });

  app.get(
    '/v2/api/states',
    {
      config: { access: manage },
      schema: {
        tags: ['states'],
        summary: 'Regions grouped by whether they override the reply language',
        response: {
          200: z.object({
            statesWithOverrides: z.array(stateSchema),
            statesWithoutOverrides: z.array(stateSchema),
            languages: z.array(z.object({ code: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => regionsOf(deps.db, actingOf(request)),
  );

  app.patch(
    '/v2/api/states/:id',
    {
      config: { access: manage, writes: ['locations'] },
      schema: {
        tags: ['states'],
        summary: "Set a region's reply language, or null to follow each review's own language",
        params: z.object({ id: idSchema() }),
        body: z.object({
          language: z.enum(REGION_LANGUAGE_CODES, { error: 'Please choose a language from the list' }).nullable(),
        }),
        response: { 200: stateSchema },
      },
    },
    async (request) => setRegionLanguage(deps.db, actingOf(request), request.params.id, request.body.language),
  );
}

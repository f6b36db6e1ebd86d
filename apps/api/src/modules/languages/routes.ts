import { isResponseLanguage, RESPONSE_LANGUAGES, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { updateCompany } from '../companies/repository';
import { companyInScope } from '../companies/service';

const languagesBody = z.object({
  client: idSchema('client'),
  languages: z
    .array(z.string().refine(isResponseLanguage, { error: (i) => `Unknown language: ${String(i.input)}` }), {
      error: 'languages must be a list of language codes',
    })
    .max(Object.keys(RESPONSE_LANGUAGES).length),
});

export function languageRoutes(app: App, deps: AppDeps): void {
  app.patch(
    '/v2/api/admin/languages',
    {
      config: { access: access.roles(['owner', 'partner']), writes: 'none' },
      schema: {
        tags: ['admin'],
        summary:
          'Set the languages a company answers reviews in (ISO 639-1 codes); an empty list means the language of each review',
        body: languagesBody,
        response: {
          200: z.object({
            client: z.number(),
            languages: z.array(z.string()),
            options: z.record(z.string(), z.string()),
          }),
        },
      },
    },
    async (request) => {
      const { client, languages } = request.body;
      await companyInScope(deps.db, actingOf(request), client);
      const unique = [...new Set(languages)];
      const row = await updateCompany(deps.db, client, { languages: unique });
      return { client, languages: row?.languages ?? unique, options: RESPONSE_LANGUAGES };
    },
  );
}

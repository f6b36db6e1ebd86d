import { isIsoDate, MSG, PACKAGES, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { companyView as companyViewSchema } from '../companies/schemas';
import { companyView } from '../companies/service';
import { packageCatalogue, updatePackage } from './service';

const tags = ['admin'];

const packagePatchBody = z.object({
  client: idSchema('client'),
  package: z.enum(PACKAGES, { error: MSG.packageNotValid }).optional(),
  packageChangeDate: z.string().refine(isIsoDate, MSG.dateNotValid).optional(),
  features: z
    .union([z.string().max(1000), z.array(z.string().max(50)).max(50)], {
      error: 'features must be a comma list of feature names',
    })
    .optional(),
  locationsLimit: z.coerce
    .number({ error: 'locationsLimit must be a number' })
    .int('locationsLimit must be a whole number')
    .min(1, 'A company needs at least 1 location')
    .max(100000, 'locationsLimit is at most 100000')
    .optional(),
});

export function packageRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/admin/packages',
    {
      config: { access: access.roles(['owner', 'partner']) },
      schema: {
        tags,
        summary:
          'Packages (credits, feature level, features; Custom is not selectable) and the feature switches (Review Filter & Search locked on)',
        response: {
          200: z.object({
            packages: z.array(
              z.object({
                name: z.string(),
                credits: z.number().nullable(),
                level: z.number().nullable(),
                features: z.array(z.string()),
                selectable: z.boolean(),
              }),
            ),
            features: z.array(z.object({ value: z.string(), label: z.string(), locked: z.boolean() })),
            freeTrialDays: z.number(),
          }),
        },
      },
    },
    async () => packageCatalogue(),
  );

  app.patch(
    '/v2/api/admin/packages',
    {
      config: { access: access.roles(['owner', 'partner']), writes: { kinds: ['company'], company: 'every' } },
      schema: {
        tags,
        summary:
          "Change a company's package (the change date follows: Free trial 30 days ahead, others today), its features by hand (Owner only; makes it Custom) or its locations limit",
        body: packagePatchBody,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => companyView(deps.db, await updatePackage(deps.db, actingOf(request), request.body)),
  );
}

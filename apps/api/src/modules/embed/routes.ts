import { FRAME_ORIGIN_MESSAGE, FRAME_ORIGINS_MAX, idSchema, parseFrameOrigin } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { companyInScope } from '../companies/service';
import { companyFrameAncestors, countCompanyLocations, setCompanyFrameAncestors } from './repository';

const EMBED_TTL_SECONDS = 30 * 24 * 3600;
const embedAdmins = access.roles(['owner', 'partner', 'master_admin'], { company: true });

const frameOrigin = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const origin = parseFrameOrigin(value);
    if (!origin) ctx.addIssue({ code: 'custom', message: FRAME_ORIGIN_MESSAGE });
    return origin ?? value;
  });
const embedSettings = z.object({ frameAncestors: z.array(z.string()) });
const embedSettingsBody = z.object({
  frameAncestors: z.array(frameOrigin).max(FRAME_ORIGINS_MAX, { error: `At most ${FRAME_ORIGINS_MAX} origins` }),
});

export function embedRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/v2/api/embed/token',
    {
      config: { access: embedAdmins, writes: 'none' },
      schema: {
        tags: ['embed'],
        summary: 'Issue a read-only auth_token for embedding the app in an iframe (view 2 or 3, optional locations)',
        body: z.object({
          view: z.enum(['2', '3'], { error: "view must be '2' or '3'" }),
          locations: z.array(idSchema('locations')).max(1000).optional(),
        }),
        response: { 200: z.object({ auth_token: z.string(), expires_in: z.number() }) },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const companyId = ctx.companyId!;
      const locations = request.body.locations ?? null;
      if (locations && (await countCompanyLocations(deps.db, companyId, locations)) !== new Set(locations).size) {
        throw forbidden('Some of these locations are not in this company');
      }
      const token = await deps.signer.signIframe(
        { userId: ctx.actor.id, companyId, view: request.body.view, locations },
        EMBED_TTL_SECONDS,
      );
      return { auth_token: token, expires_in: EMBED_TTL_SECONDS };
    },
  );

  app.get(
    '/v2/api/embed/settings',
    {
      config: { access: embedAdmins },
      schema: {
        tags: ['embed'],
        summary:
          "The company's embedding settings: frameAncestors, the origins whose pages may show its embedded views in an iframe",
        response: { 200: embedSettings },
      },
    },
    async (request) => ({ frameAncestors: await companyFrameAncestors(deps.db, actingOf(request).companyId!) }),
  );

  app.put(
    '/v2/api/embed/settings',
    {
      config: { access: embedAdmins, writes: 'none' },
      schema: {
        tags: ['embed'],
        summary:
          'Set the origins (https://host[:port]) allowed to frame the embedded views; an empty list lets no site frame them',
        body: embedSettingsBody,
        response: { 200: embedSettings },
      },
    },
    async (request) => ({
      frameAncestors: await setCompanyFrameAncestors(deps.db, actingOf(request).companyId!, [
        ...new Set(request.body.frameAncestors),
      ]),
    }),
  );

  // The same setting from the admin panel's company wizard (API key step), by company id like its other steps.
  app.get(
    '/v2/api/admin/embed',
    {
      config: { access: access.roles(['owner', 'partner']) },
      schema: {
        tags: ['admin'],
        summary: "A company's embedding settings (frameAncestors), by client id",
        querystring: z.object({ client: idSchema('client') }),
        response: { 200: embedSettings },
      },
    },
    async (request) => {
      const company = await companyInScope(deps.db, actingOf(request), request.query.client);
      return { frameAncestors: await companyFrameAncestors(deps.db, company.id) };
    },
  );

  app.patch(
    '/v2/api/admin/embed',
    {
      config: { access: access.roles(['owner', 'partner']), writes: 'none' },
      schema: {
        tags: ['admin'],
        summary: "Set the origins allowed to frame a company's embedded views, by client id",
        body: embedSettingsBody.extend({ client: idSchema('client') }),
        response: { 200: embedSettings },
      },
    },
    async (request) => {
      const company = await companyInScope(deps.db, actingOf(request), request.body.client);
      return {
        frameAncestors: await setCompanyFrameAncestors(deps.db, company.id, [...new Set(request.body.frameAncestors)]),
      };
    },
  );
}

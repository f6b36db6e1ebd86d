import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { countCompanyLocations } from './repository';

const EMBED_TTL_SECONDS = 30 * 24 * 3600;

export function embedRoutes(app: App, deps: AppDeps): void {
  app.post('/v2/api/embed/token', {
    config: { access: access.roles(['owner', 'partner', 'master_admin'], { company: true }), writes: 'none' },
    schema: {
      tags: ['embed'],
      summary: 'Issue a read-only auth_token for embedding the app in an iframe (view 2 or 3, optional locations)',
      body: z.object({ view: z.enum(['2', '3'], { error: "view must be '2' or '3'" }), locations: z.array(z.number().int().positive()).max(1000).optional() }),
      response: { 200: z.object({ auth_token: z.string(), expires_in: z.number() }) },
    },
  }, async (request) => {
    const ctx = actingOf(request);
    const companyId = ctx.companyId!;
    const locations = request.body.locations ?? null;
    if (locations && (await countCompanyLocations(deps.db, companyId, locations)) !== new Set(locations).size) {
      throw forbidden('Some of these locations are not in this company');
    }
    const token = await deps.signer.signIframe({ userId: ctx.actor.id, companyId, view: request.body.view, locations }, EMBED_TTL_SECONDS);
    return { auth_token: token, expires_in: EMBED_TTL_SECONDS };
  });
}

import { EMBED_ROUTE_PREFIXES, EMBED_VIEWS, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { companyInScope } from '../companies/service';

/** What each embeddable page shows on a customer's site (the pages the embed guard allows). */
const WIDGETS: Record<(typeof EMBED_ROUTE_PREFIXES)[number], { title: string; description: string }> = {
  '/reviews': { title: 'Reviews feed', description: 'The review list with filters, read-only.' },
  '/reporting/overview': { title: 'Reporting overview', description: 'Ratings, volume and sentiment for a period.' },
  '/reporting/insights': { title: 'Insights report', description: 'Topics and sentiment customers mention most.' },
  '/settings/other/thirdPartyLogin': {
    title: 'Third-party login',
    description: 'Connect Google and Facebook accounts from a partner portal.',
  },
};

const VIEW_LABELS: Record<(typeof EMBED_VIEWS)[number], string> = { '2': 'Light', '3': 'Compact' };

export function widgetRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/admin/widgets',
    {
      config: { access: access.roles(['owner', 'partner']) },
      schema: {
        tags: ['admin'],
        summary:
          "The embeddable widgets (iframe pages and views) with their addresses; with client, checked against the company's access",
        querystring: z.object({ client: idSchema('client').optional() }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                key: z.string(),
                title: z.string(),
                description: z.string(),
                path: z.string(),
                views: z.array(z.object({ view: z.string(), label: z.string(), url: z.string() })),
              }),
            ),
            tokenCall: z.string(),
          }),
        },
      },
    },
    async (request) => {
      if (request.query.client !== undefined) await companyInScope(deps.db, actingOf(request), request.query.client);
      const base = deps.config.publicUrl;
      return {
        data: EMBED_ROUTE_PREFIXES.map((path) => ({
          key: path.split('/').filter(Boolean).join('-'),
          ...WIDGETS[path],
          path,
          views: EMBED_VIEWS.map((view) => ({
            view,
            label: VIEW_LABELS[view],
            url: `${base}${path}?view=${view}&auth_token={auth_token}`,
          })),
        })),
        tokenCall: 'POST /v2/api/embed/token',
      };
    },
  );
}

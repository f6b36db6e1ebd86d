import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { fileResponse } from '../../platform/openapi';
import { companyInScope } from '../companies/service';
import { exportCompany } from './service';

/** The full export of one company (service.ts), from the admin panel: the Owner, or its Partner. */
export function companyExportRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps;
  app.get(
    '/v2/api/admin/companies/:id/export',
    {
      config: { access: access.roles(['owner', 'partner']) },
      schema: {
        tags: ['companies'],
        summary:
          'A full export of the company (reviews, replies, locations, settings, messages, feedback) as a zip of JSON and CSV, for `import-company` on another instance',
        params: z.object({ id: idSchema() }),
        response: {
          200: fileResponse('A zip: manifest.json, and <table>.json and <table>.csv per table', 'application/zip'),
        },
      },
    },
    async (request, reply) => {
      const company = await companyInScope(db, actingOf(request), request.params.id);
      const result = await exportCompany(db, company.id, config.version);
      if (!result) throw notFound('No such company');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="company-${company.id}-export-${day}.zip"`)
        .send(result.zip);
    },
  );
}

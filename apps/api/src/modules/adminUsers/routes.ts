import { freeTextError, userSettingsSchema, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { pagingQuery, totalPages } from '../../platform/paging';
import { idParams } from '../companies/schemas';
import { createAdmin, getAdmin, listAdmins, patchAdmin, reinviteAdmin, removeAdmin } from './service';
import { languageOf, t } from '../../platform/i18n';

const tags = ['admin users'];
const admins = access.roles(['owner', 'partner']);
/** Owner and partner accounts belong to no company: an edit drops every kept user, whatever company the editor acts for. */
const ADMIN_USERS_WRITE = { kinds: ['users'], company: 'every' } as const;

/** Names are optional; when typed they follow the free-text rules. */
const nameField = z
  .string()
  .max(100)
  .refine((v) => v === '' || freeTextError(v) === null, {
    error: (i) => freeTextError(String(i.input)) ?? 'Invalid name',
  });
const roleField = z.enum(['owner', 'partner'], { error: 'Choose a role: Owner or Partner' });

const createBody = z.object({
  email: userSettingsSchema.shape.email,
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  role: roleField,
  partnerId: idSchema('partnerId').nullable().optional(),
  url: z.string().max(500).optional(),
});

const patchBody = z.object({
  id: idSchema().optional(),
  email: userSettingsSchema.shape.email.optional(),
  firstName: nameField.optional(),
  lastName: nameField.optional(),
  role: roleField.optional(),
  partnerId: idSchema('partnerId').nullable().optional(),
});

const adminUser = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  created_at: z.string(),
});

export function adminUserRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/owner',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Admin users: Owner and Partner administrators for the Owner, its own administrators for a Partner',
        querystring: pagingQuery.extend({ role: roleField.optional(), search: z.string().max(200).optional() }),
        response: {
          200: z.object({
            data: z.array(adminUser),
            total: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAdmins(deps, actingOf(request), {
        ...q,
        search: q.search?.trim() || undefined,
      });
      return { data: rows, total, page: q.page, per_page: q.per_page, total_pages: totalPages(total, q.per_page) };
    },
  );

  app.get(
    '/v2/api/owner/:id',
    {
      config: { access: admins },
      schema: { tags, summary: 'One admin user', params: idParams, response: { 200: adminUser } },
    },
    async (request) => getAdmin(deps, actingOf(request), request.params.id),
  );

  app.post(
    '/v2/api/owner',
    {
      config: { access: admins, writes: ADMIN_USERS_WRITE },
      schema: {
        tags,
        summary: 'Create an Owner or Partner administrator; an invitation mail lets them set a password',
        body: createBody,
        response: { 200: adminUser },
      },
    },
    async (request) => createAdmin(deps, actingOf(request), request.body),
  );

  app.patch(
    '/v2/api/owner/:id',
    {
      config: { access: admins, writes: ADMIN_USERS_WRITE },
      schema: {
        tags,
        summary: 'Edit an admin user: the id plus changed fields',
        params: idParams,
        body: patchBody,
        response: { 200: adminUser },
      },
    },
    async (request) => patchAdmin(deps, actingOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v2/api/owner/:id',
    {
      config: { access: admins, writes: ADMIN_USERS_WRITE },
      schema: {
        tags,
        summary: 'Delete an admin user (not yourself, not the last Owner)',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await removeAdmin(deps, actingOf(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/v2/api/owner/:id/invite',
    {
      config: { access: admins, writes: ADMIN_USERS_WRITE },
      schema: {
        tags,
        summary: 'Send the invitation again (earlier links stop working)',
        params: idParams,
        body: z.object({ url: z.string().max(500).optional() }).nullish(),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await reinviteAdmin(deps, actingOf(request), request.params.id, request.body?.url);
      return { message: t(await languageOf(request), 'notices:team.invitationResent') };
    },
  );
}

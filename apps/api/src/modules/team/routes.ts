import { isValidEmail, MSG, TEAM_ROLES, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { pagingQuery } from '../../platform/paging';
import { optionalText, uploadInput } from '../locations/schemas';
import { languageOf, t } from '../../platform/i18n';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import {
  createTeamMember,
  deleteTeamMember,
  editTeamMember,
  getMember,
  listTeam,
  reinviteTeamMember,
  revokeTeamInvitation,
  rolesFor,
} from './service';
import { exportTeam, teamExampleFile, teamUploadFields, uploadTeam } from './upload';
import { xlsxFile } from '../../platform/openapi';

/** Team access is part of the full settings menu: Master Admin, Manager, Owner and Partner (spec 000 section 6). */
export const TEAM_MANAGERS = ['owner', 'partner', 'master_admin', 'manager'] as const;

const tags = ['team'];
const member = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  locationIds: z.array(z.number()).nullable(),
  lastLoginAt: z.string().nullable(),
  invitation: z
    .object({
      status: z.enum(['pending', 'expired', 'revoked', 'accepted']),
      sentAt: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
const idParams = z.object({ id: idSchema() });
const role = z.enum(TEAM_ROLES, { error: `role must be one of ${TEAM_ROLES.join(', ')}` });
/** null: every location of the company; a list: only those. */
const locationIds = z.array(idSchema('locationIds')).max(5000).nullable();
const appUrl = z.string().max(500).optional();

export function teamRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const manage = access.roles(TEAM_MANAGERS, { company: true });

  app.get(
    '/v2/api/team',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "The acting company's team, paged, with invitation states",
        querystring: pagingQuery.extend({ search: z.string().max(200).optional() }),
        response: {
          200: z.object({
            data: z.array(member),
            total: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => listTeam(db, actingOf(request), request.query),
  );

  app.get(
    '/v2/api/team/roles',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Team roles and whether the acting user may give each',
        response: {
          200: z.object({
            roles: z.array(z.object({ value: z.enum(TEAM_ROLES), label: z.string(), grantable: z.boolean() })),
          }),
        },
      },
    },
    async (request) => ({ roles: rolesFor(actingOf(request)) }),
  );

  app.get(
    '/v2/api/team/upload/fields',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Columns of the team upload file',
        response: {
          200: z.object({
            fields: z.array(
              z.object({ key: z.string(), title: z.string(), required: z.boolean(), description: z.string() }),
            ),
          }),
        },
      },
    },
    async (request) => ({ fields: teamUploadFields(await languageOf(request)) }),
  );

  app.get(
    '/v2/api/team/upload/example',
    {
      config: { access: manage },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Example team upload file (.xlsx)',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(reply, 'team-example.xlsx', await teamExampleFile(await languageOf(request))),
  );

  app.post(
    '/v2/api/team/upload',
    {
      config: { access: manage, writes: ['users'] },
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags,
        summary:
          'Invite members from an .xlsx or .csv file (base64); any wrong row rejects the whole file with a row report',
        body: uploadInput.extend({ url: appUrl }),
        response: { 200: z.object({ invited: z.number() }) },
      },
    },
    async (request) =>
      uploadTeam(
        deps,
        actingOf(request),
        request.body.filename,
        request.body.content,
        request.body.url,
        await languageOf(request),
      ),
  );

  app.get(
    '/v2/api/team/export',
    {
      config: { access: manage },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export of the team',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(reply, 'team.xlsx', await exportTeam(db, actingOf(request), await languageOf(request))),
  );

  app.get(
    '/v2/api/team/:id',
    {
      config: { access: manage },
      schema: { tags, summary: 'One team member', params: idParams, response: { 200: member } },
    },
    async (request) => getMember(db, actingOf(request), request.params.id),
  );

  app.post(
    '/v2/api/team',
    {
      config: { access: manage, writes: ['users'] },
      schema: {
        tags,
        summary: 'Add a team member and mail the invitation',
        body: z.object({
          email: z
            .string({ error: MSG.emailRequired })
            .trim()
            .min(1, MSG.emailRequired)
            .refine(isValidEmail, MSG.emailNotValid),
          firstName: optionalText(100),
          lastName: optionalText(100),
          role,
          locationIds: locationIds.optional(),
          url: appUrl,
        }),
        response: { 201: member },
      },
    },
    async (request, reply) => reply.status(201).send(await createTeamMember(deps, actingOf(request), request.body)),
  );

  app.patch(
    '/v2/api/team/:id',
    {
      config: { access: manage, writes: ['users'] },
      schema: {
        tags,
        summary: "Change a member's name, role or locations",
        params: idParams,
        body: z.object({
          firstName: optionalText(100),
          lastName: optionalText(100),
          role: role.optional(),
          locationIds: locationIds.optional(),
        }),
        response: { 200: member },
      },
    },
    async (request) => editTeamMember(db, actingOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v2/api/team/:id',
    {
      config: { access: manage, writes: ['users'] },
      schema: {
        tags,
        summary: 'Remove a member from the company',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => deleteTeamMember(db, actingOf(request), request.params.id),
  );

  app.post(
    '/v2/api/team/:id/invite',
    {
      config: { access: manage, writes: ['users'] },
      schema: {
        tags,
        summary: 'Send the invitation again (earlier links stop working)',
        params: idParams,
        body: z.object({ url: appUrl }).optional(),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await reinviteTeamMember(deps, actingOf(request), request.params.id, request.body?.url);
      return { message: t(await languageOf(request), 'notices:team.invitationSent') };
    },
  );

  app.delete(
    '/v2/api/team/:id/invite',
    {
      config: { access: manage, writes: ['users'] },
      schema: {
        tags,
        summary: 'Revoke the invitation: its link stops working',
        params: idParams,
        response: { 200: member },
      },
    },
    async (request) => revokeTeamInvitation(db, actingOf(request), request.params.id),
  );
}

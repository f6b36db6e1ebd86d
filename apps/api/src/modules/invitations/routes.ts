import { MSG } from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { acceptInvitation, checkInvitation } from './service';
import { languageOf, t } from '../../platform/i18n';

const tokenParams = z.object({ token: z.string().min(10).max(200) });

export function invitationRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/invitation/:token',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary:
          'Check an invitation; a used or unknown one answers the message the web app treats as already confirmed',
        params: tokenParams,
        response: {
          200: z.object({
            items: z.array(z.object({ email: z.string(), firstName: z.string().nullable() })),
            message: z.string().optional(),
          }),
        },
      },
    },
    async (request) => checkInvitation(deps.db, request.params.token),
  );

  app.post(
    '/v2/api/invitation/:token',
    {
      config: { access: access.public(), writes: ['users'] },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation by creating a password',
        params: tokenParams,
        body: z.object({
          token: z.string().max(200).optional(),
          password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
        }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await acceptInvitation(deps.db, { token: request.params.token, password: request.body.password });
      return { message: t(await languageOf(request), 'notices:invitations.accepted') };
    },
  );
}

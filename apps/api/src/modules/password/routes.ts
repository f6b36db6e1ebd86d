import { MSG } from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import { clientAddress } from '../../platform/auth/rateLimit';
import type { App, AppDeps } from '../../platform/deps';
import { resetPassword, sendRecoveryMail } from './service';
import { languageOf, t } from '../../platform/i18n';

const message = z.object({ message: z.string() });

export function passwordRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/v2/api/password/fogot',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Send a password-recovery mail (the path keeps the spec spelling)',
        body: z.object({
          email: z.string({ error: MSG.emailNotValid }).min(1, MSG.emailNotValid).max(320),
          url: z.string().max(500).optional(),
        }),
        response: { 200: message },
      },
    },
    async (request) => {
      const recovery = {
        db: deps.db,
        mailer: deps.mailer,
        publicUrl: deps.config.publicUrl,
        limits: deps.limits,
        hideUnknownEmails: deps.config.recoveryHidesUnknownEmails,
      };
      await sendRecoveryMail(recovery, { ...request.body, address: clientAddress(request) });
      return { message: MSG.recoveryLinkSent };
    },
  );

  app.post(
    '/v2/api/password/:token',
    {
      config: { access: access.public(), writes: ['users'] },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a recovery token',
        params: z.object({ token: z.string().min(10).max(200) }),
        body: z.object({
          token: z.string().max(200).optional(),
          password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
        }),
        response: { 200: message },
      },
    },
    async (request) => {
      await resetPassword(deps.db, { token: request.params.token, password: request.body.password });
      return { message: t(await languageOf(request), 'notices:password.changed') };
    },
  );
}

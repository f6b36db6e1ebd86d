import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { findUserById } from '../users/repository';
import { currentUserSchema, userPatchSchema } from './schemas';
import { currentUser, updateCurrentUser } from './service';

export function meRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/me',
    {
      config: { access: access.signedIn({ iframe: true }) },
      schema: { tags: ['user'], summary: 'The current (effective) user', response: { 200: currentUserSchema } },
    },
    async (request) => currentUser(deps.db, actingOf(request)),
  );

  app.patch(
    '/v2/api/user',
    {
      config: { access: access.signedIn(), writes: ['users'] },
      schema: {
        tags: ['user'],
        summary: 'Update one field of the current user: firstName, lastName, email or password',
        body: userPatchSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      await updateCurrentUser(deps.db, ctx, request.body, request.sessionId);
      // Re-read so the answer shows the stored values, in the same acting context.
      const fresh = await findUserById(deps.db, ctx.user.id);
      const refreshed =
        fresh && ctx.user.id === ctx.actor.id
          ? { ...ctx, actor: fresh, user: fresh }
          : { ...ctx, user: fresh ?? ctx.user };
      return currentUser(deps.db, refreshed);
    },
  );
}

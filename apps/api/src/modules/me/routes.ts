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
      // The user's own row: an Owner or a partner user belongs to no company, and may act for one while
      // editing it, so the acting company does not name it; a profile edit is rare, so every kept user goes.
      config: { access: access.signedIn(), writes: { kinds: ['users'], company: 'every' } },
      schema: {
        tags: ['user'],
        summary:
          'Update one field of the current user (firstName, lastName, email or password), or the interface settings language and digits (one or both)',
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

import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { SERVICE_CREDENTIALS } from './catalogue';
import { createCredentialStore } from './service';

const tags = ['service credentials'];
const ownerOnly = access.roles(['owner']);
/** Other processes pick up a change within this time (the process that made it, at once). */
const RELOAD_MS = 60_000;

const providers = [...new Set(SERVICE_CREDENTIALS.map((c) => c.provider))] as [string, ...string[]];
const which = z.object({ provider: z.enum(providers), name: z.string().min(1).max(64) });
const withValue = which.extend({ value: z.string().trim().min(1).max(4096) });
const credentialList = z.object({
  data: z.array(
    z.object({
      provider: z.string(),
      name: z.string(),
      label: z.string(),
      env_var: z.string(),
      source: z.enum(['environment', 'stored', 'none']),
      stored: z.boolean(),
      last_four: z.string().nullable(),
      updated_at: z.string().nullable(),
    }),
  ),
  events: z.array(
    z.object({
      provider: z.string(),
      name: z.string(),
      action: z.string(),
      last_four: z.string().nullable(),
      at: z.string(),
      by: z.string().nullable(),
    }),
  ),
});
const done = z.object({ ok: z.literal(true) });

/**
 * Service credentials (spec 001 section 7, admin servicecredentials): the platform's own keys for
 * outside services, set by the Owner, sealed at rest, shown by their last four characters only, every
 * change audited; environment variables take precedence.
 */
export function serviceCredentialRoutes(app: App, deps: AppDeps): void {
  const store = createCredentialStore(deps.db, deps.config, app.log);
  let timer: NodeJS.Timeout | null = null;
  // A failed load (the database not migrated yet, as when the OpenAPI document is written) is said and
  // tried again on the next round: the server starts on the environment's settings meanwhile.
  const reload = () => store.reload().catch((e) => app.log.warn({ err: e }, 'service credentials could not be loaded'));
  app.addHook('onReady', async () => {
    await reload();
    timer = setInterval(() => void reload(), RELOAD_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });

  app.get(
    '/v2/api/admin/servicecredentials',
    {
      config: { access: ownerOnly },
      schema: {
        tags,
        summary:
          'Every service credential with where its value comes from (environment, stored, none), its last four characters, and the latest changes',
        response: { 200: credentialList },
      },
    },
    async () => store.list(),
  );

  app.post(
    '/v2/api/admin/servicecredentials/create',
    {
      config: { access: ownerOnly, writes: 'none' },
      schema: { tags, summary: 'Store a credential (409 when set already)', body: withValue, response: { 201: done } },
    },
    async (request, reply) => {
      await store.create(request.body, actingOf(request).user.id);
      return reply.code(201).send({ ok: true });
    },
  );

  app.put(
    '/v2/api/admin/servicecredentials/update',
    {
      config: { access: ownerOnly, writes: 'none' },
      schema: {
        tags,
        summary: "Replace a stored credential's value (404 when not stored)",
        body: withValue,
        response: { 200: done },
      },
    },
    async (request) => {
      await store.update(request.body, actingOf(request).user.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/v2/api/admin/servicecredentials/remove',
    {
      config: { access: ownerOnly, writes: 'none' },
      schema: {
        tags,
        summary: 'Remove a stored credential (404 when not stored)',
        querystring: which,
        response: { 200: done },
      },
    },
    async (request) => {
      await store.remove(request.query, actingOf(request).user.id);
      return { ok: true as const };
    },
  );
}

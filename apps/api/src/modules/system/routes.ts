import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { fileResponse } from '../../platform/openapi';
import { readiness, readinessSchema } from './readiness';
import { clientConfig, intercomPayload, userlistToken } from './service';

const clientConfigSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  demoMode: z.boolean(),
  presetUsers: z.array(z.object({ mail: z.string(), password: z.string(), userName: z.string() })),
  maintenance: z.boolean(),
  billingPortalBase: z.string(),
  announcement: z.string().nullable(),
  apiVersion: z.string(),
  pusher: z.object({
    key: z.string(),
    cluster: z.string(),
    wsHost: z.string().nullable(),
    wsPort: z.number().nullable(),
    forceTLS: z.boolean(),
    embedded: z.boolean(),
    authEndpoint: z.string(),
  }),
});

const intercomSchema = z.object({
  app_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  created_at: z.number(),
  user_hash: z.string(),
  company: z.object({ company_id: z.string(), name: z.string(), plan: z.string() }).nullable(),
  session_duration: z.number(),
});

export function systemRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/version',
    {
      config: { access: access.public() },
      schema: {
        tags: ['system'],
        summary: 'API version and build',
        response: { 200: z.object({ version: z.string(), build: z.string() }) },
      },
    },
    async () => ({ version: deps.config.version, build: deps.config.build }),
  );

  app.get(
    '/healthz',
    {
      config: { access: access.public() },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (a load balancer restarts it when this fails)',
        response: { 200: z.object({ status: z.literal('ok'), uptimeSeconds: z.number() }) },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      config: { access: access.public() },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers and has every migration of this build (503 until then; send traffic only when 200)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness(deps.db, deps.config);
      return reply.code(state.status === 'ready' ? 200 : 503).send(state);
    },
  );

  app.get(
    '/metrics',
    {
      // Public route, private figures: the handler asks for METRICS_TOKEN (404 when metrics are off).
      config: { access: access.public() },
      schema: {
        tags: ['system'],
        summary:
          'Prometheus metrics (text format): request durations per route, job queue, database pool, mail and connector failures; needs Authorization: Bearer <METRICS_TOKEN>',
        response: { 200: fileResponse('Prometheus text exposition format', 'text/plain; version=0.0.4') },
      },
    },
    async (request, reply) => {
      const { contentType, body } = await deps.metrics.scrape(request.headers.authorization);
      return reply.type(contentType).send(body);
    },
  );

  app.get(
    '/v2/api/client-config',
    {
      config: { access: access.public() },
      schema: {
        tags: ['system'],
        summary: 'Settings the web app reads at start (OAuth client, demo users in demo mode, maintenance, realtime)',
        response: { 200: clientConfigSchema },
      },
    },
    async () => clientConfig(deps.db, deps.config, deps.realtime),
  );

  app.get(
    '/api/v2/intercom/payload',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['user'],
        summary: 'Chat-widget payload with an identity hash signed by a server secret',
        response: { 200: intercomSchema },
      },
    },
    async (request) => intercomPayload(deps.config, actingOf(request)),
  );

  app.get(
    '/v2/api/userlist/token',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['user'],
        summary: 'Signed token for a user-engagement tool, for the current user only',
        querystring: z.object({ id: idSchema() }),
        response: { 200: z.object({ token: z.string() }) },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      if (request.query.id !== ctx.user.id) throw forbidden('A token can only be made for the current user');
      return { token: await userlistToken(deps.config, ctx) };
    },
  );
}

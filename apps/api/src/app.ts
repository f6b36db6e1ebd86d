import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAccess, type RoutePermission } from './platform/access';
import { createRateLimiter } from './platform/auth/rateLimit';
import { createTokenSigner } from './platform/auth/tokens';
import type { App, AppDeps } from './platform/deps';
import { registerErrorHandling } from './platform/errors';
import { createMailer, type Mailer } from './platform/mail';
import { registerWeb } from './platform/web';
import { useIdentityCache } from './platform/identityCache';
import { useReportCache } from './platform/reportCache';
import { createRealtime } from './platform/realtime';
import { reviewRoutes } from './modules/reviews/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { authRoutes } from './modules/auth/routes';
import { companyRoutes } from './modules/companies/routes';
import { publicApiRoutes } from './modules/apiKeys/routes';
import { sourceRoutes } from './modules/sources/routes';
import { packageRoutes } from './modules/packages/routes';
import { languageRoutes } from './modules/languages/routes';
import { widgetRoutes } from './modules/widgets/routes';
import { brandRoutes } from './modules/brands/routes';
import { adminUserRoutes } from './modules/adminUsers/routes';
import { csDashboardRoutes } from './modules/csDashboard/routes';
import { systemHealthRoutes } from './modules/systemHealth/routes';
import { embedRoutes } from './modules/embed/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { meRoutes } from './modules/me/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { partnerRoutes } from './modules/partners/routes';
import { passwordRoutes } from './modules/password/routes';
import { systemRoutes } from './modules/system/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { insightsRoutes } from './modules/insights/routes';
import { competitorRoutes } from './modules/competitors/routes';
import { reportSettingsRoutes } from './modules/reportSettings/routes';
import { teamRoutes } from './modules/team/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { locationRoutes } from './modules/locations/routes';
import { stateRoutes } from './modules/states/routes';
import { identityReader } from './modules/users/identities';
import { checkApiKey, useApiKeys } from './modules/apiKeys/metering';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Tests pass a mailer of their own making (e.g. to a local SMTP peer); default from config. */
  mailer?: Mailer;
  /** Serve the web build (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

export type BuiltApp = App & { routePermissions: RoutePermission[]; deps: AppDeps };

/** Secrets that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers["iframe-token"]', 'req.headers.cookie'];

/** Recovery and invitation tokens travel in paths, download links carry tokens in the query: logs show them masked. */
export function maskTokens(url: string): string {
  return url
    .replace(/\/(password|invitation|confirmPassword)\/[^/?]+/g, '/$1/***')
    .replace(/([?&](?:access_token|auth_token|token|signature|sig)=)[^&]*/gi, '$1***');
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, db } = opts;
  const fastify = Fastify({
    logger: opts.logger === false ? false : {
      level: config.logLevel,
      redact: REDACT,
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: maskTokens(req.url), remoteAddress: req.ip }) },
    },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100 ? req.headers['x-request-id'] : randomUUID()),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  const app = fastify.withTypeProvider<ZodTypeProvider>() as unknown as App;

  const deps: AppDeps = {
    config,
    db,
    signer: createTokenSigner(config.jwtSecret, config.accessTokenTtl),
    limiter: createRateLimiter(config.tokenRateLimit, config.tokenRateWindowSeconds),
    mailer: opts.mailer ?? createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: fastify.log }),
    realtime: createRealtime(config),
  };

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  useReportCache(fastify, db, config.reportCacheSeconds);
  useIdentityCache(db, config.identityCacheSeconds * 1000, identityReader);
  app.addHook('onClose', async () => {
    deps.mailer.close();
    deps.realtime.embedded?.close();
  });

  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Reputo API', version: config.version, description: 'Review management and reputation platform. Sign in with POST /v2/oauth2/token, then send Authorization: Bearer.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' }, apiKeyQuery: { type: 'apiKey', in: 'query', name: 'accessToken' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  useApiKeys(fastify);
  const permissions = registerAccess(app, { db, signer: deps.signer, checkApiKey });
  await deps.realtime.embedded?.register(app);
  const spaIndex = opts.serveWeb ? await registerWeb(app, config.webDist) : undefined;
  registerErrorHandling(app, { spaIndex });

  for (const routes of [authRoutes, meRoutes, passwordRoutes, invitationRoutes, systemRoutes, teamRoutes, companyRoutes, partnerRoutes, embedRoutes, messagingRoutes, outboxRoutes, realtimeRoutes, reviewRoutes, statisticsRoutes, dashboardRoutes, insightsRoutes, competitorRoutes, notificationRoutes, reportSettingsRoutes, publicApiRoutes, sourceRoutes, packageRoutes, languageRoutes, widgetRoutes, brandRoutes, adminUserRoutes, csDashboardRoutes, systemHealthRoutes, locationRoutes, stateRoutes]) {
    routes(app, deps);
  }

  return Object.assign(app, { routePermissions: permissions, deps });
}

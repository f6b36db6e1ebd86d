import { contactsRoutes } from './modules/contacts/routes';
import { campaignTemplateRoutes } from './modules/campaignTemplates/routes';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAccess, type RegisteredRoute, type RoutePermission } from './platform/access';
import { registerAttemptLimits } from './platform/auth/rateLimit';
import { createTokenSigner } from './platform/auth/tokens';
import type { App, AppDeps } from './platform/deps';
import { frameworkErrors, registerErrorHandling } from './platform/errors';
import { registerRequestLanguage } from './platform/i18n';
import { languageOfUser } from './modules/me/service';
import { registerInputGuards } from './platform/input';
import { jobQueueFor } from './platform/jobs';
import { EMBEDDED_VACUUM_EVERY_SECONDS, EMBEDDED_VACUUM_JOB, vacuumEmbeddedTables } from './db/embeddedVacuum';
import { createMailer, type Mailer } from './platform/mail';
import { createOpenApiTransform, SECURITY_SCHEMES } from './platform/openapi';
import { accessTokenFromQuery } from './modules/statistics/excel';
import { registerWeb } from './platform/web';
import { registerSecurityHeaders } from './platform/security';
import { companyFrameAncestors } from './modules/embed/repository';
import { useIdentityCache } from './platform/identityCache';
import { GZIP_FROM_CHARS, useReportCache } from './platform/reportCache';
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
import { companyExportRoutes } from './modules/companyExport/routes';
import { adminUserRoutes } from './modules/adminUsers/routes';
import { csDashboardRoutes } from './modules/csDashboard/routes';
import { systemHealthRoutes } from './modules/systemHealth/routes';
import { serviceCredentialRoutes } from './modules/serviceCredentials/routes';
import { embedRoutes } from './modules/embed/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { meRoutes } from './modules/me/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { metaRoutes } from './modules/messaging/meta/routes';
import { twitterRoutes } from './modules/messaging/twitter/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { webhookSettingsRoutes } from './modules/webhooks/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { audienceRoutes } from './modules/audiences/routes';
import { webhooksExtension } from './modules/webhooks/samples';
import { outboxRoutes } from './modules/outbox/routes';
import { partnerRoutes } from './modules/partners/routes';
import { passwordRoutes } from './modules/password/routes';
import { systemRoutes } from './modules/system/routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { insightsRoutes } from './modules/insights/routes';
import { competitorRoutes } from './modules/competitors/routes';
import { offersRoutes } from './modules/offers/routes';
import { listingRoutes } from './modules/listings/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { publicCouponRoutes } from './modules/offers/publicRoutes';
import { landingPageRoutes } from './modules/landingPages/routes';
import { landingPagePublicRoutes } from './modules/landingPages/publicRoutes';
import { reportSettingsRoutes } from './modules/reportSettings/routes';
import { teamRoutes } from './modules/team/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { locationRoutes } from './modules/locations/routes';
import { stateRoutes } from './modules/states/routes';
import { identityReader } from './modules/users/identities';
import { checkApiKey, useApiKeys } from './modules/apiKeys/metering';
import { useMetrics } from './platform/metrics';
import { useGracefulClose } from './platform/gracefulClose';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** A read replica's connection for reports (DATABASE_REPLICA_URL); default `db`. */
  reportDb?: Db;
  /** Tests pass a mailer of their own making (e.g. to a local SMTP peer); default from config. */
  mailer?: Mailer;
  /** Serve the web build (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go (stdout by default); tests pass a stream to read what the server logs. */
  logStream?: DestinationStream;
  /** The database is the embedded PGlite, which has no autovacuum: the app analyses and vacuums it (db/embeddedVacuum.ts). */
  embedded?: boolean;
}

export type BuiltApp = App & {
  routePermissions: RoutePermission[];
  registeredRoutes: RegisteredRoute[];
  deps: AppDeps;
};

/** Fields that carry a secret wherever they sit in a logged object (a body, a payload, an error's details). */
const SECRET_FIELDS = ['password', 'refresh_token', 'access_token', 'token', 'client_secret', 'authorization'];

/** Secrets that must never reach a log line: headers, and the secret fields at the top or one level down. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers["iframe-token"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `req.body.${field}`]),
];

/** Recovery and invitation tokens travel in paths, download links carry tokens in the query: logs show them masked. */
export function maskTokens(url: string): string {
  return url
    .replace(/\/(password|invitation|confirmPassword)\/[^/?]+/g, '/$1/***')
    .replace(/([?&](?:access_token|auth_token|token|signature|sig)=)[^&]*/gi, '$1***');
}

export async function buildApp(opts: BuildOptions): Promise<BuiltApp> {
  const { config, db } = opts;
  const fastify = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACT,
            serializers: {
              req: (req) => ({ id: req.id, method: req.method, url: maskTokens(req.url), remoteAddress: req.ip }),
            },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100
        ? req.headers['x-request-id']
        : randomUUID(),
    // X-Forwarded-For names the client only when a listed proxy sent it; otherwise anyone could pick their address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  const app = fastify.withTypeProvider<ZodTypeProvider>() as unknown as App;

  // The one job queue of the database, with the config's settings, made before any module defines jobs on it.
  const queue = jobQueueFor({ db, config });
  const deps: AppDeps = {
    config,
    db,
    reportDb: opts.reportDb ?? db,
    signer: createTokenSigner(config.jwtSecret, config.accessTokenTtl),
    limits: await registerAttemptLimits(fastify, config, db),
    mailer:
      opts.mailer ?? createMailer({ db, queue, smtpUrl: config.smtpUrl, from: config.mailFrom, log: fastify.log }),
    realtime: createRealtime(config),
    metrics: useMetrics(fastify, db, config.metricsToken),
  };

  if (opts.embedded)
    queue.define(EMBEDDED_VACUUM_JOB, async () => void (await vacuumEmbeddedTables(db, app.log)), {
      everySeconds: EMBEDDED_VACUUM_EVERY_SECONDS,
    });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  useReportCache(fastify, db, config.reportCacheSeconds);
  useIdentityCache(db, config.identityCacheSeconds * 1000, identityReader);
  // The job runner lives as long as the listening server. Tests drive the app with inject() without
  // listening, so no runner races them; they run due jobs themselves with runDue().
  app.addHook('onListen', async () => queue.start(config.jobsIntervalMs, app.log));
  useGracefulClose(fastify);
  app.addHook('onClose', async () => {
    await queue.stop();
    deps.mailer.close();
    deps.realtime.embedded?.close();
    await deps.limits.close();
  });

  registerInputGuards(fastify);
  // First, so its onRoute hook sees every route, the plugins' (documentation pages, WebSocket) included.
  useApiKeys(fastify);
  const access = registerAccess(app, { db, signer: deps.signer, checkApiKey });
  // Error answers and exports speak the request's language; without Accept-Language, the signed-in user's.
  registerRequestLanguage(fastify, (request) =>
    request.acting ? languageOfUser(db, request.acting.user) : Promise.resolve(null),
  );
  await app.register(formbody);
  // Large answers (an uncached report, an export as CSV, the OpenAPI document) go compressed when the
  // client accepts it: brotli at quality 4, about gzip's speed at a smaller size. Below 16 kB, as for
  // the cached reports (which keep their own gzip), compressing costs the server more than the bytes
  // save: compressing every 8 kB inbox page halved the pages a second the inbox answers (bench/RESULTS.md).
  // The web build's assets are compressed ahead of time (platform/web.ts); Excel and PNG are left as they are.
  await app.register(compress, {
    threshold: GZIP_FROM_CHARS,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerSecurityHeaders(fastify, deps, companyFrameAncestors);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Reputo API',
        version: config.version,
        description:
          'Review management and reputation platform. Sign in with POST /v2/oauth2/token, then send Authorization: Bearer.',
      },
      // Relative: the document describes the server that serves it, wherever it is deployed.
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      // What a company's webhook endpoint receives (OpenAPI 3.0 has no `webhooks`; Redocly reads `x-webhooks`).
      ...webhooksExtension(),
    },
    // Each operation's security comes from its route's access declaration (platform/openapi.ts).
    transform: createOpenApiTransform(accessTokenFromQuery),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Before any route: a route registered earlier would keep Fastify's own error shape.
  const web: { index?: (url: string) => string | null } = {};
  registerErrorHandling(app, { spaIndex: (url) => web.index?.(url) ?? null });
  await deps.realtime.embedded?.register(app);
  if (opts.serveWeb) web.index = await registerWeb(app, config.webDist);

  for (const routes of [
    authRoutes,
    meRoutes,
    passwordRoutes,
    invitationRoutes,
    systemRoutes,
    teamRoutes,
    companyRoutes,
    partnerRoutes,
    embedRoutes,
    messagingRoutes,
    metaRoutes,
    twitterRoutes,
    outboxRoutes,
    realtimeRoutes,
    reviewRoutes,
    statisticsRoutes,
    dashboardRoutes,
    insightsRoutes,
    competitorRoutes,
    offersRoutes,
    listingRoutes,
    campaignRoutes,
    publicCouponRoutes,
    contactsRoutes,
    campaignTemplateRoutes,
    landingPageRoutes,
    landingPagePublicRoutes,
    notificationRoutes,
    reportSettingsRoutes,
    publicApiRoutes,
    sourceRoutes,
    packageRoutes,
    languageRoutes,
    widgetRoutes,
    brandRoutes,
    companyExportRoutes,
    adminUserRoutes,
    csDashboardRoutes,
    systemHealthRoutes,
    serviceCredentialRoutes,
    integrationRoutes,
    webhookSettingsRoutes,
    ticketRoutes,
    audienceRoutes,
    locationRoutes,
    stateRoutes,
  ]) {
    routes(app, deps);
  }

  return Object.assign(app, { routePermissions: access.permissions, registeredRoutes: access.routes, deps });
}

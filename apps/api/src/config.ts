import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_ANNOUNCEMENT, DEFAULT_BILLING_PORTAL_BASE } from '@reputo/core';
import { z } from 'zod';

/** The one place that reads process.env. A bad value stops the server with a message naming the variable. */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  if (bits === undefined) return PROXY_RANGE_NAMES.includes(address) || isIP(address) !== 0;
  return isIP(address) !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
}

/** A comma-separated list of proxy addresses or ranges; empty: no proxy is trusted. */
const proxyList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isProxyEntry),
    'must list addresses, CIDR ranges or loopback, linklocal, uniquelocal, separated by commas',
  );

/** A key for secrets at rest: 32 bytes, base64 (or base64url). */
const secretKey = z
  .string()
  .refine((text) => /^[A-Za-z0-9+/_-]+=*$/.test(text) && Buffer.from(text, 'base64').length === 32, {
    message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A read replica of DATABASE_URL's database: reports are read from it (see README, Production). */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** Prometheus scrapes /metrics with this bearer token; unset: no metrics. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DEMO_MODE: booleanText.optional(),
  SEED_SCALE: z.coerce.number().positive().max(10).default(1),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86400),
  OAUTH_CLIENT_ID: z.string().min(1).default('reputo-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('reputo-web-secret'),
  TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  TOKEN_RATE_WINDOW: z.coerce.number().int().min(1).default(600),
  TOKEN_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  RECOVERY_RATE_LIMIT: z.coerce.number().int().min(1).default(3),
  RECOVERY_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  RECOVERY_RATE_WINDOW: z.coerce.number().int().min(1).default(3600),
  RECOVERY_HIDE_UNKNOWN_EMAILS: booleanText.default(false),
  TRUST_PROXY: proxyList.default([]),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().default('reputo:'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Reputo <no-reply@reputo.test>'),
  /** Campaign mails over SMTP_URL go through a pool of this many connections. */
  CAMPAIGN_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  /** The sending number (E.164) or a Messaging Service sid (MG...). */
  TWILIO_FROM: z.string().optional(),
  TWITTER_CONSUMER_KEY: z.string().optional(),
  TWITTER_CONSUMER_SECRET: z.string().optional(),
  /** Twitter's API (OAuth 1.0a, Account Activity, v2 tweets and Direct Messages); tests and the demo use a local fake. */
  TWITTER_API_URL: z.url().optional(),
  /** The Account Activity API environment the webhook is registered in (its dev environment's label). */
  TWITTER_ACTIVITY_ENV: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be the environment label: letters, digits, _ and -')
    .default('production'),
  TWITTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  TWITTER_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  TWILIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  TWILIO_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  INTERCOM_APP_ID: z.string().default('reputo'),
  INTERCOM_SECRET: z.string().min(16).optional(),
  USERLIST_SECRET: z.string().min(16).optional(),
  MAINTENANCE: booleanText.default(false),
  BILLING_PORTAL_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  ANNOUNCEMENT: z.string().optional(),
  PUSHER_APP_ID: z.string().optional(),
  PUSHER_KEY: z.string().optional(),
  PUSHER_SECRET: z.string().optional(),
  PUSHER_CLUSTER: z.string().default('mt1'),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  GOOGLE_API_URL: z.url().default('https://mybusiness.googleapis.com/v4'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_ACCOUNTS_URL: z.url().default('https://mybusinessaccountmanagement.googleapis.com/v1'),
  GOOGLE_BUSINESS_INFO_URL: z.url().default('https://mybusinessbusinessinformation.googleapis.com/v1'),
  FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_APP_ID: z.string().optional(),
  REVIEW_SYNC_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  FACEBOOK_GRAPH_URL: z.url().optional(),
  FACEBOOK_GRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  FACEBOOK_GRAPH_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  DEMO_SIMULATOR_MINUTES: z.coerce.number().min(0).max(1440).default(3),
  /** On SIGTERM, /readyz answers 503 this long before the server stops accepting (the load balancer's notice). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(2),
  META_APP_SECRET: z.string().min(8).optional(),
  META_VERIFY_TOKEN: z.string().min(8).optional(),
  SECRETS_KEY: secretKey.optional(),
  SECRETS_OLD_KEYS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(secretKey))
    .default([]),
  TRANSLATE_URL: z.url().optional(),
  WEBHOOKS_ALLOW_PRIVATE: booleanText.default(false),
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOKS_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  WEBHOOKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(31),
  WEBHOOKS_DISABLE_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
  ZENDESK_BASE_URL: z.url().optional(),
  JIRA_BASE_URL: z.url().optional(),
  TICKETS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  TICKETS_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  TICKETS_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  TICKETS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  TICKETS_STATUS_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  MAILCHIMP_BASE_URL: z.url().optional(),
  ACTIVECAMPAIGN_BASE_URL: z.url().optional(),
  AUDIENCES_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  AUDIENCES_RETRY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  AUDIENCES_RETRY_BASE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  AUDIENCES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  TRANSLATE_API_KEY: z.string().optional(),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  JOBS_PER_KIND: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  JOBS_KEEP_DONE_HOURS: z.coerce.number().min(0).default(72),
  JOBS_KEEP_DEAD_DAYS: z.coerce.number().min(0).default(30),
  REPORT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  IDENTITY_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Where uploaded files go: DATA_DIR/uploads, or an S3-compatible bucket (AWS S3, MinIO...). */
  STORAGE: z.enum(['directory', 's3']).default('directory'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (MinIO and most S3-compatible stores), not in the host name; default: with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD: z.string().default('dev'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Reports (dashboard, statistics, insights, benchmark, rating summaries) are read here when set. */
  databaseReplicaUrl: string | undefined;
  publicUrl: string;
  metricsToken: string | undefined;
  shutdownDrainSeconds: number;
  demoMode: boolean;
  /** In demo mode, a simulated Meta delivery (message, comment, reaction) about this often; 0: none. */
  demoSimulatorMinutes: number;
  seedScale: number;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  oauthClientId: string;
  oauthClientSecret: string;
  tokenRateLimit: number;
  tokenRateWindowSeconds: number;
  /** Failed sign-ins allowed per client address across all accounts, per token window. */
  tokenRateLimitPerAddress: number;
  /** Recovery mails allowed per email, and per client address, per recovery window. */
  recoveryRateLimit: number;
  recoveryRateLimitPerAddress: number;
  recoveryRateWindowSeconds: number;
  /** Answer the recovery success text for unknown emails too (OWASP); off: the spec's failure text. */
  recoveryHidesUnknownEmails: boolean;
  /** Proxies whose X-Forwarded-* headers are believed (Fastify trustProxy); false: none. */
  trustProxy: string[] | false;
  /** Redis for the attempt counters of several API processes; none: the database holds them. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  campaignSmtpConnections: number;
  /**
   * Twilio's Messages API (or a compatible one) for SMS campaigns; null without an account sid and
   * token. A call waits `timeoutMs` (never retried after it); 429, 5xx and an unreachable provider
   * are retried after `retryMs`, doubling.
   */
  twilio: {
    baseUrl: string;
    accountSid: string;
    authToken: string;
    from: string;
    timeoutMs: number;
    retryMs: number;
  } | null;
  intercomAppId: string;
  intercomSecret: string;
  userlistSecret: string;
  maintenance: boolean;
  /** Billing portal address; `{slug}` is replaced by the country's portal (core billing.ts). */
  billingPortalBase: string;
  announcement: string | null;
  pusher: { appId: string; key: string; secret: string; cluster: string; host?: string; port?: number } | null;
  openai: { baseUrl: string; apiKey?: string; model: string } | null;
  /** Where replies are posted (Google Business Profile API, Facebook Graph API); tests point them at local servers. */
  google: {
    apiUrl: string;
    tokenUrl: string;
    clientId?: string;
    clientSecret?: string;
    /** The OAuth consent page, and the Business Profile account and location APIs (review sync). */
    authUrl: string;
    accountsUrl: string;
    businessInfoUrl: string;
  };
  /** Facebook Login for connecting pages: the OAuth dialog and the app id (the secret is META_APP_SECRET). */
  facebookLogin: { authUrl: string; appId?: string };
  /** How often each connected location's reviews are pulled. */
  reviewSyncMinutes: number;
  /**
   * The Graph API with its version (`https://graph.facebook.com/v21.0`). `graphUrlGiven`: set by
   * FACEBOOK_GRAPH_URL; when not, the demo serves a local fake Graph API (connectors/meta/fake.ts).
   * A call waits `timeoutMs`; a rate-limited or failing one is retried after `retryMs`, doubling.
   */
  facebook: { graphUrl: string; graphUrlGiven: boolean; timeoutMs: number; retryMs: number };
  /**
   * The Meta app's secret (Meta signs webhook deliveries with it) and the webhook's verify token;
   * `appSecretGiven`: set by META_APP_SECRET (otherwise generated, and a stored service credential may replace it).
   */
  meta: { appSecret: string; verifyToken: string; appSecretGiven: boolean };
  /**
   * Twitter: the app keys (OAuth 1.0a consumer key and secret; the Owner may store them as service
   * credentials), the API's address (`apiUrlGiven`: set by TWITTER_API_URL, else the demo starts a
   * fake), the Account Activity environment, and a call's time-out and first retry wait (doubling).
   */
  twitter: {
    consumerKey?: string;
    consumerSecret?: string;
    apiUrl: string;
    apiUrlGiven: boolean;
    activityEnv: string;
    timeoutMs: number;
    retryMs: number;
  };
  /**
   * What a service's settings are made of besides its credentials, so that credentials stored by the
   * Owner (modules/serviceCredentials) can complete them: Twilio's address and timings, the AI model.
   */
  serviceDefaults: { twilio: { baseUrl: string; timeoutMs: number; retryMs: number }; openaiModel: string };
  /** Keys for secrets at rest (platform/secrets.ts): the current one encrypts, old ones still decrypt. */
  secrets: { key: Buffer; oldKeys: Buffer[] };
  /**
   * Outbound webhooks (modules/webhooks): whether endpoints may be private, loopback or link-local
   * addresses (tests and local development only), a delivery's time-out, the retry back-off (the first
   * retry after `retryBaseSeconds`, doubling up to an hour) and attempts (31: about a day), and how
   * many deliveries in a row may fail every retry before the endpoint is disabled.
   */
  /**
   * Help desks and issue trackers (modules/tickets: Zendesk, Jira): a fixed address for every
   * company's calls instead of https://{subdomain}.zendesk.com or the company's Jira site (tests, a
   * proxy), a call's time-out, the in-call retry pause (429 waits its Retry-After), the job's retry
   * back-off and attempts, and how often linked tickets' statuses are read again.
   */
  tickets: {
    zendeskBaseUrl: string | null;
    jiraBaseUrl: string | null;
    timeoutMs: number;
    retryMs: number;
    retryBaseSeconds: number;
    maxAttempts: number;
    statusSeconds: number;
  };
  /**
   * Email audiences (modules/audiences: Mailchimp, ActiveCampaign): a fixed address for every
   * company's calls instead of the key's data center or the account's address (tests, the demo), a
   * call's time-out, the in-call retry pause (429 waits its Retry-After), the sync job's retry
   * back-off and attempts.
   */
  audiences: {
    mailchimpBaseUrl: string | null;
    activeCampaignBaseUrl: string | null;
    timeoutMs: number;
    retryMs: number;
    retryBaseSeconds: number;
    maxAttempts: number;
  };
  webhooks: {
    allowPrivate: boolean;
    timeoutMs: number;
    retryBaseSeconds: number;
    maxAttempts: number;
    disableAfter: number;
  };
  /** A LibreTranslate-compatible endpoint; null means translation is not configured. */
  translate: { url: string; apiKey?: string } | null;
  /** How often the job runner looks for due jobs; 0 turns the runner off (tests run jobs themselves). */
  jobsIntervalMs: number;
  /** Jobs one process runs at once (platform/jobs.ts). */
  jobsConcurrency: number;
  /** Jobs of one kind running at once across all processes, unless the kind sets its own limit. */
  jobsPerKind: number;
  /** A running job's lease, renewed while it runs; a crashed process's job is taken again after it. */
  jobsLeaseSeconds: number;
  /** How long done jobs are kept, and dead ones (failed their last attempt). */
  jobsKeepDoneHours: number;
  jobsKeepDeadDays: number;
  /** How long a report is kept for the same view (platform/reportCache.ts); 0 turns the cache off. */
  reportCacheSeconds: number;
  /** How long a request's user, company and partner rows are kept (platform/identityCache.ts); 0 turns it off. */
  identityCacheSeconds: number;
  /**
   * Uploaded files: under DATA_DIR/uploads, or in an S3-compatible bucket. Without an access key the
   * AWS SDK's own chain (environment, instance role) signs the calls.
   */
  storage:
    | { kind: 'directory' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  logLevel: Env['LOG_LEVEL'];
  version: string;
  build: string;
  webDist: string;
}

export class ConfigError extends Error {}

/** The Graph API version this code speaks (Send API, comments, webhooks of that version). */
export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com/v21.0';

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`).join('; ');
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, version = '0.1.0'): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatIssues(parsed.error)}`);
  const env = parsed.data;
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
    throw new ConfigError('Invalid configuration: DATABASE_REPLICA_URL needs DATABASE_URL (the primary it replicates)');
  if (env.STORAGE === 's3' && !env.S3_BUCKET)
    throw new ConfigError('Invalid configuration: STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT unless AWS S3)');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  const dataDir = path.resolve(env.DATA_DIR);
  const pusherComplete = env.PUSHER_APP_ID && env.PUSHER_KEY && env.PUSHER_SECRET;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL,
    metricsToken: env.METRICS_TOKEN,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Demo mode (preset users on the sign-in page, seeding on first start) is the embedded default.
    demoMode: env.DEMO_MODE ?? !env.DATABASE_URL,
    seedScale: env.SEED_SCALE,
    demoSimulatorMinutes: env.DEMO_SIMULATOR_MINUTES,
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt'),
    accessTokenTtl: env.ACCESS_TOKEN_TTL,
    refreshTokenTtl: env.REFRESH_TOKEN_TTL,
    oauthClientId: env.OAUTH_CLIENT_ID,
    oauthClientSecret: env.OAUTH_CLIENT_SECRET,
    tokenRateLimit: env.TOKEN_RATE_LIMIT,
    tokenRateWindowSeconds: env.TOKEN_RATE_WINDOW,
    tokenRateLimitPerAddress: env.TOKEN_RATE_LIMIT_PER_ADDRESS,
    recoveryRateLimit: env.RECOVERY_RATE_LIMIT,
    recoveryRateLimitPerAddress: env.RECOVERY_RATE_LIMIT_PER_ADDRESS,
    recoveryRateWindowSeconds: env.RECOVERY_RATE_WINDOW,
    recoveryHidesUnknownEmails: env.RECOVERY_HIDE_UNKNOWN_EMAILS,
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    campaignSmtpConnections: env.CAMPAIGN_SMTP_CONNECTIONS,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? {
            baseUrl: env.TWILIO_BASE_URL.replace(/\/$/, ''),
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM ?? '',
            timeoutMs: env.TWILIO_TIMEOUT_MS,
            retryMs: env.TWILIO_RETRY_MS,
          }
        : null,
    intercomAppId: env.INTERCOM_APP_ID,
    intercomSecret: env.INTERCOM_SECRET ?? persistentSecret(dataDir, 'intercom'),
    userlistSecret: env.USERLIST_SECRET ?? persistentSecret(dataDir, 'userlist'),
    maintenance: env.MAINTENANCE,
    billingPortalBase: env.BILLING_PORTAL_URL ?? DEFAULT_BILLING_PORTAL_BASE,
    announcement: env.ANNOUNCEMENT ?? DEFAULT_ANNOUNCEMENT,
    pusher: pusherComplete
      ? {
          appId: env.PUSHER_APP_ID!,
          key: env.PUSHER_KEY!,
          secret: env.PUSHER_SECRET!,
          cluster: env.PUSHER_CLUSTER,
          host: env.PUSHER_HOST,
          port: env.PUSHER_PORT,
        }
      : null,
    openai: env.OPENAI_BASE_URL
      ? { baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL }
      : null,
    google: {
      apiUrl: env.GOOGLE_API_URL.replace(/\/$/, ''),
      tokenUrl: env.GOOGLE_TOKEN_URL,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL,
      accountsUrl: env.GOOGLE_ACCOUNTS_URL.replace(/\/$/, ''),
      businessInfoUrl: env.GOOGLE_BUSINESS_INFO_URL.replace(/\/$/, ''),
    },
    facebookLogin: { authUrl: env.FACEBOOK_AUTH_URL, appId: env.FACEBOOK_APP_ID },
    reviewSyncMinutes: env.REVIEW_SYNC_MINUTES,
    facebook: {
      graphUrl: (env.FACEBOOK_GRAPH_URL ?? DEFAULT_GRAPH_URL).replace(/\/$/, ''),
      graphUrlGiven: env.FACEBOOK_GRAPH_URL !== undefined,
      timeoutMs: env.FACEBOOK_GRAPH_TIMEOUT_MS,
      retryMs: env.FACEBOOK_GRAPH_RETRY_MS,
    },
    // Generated when not given: deliveries then verify only against the demo's own simulator and tests.
    meta: {
      appSecret: env.META_APP_SECRET ?? persistentSecret(dataDir, 'meta-app-secret'),
      verifyToken: env.META_VERIFY_TOKEN ?? persistentSecret(dataDir, 'meta-verify-token'),
      appSecretGiven: env.META_APP_SECRET !== undefined,
    },
    twitter: {
      consumerKey: env.TWITTER_CONSUMER_KEY,
      consumerSecret: env.TWITTER_CONSUMER_SECRET,
      apiUrl: (env.TWITTER_API_URL ?? 'https://api.twitter.com').replace(/\/$/, ''),
      apiUrlGiven: env.TWITTER_API_URL !== undefined,
      activityEnv: env.TWITTER_ACTIVITY_ENV,
      timeoutMs: env.TWITTER_TIMEOUT_MS,
      retryMs: env.TWITTER_RETRY_MS,
    },
    serviceDefaults: {
      twilio: {
        baseUrl: env.TWILIO_BASE_URL.replace(/\/$/, ''),
        timeoutMs: env.TWILIO_TIMEOUT_MS,
        retryMs: env.TWILIO_RETRY_MS,
      },
      openaiModel: env.OPENAI_MODEL,
    },
    secrets: {
      key: Buffer.from(env.SECRETS_KEY ?? persistentSecret(dataDir, 'secrets-key'), 'base64'),
      oldKeys: env.SECRETS_OLD_KEYS.map((k) => Buffer.from(k, 'base64')),
    },
    webhooks: {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE,
      timeoutMs: env.WEBHOOKS_TIMEOUT_MS,
      retryBaseSeconds: env.WEBHOOKS_RETRY_BASE_SECONDS,
      maxAttempts: env.WEBHOOKS_MAX_ATTEMPTS,
      disableAfter: env.WEBHOOKS_DISABLE_AFTER,
    },
    tickets: {
      zendeskBaseUrl: env.ZENDESK_BASE_URL?.replace(/\/$/, '') ?? null,
      jiraBaseUrl: env.JIRA_BASE_URL?.replace(/\/$/, '') ?? null,
      timeoutMs: env.TICKETS_TIMEOUT_MS,
      retryMs: env.TICKETS_RETRY_MS,
      retryBaseSeconds: env.TICKETS_RETRY_BASE_SECONDS,
      maxAttempts: env.TICKETS_MAX_ATTEMPTS,
      statusSeconds: env.TICKETS_STATUS_SECONDS,
    },
    audiences: {
      mailchimpBaseUrl: env.MAILCHIMP_BASE_URL?.replace(/\/$/, '') ?? null,
      activeCampaignBaseUrl: env.ACTIVECAMPAIGN_BASE_URL?.replace(/\/$/, '') ?? null,
      timeoutMs: env.AUDIENCES_TIMEOUT_MS,
      retryMs: env.AUDIENCES_RETRY_MS,
      retryBaseSeconds: env.AUDIENCES_RETRY_BASE_SECONDS,
      maxAttempts: env.AUDIENCES_MAX_ATTEMPTS,
    },
    translate: env.TRANSLATE_URL ? { url: env.TRANSLATE_URL.replace(/\/$/, ''), apiKey: env.TRANSLATE_API_KEY } : null,
    jobsIntervalMs: env.JOBS_INTERVAL_MS,
    jobsConcurrency: env.JOBS_CONCURRENCY,
    jobsPerKind: env.JOBS_PER_KIND,
    jobsLeaseSeconds: env.JOBS_LEASE_SECONDS,
    jobsKeepDoneHours: env.JOBS_KEEP_DONE_HOURS,
    jobsKeepDeadDays: env.JOBS_KEEP_DEAD_DAYS,
    reportCacheSeconds: env.REPORT_CACHE_SECONDS,
    identityCacheSeconds: env.IDENTITY_CACHE_SECONDS,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          }
        : { kind: 'directory' },
    logLevel: env.LOG_LEVEL,
    version,
    build: env.BUILD,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}

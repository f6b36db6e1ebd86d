import type { FastifyInstance, RawServerDefault, FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AttemptLimits } from './auth/rateLimit';
import type { TokenSigner } from './auth/tokens';
import type { Mailer } from './mail';
import type { Metrics } from './metrics';
import type { Realtime } from './realtime';

/** What every route module is given; built once in app.ts. */
export interface AppDeps {
  config: Config;
  db: Db;
  /**
   * Where reports are read: DATABASE_REPLICA_URL's database when set, else `db`. Only reads that may
   * lag a write by the replica's delay go here (reports); what a user just changed is read from `db`.
   */
  reportDb: Db;
  signer: TokenSigner;
  limits: AttemptLimits;
  mailer: Mailer;
  realtime: Realtime;
  metrics: Metrics;
}

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

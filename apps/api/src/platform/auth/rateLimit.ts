import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { addHit, deleteEndedWindows, readHits, removeHit, type CounterState } from './rateLimitRepository';

/**
 * Attempt limits of the sign-in and recovery calls, counted with @fastify/rate-limit in a store that
 * every API process shares: the database's `rate_limits` table, or Redis when REDIS_URL is set. Each
 * limit is a fixed window per key. A sign-in counts before the password is checked (so parallel
 * guesses cannot slip past the count) and is taken back when it succeeds: only failures use it up.
 */
export type LimitName = 'signInAddress' | 'signInAccount' | 'recoveryEmail' | 'recoveryAddress';
export type Attempt = readonly [LimitName, string];

export interface AttemptLimits {
  /** Counts one attempt under each key in turn; answers the seconds to wait once one is over its limit, else null. */
  hit(attempts: readonly Attempt[]): Promise<number | null>;
  /** Takes the attempts back (they succeeded). */
  refund(attempts: readonly Attempt[]): Promise<void>;
  close(): Promise<void>;
}

interface Counters {
  hit(key: string, windowMs: number): Promise<CounterState>;
  read(key: string): Promise<CounterState>;
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Ended windows are deleted now and then, not on every hit. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

function databaseCounters(db: Db): Counters {
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      if (Date.now() >= nextSweep) {
        nextSweep = Date.now() + SWEEP_EVERY_MS;
        await deleteEndedWindows(db);
      }
      return addHit(db, key, windowMs);
    },
    read: (key) => readHits(db, key),
    refund: (key) => removeHit(db, key),
    close: async () => {},
  };
}

// Scripts run atomically in Redis, so processes racing on one key count every attempt.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {hits, ttl}`;
const READ_SCRIPT = `
local hits = redis.call('GET', KEYS[1])
if not hits then return {0, 0} end
return {tonumber(hits), math.max(redis.call('PTTL', KEYS[1]), 0)}`;
const REFUND_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return hits`;

function counterState(reply: unknown): CounterState {
  const [hits, ttlMs] = reply as [number, number];
  return { hits, ttlMs };
}

function redisCounters(url: string, prefix: string): Counters {
  // Fail fast when Redis is away: a sign-in then answers 500 rather than waiting or skipping the limit.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
  const name = (key: string) => `${prefix}rate-limit:${key}`;
  return {
    hit: async (key, windowMs) => counterState(await redis.eval(HIT_SCRIPT, 1, name(key), windowMs)),
    read: async (key) => counterState(await redis.eval(READ_SCRIPT, 1, name(key))),
    refund: async (key) => {
      await redis.eval(REFUND_SCRIPT, 1, name(key));
    },
    close: async () => {
      redis.disconnect();
    },
  };
}

/** The plugin's store interface over our counters; one store serves every limit (keys carry the limit's name). */
function storeOver(counters: Counters): FastifyRateLimitStoreCtor {
  type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
  const answer = (state: Promise<CounterState>, cb: Callback) =>
    state.then(
      (s) => cb(null, { current: s.hits, ttl: s.ttlMs }),
      (err: Error) => cb(err),
    );
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, cb: Callback, timeWindow: number) {
      answer(counters.hit(key, timeWindow), cb);
    }
    read(key: string, cb: Callback) {
      answer(counters.read(key), cb);
    }
    child() {
      return this;
    }
  };
}

/** The client's address as the limits count it: IPv6 grouped by /64 (one customer's network), as the plugin does. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function limitSettings(config: Config): Record<LimitName, { max: number; windowSeconds: number }> {
  return {
    signInAddress: { max: config.tokenRateLimitPerAddress, windowSeconds: config.tokenRateWindowSeconds },
    signInAccount: { max: config.tokenRateLimit, windowSeconds: config.tokenRateWindowSeconds },
    recoveryEmail: { max: config.recoveryRateLimit, windowSeconds: config.recoveryRateWindowSeconds },
    recoveryAddress: { max: config.recoveryRateLimitPerAddress, windowSeconds: config.recoveryRateWindowSeconds },
  };
}

/** The request the plugin's limiter is given: the key is ours (an email, an address), not derived from a route. */
type KeyedRequest = FastifyRequest & { attemptKey: string };
const keyedRequest = (attemptKey: string) => ({ routeOptions: { config: {} }, attemptKey }) as unknown as KeyedRequest;

export async function registerAttemptLimits(app: FastifyInstance, config: Config, db: Db): Promise<AttemptLimits> {
  const counters = config.redisUrl ? redisCounters(config.redisUrl, config.redisKeyPrefix) : databaseCounters(db);
  await app.register(rateLimit, { global: false, store: storeOver(counters) });
  const settings = limitSettings(config);
  const limiters = Object.fromEntries(
    (Object.keys(settings) as LimitName[]).map((name) => [
      name,
      app.createRateLimit({
        max: settings[name].max,
        timeWindow: settings[name].windowSeconds * 1000,
        keyGenerator: (r) => `${name}:${(r as KeyedRequest).attemptKey}`,
      }),
    ]),
  ) as Record<LimitName, ReturnType<FastifyInstance['createRateLimit']>>;
  return {
    async hit(attempts) {
      for (const [name, key] of attempts) {
        const state = await limiters[name](keyedRequest(key));
        if (!state.isAllowed && state.isExceeded) return Math.max(1, state.ttlInSeconds);
      }
      return null;
    },
    async refund(attempts) {
      for (const [name, key] of attempts) await counters.refund(`${name}:${key}`);
    },
    close: () => counters.close(),
  };
}

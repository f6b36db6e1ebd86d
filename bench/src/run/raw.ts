import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../apps/api/src/app';
import { loadConfig } from '../../../apps/api/src/config';
import type { Db } from '../../../apps/api/src/db/client';
import { preparedSql } from '../../../apps/api/src/db/prepared';
import { preparedStatements } from '../../../apps/api/src/db/pglitePrepared.mjs';
import * as schema from '../../../apps/api/src/db/schema';
import { BENCH_PASSWORD } from '../sets';
import type { Target } from '../target';
import type { Scenario } from './scenarios';

/**
 * The SQL behind each call, and how long that SQL takes straight on the database. The server app
 * is built in this process on a Drizzle instance with a logger (no change to the server's code),
 * each call is made once through `app.inject` after a warm-up, and the statements it sent are
 * replayed with their parameters on a plain connection, one after another, many times (prepared
 * where the server prepares them).
 */

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface RawResult {
  statements: number;
  /** The statements with their own p50 (ms), for the results file and for finding the slow one. */
  sql: { sql: string; p50: number }[];
  iterations: number;
  p50: number;
  p95: number;
}

interface RawClient {
  query(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

class Recorder implements Logger {
  current: Statement[] | null = null;

  logQuery(query: string, params: unknown[]): void {
    if (this.current && !TRANSACTION_CONTROL.test(query)) this.current.push({ sql: query, params });
  }
}

async function openWithLogger(
  target: Target,
  recorder: Recorder,
): Promise<{ db: Db; raw: RawClient; close: () => Promise<void> }> {
  if (target.kind === 'pg') {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      db: drizzlePg(pool, { schema, logger: recorder }) as unknown as Db,
      raw: {
        query: (text, values) => client.query({ name: statementName(text), text, values }),
        close: () => client.end(),
      },
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(path.join(target.dataDir, 'pglite'));
  const prepared = preparedStatements(client);
  return {
    db: drizzlePglite(client, { schema, logger: recorder }) as unknown as Db,
    raw: {
      query: (text, values) => (preparedSql.has(text) ? prepared.query(text, values) : client.query(text, values)),
      close: async () => undefined,
    },
    close: () => client.close(),
  };
}

const statementNames = new Map<string, string>();

/** The statements the server prepares (db/prepared.ts) are replayed prepared too: the same work. */
function statementName(text: string): string | undefined {
  if (!preparedSql.has(text)) return undefined;
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `bench_raw_${statementNames.size + 1}`));
  return name;
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? 0;
}

async function timeRaw(
  raw: RawClient,
  statements: Statement[],
  write: boolean,
  budgetMs: number,
  minIterations: number,
): Promise<{ iterations: number; p50: number; p95: number; each: number[] }> {
  const each: number[][] = statements.map(() => []);
  const once = async () => {
    if (write) await raw.query('BEGIN', []);
    for (const [i, s] of statements.entries()) {
      const t = performance.now();
      await raw.query(s.sql, s.params);
      each[i]!.push(performance.now() - t);
    }
    // A write commits, as the server's does: the commit's WAL flush is part of its SQL's cost. What
    // the replays wrote carries the benchmark's mark, and the run's clean-up removes it.
    if (write) await raw.query('COMMIT', []);
  };
  await once();
  await once();
  for (const e of each) e.length = 0;
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 200 && (times.length < minIterations || performance.now() - started < budgetMs)) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  const median = (v: number[]) =>
    r(
      percentile(
        [...v].sort((a, b) => a - b),
        50,
      ),
    );
  return {
    iterations: times.length,
    p50: r(percentile(times, 50)),
    p95: r(percentile(times, 95)),
    each: each.map(median),
  };
}

export interface RawOptions {
  target: Target;
  scenarios: Scenario[];
  users: Record<Scenario['user'], string>;
  /** Time spent replaying each call's SQL (ms), and the fewest replays. */
  budgetMs?: number;
  minIterations?: number;
  log?: (line: string) => void;
}

/** Captured SQL and raw timings by scenario name; a call that failed in process is left out with a note. */
export async function captureAndTimeRaw(opts: RawOptions): Promise<Map<string, RawResult | { error: string }>> {
  const recorder = new Recorder();
  const { db, raw, close } = await openWithLogger(opts.target, recorder);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-bench-raw-'));
  // No report cache: every call must send its statements to be captured.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS_INTERVAL_MS: '0',
    TOKEN_RATE_LIMIT: '100000',
    DEMO_MODE: 'false',
    ACCESS_TOKEN_TTL: '86400',
    REPORT_CACHE_SECONDS: '0',
  });
  const app = await buildApp({ config, db, logger: false });
  const out = new Map<string, RawResult | { error: string }>();
  try {
    await app.ready();
    const tokens: Partial<Record<Scenario['user'], string>> = {};
    for (const [user, email] of Object.entries(opts.users) as [Scenario['user'], string][]) {
      const res = await app.inject({
        method: 'POST',
        url: '/v2/oauth2/token',
        payload: {
          client_id: config.oauthClientId,
          client_secret: config.oauthClientSecret,
          grant_type: 'password',
          email,
          password: BENCH_PASSWORD,
        },
      });
      tokens[user] = (res.json() as { access_token: string }).access_token;
    }
    for (const s of opts.scenarios) {
      const call = (n: number) =>
        app.inject({
          method: s.method,
          url: s.path,
          headers: { authorization: `Bearer ${tokens[s.user]}` },
          payload: s.body ? (s.body(n) as object) : undefined,
        });
      // Twice first: the steady state under load has warm caches (e.g. the list's cached count).
      await call(1_000_001);
      await call(1_000_002);
      recorder.current = [];
      const res = await call(1_000_003);
      const statements = recorder.current;
      recorder.current = null;
      if (res.statusCode >= 300) {
        out.set(s.name, { error: `answered ${res.statusCode} in process: ${res.body.slice(0, 200)}` });
        continue;
      }
      const { each, ...timing } = await timeRaw(
        raw,
        statements,
        Boolean(s.write),
        opts.budgetMs ?? 1500,
        opts.minIterations ?? 15,
      );
      out.set(s.name, {
        statements: statements.length,
        sql: statements.map((x, i) => ({ sql: x.sql, p50: each[i] ?? 0 })),
        ...timing,
      });
      opts.log?.(`raw SQL: ${s.name}: ${statements.length} statements, p50 ${timing.p50} ms`);
    }
  } finally {
    await app.close();
    await raw.close();
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

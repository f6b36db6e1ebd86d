import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/api/src/test/processes';
import { scratchDatabase } from '../../apps/api/src/test/scratchDatabase';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const META_APP_SECRET = 'e2e-meta-app-secret';

export interface RunningServer {
  url: string;
  /** What the server printed on start-up, up to its welcome lines (addresses, demo accounts). */
  startupOutput: string;
  stop: () => Promise<void>;
}

/** The first line of the server's welcome (apps/api/src/main.ts): it is printed once listening. */
const WELCOME = 'Reputo is running at';

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      // Ready once it answers and its welcome (printed right after listening) has reached us.
      if (res.ok && log().includes(WELCOME)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`API did not answer /readyz in time:\n${log()}`);
}

/**
 * With TEST_DATABASE_URL (CI has a PostgreSQL), each browser test server gets a fresh database there,
 * as production runs: PGlite (WebAssembly in the server's own thread) cost the server twice the CPU
 * for the same pages, on a machine the browsers already keep busy. Without it, the embedded default.
 * `npm start`'s PGlite path is still started whole by the release check and the integration tests.
 */
function browserTestDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  return process.env.TEST_DATABASE_URL ? scratchDatabase('reputo_e2e') : Promise.resolve(null);
}

/**
 * Starts the real API (which serves the built web app) on a free port with a fresh DATA_DIR and a
 * small demo data set. The web app must be built already (npm run build -w @reputo/web).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @reputo/web` before the browser tests');
  }
  // The free port is the system's pick, in the range outgoing connections take theirs from: one may
  // take it before the server listens (EADDRINUSE, seen once in CI). Another port then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-e2e-'));
  const database = await browserTestDatabase();
  let output = '';
  // The compiled API when the test run built it (scripts/test.mjs sets E2E_API_ENTRY after the release
  // check): it starts in less time and memory than compiling every module through tsx.
  const entry = process.env.E2E_API_ENTRY ? [process.env.E2E_API_ENTRY] : ['--import', 'tsx', 'apps/api/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      PUBLIC_URL: url,
      SEED_SCALE: '0.1',
      DEMO_MODE: 'true',
      // Every browser signs in from 127.0.0.1: the limits per address would meet the suite's own attempts.
      TOKEN_RATE_LIMIT: '100000',
      TOKEN_RATE_LIMIT_PER_ADDRESS: '100000',
      RECOVERY_RATE_LIMIT: '100000',
      RECOVERY_RATE_LIMIT_PER_ADDRESS: '100000',
      LOG_LEVEL: 'warn',
      // Tests stop servers themselves, with no load balancer to tell first.
      SHUTDOWN_DRAIN_SECONDS: '0',
      // The Meta webhook's app secret: the browser tests sign deliveries with it (e2e/messages.test.ts).
      META_APP_SECRET: META_APP_SECRET,
      // The webhook browser test registers a receiver it starts on 127.0.0.1 (e2e/webhooks.test.ts).
      WEBHOOKS_ALLOW_PRIVATE: '1',
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (err) {
    await stop(); // its data directory and database go too
    throw err;
  }
  return { url, startupOutput: output, stop };
}

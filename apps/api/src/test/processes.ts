import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the test run's global setup compiled the API (test/globalSetup.ts); unset outside a test run. */
export const TEST_BUILD_VARIABLE = 'REPUTO_TEST_API_BUILD';

/**
 * The node arguments that run an API entry point (`main`, `cli`): the compiled build of this test run,
 * as `npm start` runs it, or the TypeScript through tsx when there is none.
 */
export function apiCommand(entry: 'main' | 'cli', ...args: string[]): string[] {
  const build = process.env[TEST_BUILD_VARIABLE];
  return build ? [path.join(build, `${entry}.js`), ...args] : ['--import', 'tsx', `src/${entry}.ts`, ...args];
}

/**
 * The address a server started with PORT 0 says it listens on, from its welcome (main.ts printWelcome),
 * once printed: a port found free beforehand can be taken by another process while it migrates.
 */
export function listeningAddress(output: string): string | undefined {
  return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
}

function isReady(base: string): Promise<boolean> {
  return fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
}

export interface ServerProcess {
  url: string;
  log: () => string;
  /** Sends SIGTERM and waits for the exit (SIGKILL after 10 s). */
  stop: () => Promise<void>;
  /** Kills the process at once with SIGKILL (a crash: nothing is finished), keeping its data directory; answers on exit. */
  crash: () => Promise<void>;
  exitCode: () => number | null;
}

/**
 * A port for a local fake a test file names in its config before the server starts (so it cannot ask
 * the system for one): random below Linux's ephemeral range (32768-60999), where the outgoing
 * connections of the databases, browsers and servers take theirs. Drawn from 20000-50000, it was
 * now and then already taken by one of those (EADDRINUSE, and the file's hooks timed out).
 */
export function pickPort(): number {
  return 20000 + Math.floor(Math.random() * 12768);
}

/** A TCP port nobody listens on now (the bench and the browser tests start servers on one too). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A real API process (the compiled build, see apiCommand) with a data directory of its own, answering
 * once /readyz says so: for the tests of what several processes on one database do together.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-process-'));
  const child = spawn(process.execPath, apiCommand('main'), {
    cwd: API_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // The system's pick, read back from the welcome (listeningAddress).
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const crash = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}:\n${output}`);
    const url = listeningAddress(output);
    if (url && (await isReady(url))) return { url, log: () => output, stop, crash, exitCode: () => child.exitCode };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the API process was not ready in time:\n${output}`);
}

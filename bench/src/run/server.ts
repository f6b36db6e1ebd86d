import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../../apps/api/src/test/processes';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface RunningServer {
  url: string;
  pid: number;
  /** The server's resident memory now, in bytes (Linux /proc). */
  rss(): number;
  /** The last lines the server printed (warnings and errors; LOG_LEVEL=warn). */
  log(): string;
  stop(): Promise<void>;
}

export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer /readyz within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the real server (apps/api/src/main.ts) as its own process, the way an operator runs it:
 * node with the tsx loader directly (not the tsx CLI), so `pid` is the server itself and its memory
 * can be read. DEMO_MODE is off: the data set is the benchmark's.
 */
export async function startServer(
  env: Record<string, string>,
  opts: {
    timeoutMs?: number;
    /** Another server script (a floor to compare with), relative to the root. */ script?: string;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  if (env.DATA_DIR) mkdirSync(env.DATA_DIR, { recursive: true });
  let output = '';
  // BENCH_SERVER_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', opts.script ?? 'apps/api/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DEMO_MODE: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '0',
      // Load tests sign in a few times and run longer than the default 15-minute token.
      TOKEN_RATE_LIMIT: '100000',
      ACCESS_TOKEN_TTL: '86400',
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForHealth(url, child, () => output, opts.timeoutMs ?? 300_000);
  const pid = child.pid!;
  return {
    url,
    pid,
    rss: () => rssOf(pid),
    log: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-pid, 'SIGKILL');
    },
  };
}

/** The web build to serve, when there is one. */
export function webDist(dir: string | undefined): string | null {
  const candidate = path.resolve(dir ?? path.join(ROOT, 'apps/web/dist'));
  return existsSync(path.join(candidate, 'index.html')) ? candidate : null;
}

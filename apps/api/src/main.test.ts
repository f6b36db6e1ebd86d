import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './platform/demo';
import { apiCommand, listeningAddress } from './test/processes';

/** The real start path: the compiled API (`node apps/api/dist/main.js`, as `npm start` runs it), over HTTP. */
const apiDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

interface Started {
  base: string;
  pid: number;
  output: () => string;
  stop: () => Promise<number | null>;
}

/**
 * Starts the server on a port of its own choosing (PORT 0) and reads the address from its welcome: a
 * port found free beforehand was taken by another test's connection during the half minute a first
 * start spends migrating and seeding (EADDRINUSE on a loaded CI machine).
 */
async function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, apiCommand('main'), {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 170000);
    child.stdout!.on('data', () => {
      if (output.includes('Reputo is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const base = listeningAddress(output);
  if (!base) throw new Error(`no address in the welcome:\n${output}`);
  return {
    base,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

async function signIn(base: string, email: string, password: string) {
  const res = await fetch(`${base}/v2/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: 'reputo-web',
      client_secret: 'reputo-web-secret',
      grant_type: 'password',
      email,
      password,
    }),
  });
  return { status: res.status, body: (await res.json()) as { access_token?: string } };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('Starting the server (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-start-'));
  dirs.push(dataDir);

  it('migrates, seeds demo data once, signs in every demo account, stops on SIGTERM and restarts on the same data', async () => {
    // LOG_LEVEL info: the log says whether this start seeded.
    const first = await startServer({ DATA_DIR: dataDir, SEED_SCALE: '0.02', LOG_LEVEL: 'info' });
    expect(first.output()).toContain('Demo accounts (password demo1234)');
    expect(first.output()).toContain('First start: seeding demo data');
    for (const account of DEMO_ACCOUNTS) {
      const { status, body } = await signIn(first.base, account.email, DEMO_PASSWORD);
      expect(status, account.email).toBe(200);
      const me = await fetch(`${first.base}/v2/api/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(((await me.json()) as { email: string }).email).toBe(account.email);
    }
    const config = (await (await fetch(`${first.base}/v2/api/client-config`)).json()) as {
      presetUsers: { mail: string }[];
    };
    expect(config.presetUsers.map((u) => u.mail)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(await first.stop()).toBe(0);

    // The second start finds the data: it neither seeds again nor loses the accounts (no timing here:
    // that belongs in bench/, and a loaded CI machine took 37 s).
    const second = await startServer({ DATA_DIR: dataDir, SEED_SCALE: '0.02', LOG_LEVEL: 'info' });
    expect(second.output()).not.toContain('seeding demo data');
    expect((await signIn(second.base, 'admin@reputo.test', DEMO_PASSWORD)).status).toBe(200);
    // Another process on the same embedded database is refused, and says why (both writing its files
    // corrupted its indexes); the running server is left alone.
    const rival = spawnSync(process.execPath, apiCommand('main'), {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect(rival.status).toBe(1);
    expect(rival.stderr).toContain(`is in use by another Reputo process (pid ${second.pid})`);
    expect((await signIn(second.base, 'admin@reputo.test', DEMO_PASSWORD)).status).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 240000);

  it('refuses to start on a bad setting and names the variable', () => {
    const res = spawnSync(process.execPath, apiCommand('main'), {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('Invalid configuration: PORT');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('Starting the server on PostgreSQL', () => {
  it('migrates an empty database, seeds nothing, and a first Owner is made from the command line', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `reputo_start_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-pg-start-'));
    dirs.push(dataDir);
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString() };
      const server = await startServer(env);
      const config = (await (await fetch(`${server.base}/v2/api/client-config`)).json()) as {
        demoMode: boolean;
        presetUsers: unknown[];
      };
      expect(config).toMatchObject({ demoMode: false, presetUsers: [] });
      expect((await signIn(server.base, 'owner@reputo.test', DEMO_PASSWORD)).status).toBe(400);
      const cli = spawnSync(
        process.execPath,
        apiCommand('cli', 'create-owner', '--email', 'boss@example.com', '--password', 'first-owner-1'),
        { cwd: apiDir, env: { ...process.env, ...env }, encoding: 'utf8' },
      );
      expect(cli.stdout).toContain('Owner boss@example.com created');
      const { status, body } = await signIn(server.base, 'boss@example.com', 'first-owner-1');
      expect(status).toBe(200);
      const me = await fetch(`${server.base}/v2/api/me`, { headers: { authorization: `Bearer ${body.access_token}` } });
      expect(((await me.json()) as { role: string }).role).toBe('owner');
      expect(await server.stop()).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120000);
});

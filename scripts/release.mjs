// `npm run release`: the Dockerfile's steps, outside a container (CI runs it; images cannot be pulled
// on our machines). Builds the API and the web app (each only when its sources changed), lays the
// build out in a release directory as the image has it (the package files, apps/api/dist,
// apps/web/dist), installs the production dependencies there with `npm ci --omit=dev`, then starts
// the built server on an empty embedded database, waits until /readyz says ready, checks /healthz and
// the web app, and stops it with SIGTERM (it must exit 0).
//
//   node scripts/release.mjs                  build, install into a temporary directory, check, remove it
//   node scripts/release.mjs --out /app       build and install into /app, keep it (the Dockerfile)
//   node scripts/release.mjs --out /app --no-check
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureApiBuild, ensureInstalled, ensureWebBuild, log, root, runOrExit } from './lib.mjs';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'no-check': { type: 'boolean', default: false } },
});
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

await ensureInstalled();
await ensureApiBuild();
await ensureWebBuild();

const out = values.out ? path.resolve(values.out) : mkdtempSync(path.join(tmpdir(), 'reputo-release-'));
if (out === root || !path.relative(root, out).startsWith('..')) {
  log(`The release directory must be outside the repository: ${out}`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
// npm ci checks the lock file against every workspace's package.json: all of them come along, then
// only the API's production dependencies are installed (the web app ships as its built files).
const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
for (const file of ['package.json', 'package-lock.json', '.npmrc', ...workspaces.map((w) => `${w}/package.json`)]) {
  mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(out, file));
}
for (const dir of ['apps/api/dist', 'apps/web/dist']) {
  rmSync(path.join(out, dir), { recursive: true, force: true });
  cpSync(path.join(root, dir), path.join(out, dir), { recursive: true });
}
log(`Release laid out in ${out} (${seconds()}); installing production dependencies...`);
await runOrExit(
  'npm',
  ['ci', '--omit=dev', '--workspace', '@reputo/api', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd: out },
);
// Not TypeScript: i18next names it as an optional peer, so npm keeps the workspace's copy (marked
// devOptional in the lockfile) in a production install. Nothing runs it; the tools that would are checked.
for (const devOnly of ['tsx', 'vitest', 'esbuild']) {
  if (existsSync(path.join(out, 'node_modules', devOnly))) {
    log(`The release has the development package ${devOnly}: --omit=dev did not hold`);
    process.exit(1);
  }
}
log(`Production dependencies installed (${seconds()})`);
if (values['no-check']) process.exit(0);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-release-data-'));
let output = '';
const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: out,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    SHUTDOWN_DRAIN_SECONDS: '0',
    LOG_LEVEL: 'warn',
  },
});
server.stdout.on('data', (b) => (output += b));
server.stderr.on('data', (b) => (output += b));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve(code ?? signal)));

async function check() {
  // A fresh embedded database (initdb, then every migration) takes a few seconds, a minute on a busy machine.
  const deadline = Date.now() + 150_000;
  let readiness = null;
  while (Date.now() < deadline && server.exitCode === null) {
    readiness = await fetch(`${url}/readyz`).then(
      (r) => r.json(),
      () => null,
    );
    if (readiness?.status === 'ready') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (readiness?.status !== 'ready') return `/readyz did not say ready: ${JSON.stringify(readiness)}`;
  const health = await fetch(`${url}/healthz`);
  if (!health.ok) return `/healthz answered ${health.status}`;
  const home = await fetch(`${url}/`);
  const html = await home.text();
  if (!home.ok || !html.includes('<div id="root">')) return `/ answered ${home.status} without the web app`;
  return null;
}

const failure = await check().catch((err) => `the check failed: ${err}`);
server.kill('SIGTERM');
const exit = await Promise.race([exited, new Promise((r) => setTimeout(() => r('no exit within 15 s'), 15_000))]);
if (server.exitCode === null) server.kill('SIGKILL');
rmSync(dataDir, { recursive: true, force: true });
if (!values.out) rmSync(out, { recursive: true, force: true });
const problem = failure ?? (exit === 0 ? null : `SIGTERM ended the server with ${exit}, not exit code 0`);
if (problem) {
  log(`Release check failed: ${problem}\n${output}`);
  process.exit(1);
}
log(`Release check passed in ${seconds()}: production install, /readyz ready, /healthz, the web app, SIGTERM exit 0`);

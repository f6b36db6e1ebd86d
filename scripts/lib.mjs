// Helpers shared by the start and test scripts. Plain Node: they run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m[reputo]\x1b[0m ${message}\n`);
}

/** Runs a command in the repo (or opts.cwd), inheriting output; resolves with the exit code. */
export function run(command, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: opts.cwd ?? root,
      stdio: 'inherit',
      env: { ...process.env, ...opts.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Like run, but also keeps what the command printed (stdout and stderr, as printed): resolves with { code, output }. */
export function runKeepingOutput(command, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...opts.env },
    });
    const chunks = [];
    child.stdout.on('data', (b) => {
      chunks.push(b);
      if (!opts.quiet) process.stdout.write(b);
    });
    child.stderr.on('data', (b) => {
      chunks.push(b);
      if (!opts.quiet) process.stderr.write(b);
    });
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

export async function runOrExit(command, args, opts = {}) {
  const code = await run(command, args, opts);
  if (code !== 0) {
    log(`${command} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs npm packages when node_modules is missing or older than package-lock.json. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing npm packages (first run)...');
  await runOrExit('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds the web app when there is no build or its sources (or the shared core) changed since. */
export async function ensureWebBuild() {
  const index = path.join(root, 'apps/web/dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'packages/core/src')));
  if (built && built >= sources) return;
  log('Building the web app...');
  await runOrExit('npm', ['run', 'build', '-w', '@reputo/web']);
}

/** Builds the API into apps/api/dist when there is no build or its sources (or the shared core) changed since. */
export async function ensureApiBuild() {
  const main = path.join(root, 'apps/api/dist/main.js');
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/api/src')),
    newestMtime(path.join(root, 'apps/api/package.json')),
    newestMtime(path.join(root, 'packages/core/src')),
  );
  if (built && built >= sources) return;
  log('Building the API...');
  // Imported here: esbuild exists only once ensureInstalled has run.
  const { buildApi } = await import('./build-api.mjs');
  await buildApi();
}

/** Debian's Chromium for the browser tests; installed with apt-get when missing (never a downloaded browser). */
export async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  log('Installing Chromium from Debian packages for the browser tests...');
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    (await apt(['update', '-qq'])) !== 0 ||
    (await apt(['install', '-y', '-qq', 'chromium'])) !== 0 ||
    !existsSync('/usr/bin/chromium')
  ) {
    log('Could not install chromium with apt-get.');
    process.exit(1);
  }
}

/**
 * Node's own arguments to run a TypeScript file: `node --import tsx file`. Not the tsx CLI: its
 * signal relay kills the child with SIGKILL when the child's event loop is busy for more than a
 * moment as the signal arrives, which skips the server's graceful shutdown (and PGlite's close).
 */
export function typescriptArgs(file, args = []) {
  return ['--import', 'tsx', file, ...args];
}

export function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

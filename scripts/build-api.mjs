// The API as plain JavaScript in apps/api/dist: `node apps/api/dist/main.js` runs it with production
// dependencies only (no tsx). esbuild bundles the API's own code and packages/core (a workspace
// package whose entry is TypeScript); the npm packages stay outside, installed as they are. The files
// the code finds next to itself by `import.meta.url` (worker threads, migrations) are copied beside
// the bundle, at the same depth below the repo as src/ (so ../../../package.json and ../../web/dist
// resolve alike from both).
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const api = path.join(root, 'apps/api');
const src = path.join(api, 'src');
const dist = path.join(api, 'dist');

/** The entry points: the server and the operator commands (migrate, seed, export, import...). */
export const API_ENTRIES = ['main', 'cli'];

function packagesOf(dir) {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return Object.keys(pkg.dependencies ?? {});
}

/** Plain JavaScript files under src/ that the code loads by URL (workers and what they import). */
function workerFiles(dir = src) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' ? [] : workerFiles(file);
    return name.endsWith('.mjs') ? [file] : [];
  });
}

/** `out`: apps/api/dist, or another folder directly under apps/api (the tests build apps/api/dist-test). */
export async function buildApi(out = dist) {
  if (path.dirname(out) !== api) throw new Error(`the API is built directly under apps/api, not into ${out}`);
  rmSync(out, { recursive: true, force: true });
  const external = [...new Set([...packagesOf('apps/api'), ...packagesOf('packages/core')])];
  await build({
    entryPoints: Object.fromEntries(API_ENTRIES.map((e) => [e, path.join(src, `${e}.ts`)])),
    outdir: out,
    bundle: true,
    splitting: true,
    // Chunks beside the entries, not in a folder: the code's relative URLs count from its own file.
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Every npm package and its subpaths (eld/small, drizzle-orm/pg-core...) stays a runtime import.
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  const workers = workerFiles();
  const names = workers.map((f) => path.basename(f));
  const clash = names.find((n, i) => names.indexOf(n) !== i);
  if (clash) throw new Error(`two worker files are named ${clash}: dist/ keeps them side by side`);
  for (const file of workers) cpSync(file, path.join(out, path.basename(file)));
  cpSync(path.join(src, 'db/migrations'), path.join(out, 'migrations'), { recursive: true });
  mkdirSync(out, { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  // `--out <folder under apps/api>`: the integration tests build their own copy (apps/api/dist-test).
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? path.resolve(process.argv[at + 1]) : dist;
  await buildApi(out);
  process.stdout.write(`API built into ${path.relative(root, out)} in ${Date.now() - started} ms\n`);
}

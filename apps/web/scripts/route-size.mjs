// Sums the gzip size of the JavaScript a route loads: the entry chunk, the route's page chunk, and
// every chunk they import statically. Usage: node scripts/route-size.mjs [src/features/auth/SignInPage.tsx]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['src/features/auth/SignInPage.tsx'];

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) collect(dep);
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
collect(entry);
for (const p of pages) {
  if (!manifest[p]) throw new Error(`no chunk for ${p}`);
  collect(p);
}
let total = 0;
const rows = [...seen].map((k) => {
  const file = manifest[k].file;
  const gz = gzipSync(readFileSync(path.join(dist, file))).length;
  total += gz;
  return [file, (gz / 1024).toFixed(1)];
});
rows.sort((a, b) => b[1] - a[1]).forEach(([f, kb]) => console.info(`${kb.padStart(7)} kB  ${f}`));
console.info(`${(total / 1024).toFixed(1).padStart(7)} kB  total gzip JS for ${pages.join(', ')}`);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from './support/browser';
import { ROOT } from './support/server';

useBrowser();

const BUDGET_KB = 200;

describe('bundle', () => {
  it(`loads at most ${BUDGET_KB} kB of gzipped JavaScript on /signin`, async () => {
    const page = await newPage();
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('.js')) scripts.add(u.pathname);
    });
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const dist = path.join(ROOT, 'apps/web/dist');
    const sizes = [...scripts].map((p) => ({ p, bytes: gzipSync(readFileSync(path.join(dist, p))).length }));
    const kb = sizes.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    // The biggest scripts first, so a failure shows where the weight came from.
    const top = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((s) => `  ${s.p} ${(s.bytes / 1024).toFixed(1)} kB`);
    console.info(`/signin loads ${scripts.size} scripts, ${kb.toFixed(1)} kB gzip\n${top.join('\n')}`);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
});

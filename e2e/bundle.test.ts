import { describe, expect, it } from 'vitest';
import type { Response } from 'playwright-core';
import { newPage, useBrowser } from './support/browser';

useBrowser();

const BUDGET_KB = 200;

describe('bundle', () => {
  it(`sends at most ${BUDGET_KB} kB of JavaScript on /signin, every script compressed with brotli`, async () => {
    const page = await newPage();
    const scripts: Response[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push(r);
    });
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    // What went over the wire: the encoded body of each script as the server sent it.
    const sizes = await Promise.all(
      scripts.map(async (r) => ({
        p: new URL(r.url()).pathname,
        encoding: (await r.allHeaders())['content-encoding'],
        bytes: (await r.request().sizes()).responseBodySize,
      })),
    );
    expect(sizes.filter((s) => s.encoding !== 'br')).toEqual([]);
    const kb = sizes.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    // The biggest scripts first, so a failure shows where the weight came from.
    const top = sizes
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((s) => `  ${s.p} ${(s.bytes / 1024).toFixed(1)} kB`);
    console.info(`/signin loads ${scripts.length} scripts, ${kb.toFixed(1)} kB brotli\n${top.join('\n')}`);
    expect(kb).toBeGreaterThan(10);
    expect(kb).toBeLessThanOrEqual(BUDGET_KB);
  });
});

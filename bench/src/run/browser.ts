import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../e2e/support/chromium';
import { BENCH_PASSWORD } from '../sets';

/**
 * The web app's first load in headless Chromium (Debian's /usr/bin/chromium): JavaScript bytes
 * (gzip, as a CDN would send them) and time to the sign-in form, then sign-in and the time until
 * the first review row of /reviews is on screen, and a cold load of /reviews for a signed-in user.
 */

export interface PageLoad {
  scripts: number;
  jsKbGzip: number;
  /** Milliseconds from navigation to the moment that matters (form shown, first review row shown). */
  ms: number | null;
  note?: string;
}

export interface BrowserResult {
  signin: PageLoad;
  reviewsAfterSignIn: PageLoad;
  reviewsCold: PageLoad;
}

const CHROMIUM = '/usr/bin/chromium';

export function browserAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Collects the JavaScript files a page loads; sizes are the gzip of the built files. */
function trackScripts(page: Page, dist: string): () => { scripts: number; jsKbGzip: number } {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.endsWith('.js')) seen.add(p);
  });
  return () => {
    let bytes = 0;
    for (const p of seen) {
      const file = path.join(dist, p);
      if (existsSync(file)) bytes += gzipSync(readFileSync(file)).length;
    }
    return { scripts: seen.size, jsKbGzip: Math.round((bytes / 1024) * 10) / 10 };
  };
}

/**
 * Waits for the list call of /reviews and then for the first review's reviewer name (or text) on
 * screen, whatever the markup: that is the first list row a user sees.
 */
async function firstRowShown(
  page: Page,
  start: number,
  timeoutMs: number,
): Promise<{ ms: number | null; note?: string }> {
  try {
    const res = await page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/v2/api/reviews' && r.request().method() === 'GET',
      { timeout: timeoutMs },
    );
    if (!res.ok()) return { ms: null, note: `the review list answered ${res.status()}` };
    const body = (await res.json()) as { reviews?: { name?: string; text?: string | null }[] };
    const first = body.reviews?.[0];
    if (!first) return { ms: null, note: 'the review list came back empty' };
    const probe = (first.text?.trim() ? first.text.trim().slice(0, 40) : first.name) ?? '';
    await page.getByText(probe, { exact: false }).first().waitFor({ state: 'visible', timeout: timeoutMs });
    return { ms: Math.round(performance.now() - start) };
  } catch {
    return { ms: null, note: 'not available yet: /reviews shows no review list' };
  }
}

export async function measureBrowser(baseUrl: string, dist: string, email: string): Promise<BrowserResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const signinScripts = trackScripts(page, dist);
    let start = performance.now();
    await page.goto('/signin');
    await page.locator('#signin_email').waitFor({ state: 'visible', timeout: 30_000 });
    const signinMs = Math.round(performance.now() - start);
    await page.waitForLoadState('networkidle');
    const signin: PageLoad = { ...signinScripts(), ms: signinMs };

    await page.locator('#signin_email').fill(email);
    await page.locator('#signin_password').fill(BENCH_PASSWORD);
    start = performance.now();
    const shown = firstRowShown(page, start, 30_000);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const afterSignIn = await shown;
    const reviewsAfterSignIn: PageLoad = { ...signinScripts(), ...afterSignIn };

    // A signed-in user opening /reviews in a fresh tab with nothing cached.
    const cold = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      storageState: await context.storageState(),
    });
    const coldPage = await cold.newPage();
    const coldScripts = trackScripts(coldPage, dist);
    start = performance.now();
    const coldShown = firstRowShown(coldPage, start, 30_000);
    await coldPage.goto('/reviews');
    const reviewsCold: PageLoad = { ...(await coldShown), ...coldScripts() };
    return { signin, reviewsAfterSignIn, reviewsCold };
  } finally {
    await browser.close();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DESKTOP, launchChromium } from './chromium';

export { DESKTOP, PASSWORD, signIn, signInThroughForm } from './chromium';

export const PHONE = { width: 390, height: 844 };
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

let browser: Browser | null = null;
const contexts: BrowserContext[] = [];

export function baseURL(): string {
  return inject('baseURL');
}

/** Launches Debian's Chromium once per test file and closes it after. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
    await browser?.close();
    browser = null;
  });
}

/** The file's browser, for helpers that open their own contexts (support/firstLoad.ts). */
export function currentBrowser(): Browser {
  if (!browser) throw new Error('useBrowser() first');
  return browser;
}

/** A fresh browser context (own storage) and page at the given size. */
export async function newPage(viewport = DESKTOP, url = baseURL()): Promise<Page> {
  if (!browser) throw new Error('useBrowser() first');
  // Reduced motion turns antd's animations off: a click can't land on a dialog still zooming in.
  const context = await browser.newContext({ baseURL: url, viewport, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * A picture of the page in e2e/screenshots/ for a person to look at, when E2E_SCREENSHOTS=1. CI does
 * not take them: about 130 full-window PNGs with a settle wait each cost the browser lane minutes of
 * Chromium time that no assertion used.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** The page, or one part of it (a locator), as `<name>-<window width>.png`; `fullPage` for the whole page. */
export async function screenshot(
  target: Page | Locator,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const page = 'goto' in target ? target : target.page();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350); // let transitions (drawer, popovers, toasts) settle
  const file = path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await ('goto' in target
    ? target.screenshot({ path: file, fullPage: opts.fullPage })
    : target.screenshot({ path: file }));
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  // 30 s: on a loaded 2-core machine a route change behind a lazy chunk and an API call has taken over 15 s.
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe(pathname);
}

export async function pageTitle(page: Page): Promise<string> {
  return (await page.getByTestId('page-title').textContent({ timeout: 15_000 })) ?? '';
}

/** How far the page, or any box inside it (a table's own scroller), scrolls sideways: 0 when everything fits. */
export function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    let most = (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.app-content *'))) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.clientWidth > 0)
        most = Math.max(most, el.scrollWidth - el.clientWidth);
    }
    return most;
  });
}

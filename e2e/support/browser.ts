import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest';
import { DESKTOP, launchChromium } from './chromium';

export { DESKTOP, PASSWORD, signIn, signInAt, signInThroughForm } from './chromium';

export const PHONE = { width: 390, height: 844 };
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

let browser: Browser | null = null;
const contexts: BrowserContext[] = [];
/** Contexts a finished test gave back, their storage cleared, by the server they were opened on. */
const idle: { context: BrowserContext; url: string }[] = [];
/** Each context's first page, left on a small file of its server: it keeps the renderer process alive. */
const anchors = new WeakMap<BrowserContext, Page>();

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * Debian's Chromium, launched once per test worker and kept for the worker's next files (the browser
 * tests run with `isolate: false`, so this module lives as long as its worker): launching it, and a
 * worker importing Playwright, cost every file seconds of Chromium and Node time on a loaded 2-core
 * machine. Its warm contexts go on to the next file too (cleared; their HTTP cache kept, as a user's
 * browser keeps it). A file closes the contexts its hooks held; Playwright closes the browser
 * when the worker exits.
 */
export function useBrowser(): void {
  beforeAll(async () => {
    if (browser?.isConnected()) return;
    browser = await launchChromium();
    contexts.splice(0);
    idle.splice(0);
  });
  afterAll(async () => {
    // Kept: the cleared contexts of the suite's own server. Closed: those a hook of this file held,
    // and those of servers a test started (and stopped).
    const keep = new Set(idle.filter((i) => i.url === baseURL()).map((i) => i.context));
    idle.splice(0, idle.length, ...idle.filter((i) => keep.has(i.context)));
    for (const c of contexts.splice(0)) {
      if (keep.has(c)) contexts.push(c);
      else await c.close().catch(() => undefined);
    }
  });
}

/** The file's browser, for helpers that open their own contexts (support/firstLoad.ts). */
export function currentBrowser(): Browser {
  if (!browser) throw new Error('useBrowser() first');
  return browser;
}

/**
 * A page with storage of its own (no cookies, local storage or permissions of another page of the
 * test) at the given size. Measured on this 2-core machine, a page in a new context cost about 2.2
 * CPU-s of Chromium for its first load (a new renderer process, nothing cached, every script compiled
 * again), and the browser tests open over a hundred. So a context a finished test gave back is cleared
 * and used again, and its anchor page keeps its renderer alive for the next page to share
 * (CHROMIUM_ARGS limit the renderers): 1.2 CPU-s. Screens that measure a first load open their own cold
 * context (support/firstLoad.ts).
 */
export async function newPage(viewport = DESKTOP, url = baseURL()): Promise<Page> {
  if (!browser) throw new Error('useBrowser() first');
  const reused = idle.findIndex((c) => c.url === url);
  const context = reused >= 0 ? idle.splice(reused, 1)[0]!.context : await openContext(browser, url);
  giveBackAfterTest(context, url);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * A page with Playwright's fake clock: time flows as usual, and the test can jump it forward to fire
 * the page's timers at once (a poll every few seconds) with `page.clock.fastForward`. The clock is
 * its context's, so the page gets a context of its own, closed when the test ends, never pooled.
 */
export async function newPageWithClock(viewport = DESKTOP): Promise<Page> {
  if (!browser) throw new Error('useBrowser() first');
  const context = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP, reducedMotion: 'reduce' });
  onTestFinished(async () => {
    // Answers a test's page.route still holds would fail once their context closes: dropped first.
    for (const page of context.pages()) await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });
  await context.clock.install();
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.setDefaultTimeout(15_000);
  return page;
}

async function openContext(on: Browser, url: string): Promise<BrowserContext> {
  // Reduced motion turns antd's animations off: a click can't land on a dialog still zooming in.
  const context = await on.newContext({ baseURL: url, viewport: DESKTOP, reducedMotion: 'reduce' });
  contexts.push(context);
  const anchor = await context.newPage();
  await anchor.goto('/favicon.svg');
  anchors.set(context, anchor);
  return context;
}

/** A context opened inside a test goes back to the pool when it ends; one opened in a hook stays the file's. */
function giveBackAfterTest(context: BrowserContext, url: string): void {
  try {
    onTestFinished(() => clearForReuse(context, url));
  } catch {
    // Not inside a test (beforeAll): the file's tests share this page until the file ends.
  }
}

async function clearForReuse(context: BrowserContext, url: string): Promise<void> {
  const anchor = anchors.get(context);
  try {
    if (!anchor || anchor.isClosed()) throw new Error('no anchor page');
    for (const page of context.pages()) if (page !== anchor) await page.close();
    await context.clearCookies();
    await context.clearPermissions();
    // The app keeps its session in its origin's storage, cleared from the anchor (a file of that origin).
    await anchor.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    idle.push({ context, url });
  } catch {
    // A server a test stopped, or a page it closed: the context is not used again.
  }
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

/**
 * Goes to a path of the app as its own links do: the router follows the history entry (no full page
 * load). Only where the test is not about loading the address itself.
 */
export async function navigateInApp(page: Page, pathname: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
  await expectPath(page, pathname);
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

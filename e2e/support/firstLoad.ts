import { statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page, Request } from 'playwright-core';
import { DESKTOP, signIn } from './chromium';

/** The built web app the server sends: an asset's decoded size is its file's size there. */
const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * What a screen costs on its first load: every script and style sheet a fresh browser (empty cache)
 * receives until the screen has settled, with the bytes that went over the wire (the encoded body
 * Chromium counted) and their size once decoded. Shared by e2e/screens.test.ts (the budgets, support/budgets.ts) and
 * bench/src/bundles.ts (the table in bench/RESULTS.md).
 */
export interface Asset {
  path: string;
  kind: 'script' | 'stylesheet';
  /** Content-Encoding of the answer ('' when sent as is). */
  encoding: string;
  /**
   * Bytes a first load receives: the encoded file the server sends (the build's `.br` or `.gz` beside
   * the asset), so a load answered from the browser's cache weighs what a first load does; what
   * Chromium counted for anything not in the build.
   */
  wire: number;
  /** Bytes Chromium counted receiving (not meaningful for an answer from its cache). */
  received: number;
  /** Bytes of the file itself. */
  decoded: number;
}

export interface FirstLoad {
  path: string;
  assets: Asset[];
  /** Console errors and uncaught exceptions while loading. */
  errors: string[];
}

type Ready = (page: Page) => Promise<void>;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signed in as this user, once: the storage a fresh context starts from to open a screen signed in. */
export async function signedInState(browser: Browser, baseURL: string, email: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  try {
    const page = await context.newPage();
    await signIn(page, email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface AssetTraffic {
  inFlight: number;
  lastStart: number;
  /** Stops counting (the page goes on to another screen). */
  stop: () => void;
}

/** Counts the page's script and style requests in flight, and when the last one started. */
function watchAssets(page: Page): AssetTraffic {
  const isAsset = (r: Request) => r.resourceType() === 'script' || r.resourceType() === 'stylesheet';
  const started = (r: Request) => {
    if (!isAsset(r)) return;
    traffic.inFlight += 1;
    traffic.lastStart = Date.now();
  };
  const done = (r: Request) => {
    if (isAsset(r)) traffic.inFlight -= 1;
  };
  const traffic: AssetTraffic = {
    inFlight: 0,
    lastStart: Date.now(),
    stop: () => {
      page.off('request', started);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    },
  };
  page.on('request', started);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return traffic;
}

/**
 * No script or style sheet in flight and none asked for in the last 700 ms (a chunk a screen loads
 * once its data is in comes within that), at most 5 s. Waiting for the network to rest instead cost
 * 5 s on every screen that polls, and the first loads are forty-odd.
 */
async function assetsSettled(page: Page, traffic: AssetTraffic): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline && (traffic.inFlight > 0 || Date.now() - traffic.lastStart < 700))
    await page.waitForTimeout(100);
}

/** Waits for the screen's title (every shell page has one); firstLoad then waits for its late chunks. */
export const shellReady: Ready = async (page) => {
  await page.getByTestId('page-title').waitFor({ timeout: 30_000 });
};

/** The size of a built file (null for anything not in the build). */
function builtSize(pathname: string): number | null {
  try {
    return statSync(path.join(WEB_DIST, pathname)).size;
  } catch {
    return null;
  }
}

/** The server sends a built asset's `.br` or `.gz` beside it when the browser takes that encoding. */
const ENCODED_SUFFIX: Record<string, string> = { br: '.br', gzip: '.gz', '': '' };

async function assetOf(request: Request): Promise<Asset | null> {
  const kind = request.resourceType();
  if (kind !== 'script' && kind !== 'stylesheet') return null;
  const response = await request.response();
  if (!response) return null;
  const [headers, sizes] = await Promise.all([response.allHeaders(), request.sizes()]);
  const pathname = new URL(request.url()).pathname;
  // The decoded size from the build on disk: asking Chromium for every body sent megabytes a screen
  // through the DevTools protocol.
  const decoded = builtSize(pathname) ?? (await response.body().catch(() => Buffer.alloc(0))).length;
  const encoding = headers['content-encoding'] ?? '';
  const suffix = ENCODED_SUFFIX[encoding];
  const received = sizes.responseBodySize;
  const wire = (suffix === undefined ? null : builtSize(pathname + suffix)) ?? received;
  return { path: pathname, kind, encoding, wire, received, decoded };
}

/** A context with nothing cached, as a first visitor's browser (signed in when given a storage state). */
function freshContext(browser: Browser, baseURL: string, storageState?: StorageState): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce', storageState });
}

/** Opens `path` in a fresh context (nothing cached; signed in when given a storage state). */
export async function firstLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: Ready,
  storageState?: StorageState,
): Promise<FirstLoad> {
  const context = await freshContext(browser, baseURL, storageState);
  try {
    return await measureLoad(await context.newPage(), path, ready);
  } finally {
    await context.close();
  }
}

/** Loads `path` in the page and lists what it received until the screen settled. */
export async function measureLoad(page: Page, path: string, ready: Ready): Promise<FirstLoad> {
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() === 'error') errors.push(m.text());
  };
  const onError = (e: Error) => errors.push(e.message);
  const finished: Promise<Asset | null>[] = [];
  // A request that finishes while the context closes (a poll after the screen was ready) cannot be
  // measured any more: it is not part of the first load, and must not surface as an unhandled error.
  const onFinished = (r: Request) => finished.push(assetOf(r).catch(() => null));
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('requestfinished', onFinished);
  const traffic = watchAssets(page);
  try {
    await page.goto(path);
    await ready(page);
    await assetsSettled(page, traffic);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('requestfinished', onFinished);
    traffic.stop();
  }
  const assets = (await Promise.all(finished)).filter((a): a is Asset => a !== null);
  return { path, assets, errors };
}

/** Kilobytes (1,024 bytes) of one kind, over the wire or decoded. */
export function kb(load: FirstLoad, kind: Asset['kind'], size: 'wire' | 'decoded' = 'wire'): number {
  return load.assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a[size], 0) / 1024;
}

/** The heaviest assets first: where the weight of a screen comes from. */
export function heaviest(load: FirstLoad, count = 8): string {
  return [...load.assets]
    .sort((a, b) => b.wire - a.wire)
    .slice(0, count)
    .map((a) => `  ${a.path} ${(a.wire / 1024).toFixed(1)} kB ${a.encoding || 'uncompressed'}`)
    .join('\n');
}

import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, signIn } from './chromium';

/**
 * What a screen costs on its first load: every script and style sheet a fresh browser (empty cache)
 * receives until the screen has settled, with the bytes that went over the wire (the encoded body
 * Chromium counted) and their size once decoded. Shared by e2e/bundle.test.ts (the budgets) and
 * bench/src/bundles.ts (the table in bench/RESULTS.md).
 */
export interface Asset {
  path: string;
  kind: 'script' | 'stylesheet';
  /** Content-Encoding of the answer ('' when sent as is). */
  encoding: string;
  /** Bytes received: the compressed body when compressed. */
  wire: number;
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

/** Waits for the screen's title (every shell page has one), then for its data and late chunks. */
export const shellReady: Ready = async (page) => {
  await page.getByTestId('page-title').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined); // a polling page never rests
};

async function assetOf(request: Request): Promise<Asset | null> {
  const kind = request.resourceType();
  if (kind !== 'script' && kind !== 'stylesheet') return null;
  const response = await request.response();
  if (!response) return null;
  const [headers, sizes, body] = await Promise.all([
    response.allHeaders(),
    request.sizes(),
    response.body().catch(() => Buffer.alloc(0)),
  ]);
  return {
    path: new URL(request.url()).pathname,
    kind,
    encoding: headers['content-encoding'] ?? '',
    wire: sizes.responseBodySize,
    decoded: body.length,
  };
}

/** Opens `path` in a fresh context (nothing cached; signed in when given a storage state). */
export async function firstLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: Ready,
  storageState?: StorageState,
): Promise<FirstLoad> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce', storageState });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const finished: Promise<Asset | null>[] = [];
    // A request that finishes while the context closes (a poll after the screen was ready) cannot be
    // measured any more: it is not part of the first load, and must not surface as an unhandled error.
    page.on('requestfinished', (r) => finished.push(assetOf(r).catch(() => null)));
    await page.goto(path);
    await ready(page);
    const assets = (await Promise.all(finished)).filter((a): a is Asset => a !== null);
    return { path, assets, errors };
  } finally {
    await context.close();
  }
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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAME_ORIGIN_MESSAGE } from '@reputo/core';
import { call, token } from './support/api';
import { baseURL, newPage, signInAt, useBrowser } from './support/browser';
import { watchViolations } from './support/csp';

useBrowser();

/** Opens a path, checks it is served under the CSP, and waits until the page has done its work. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.headers()['content-security-policy'], path).toContain("default-src 'self'");
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

/** A page on another origin (localhost rather than 127.0.0.1, another port) that frames an address. */
async function embeddingSite(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Portal</title><iframe id="app" src="${src.replace(/"/g, '&quot;')}" width="1200" height="800"></iframe>`,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

const sites: Server[] = [];
afterAll(() => {
  for (const s of sites) s.close();
});

describe('content security policy', () => {
  // The signed-in screens and the admin panel are watched for violations on screens.test.ts's walk.
  it('runs the sign-in page and /docs without a CSP violation', async () => {
    const page = await newPage();
    const violations = await watchViolations(page);
    await visit(page, '/signin');
    await visit(page, '/docs');
    await page.locator('.swagger-ui .info').waitFor();
    expect(violations).toEqual([]);
  });

  it("lets a company's own site frame its embedded view, and no other site", async () => {
    const allowed = await embeddingSite();
    const other = await embeddingSite();
    sites.push(allowed.server, other.server);
    const admin = await token('admin@reputo.test');
    await call(admin, 'PUT', '/v2/api/embed/settings', { frameAncestors: [allowed.origin] });
    const { auth_token } = await call<{ auth_token: string }>(admin, 'POST', '/v2/api/embed/token', { view: '2' });
    const src = encodeURIComponent(`${baseURL()}/reviews?auth_token=${encodeURIComponent(auth_token)}&view=2`);

    const page = await newPage();
    const violations = await watchViolations(page);
    await page.goto(`${allowed.origin}/?src=${src}`);
    // The app's document is in the frame (headless Chromium then denies a cross-site frame its
    // localStorage, so the test stops at the document rather than the rendered page).
    await page.frameLocator('#app').locator('#root').waitFor({ state: 'attached' });
    expect(violations.filter((v) => /frame-ancestors/.test(v))).toEqual([]);

    const blocked = await newPage();
    const refused = await watchViolations(blocked);
    await blocked.goto(`${other.origin}/?src=${src}`);
    await expect.poll(() => refused.some((v) => /frame-ancestors/.test(v))).toBe(true);
    expect(await blocked.frameLocator('#app').locator('#root').count()).toBe(0);
    await call(admin, 'PUT', '/v2/api/embed/settings', { frameAncestors: [] });
  });

  it('lets the Owner set the sites allowed to embed in the company wizard', async () => {
    const owner = await token('owner@reputo.test');
    const { client } = await call<{ client: number }>(await token('admin@reputo.test'), 'GET', '/v2/api/me');
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', `/admin_panel/companies/${client}/edit?step=apikey`);
    const field = page.getByLabel('Sites allowed to embed');
    await field.fill('https://portal.example.com/page');
    await field.press('Enter');
    await page.getByText(FRAME_ORIGIN_MESSAGE).waitFor();
    await page
      .locator(
        '[data-testid="frame-ancestors"] .ant-select-selection-item-remove, [data-testid="frame-ancestors"] .anticon-close',
      )
      .first()
      .click();
    await field.fill('https://portal.example.com');
    await field.press('Enter');
    await page.getByTestId('frame-ancestors-save').click();
    await expect
      .poll(
        async () =>
          (await call<{ frameAncestors: string[] }>(owner, 'GET', `/v2/api/admin/embed?client=${client}`))
            .frameAncestors,
      )
      .toEqual(['https://portal.example.com']);
    await call(owner, 'PATCH', '/v2/api/admin/embed', { client, frameAncestors: [] });
  });
});

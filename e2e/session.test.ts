import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_TEXT, MAINTENANCE_TITLE } from '@reputo/core';
import { DESKTOP, expectPath, newPage, PHONE, screenshot, signIn, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

useBrowser();

/**
 * Access tokens that expire after 8 s make the client meet 400 `expired` quickly. The refreshed
 * token must outlive the steps after the wait even on a slow machine: with 5 s, a poll refreshed at
 * the expiry and the next screen's calls met the next expiry too (two refreshes, both right).
 */
const ACCESS_TTL_SECONDS = 8;
const PAST_EXPIRY_MS = (ACCESS_TTL_SECONDS + 1) * 1000;

describe('token refresh', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_TTL: String(ACCESS_TTL_SECONDS), SEED_SCALE: '0.02' });
  });
  afterAll(async () => server?.stop());

  it('refreshes once on an expired token and retries the call', async () => {
    const page = await newPage(DESKTOP, server.url);
    await signIn(page, 'owner@reputo.test');
    // The landing page's calls settle first. (An Owner acting for no company is asked to choose one
    // and sends no company calls: before, their 403s made a refresh of their own, a second one when
    // `networkidle` came early on a slow machine.)
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => localStorage.getItem('reputo.user'));
    // Counted from here: a background call of the page (a poll) may meet the expiry during the wait
    // and refresh then; either way there is one refresh, and the next screen loads with its token.
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v2/oauth2/token')) refreshes.push(r.postData() ?? '');
    });
    // What made the client refresh, for the failure message: 400 `expired` or 403 answers.
    const refusals: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 400 || r.status() === 403)
        refusals.push(`${new Date().toISOString()} ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    await page.waitForTimeout(PAST_EXPIRY_MS);
    await page.getByTestId('side-nav').getByText('Admin panel').click();
    await page.getByTestId('side-nav').getByText('Companies').click();
    await page.getByTestId('company-name').first().waitFor();
    expect(refreshes.length, refusals.join('\n')).toBe(1);
    expect(refreshes[0]).toContain('refresh_token');
    expect(await page.evaluate(() => localStorage.getItem('reputo.user'))).not.toBe(before);
  });

  it('goes to sign-in when the refresh fails, and comes back after signing in', async () => {
    const page = await newPage(DESKTOP, server.url);
    await signIn(page, 'owner@reputo.test');
    // The session is ended on the server (its refresh-token family revoked), as a sign-out on another
    // device would. Editing the stored token would not do: the live page rotates and rewrites it.
    const refreshToken = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('reputo.user') ?? '{}') as { refresh_token?: string }).refresh_token,
    );
    const revoked = await fetch(`${server.url}/v2/oauth2/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: 'reputo-web', client_secret: 'reputo-web-secret', token: refreshToken }),
    });
    expect(revoked.status).toBe(200);
    await page.waitForTimeout(PAST_EXPIRY_MS);
    await page.goto('/admin_panel/partners');
    await expectPath(page, '/signin');
    expect(await page.evaluate(() => localStorage.getItem('reputo.user'))).toBeNull();
    await signIn(page, 'owner@reputo.test');
    await expectPath(page, '/admin_panel/partners');
  });
});

describe('maintenance', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ MAINTENANCE: 'true', SEED_SCALE: '0.02' });
  });
  afterAll(async () => server?.stop());

  it('shows the maintenance page on every route', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size, server.url);
      for (const path of ['/signin', '/reviews']) {
        await page.goto(path);
        await page.getByRole('heading', { name: MAINTENANCE_TITLE }).waitFor();
        await page.getByText(MAINTENANCE_TEXT).waitFor();
      }
      await screenshot(page, 'maintenance');
    }
  });
});

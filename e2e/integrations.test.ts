import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, token } from './support/api';
import { baseURL, newPage, PHONE, screenshot, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
const PATH = '/settings/other/thirdPartyLogin';

interface Located {
  locationId: number;
  title: string;
  google: { id: string; lastSyncAt: string | null } | null;
}

async function connectedLocations(): Promise<Located[]> {
  const admin = await token(ADMIN);
  return (await call<{ locations: Located[] }>(admin, 'GET', '/v2/api/admin/connectedLocations')).locations;
}

/**
 * Connecting Google in the demo (DEMO_MODE serves a fake Google): the consent page sends the browser
 * back, locations are mapped by name, synced by the server's job runner, one more is mapped by hand,
 * and "Sync now" queues the syncs.
 */
describe('integrations (Settings > Other > Third-party login)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage({ width: 1366, height: 900 });
    await signIn(page, ADMIN);
  });

  it('connects Google through the consent page, maps locations, shows freshness, and syncs now', async () => {
    // A clean start (also for the retry of a failed try): Google not connected.
    await call(await token(ADMIN), 'DELETE', '/v2/api/admin/googleOAuth');
    await page.goto(PATH);
    const googleCard = page.getByTestId('integration-google');
    await googleCard.getByText('Not connected').waitFor();

    await page.getByTestId('connect-google').click();
    // The fake Google's consent page, then back to our page.
    await page.locator('#approve').click();
    await page.waitForURL((u) => u.pathname === PATH && u.origin === new URL(baseURL()).origin);
    await page.getByText(/Google connected; \d+ location\(s\) mapped automatically/).waitFor();
    await googleCard.getByText('Connected', { exact: true }).waitFor();

    // The server's job runner syncs the mapped locations: freshness appears.
    await expect
      .poll(async () => (await connectedLocations()).filter((l) => l.google?.lastSyncAt).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('freshness').first().waitFor();
    expect(await page.getByText(/Last sync: \w+/).count()).toBeGreaterThan(0);

    // Map one location by hand to the Google location that matched nothing.
    // (The table lists mapped locations first, 20 a page: pick an unmapped one on the first page.)
    const all = await connectedLocations();
    const free = [...all.filter((l) => l.google), ...all.filter((l) => !l.google)].slice(0, 20).find((l) => !l.google);
    expect(free).toBeDefined();
    await page.getByTestId(`map-google-${free!.locationId}`).click();
    // The option list is virtual: search narrows it to the one wanted.
    await page.keyboard.type('New branch');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'New branch' })
      .first()
      .click();
    await page.getByText('Mapping saved; the location syncs now.').waitFor();
    await expect
      .poll(async () => (await connectedLocations()).find((l) => l.locationId === free!.locationId)?.google?.id)
      .toMatch(/D-new$/);

    await page.getByTestId('sync-now').click();
    await page.getByText(/Sync queued for \d+ location\(s\)\./).waitFor();

    await screenshot(page, 'integrations', { fullPage: true });
    const phone = await newPage(PHONE);
    await signInAt(phone, ADMIN, PATH);
    await phone.getByTestId('integration-google').getByText('Connected', { exact: true }).waitFor();
    await screenshot(phone, 'integrations', { fullPage: true });
  });
});

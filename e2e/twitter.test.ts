import { beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, token } from './support/api';
import { baseURL, DESKTOP, newPage, PHONE, screenshot, signIn, useBrowser } from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
const PATH = '/settings/other/thirdPartyLogin';

/**
 * Connecting X (Twitter) in the demo (DEMO_MODE serves a fake Twitter API): Twitter's authorization
 * page sends the browser back with oauth_token and oauth_verifier, the page completes the connection
 * (the fake checks the webhook by CRC against this server), and disconnecting ends it.
 */
describe('X (Twitter) on Settings > Other > Third-party login', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(DESKTOP);
    await signIn(page, ADMIN);
  });

  it('connects through Twitter’s authorization page and disconnects', async () => {
    // A clean start (also for the retry of a failed try).
    await call(await token(ADMIN), 'DELETE', '/v2/api/twitter');
    await page.goto(PATH);
    const card = page.getByTestId('integration-twitter');
    await card.getByText('Not connected').waitFor();

    await page.getByTestId('connect-twitter').click();
    await page.locator('#allow').click();
    await page.waitForURL((u) => u.pathname === PATH && u.origin === new URL(baseURL()).origin);
    await page.getByText('X (Twitter) connected as @reputo_cafe.').waitFor();
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('@reputo_cafe · mentions and Direct Messages arrive in').waitFor();
    // The webhook passed the fake's CRC check and the account is subscribed: no warning on the card.
    if (await card.getByTestId('twitter-problem').count()) throw new Error(await card.innerText());
    await screenshot(page, 'twitter-integrations', { fullPage: true });
    await page.setViewportSize(PHONE);
    await screenshot(card, 'twitter-card');
    await page.setViewportSize(DESKTOP);

    await page.getByTestId('disconnect-twitter').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('X (Twitter) disconnected. Its conversations stay in Messages.').waitFor();
    await card.getByText('Not connected').waitFor();
  });
});

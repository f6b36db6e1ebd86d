import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { newPage, pageTitle, PHONE, screenshot, useBrowser } from './support/browser';

useBrowser();

async function embedToken(view: '2' | '3'): Promise<string> {
  const admin = await token('admin@reputo.test');
  return (await call<{ auth_token: string }>(admin, 'POST', '/v2/api/embed/token', { view })).auth_token;
}

describe('embedded mode', () => {
  it('opens /reviews with an auth_token and view, without sidebar or header', async () => {
    const t = await embedToken('2');
    for (const size of [undefined, PHONE]) {
      const page = await newPage(size);
      await page.goto(`/reviews?auth_token=${encodeURIComponent(t)}&view=2`);
      expect(await pageTitle(page)).toBe('Reviews');
      await page.getByTestId('embedded').waitFor();
      expect(await page.getByTestId('sider').count()).toBe(0);
      expect(await page.getByTestId('embed-header').count()).toBe(0);
      await screenshot(page, 'embed-reviews');
    }
  });

  it('reads a base64 state with auth_token, view and locations, and shows the header off /reviews', async () => {
    const t = await embedToken('3');
    const state = Buffer.from(JSON.stringify({ auth_token: t, view: '3', locations: [1, 2] })).toString('base64');
    const page = await newPage();
    await page.goto(`/reporting/overview?state=${encodeURIComponent(state)}`);
    expect(await pageTitle(page)).toBe('Overview');
    await page.getByTestId('embed-header').waitFor();
    // Inside the iframe the token stays for the tab, so a link without the query still works.
    await page.goto('/reviews');
    expect(await pageTitle(page)).toBe('Reviews');
  });

  it('applies the theme colours with dark or colour, and removes the theme otherwise', async () => {
    const t = await embedToken('2');
    const page = await newPage();
    await page.goto(
      `/reviews?auth_token=${encodeURIComponent(t)}&view=2&dark&background=101828&font=e5e7eb&buttonBackground=22c55e&buttonFont=ffffff&buttonHover=16a34a&backgroundFont=f8fafc`,
    );
    await pageTitle(page);
    expect(await page.evaluate(() => document.body.className)).toContain('theme-dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--embed-btn-bg').trim())).toBe(
      '#22c55e',
    );
    await screenshot(page, 'embed-dark');
    await page.goto(`/reviews?auth_token=${encodeURIComponent(t)}&view=2&colour&background=fef3c7`);
    await pageTitle(page);
    expect(await page.evaluate(() => document.body.classList.contains('theme-iframe'))).toBe(true);
    expect(await page.evaluate(() => document.body.classList.contains('theme-dark'))).toBe(false);
    await page.goto(`/reviews?auth_token=${encodeURIComponent(t)}&view=2&background=fef3c7`);
    await pageTitle(page);
    expect(await page.evaluate(() => document.body.className)).not.toContain('theme-');
  });

  const denials: [string, string][] = [
    ['/settings/other/thirdPartyLogin?view=2', 'Authentication required'],
    ['/reviews?auth_token=abc&view=7', 'Invalid view mode'],
    ['/reviews?auth_token=abc', 'Invalid view mode'],
    ['/dashboard?auth_token=abc&view=2', 'Route is not accessible in iframe mode'],
    ['/reporting/trends?auth_token=abc&view=3', 'Route is not accessible in iframe mode'],
  ];
  it.each(denials)('denies %s with "%s"', async (url, reason) => {
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText(reason, { exact: true }).waitFor();
    if (reason === 'Route is not accessible in iframe mode') await screenshot(page, 'embed-denied');
  });
});

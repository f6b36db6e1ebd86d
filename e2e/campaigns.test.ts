import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, newPage, PHONE, screenshot, sidewaysScroll, signInAt, useBrowser } from './support/browser';
import { call, token } from './support/api';
import { accessibilityViolations } from './support/axe';

useBrowser();

interface Recipients {
  data: { address: string; state: string; stage: string | null }[];
  total: number;
}

describe('feedback campaigns', () => {
  it('creates and sends a small email campaign, then shows each recipient state and the funnel', async () => {
    const name = `E2E invite ${Date.now()}`;
    const page = await newPage(DESKTOP);
    await signInAt(page, 'admin@reputo.test', '/feedback/campaigns');
    await page.getByTestId('page-title').filter({ hasText: 'Campaigns' }).waitFor();
    // The demo's past campaigns are listed with their rates.
    await page.getByText('Weekend diners – email').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByTestId('campaign-new').click();
    await page.getByTestId('campaign-name').fill(name);
    // The preview counts who will be asked; the demo's contacts asked in the last 30 days are not.
    const preview = page.getByTestId('campaign-preview');
    await expect.poll(async () => (await preview.innerText()).includes('…')).toBe(false);
    const eligible = Number(
      (await preview.locator('.ant-statistic-content-value').first().innerText()).replace(/\D/g, ''),
    );
    expect(eligible).toBeGreaterThan(0);
    await page.getByTestId('campaign-save').click();

    // The detail page follows the sending until it is done.
    await page.waitForURL(/\/feedback\/campaigns\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('campaign-detail-status').filter({ hasText: 'Sent' }).waitFor({ timeout: 30_000 });
    const admin = await token('admin@reputo.test');
    const sent = await call<Recipients>(
      admin,
      'GET',
      `/v2/api/feedback/campaigns/${id}/recipients?state=sent&per_page=100`,
    );
    expect(sent.total).toBe(eligible);

    // A recipient opens the mail (its pixel) and clicks the link: the table shows where each got to.
    const [first, second] = sent.data;
    const tokenOf = async (address: string) => {
      const owner = await token('owner@reputo.test');
      const { data } = await call<{ data: { links: string[] }[] }>(
        owner,
        'GET',
        `/v2/api/admin/outbox?to=${encodeURIComponent(address)}`,
      );
      return data[0]!.links[0]!.split('/u/')[1]!;
    };
    expect((await fetch(`${baseURL()}/o/${await tokenOf(first!.address)}.gif`)).headers.get('content-type')).toBe(
      'image/gif',
    );
    const click = await fetch(`${baseURL()}/c/${await tokenOf(second!.address)}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toMatch(/\/f\/[A-Z2-9]+\?r=[0-9a-f]{32}$/);

    await page.reload();
    await page.getByTestId('recipient-filter').click();
    await page.locator('.ant-select-item-option[title="Opened"]').click();
    const table = page.getByTestId('recipients-table');
    await table.getByText(first!.address).waitFor();
    await table.getByText(second!.address).waitFor();
    await expect
      .poll(async () => (await table.getByTestId('recipient-stage').allInnerTexts()).sort())
      .toEqual(['Clicked', 'Opened']);
    await page.getByTestId('funnel-clicked').getByText('1').waitFor();
    await screenshot(page, 'campaign-detail');
    expect(await accessibilityViolations(page)).toEqual([]);

    // Skipped recipients say why.
    await page.getByTestId('recipient-filter').click();
    await page.locator('.ant-select-item-option[title="Skipped"]').click();
    await table.getByText('Asked recently (repeat guard)').first().waitFor();

    // The list shows the new campaign, sent, on a phone too.
    const phone = await newPage(PHONE);
    await signInAt(phone, 'admin@reputo.test', '/feedback/campaigns');
    await phone.getByText(name).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    await screenshot(phone, 'campaigns-list');
  });
});

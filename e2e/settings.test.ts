import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, mailedLink, token, uniqueEmail } from './support/api';
import {
  DESKTOP,
  expectPath,
  newPage,
  pageTitle,
  PHONE,
  screenshot,
  signIn,
  signInAt,
  useBrowser,
} from './support/browser';

useBrowser();

async function settingsItems(page: Page): Promise<string[]> {
  await page.getByTestId('side-nav').getByText('Settings').click();
  await page.getByTestId('side-nav').getByText('Notifications', { exact: true }).waitFor();
  return page.locator('[data-testid="side-nav"] .ant-menu-submenu-open .ant-menu-item').allInnerTexts();
}

async function antSelect(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  // A single select closes on choosing; an Escape now would close the dialog around it.
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

describe('locations', () => {
  it('adds a location with a checked source address and finds it in the list', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/settings/locations');
    expect(await pageTitle(page)).toBe('Locations');
    await page
      .getByTestId('location-limit')
      .getByText(/\d+ of \d+ locations in your package/)
      .waitFor();
    await page.getByTestId('location-title').first().waitFor();
    await screenshot(page, 'settings-locations');

    const name = `Saffron Test Kitchen ${Date.now() % 100000}`;
    await page.getByTestId('location-add').click();
    await page.locator('#location_title').fill(name);
    await page.locator('#location_locationId').fill(`E2E-${Date.now() % 100000}`);
    await page.locator('#location_address').fill('Al Wasl Road 12');
    await page.locator('#location_sourceUrls_google').fill('https://example.com/not-google');
    await page.getByTestId('location-save').click();
    await page.getByText('Please enter a valid Google address.').waitFor();
    await screenshot(page, 'settings-location-drawer');
    await page.locator('#location_sourceUrls_google').fill('https://www.google.com/maps?cid=98765432101234');
    await page.getByTestId('location-save').click();
    await page.getByText(`${name} added.`).waitFor();

    await page.getByTestId('location-search').locator('input').fill(name);
    await page.getByTestId('location-search').locator('input').press('Enter');
    await page.getByTestId('location-title').filter({ hasText: name }).waitFor();
    expect(await page.getByTestId('location-title').count()).toBe(1);

    const admin = await token('admin@reputo.test');
    const found = await call<{ data: { title: string; sourceUrls: Record<string, string> }[] }>(
      admin,
      'GET',
      `/v2/api/locations?search=${encodeURIComponent(name)}`,
    );
    expect(found.data[0]).toMatchObject({
      title: name,
      sourceUrls: { google: 'https://www.google.com/maps?cid=98765432101234' },
    });
  });

  it('uploads a file with a wrong row: nothing is imported and every wrong row is listed', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/settings/locations');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Location name (required)').waitFor();
    const csv = [
      'Location name,Location ID,Google URL',
      'Saffron Upload One,UP-1,https://www.google.com/maps?cid=1',
      ' Leading space,UP-2,https://bing.com/x',
    ].join('\n');
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'locations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('upload-submit').click();
    await page.getByText('1 row has a problem; nothing was imported. Fix it and upload the file again.').waitFor();
    await page
      .getByTestId('upload-report')
      .getByText('Row 3: Location name: The field cannot start with a space!')
      .waitFor();
    await page.getByTestId('upload-report').getByText('Row 3: Please enter a valid Google address.').waitFor();
    await screenshot(page, 'settings-locations-upload');
    const admin = await token('admin@reputo.test');
    expect((await call<{ total: number }>(admin, 'GET', '/v2/api/locations?search=Saffron%20Upload%20One')).total).toBe(
      0,
    );
  });

  it('looks finished on a phone', async () => {
    const page = await newPage(PHONE);
    await signInAt(page, 'manager@reputo.test', '/settings/locations');
    await page.getByTestId('location-title').first().waitFor();
    await screenshot(page, 'settings-locations');
  });
});

describe('team access', () => {
  it('invites a member limited to one location, who accepts in a second browser and sees only the notifications settings', async () => {
    const email = uniqueEmail('invitee');
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/settings/team_access');
    await page.getByText('Invite member').click();
    await page.locator('#invite_email').fill(email);
    await page.locator('#invite_firstName').fill('Dana');
    await page.locator('#invite_lastName').fill('Test');
    await antSelect(page, 'member-role', 'Responder');
    await page
      .getByTestId('member-scope')
      .getByText(/Only some/)
      .click();
    await page.getByTestId('member-locations').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'settings-invite');
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    await screenshot(page, 'settings-team');

    const link = await mailedLink(email, '/invitation/');
    const invitee = await newPage();
    await invitee.goto(link);
    await invitee.getByText(/Dana/).first().waitFor();
    await invitee.locator('#invitation_password').fill('dana-pass-1');
    await invitee.locator('#invitation_confirm').fill('dana-pass-1');
    await invitee.getByRole('button', { name: 'Confirm password' }).click();
    await expectPath(invitee, '/signin');
    await signIn(invitee, email, 'dana-pass-1');
    await expectPath(invitee, '/reviews');
    expect(await settingsItems(invitee)).toEqual(['Notifications']);

    // The member's view is limited to the one location on the API too.
    const member = await token(email, 'dana-pass-1');
    const short = await call<{ locations: unknown[] }>(member, 'GET', '/v2/api/locations/shortinfo');
    expect(short.locations).toHaveLength(1);
    await page.reload();
    await page.getByText(email, { exact: true }).waitFor();
    const row = page.locator('tr', { hasText: email });
    await row.getByText('Active').waitFor();
    await row.getByText('1 location').waitFor();
  });

  it('hides the full settings from an Analyst and sends them back from the pages', async () => {
    const page = await newPage();
    await signIn(page, 'analyst@reputo.test');
    expect(await settingsItems(page)).toEqual(['Notifications']);
    await page.goto('/settings/locations');
    await expectPath(page, '/reviews');
  });
});

describe('notifications', () => {
  it('changes the notification choices and keeps them', async () => {
    const page = await newPage();
    await signInAt(page, 'responder@reputo.test', '/settings/notifications');
    expect(await pageTitle(page)).toBe('Notifications');
    const toggle = page.getByTestId('notify-enabled');
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await page.getByTestId('delivery-daily').click();
    for (const stars of ['5 ★', '4 ★', '3 ★']) await page.getByLabel(stars).uncheck();
    await page.getByTestId('notify-save').click();
    await page.getByText('Notification settings saved.').waitFor();
    await page
      .getByTestId('notify-summary')
      .getByText(/Daily digest/)
      .waitFor();
    await screenshot(page, 'settings-notifications');

    await page.reload();
    await page.getByTestId('delivery-daily').waitFor();
    expect(await page.getByLabel('5 ★').isChecked()).toBe(false);
    expect(await page.getByLabel('1 ★').isChecked()).toBe(true);
    const saved = await call<{ enabled: boolean; delivery: string; ratings: number[] }>(
      await token('responder@reputo.test'),
      'GET',
      '/v2/api/notifications/reviews',
    );
    expect(saved).toMatchObject({ enabled: true, delivery: 'daily', ratings: [1, 2] });

    const phone = await newPage(PHONE);
    await signInAt(phone, 'responder@reputo.test', '/settings/notifications');
    await phone.getByTestId('delivery-daily').waitFor();
    await screenshot(phone, 'settings-notifications');
  });
});

describe('review categories and response settings', () => {
  it('creates a category and uses it on a review', async () => {
    const title = `Parking ${Date.now() % 100000}`;
    const page = await newPage();
    await signInAt(page, 'manager@reputo.test', '/settings/other/reviewCategories');
    expect(await pageTitle(page)).toBe('Review Categories');
    await page.getByTestId('category-add').click();
    await page.locator('#category_title').fill(' leading');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The field cannot start with a space!').waitFor();
    await page.locator('#category_title').fill(title);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('category').filter({ hasText: title }).waitFor();
    await screenshot(page, 'settings-categories');

    await page.goto('/reviews');
    const card = page.locator('article[data-testid^="review-"]').first();
    await card.waitFor();
    const reviewId = Number((await card.getAttribute('data-testid'))!.replace('review-', ''));
    await card.getByTestId('categories-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title }).click();
    await page.keyboard.press('Escape');
    await card.locator('.ant-tag', { hasText: title }).waitFor();
    const manager = await token('manager@reputo.test');
    const categories = await call<{ categories: { id: number; title: string }[] }>(
      manager,
      'GET',
      '/v2/api/reviewCategory',
    );
    const created = categories.categories.find((c) => c.title === title)!;
    const review = await call<{ review_categories: number[] }>(manager, 'GET', `/v2/api/reviews/${reviewId}`);
    expect(review.review_categories).toContain(created.id);
  });

  it("shows a category renamed in Settings in the reviews screen's filter at once, without a reload", async () => {
    const suffix = Date.now() % 100000;
    const manager = await token('manager@reputo.test');
    await call(manager, 'POST', '/v2/api/reviewCategory', { title: `Valet ${suffix}` });
    const page = await newPage(DESKTOP);
    await signInAt(page, 'manager@reputo.test', '/reviews');
    const filterOption = (title: string) =>
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: title });
    // Typing narrows the list (it is virtual: among many categories an option may not be drawn).
    const openFilter = async () => {
      await page.getByTestId('category-filter').click();
      await page.keyboard.type(String(suffix));
    };
    await openFilter();
    await filterOption(`Valet ${suffix}`).waitFor();
    await page.keyboard.press('Escape');

    // In-app navigation (the router's history), so the page and its query cache stay.
    const navigate = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await navigate('/settings/other/reviewCategories');
    await page.getByRole('button', { name: `Edit Valet ${suffix}` }).click();
    await page.locator('#category_title').fill(`Valet Parking ${suffix}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Valet Parking ${suffix} saved.`).waitFor();

    await navigate('/reviews');
    await openFilter();
    await filterOption(`Valet Parking ${suffix}`).waitFor();
    expect(await filterOption(`Valet ${suffix}`).count()).toBe(0);
  });

  it('opens the response settings on Other and moves a region between the groups when its language changes', async () => {
    const page = await newPage(DESKTOP);
    await signInAt(page, 'admin@reputo.test', '/settings/response');
    expect(await pageTitle(page)).toBe('Response');
    await page.locator('.ant-tabs-tab-active', { hasText: 'Other' }).waitFor();
    const without = page.getByTestId('regions-without');
    await without.locator('.st-region').first().waitFor();
    const region = without.locator('.st-region').first();
    const id = (await region.getAttribute('data-testid'))!;
    await region.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'French' }).click();
    await page.getByTestId('regions-with').getByTestId(id).waitFor();
    await screenshot(page, 'settings-response-regions');
    // Back to following each review's language.
    const select = page.getByTestId('regions-with').getByTestId(id).locator('.ant-select');
    await select.hover();
    await select.locator('.ant-select-clear').click();
    await page.getByTestId('regions-without').getByTestId(id).waitFor();

    await page.getByRole('tab', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Add template' }).waitFor();
    await screenshot(page, 'settings-response-templates');
    await page.getByRole('tab', { name: 'Auto-response' }).click();
    await page.getByText('Excluded keywords').waitFor();
    await screenshot(page, 'settings-response-autoresponse');
    await page.getByRole('tab', { name: 'Translation' }).click();
    await page.getByText('Translate reviews and messages into').waitFor();
    await screenshot(page, 'settings-response-translation');
    await page.getByRole('tab', { name: 'Response rate' }).click();
    await page.getByRole('button', { name: 'Save target' }).waitFor();
    await screenshot(page, 'settings-response-rate');
  });
});

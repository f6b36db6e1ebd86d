import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { call, token } from './support/api';
import {
  baseURL,
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

/** A 1x1 PNG (the oversized upload starts with it) and a drawn brand logo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#e11d48"/>' +
    '<path d="M14 40h36l-4 8H18z" fill="#fff"/><circle cx="32" cy="26" r="11" fill="#fde68a"/></svg>',
);
const EXIT = 'Are you sure you want to exit, any changes made will not be saved';

/** Picks an option of an antd Select whose input has this id (a Form.Item name) or which carries this test id. */
async function pick(page: Page, target: string, option: string): Promise<void> {
  const select = target.startsWith('#')
    ? page.locator('.ant-select').filter({ has: page.locator(target) })
    : page.getByTestId(target);
  await select.click();
  const input = select.locator('input');
  if (await input.isEditable().catch(() => false)) await input.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** The open confirmation dialog with this question. */
function confirmDialog(page: Page, text: string) {
  return page.locator('.ant-modal-confirm').filter({ hasText: text }).last();
}

async function titleIs(page: Page, text: string): Promise<void> {
  await expect.poll(() => pageTitle(page), { timeout: 15_000 }).toBe(text);
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message, .ant-notification').getByText(text, { exact: true }).first().waitFor();
}

async function sheet(download: Download, name: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('company wizard', () => {
  it('creates a company through every step with the spec messages, a brand with a logo, a Free trial and the API key copy', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies');
    await page.getByTestId('new-company').click();
    await expectPath(page, '/admin_panel/companies/new');
    await titleIs(page, 'Company settings');

    // Information: every required field answers with the spec's message.
    await page.getByTestId('wizard-next').click();
    for (const text of [
      'Missing company name!',
      'Missing company type!',
      'Missing address!',
      'Missing city!',
      'Missing state!',
      'Missing country!',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await screenshot(page, 'admin-company-information-errors');
    const name = `E2E Bistro ${Date.now() % 100000}`;
    await page.locator('#company_name').fill(' ');
    await page.getByText('The field cannot be empty or contain only spaces!').waitFor();
    await page.locator('#company_name').fill(name);
    await pick(page, '#type', 'Restaurants');
    await page.locator('#address1').fill('12 Marina Walk');
    await page.locator('#city').fill(' Dubai');
    await page.getByText('The field cannot start with a space!').waitFor();
    await page.locator('#city').fill('Dubai');
    await page.locator('#state').fill('Dubai');
    await pick(page, '#country', 'United Arab Emirates');
    await page.locator('#zip').fill('12a');
    await page.getByText('Zip code should contain digits only!').waitFor();
    await page.locator('#zip').fill('');
    // A new company starts Inactive.
    await page
      .locator('.ant-select')
      .filter({ has: page.locator('#status') })
      .getByText('Inactive')
      .waitFor();
    await page.getByTestId('wizard-next').click();
    await toast(page, 'Company successfully created');
    await page.waitForURL(/\/admin_panel\/companies\/\d+\/edit\?step=sources/);
    const companyId = Number(/companies\/(\d+)\/edit/.exec(page.url())![1]);
    await titleIs(page, `Company ${name} settings`);

    // Sources: the defaults of the type, four competitor sources at most, addresses checked.
    for (const s of ['google', 'facebook', 'foursquare', 'zomato', 'tripadvisor', 'talabat']) {
      expect(await page.getByTestId(`source-${s}`).locator('input[type=checkbox]').isChecked()).toBe(true);
    }
    for (const s of ['google', 'facebook', 'zomato', 'tripadvisor'])
      await page.getByTestId(`competitor-${s}`).locator('input').check();
    expect(await page.getByTestId('competitor-talabat').locator('input').isDisabled()).toBe(true);
    await page
      .getByTestId('competitor-limit')
      .getByText("You can't select more than 4 sources for competitors.")
      .waitFor();
    await page.getByTestId('competitor-talabat').hover();
    await page.locator('.ant-tooltip').getByText("You can't select more than 4 sources for competitors.").waitFor();
    expect(await page.getByTestId('competitor-feedback').count()).toBe(0);
    await page.getByTestId('source-url-tripadvisor').fill('https://tripadvisor.com.evil.io/x');
    await page.getByTestId('wizard-next').click();
    await page.getByText('Please enter a valid TripAdvisor address.').waitFor();
    await screenshot(page, 'admin-company-sources');
    await page
      .getByTestId('source-url-tripadvisor')
      .fill('https://www.tripadvisor.com/Restaurant_Review-g295424-d1-E2E_Bistro.html');
    await page.getByTestId('wizard-next').click();
    await toast(page, 'Company sources successfully updated.');
    await page.waitForURL(/step=brands/);
    await page.getByTestId('add-brand').waitFor();

    // Brands: add one with regions and a logo (the logo goes up after the brand is saved).
    await page.getByTestId('add-brand').click();
    expect(await page.getByTestId('brand-form-title').textContent()).toBe('Add brand');
    await page.getByTestId('brand-title').fill('Bistro Grill');
    await page.getByTestId('brand-regions').locator('input').fill('Dubai, Abu Dhabi,');
    await page
      .locator('.brand-form input[type=file]')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: LOGO_SVG });
    await page.getByTestId('logo-preview').locator('img').waitFor();
    await screenshot(page, 'admin-brand-form');
    await page.getByTestId('brand-save').click();
    const row = page.locator('tr', { has: page.getByTestId('brand-row-title').filter({ hasText: 'Bistro Grill' }) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Abu Dhabi, Dubai');
    await row.locator('img.brand-logo').waitFor();
    await expect
      .poll(() => row.locator('img.brand-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await screenshot(page, 'admin-company-brands');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/step=packages/);
    await page.getByTestId('packages').waitFor();

    // Packages: a fixed package starts today; the switch panel shows Review Filter & Search locked on.
    const owner = await token('owner@reputo.test');
    const today = new Date().toISOString().slice(0, 10);
    await page.getByTestId('package-business').click();
    await page.getByTestId('package-change-date').getByText(today.replace(/-/g, '/')).waitFor();
    expect(await page.getByTestId('package-custom').isDisabled()).toBe(true);
    expect(await page.getByTestId('feature-reviewFilterSearch').isDisabled()).toBe(true);
    await page.getByTestId('wizard-next').click();
    await toast(page, 'Company successfully updated');
    await page.waitForURL(/step=apikey/);
    await page.getByTestId('api-key').waitFor();
    expect((await call<{ package: string }>(owner, 'GET', `/v2/api/admin/companies/${companyId}`)).package).toBe(
      'Business',
    );

    // API key: copied with the spec's message.
    const { accessToken } = await call<{ accessToken: string }>(owner, 'GET', `/v2/api/admin/companies/${companyId}`);
    await page.getByTestId('api-key-copy').click();
    await toast(page, 'The API key has been copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accessToken);
    await screenshot(page, 'admin-company-apikey');

    // Back goes in reverse (the Owner has no locations step): a Free trial runs 30 days from today.
    await page.getByTestId('wizard-back').click();
    await page.waitForURL(/step=packages/);
    await page.getByTestId('packages').waitFor();
    await page.getByTestId('package-free-trial').click();
    const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('package-change-date').getByText(expiry.replace(/-/g, '/')).waitFor();
    await screenshot(page, 'admin-company-packages');
    await page.getByTestId('wizard-next').click();
    await toast(page, 'Company successfully updated');
    await page.waitForURL(/step=apikey/);
    await page.getByTestId('api-key').waitFor();
    expect(
      await call<{ package: string; packageChangeDate: string }>(owner, 'GET', `/v2/api/admin/companies/${companyId}`),
    ).toMatchObject({ package: 'Free trial', packageChangeDate: expiry });

    // A feature switched by hand makes the package Custom.
    await page.getByTestId('wizard-back').click();
    await page.waitForURL(/step=packages/);
    await page.getByTestId('packages').waitFor();
    await page.getByTestId('feature-messaging').click();
    await page.locator('[data-testid="package-custom"].on').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/step=apikey/);
    await page.getByTestId('api-key').waitFor();
    expect(
      (await call<{ package: string; features: string[] }>(owner, 'GET', `/v2/api/admin/companies/${companyId}`))
        .package,
    ).toBe('Custom');
    await page.getByTestId('wizard-next').click();
    await expectPath(page, '/admin_panel/companies');
    // Leave the shared demo data as other browser tests expect it.
    await call(owner, 'DELETE', `/v2/api/admin/companies/${companyId}`);
  }, 180_000);

  it('asks before leaving with the exit question, and before going back from a changed brand', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies');
    await page.getByTestId('new-company').click();
    await page.locator('#company_name').fill('Half done');
    // The browser's back button asks too, and the answer No keeps the page with what was typed.
    await page.evaluate(() => window.history.back());
    await confirmDialog(page, EXIT).waitFor();
    await confirmDialog(page, EXIT).getByRole('button', { name: 'No' }).click();
    await expectPath(page, '/admin_panel/companies/new');
    expect(await page.locator('#company_name').inputValue()).toBe('Half done');
    await page.getByTestId('wizard-exit').click();
    await confirmDialog(page, EXIT).waitFor();
    await screenshot(page, 'admin-wizard-exit');
    await confirmDialog(page, EXIT).getByRole('button', { name: 'No' }).click();
    await expectPath(page, '/admin_panel/companies/new');
    // The sidebar asks too while the step has changes.
    const partnersLink = page.getByTestId('side-nav').getByText('Partners', { exact: true });
    if (!(await partnersLink.isVisible())) await page.getByTestId('side-nav').getByText('Admin panel').click();
    await partnersLink.click();
    await confirmDialog(page, EXIT).waitFor();
    expect(await page.locator('.ant-modal-confirm').filter({ hasText: EXIT }).count()).toBe(1);
    await confirmDialog(page, EXIT).getByRole('button', { name: 'Yes' }).click();
    await expectPath(page, '/admin_panel/partners');

    const owner = await token('owner@reputo.test');
    const { data } = await call<{ data: { id: number; company_name: string }[] }>(
      owner,
      'GET',
      '/v2/api/admin/companies?search=Saffron',
    );
    await page.goto(`/admin_panel/companies/${data[0]!.id}/edit?step=brands`);
    await page.getByTestId('add-brand').click();
    await page.getByTestId('brand-title').fill('Unsaved brand');
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_881 - PNG.length)]);
    await page
      .locator('.brand-form input[type=file]')
      .setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await page.getByText('Uploaded file is too big. Image size should not exceed 5Mb!').waitFor();
    await screenshot(page, 'admin-brand-too-big');
    await page.getByTestId('brand-back').click();
    await confirmDialog(page, "Changes aren't saved. Are you sure you want to go back?").waitFor();
    await confirmDialog(page, "Changes aren't saved. Are you sure you want to go back?")
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByTestId('add-brand').waitFor();
    // Delete asks with the spec's question.
    await page.locator('[data-testid^="remove-brand-"]').first().click();
    await page.locator('.ant-popconfirm').getByText('Are you sure to delete brand?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'No' }).click();
  }, 120_000);

  it('shows the Locations step to a Partner and hides the feature switches; the brand form is vertical on a phone', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'partner@reputo.test');
    const partner = await token('partner@reputo.test');
    const { data } = await call<{ data: { id: number }[] }>(partner, 'GET', '/v2/api/admin/companies');
    await page.goto(`/admin_panel/companies/${data[0]!.id}/edit?step=packages`);
    await page.getByTestId('packages').waitFor();
    expect(await page.getByTestId('feature-switches').count()).toBe(0);
    await screenshot(page, 'admin-company-packages-partner');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/step=locations/);
    await page.getByTestId('locations-limit').waitFor();
    await screenshot(page, 'admin-company-locations');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/step=apikey/);
    await page.getByTestId('api-key').waitFor();
    await page.goto(`/admin_panel/companies/${data[0]!.id}/edit?step=brands`);
    await page.getByTestId('add-brand').click();
    expect(await page.locator('.brand-form .ant-form-vertical').count()).toBe(1);
    await screenshot(page, 'admin-brand-form-phone');
  });

  it('says a company or partner that is not there is not found, with its picture', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies/2147483000/edit');
    await page.getByText('Company not found').waitFor();
    expect(await page.locator('.ant-result-404 svg').count()).toBe(1);
    await page.goto('/admin_panel/partners/2147483000');
    await page.getByText('Partner not found').waitFor();
    expect(await page.locator('.ant-result-404 svg').count()).toBe(1);
  });
});

describe('partner wizard', () => {
  it('creates a partner, requires credits for Custom, copies its key and exports Free API usage to Excel', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/partners');
    await page.getByTestId('new-partner').click();
    await titleIs(page, 'Partner settings');
    await page.getByTestId('wizard-next').click();
    for (const text of ['Missing partner name!', 'Missing email!', 'Missing partner type!', 'Missing address!'])
      await page.getByText(text, { exact: true }).waitFor();
    const name = `E2E Agency ${Date.now() % 100000}`;
    await page.locator('#name').fill(name);
    await page.locator('#email').fill('agency.example');
    await page.getByText('The email address should contain @ symbol.Please check your email.').waitFor();
    await page.locator('#email').fill('hello@agency.example');
    await pick(page, '#type', 'Agency');
    await page.locator('#address').fill('Dubai Internet City');
    await screenshot(page, 'admin-partner-information');
    await page.getByTestId('wizard-next').click();
    await toast(page, 'Partner successfully created');
    await page.waitForURL(/\/admin_panel\/partners\/\d+\/package$/);
    const partnerId = Number(/partners\/(\d+)\/package/.exec(page.url())![1]);
    await titleIs(page, `${name} settings`);

    expect(
      await page.locator('input[data-testid="partner-credits"], [data-testid="partner-credits"] input').isDisabled(),
    ).toBe(true);
    await page.getByTestId('partner-package-custom').click();
    await page.getByTestId('wizard-next').click();
    await page.getByText('Please input package credits!').waitFor();
    await page.locator('input[data-testid="partner-credits"], [data-testid="partner-credits"] input').fill('5');
    await screenshot(page, 'admin-partner-package');
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/apiKey$/);
    await page.getByTestId('api-key-copy').click();
    await toast(page, 'The API key has been copied to the clipboard.');

    // Usage through the public API: 5 free calls within the credits, 2 paid beyond.
    const owner = await token('owner@reputo.test');
    const { apiKey } = await call<{ apiKey: string }>(owner, 'GET', `/v2/api/partner/${partnerId}`);
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${baseURL()}/v2/public/companies`, { headers: { 'x-api-key': apiKey } });
      expect(res.status).toBe(200);
    }
    await page.getByTestId('wizard-next').click();
    await page.waitForURL(/\/billing$/);
    await page.getByTestId('kpi-free').getByText('5').waitFor();
    await page.getByTestId('kpi-paid').getByText('2').waitFor();
    await page.getByTestId('usage-chart').waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(
      await page
        .locator('input[data-testid="billing-range-from"], [data-testid="billing-range-from"] input')
        .first()
        .inputValue(),
    ).toBe(weekAgo.replace(/-/g, '/'));
    await screenshot(page, 'admin-partner-billing');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-free-api').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-free-api-${weekAgo}-${today}\\.xlsx$`));
    const rows = await sheet(file, 'Free API');
    expect(rows[0]).toEqual([`Free API usage: ${name}`]);
    const header = rows.findIndex((r) => r[0] === 'Date');
    expect(rows[header]).toEqual(['Date', 'Account', 'API key', 'Calls']);
    expect(rows.slice(header + 1)).toEqual([[today, `${name} (partner key)`, `…${apiKey.slice(-6)}`, 5]]);
    const paid = page.waitForEvent('download');
    await page.getByTestId('export-paid-api').click();
    const paidRows = await sheet(await paid, 'Paid API');
    expect(paidRows.at(-1)).toEqual([today, `${name} (partner key)`, `…${apiKey.slice(-6)}`, 2]);
    await page.getByTestId('wizard-next').click();
    await expectPath(page, '/admin_panel/partners');
    await call(owner, 'DELETE', `/v2/api/partner/${partnerId}`);
  }, 120_000);
});

describe('admin lists and dashboards', () => {
  it('acts as a company from the list and names its locations by its type', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies');
    await page.getByTestId('company-search').locator('input').fill('Nakhla');
    await page.getByTestId('company-search').locator('input').press('Enter');
    await page.getByTestId('company-name').filter({ hasText: 'Nakhla Labs' }).waitFor();
    await page.locator('[data-testid^="act-company-"]').first().click();
    await expectPath(page, '/reviews');
    await page.getByTestId('context').getByText('Nakhla Labs').first().waitFor();
    await page.getByTestId('side-nav').getByText('Settings').click();
    // Software has products: the Owner's /me ignores ownerAsCompany, the stored type names them.
    await page.getByTestId('side-nav').getByText('Products', { exact: true }).waitFor();
    expect(await page.getByTestId('side-nav').getByText('Units', { exact: true }).count()).toBe(0);
    await screenshot(page, 'admin-acting-products');
    await page.getByTestId('crumb-root').click();
    await expectPath(page, '/admin_panel/companies');
  });

  it('filters and exports companies, lists partners and admin users', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies');
    await page.getByTestId('company-name').first().waitFor();
    await screenshot(page, 'admin-companies');
    await pick(page, 'company-status-filter', 'Active');
    await page.waitForTimeout(300);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-companies').click();
    const rows = await sheet(await download, 'Companies');
    const header = rows.findIndex((r) => r[0] === 'ID');
    expect(rows.slice(header + 1).length).toBeGreaterThan(3);
    expect(rows.slice(header + 1).every((r) => r[3] === 'Active')).toBe(true);
    await page.goto('/admin_panel/partners');
    await page.getByTestId('partner-name').first().waitFor();
    await screenshot(page, 'admin-partners');
    await page.goto('/admin_panel/admin_users');
    await page.getByTestId('admin-user-name').first().waitFor();
    await screenshot(page, 'admin-users');
    await page.getByTestId('new-admin-user').click();
    const email = `ops.${Date.now()}@example.test`;
    await page.locator('#email').fill(email);
    await page.locator('#firstName').fill('Ops');
    await pick(page, '#partnerId', 'Gulf Reach Digital');
    await screenshot(page, 'admin-user-form');
    await page.getByTestId('admin-user-save').click();
    await toast(page, 'Admin user created: an invitation is on its way.');
    await expectPath(page, '/admin_panel/admin_users');
    const owner = await token('owner@reputo.test');
    const created = await call<{ data: { id: number; email: string }[] }>(
      owner,
      'GET',
      `/v2/api/owner?search=${encodeURIComponent(email)}`,
    );
    expect(created.data.map((u) => u.email)).toEqual([email]);
    await call(owner, 'DELETE', `/v2/api/owner/${created.data[0]!.id}`);
  });

  it('shows the CS dashboard with charts and exports a report, and system health', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/csdashboard');
    await page.getByTestId('chart-daily').waitFor();
    await page.getByTestId('kpi-reviews').waitFor();
    await screenshot(page, 'admin-csdashboard');
    // Date pickers: YYYY/MM/DD, every shortcut on From, no Today or Yesterday on To; a shortcut sets both ends.
    const input = (id: string) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();
    await input('cs-range-from').click();
    const fromShortcuts = await page
      .locator('.ant-picker-dropdown:visible [data-testid^="from-preset-"]')
      .allInnerTexts();
    expect(fromShortcuts).toEqual([
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'This month',
      'Last month',
      'This quarter',
      'Last quarter',
    ]);
    await screenshot(page, 'admin-date-picker');
    await page.locator('.ant-picker-dropdown:visible [data-testid="from-preset-lastMonth"]').click();
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    const slash = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '/');
    await expect.poll(() => input('cs-range-from').inputValue()).toBe(slash(first));
    expect(await input('cs-range-to').inputValue()).toBe(slash(last));
    await input('cs-range-to').click();
    const toShortcuts = await page.locator('.ant-picker-dropdown:visible [data-testid^="to-preset-"]').allInnerTexts();
    expect(toShortcuts).not.toContain('Today');
    expect(toShortcuts).not.toContain('Yesterday');
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await page.getByTestId('cs-export').click();
    const rows = await sheet(await download, 'Overview');
    expect(rows.findIndex((r) => r[0] === 'Company')).toBeGreaterThan(0);
    for (const tab of ['Response', 'Feedback', 'OAuth']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForTimeout(600);
      await screenshot(page, `admin-csdashboard-${tab.toLowerCase()}`);
    }
    await page.goto('/admin_panel/systemhealth');
    await page.getByTestId('health-status').waitFor();
    await page.getByTestId('sync-table').locator('.ant-table-row').first().waitFor();
    // Optional services this server has no settings for say so, and dead jobs have their own list.
    const services = page.getByTestId('services');
    await services.getByText('Translation').waitFor();
    expect(await services.getByText('not configured').count()).toBeGreaterThan(0);
    await page.getByText('Dead jobs (failed their last attempt)').waitFor();
    await screenshot(page, 'admin-systemhealth');
    await page.getByRole('tab', { name: 'Performance' }).click();
    await page.getByTestId('chart-latency').waitFor();
    await screenshot(page, 'admin-systemhealth-performance');
    // A Partner is sent back to its companies.
    const partner = await newPage();
    await signInAt(partner, 'partner@reputo.test', '/admin_panel/systemhealth');
    await expectPath(partner, '/admin_panel/companies');
  });

  it('looks finished on a phone', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'owner@reputo.test');
    for (const [path, wait, name] of [
      ['/admin_panel/companies', 'company-name', 'admin-companies'],
      ['/admin_panel/partners', 'partner-name', 'admin-partners'],
      ['/admin_panel/admin_users', 'admin-user-name', 'admin-users'],
      ['/admin_panel/csdashboard', 'kpi-reviews', 'admin-csdashboard'],
      ['/admin_panel/systemhealth', 'health-status', 'admin-systemhealth'],
      ['/admin_panel/companies/new', 'company-information-form', 'admin-company-information'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(wait).first().waitFor();
      await screenshot(page, name);
    }
  });
});

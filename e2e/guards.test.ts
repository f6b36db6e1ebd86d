import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '@reputo/core';
import { call, mailedLink, token, uniqueEmail } from './support/api';
import { baseURL, expectPath, newPage, pageTitle, screenshot, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

/** A Manager of Nakhla Labs (Starter package: no Messaging, Feedback or Listings; a Software company, so Products). */
async function starterManager(): Promise<string> {
  const owner = await token('owner@reputo.test');
  const { data } = await call<{ data: { id: number; company_name: string; package: string }[] }>(
    owner,
    'GET',
    '/v2/api/admin/companies?page=1&per_page=50&search=Nakhla',
  );
  const company = data.find((c) => c.package === 'Starter');
  if (!company) throw new Error('no Starter company in the demo data');
  const email = uniqueEmail('starter');
  await call(owner, 'POST', `/v2/api/team?ownerAsCompany=${company.id}`, {
    email,
    firstName: 'Sami',
    lastName: 'Starter',
    role: 'manager',
    url: baseURL(),
  });
  const link = await mailedLink(email, '/invitation/');
  const page = await newPage();
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('starter-pass');
  await page.getByLabel('Confirm password', { exact: true }).fill('starter-pass');
  await page.getByRole('button', { name: 'Confirm password' }).click();
  await expectPath(page, '/signin');
  return email;
}

describe('route guards', () => {
  it('sends a company without Messaging from /messages (and other gated areas) to /reviews', async () => {
    const email = await starterManager();
    const page = await newPage();
    await signIn(page, email, 'starter-pass');
    const features: Record<string, string> = {
      '/messages': 'Messaging',
      '/feedback/landingPage': 'Feedback',
      '/listing_management': 'Listing Management',
      '/reporting/insights': 'Insights Report',
    };
    for (const [path, feature] of Object.entries(features)) {
      await page.goto(path);
      await expectPath(page, '/reviews');
      // The landing page says why, naming the missing feature.
      expect(await page.getByTestId('access-notice').textContent()).toContain(`needs the ${feature} feature`);
    }
    await screenshot(page, 'refused-feature');
    // No gated sections in its sidebar; Products instead of Locations.
    const nav = page.getByTestId('side-nav');
    expect(await nav.getByText('Messages').count()).toBe(0);
    await nav.getByText('Settings').click();
    await nav.getByText('Products').waitFor();
    await screenshot(page, 'starter-company-sidebar');
  });

  it('keeps the admin panel for Owner and Partner, and the Owner-only pages for the Owner', async () => {
    const manager = await newPage();
    await signInAt(manager, 'manager@reputo.test', '/admin_panel/companies');
    await expectPath(manager, '/reviews');
    await manager.goto('/accounts');
    await expectPath(manager, '/reviews');

    const partner = await newPage();
    await signIn(partner, 'partner@reputo.test');
    for (const path of [
      '/admin_panel/systemhealth',
      '/admin_panel/csdashboard',
      '/admin_panel/partners',
      '/reviews',
      '/dashboard',
    ]) {
      await partner.goto(path);
      await expectPath(partner, '/admin_panel/companies');
    }

    const owner = await newPage();
    await signInAt(owner, 'owner@reputo.test', '/admin_panel/systemhealth');
    expect(await pageTitle(owner)).toBe('System Health');
  });

  it('limits Responder and Analyst settings to Notifications', async () => {
    const page = await newPage();
    await signInAt(page, 'analyst@reputo.test', '/settings/team_access');
    await expectPath(page, '/reviews');
    expect(await page.getByTestId('access-notice').textContent()).toBe(
      'Team Access is only for Master Admin, Manager, Owner or Partner; you are signed in as Analyst.',
    );
    await page.goto('/settings');
    await expectPath(page, '/settings/notifications');
    expect(await pageTitle(page)).toBe('Notifications');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/no/such/page');
    await page.getByText(NOT_FOUND_TEXT).waitFor();
    await screenshot(page, 'not-found');
  });

  it('sends a signed-out visitor to /signin, except on public paths', async () => {
    const page = await newPage();
    await page.goto('/dashboard');
    await expectPath(page, '/signin');
    await page.goto('/forgotPassword');
    await expectPath(page, '/forgotPassword');
  });
});

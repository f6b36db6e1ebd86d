import { describe, expect, it } from 'vitest';
import { MSG } from '@reputo/core';
import {
  expectPath,
  newPage,
  pageTitle,
  PHONE,
  screenshot,
  signIn,
  signInThroughForm,
  useBrowser,
} from './support/browser';

useBrowser();

describe('sign-in', () => {
  it('shows the sign-in page with the product panel and demo accounts', async () => {
    for (const size of [undefined, PHONE]) {
      const page = await newPage(size);
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.goto('/signin');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      // Password managers and phone keyboards rely on these.
      const email = page.locator('#signin_email');
      expect([await email.getAttribute('type'), await email.getAttribute('autocomplete')]).toEqual([
        'email',
        'username',
      ]);
      expect(await page.locator('#signin_password').getAttribute('autocomplete')).toBe('current-password');
      expect(logged.filter((t) => t.includes('HydrateFallback'))).toEqual([]);
      await page.getByTestId('preset-trigger').hover();
      await page.getByTestId('preset-users').getByText('owner@reputo.test').waitFor({ state: 'visible' });
      await screenshot(page, 'signin');
    }
  });

  const landings: [string, string][] = [
    ['owner@reputo.test', '/reviews'],
    ['partner@reputo.test', '/admin_panel/companies'],
    ['admin@reputo.test', '/reviews'],
    ['manager@reputo.test', '/reviews'],
    ['responder@reputo.test', '/reviews'],
    ['analyst@reputo.test', '/reviews'],
  ];
  it.each(landings)('%s lands on %s', async (email, landing) => {
    const page = await newPage();
    await signInThroughForm(page, email);
    await expectPath(page, landing);
    expect(await pageTitle(page)).toBe(landing === '/reviews' ? 'Reviews' : 'Companies');
  });

  it('signs in as a preset user from the hover list', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await page.getByTestId('preset-trigger').hover();
    await page.getByTestId('preset-users').getByText('partner@reputo.test').click();
    await expectPath(page, '/admin_panel/companies');
  });

  it('shows the server error for a wrong password', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await page.locator('#signin_email').fill('admin@reputo.test');
    await page.locator('#signin_password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const error = page.getByTestId('signin-error');
    await error.waitFor();
    expect((await error.textContent())?.length).toBeGreaterThan(3);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await screenshot(page, 'signin-wrong-password');
  });

  it('shows the form messages', async () => {
    const page = await newPage();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MSG.emailNotValid).waitFor();
    await page.getByText(MSG.passwordRequired).waitFor();
    await page.locator('#signin_email').fill('not-an-email');
    await page.getByText(MSG.emailNotValid).waitFor();
    await page.locator('#signin_email').fill('admin@reputo.test');
    await page.getByText(MSG.emailNotValid).waitFor({ state: 'detached' });
    await screenshot(page, 'signin-messages');
  });

  it('returns to the stored origin (path and query) after sign-in', async () => {
    const page = await newPage();
    await page.goto('/reporting/trends?period=lastMonth');
    await expectPath(page, '/signin');
    await signIn(page, 'manager@reputo.test');
    await expectPath(page, '/reporting/trends');
    expect(new URL(page.url()).search).toBe('?period=lastMonth');
  });

  it('signs out, clears the session and goes back to sign-in', async () => {
    const page = await newPage();
    await signIn(page, 'admin@reputo.test');
    await expectPath(page, '/reviews');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expectPath(page, '/signin');
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('reputo.') && k !== 'reputo.sidebar'),
    );
    expect(stored).toEqual([]);
    await page.goto('/reviews');
    await expectPath(page, '/signin');
  });
});

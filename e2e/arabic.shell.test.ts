import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, token } from './support/api';
import { documentDirection, englishLeft, useArabic } from './support/arabic';
import {
  baseURL,
  currentBrowser,
  DESKTOP,
  expectPath,
  newPage,
  pageTitle,
  PHONE,
  screenshot,
  sidewaysScroll,
  signInAt,
  useBrowser,
} from './support/browser';

useBrowser();

/**
 * antd's icons carry their name as aria-label (`star`, `menu-fold`): not interface text a user reads.
 * The language switch names English in English, as every language menu does.
 */
const ALLOW = [/^[a-z]+(-[a-z]+)*$/, /^English$/];

/** A page of a browser whose language is Arabic (the UAE's), with nothing stored yet. */
async function arabicBrowserPage(viewport = DESKTOP): Promise<Page> {
  const context = await currentBrowser().newContext({
    baseURL: baseURL(),
    viewport,
    locale: 'ar-AE',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

async function expectArabic(page: Page): Promise<void> {
  expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  expect(await englishLeft(page, ALLOW)).toEqual([]);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
}

describe('the shell in Arabic', () => {
  it('signs in from an Arabic browser: the sign-in page is right to left with no English left', async () => {
    const page = await arabicBrowserPage();
    try {
      await page.goto('/signin');
      await page.getByRole('heading', { name: 'مرحبًا بعودتك' }).waitFor();
      await expectArabic(page);
      // The form's own checks speak Arabic too.
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.locator('.field-error').first().waitFor();
      expect(await englishLeft(page, ALLOW)).toEqual([]);
      await screenshot(page, 'arabic-signin');

      // The API client asks the server for answers in the interface language.
      const me = page.waitForRequest((r) => new URL(r.url()).pathname === '/v2/api/me');
      await page.locator('#signin_email').fill('admin@reputo.test');
      await page.locator('#signin_password').fill('demo1234');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      expect((await me).headers()['accept-language']).toBe('ar');
      await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
      await page.getByTestId('side-nav').waitFor();
      expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
    } finally {
      await page.context().close();
    }
  });

  it('offers English / العربية on the auth pages and keeps the choice', async () => {
    const page = await newPage();
    await page.goto('/forgotPassword');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByTestId('language-ar').click();
    await page.getByRole('heading', { name: 'نسيت كلمة المرور؟' }).waitFor();
    await expectArabic(page);
    await page.reload();
    await page.getByRole('heading', { name: 'نسيت كلمة المرور؟' }).waitFor();
    await page.getByTestId('language-en').click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect((await documentDirection(page)).dir).toBe('ltr');
  });

  it('shows the shell and the dashboard in Arabic, the side navigation on the right, on a desktop and a phone', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await useArabic(page);
      await signInAt(page, 'admin@reputo.test', '/dashboard');
      expect(await pageTitle(page)).toBe('لوحة المعلومات');
      await page.getByTestId('kpi-reviews').locator('.kpi-value').waitFor();
      expect(await page.title()).toBe('لوحة المعلومات · Reputo');
      await expectArabic(page);
      if (size === DESKTOP) {
        const sider = await page.getByTestId('sider').boundingBox();
        expect(sider && sider.x + sider.width).toBeGreaterThan(size.width - 2);
        await page.getByTestId('side-nav').getByText('التقارير').waitFor();
        await page.getByTestId('user-menu').click();
        await page.getByText('إعدادات المستخدم').waitFor();
        expect(await englishLeft(page, ALLOW)).toEqual([]);
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('nav-toggle').click();
        await page.getByTestId('drawer').getByText('التقارير').waitFor();
        expect(await englishLeft(page, ALLOW)).toEqual([]);
      }
      await screenshot(page, 'arabic-dashboard');
    }
  });

  it('shows /user in Arabic with its language and digits settings', async () => {
    const page = await newPage();
    await useArabic(page);
    await signInAt(page, 'admin@reputo.test', '/user');
    expect(await pageTitle(page)).toBe('إعدادات المستخدم');
    await page.getByTestId('language-card').waitFor();
    await expectArabic(page);
    await screenshot(page, 'arabic-user');
  });

  it('switches to English on /user in place, and the choice is the user’s (it survives a reload with nothing stored)', async () => {
    const email = 'responder@reputo.test';
    const bearer = await token(email);
    const page = await newPage();
    try {
      await useArabic(page);
      await signInAt(page, email, '/user');
      await page.getByTestId('language-card').waitFor();
      await page.getByTestId('language-select').click();
      await page.locator('.ant-select-item-option', { hasText: 'English' }).click();
      await page.getByTestId('language-save').click();
      // In place: the same document, now in English and left to right.
      await page.getByTestId('page-title').getByText('User Settings').waitFor();
      expect((await documentDirection(page)).dir).toBe('ltr');
      expect((await call<{ language?: string | null }>(bearer, 'GET', '/v2/api/me')).language).toBe('en');
      // The stored choice of this browser says Arabic: the user's own setting (from /me) wins.
      await page.evaluate(() => localStorage.setItem('reputo.language', 'ar'));
      await page.reload();
      await page.getByTestId('page-title').getByText('User Settings').waitFor();
      expect((await documentDirection(page)).dir).toBe('ltr');
    } finally {
      // Other files sign this user in: give it back without a language of its own.
      await call(bearer, 'PATCH', '/v2/api/user', { language: null });
    }
  });

  it('leaves English users in English', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/user');
    expect(await pageTitle(page)).toBe('User Settings');
    expect(await documentDirection(page)).toEqual({ dir: 'ltr', lang: 'en' });
    await page.getByTestId('side-nav').getByText('Reporting').waitFor();
    await page.goto('/dashboard');
    await expectPath(page, '/dashboard');
    expect(await pageTitle(page)).toBe('Dashboard');
    expect(await page.title()).toBe('Dashboard · Reputo');
  });
});

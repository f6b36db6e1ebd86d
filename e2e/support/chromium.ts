import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium as the browser tests and the benchmarks launch it, and the sign-in they share.
 * Free of vitest, so bench/ can use it outside a test run.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PASSWORD = 'demo1234';
export const DESKTOP = { width: 1440, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Signs in through the form and waits until the app left /signin. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/signin')) await page.goto('/signin');
  await page.locator('#signin_email').fill(email);
  await page.locator('#signin_password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

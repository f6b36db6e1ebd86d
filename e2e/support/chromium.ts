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
  // Pages of one context share one renderer process: a new page then costs about half the Chromium
  // time of its first load (e2e/support/browser.ts newPage). Contexts never share a process.
  '--renderer-process-limit=1',
  '--disable-site-isolation-trials',
  '--disable-features=site-per-process,IsolateOrigins',
  // V8's baseline compiler only: a test page lives seconds, not long enough for the optimising tiers
  // to pay back their compile time (about a tenth of Chromium's time per load, measured here).
  '--js-flags=--max-opt=1',
];

export const PASSWORD = 'demo1234';
export const DESKTOP = { width: 1440, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Signs in and waits until the app left /signin. A fresh page signs in as the sign-in page does
 * (tokens from the token call, the login record stored) and opens the app at /: loading the sign-in
 * screen first cost every test a full page load of Chromium time, eighty-odd a run. A page already
 * showing /signin (sent there by a guard, waiting to return to where it was going) uses the form; the
 * form itself is tested in auth.test.ts and forms.test.ts.
 */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (page.url() === 'about:blank') return signInByTokenCall(page, email, password);
  await signInThroughForm(page, email, password);
}

/**
 * Signs in and opens `path`: a fresh page goes there straight after the token call, one page load
 * where signing in and then opening the path made two.
 */
export async function signInAt(page: Page, email: string, path: string, password = PASSWORD): Promise<void> {
  if (page.url() === 'about:blank') return signInByTokenCall(page, email, password, path);
  await signInThroughForm(page, email, password);
  await page.goto(path);
}

async function signInByTokenCall(page: Page, email: string, password: string, to = '/'): Promise<void> {
  const res = await page.request.post('/v2/oauth2/token', {
    data: { client_id: 'reputo-web', client_secret: 'reputo-web-secret', grant_type: 'password', email, password },
  });
  if (!res.ok()) throw new Error(`sign-in of ${email} refused: ${res.status()} ${await res.text()}`);
  const { access_token, refresh_token } = (await res.json()) as { access_token: string; refresh_token: string };
  // A small file of the app's origin, to write its storage before the app first loads.
  await page.goto('/favicon.svg');
  await page.evaluate((login) => localStorage.setItem('reputo.user', JSON.stringify(login)), {
    access_token,
    refresh_token,
    email,
  });
  // By default where the form's sign-in goes too when no origin was stored: / (the shell sends each
  // role on to its landing screen).
  await page.goto(to);
}

/** Signs in through the sign-in form (opening it unless shown) and waits until the app left /signin. */
export async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/signin')) await page.goto('/signin');
  await page.locator('#signin_email').fill(email);
  await page.locator('#signin_password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

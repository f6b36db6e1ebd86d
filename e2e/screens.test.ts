import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SERVER_ERROR_TEXT } from '@reputo/core';
import { accessibilityViolations } from './support/axe';
import {
  DESKTOP,
  navigateInApp,
  newPage,
  pageTitle,
  PHONE,
  screenshot,
  sidewaysScroll,
  signIn,
  useBrowser,
} from './support/browser';
import { FRAMES, SCREENS } from './support/screens';

useBrowser();

async function checkFrame(page: Page, path: string): Promise<void> {
  const plan = (await page.getByTestId('frame-plan').textContent()) ?? '';
  expect(plan, path).toContain('You will');
  expect(plan, path).not.toContain('as soon as there is data');
}

/** Pages a signed-out visitor sees. */
const SIGNED_OUT = ['/signin', '/forgotPassword'];

describe('screens', () => {
  for (const size of [DESKTOP, PHONE]) {
    // axe runs once per screen, at desktop width only: the markup is the same, and the run is not free.
    const checkAccessibility = size === DESKTOP;
    it(`shows every page frame with its title at ${size.width} px, none wider than the window${checkAccessibility ? ', without serious accessibility violations' : ''}`, async () => {
      const pages = new Map<string, Page>();
      const violations: Record<string, string[]> = {};
      const wide: string[] = [];
      for (const [email, path, title] of SCREENS) {
        let page = pages.get(email);
        if (!page) {
          page = await newPage(size);
          await signIn(page, email);
          pages.set(email, page);
        }
        // The desktop pass opens every screen by its address (a deep link, a full load); the phone pass
        // goes there as the app's own links do, which costs Chromium a third of a full load.
        if (size === DESKTOP) await page.goto(path);
        else await navigateInApp(page, path);
        await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
        expect(await pageTitle(page)).toBe(title);
        if (FRAMES.has(path)) await checkFrame(page, path);
        if (path === '/listing_management' && size === DESKTOP) {
          // Spec 000: the sidebar marks Listing Management New.
          await page.locator('[data-section="listing_management"]').waitFor();
          expect(await page.locator('[data-section="listing_management"] .menu-new').count()).toBe(1);
        }
        await screenshot(page, `frame${path.replace(/\//g, '_')}`);
        // Tables and toolbars must fold to the width: a phone user should never scroll sideways.
        const overflow = size === PHONE ? await sidewaysScroll(page) : 0;
        if (overflow > 0) wide.push(`${path} by ${overflow} px`);
        if (checkAccessibility) {
          // The page's data has arrived when the network rests; a page that keeps polling goes on after 5 s.
          await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
          const found = await accessibilityViolations(page);
          if (found.length) violations[path] = found;
        }
      }
      expect(wide).toEqual([]);
      expect(JSON.stringify(violations, null, 1)).toBe('{}');
    }, 240_000); // about thirty screens, each a full load on a busy machine
  }

  it('shows the signed-out pages without serious accessibility violations', async () => {
    const page = await newPage();
    const violations: Record<string, string[]> = {};
    for (const path of SIGNED_OUT) {
      await page.goto(path, { waitUntil: 'networkidle' });
      const found = await accessibilityViolations(page);
      if (found.length) violations[path] = found;
    }
    expect(JSON.stringify(violations, null, 1)).toBe('{}');
  });

  it('shows the 500 page', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await page.goto('/500');
      await page.getByText(SERVER_ERROR_TEXT).waitFor();
      await screenshot(page, 'server-error');
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentDirection, englishLeft, useArabic } from './support/arabic';
import { navigateInApp, newPage, screenshot, sidewaysScroll, signInAt, useBrowser } from './support/browser';

useBrowser();

/**
 * Latin text that is right on these screens in Arabic:
 * - antd's icons name themselves in English (`aria-label="plus"`), and its number inputs and
 *   segmented controls label their own parts ("Increase Value", "segmented control");
 * - an Arabic phrase around a seeded name or code (`aria-label="حذف Free dessert"`, "ردّ بـ STOP");
 * - merge fields and codes typed as they are ({first_name}, the country code AE, SVG files).
 */
const ALLOW = [
  /^[a-z]+(-[a-z]+)*$/,
  /^(Increase Value|Decrease Value|Clear|segmented control)$/,
  /^\p{Script=Arabic}/u,
  /^\{[a-z_]+\}$/,
  /^(SVG|AE)$/,
];

/** The feature's own screen: the shell around it (side menu, header) has its own Arabic test. */
async function featureEnglishLeft(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    document
      .querySelectorAll('.app-header, [data-testid="side-nav"], .ant-layout-sider')
      .forEach((el) => el.setAttribute('data-user-content', 'shell')),
  );
  return englishLeft(page, ALLOW);
}

async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await documentDirection(page), name).toEqual({ dir: 'rtl', lang: 'ar' });
  expect(await featureEnglishLeft(page), name).toEqual([]);
  expect(await sidewaysScroll(page), name).toBe(0);
  await screenshot(page, `arabic-${name}`);
}

/** Each screen with what shows it has loaded its data. */
const SCREENS: [string, string, string][] = [
  ['landing-page', '/feedback/landingPage', 'landing-url'],
  ['campaigns', '/feedback/campaigns', 'campaign-link'],
  ['lists', '/feedback/lists', 'list-open'],
  ['templates', '/feedback/template', 'template-open'],
  ['feedback-analytics', '/feedback/analytics', 'kpi-answers'],
  ['offers', '/feedback/offers', 'offer-issued'],
  ['listings', '/listing_management', 'listing-open'],
];

describe('feedback, offers and listings in Arabic', () => {
  it('show every screen right to left with no interface text left in English', async () => {
    const page = await newPage();
    await useArabic(page);
    await signInAt(page, 'admin@reputo.test', SCREENS[0]![1]);
    for (const [name, path, ready] of SCREENS) {
      if (name !== 'landing-page') await navigateInApp(page, path);
      await page.getByTestId(ready).first().waitFor();
      await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached' });
      await checkScreen(page, name);
    }

    // A drawer: a new offer's form.
    await navigateInApp(page, '/feedback/offers');
    await page.getByTestId('offer-new').click();
    await page.getByTestId('offer-title').waitFor();
    expect(await page.locator('.ant-drawer-title').innerText()).toBe('عرض جديد');
    await checkScreen(page, 'offer-drawer');
  });
});

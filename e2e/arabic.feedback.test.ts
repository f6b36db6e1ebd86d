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
  // Names other test files create on the shared server (a title with a run number).
  /\d{4,}/,
];

/** The feature's own screen: the shell around it (side menu, header) has its own Arabic test. */
async function featureEnglishLeft(page: Page): Promise<string[]> {
  return englishLeft(page, ALLOW, { skip: ['.app-header', '[data-testid="side-nav"]', '.ant-layout-sider'] });
}

/** What is wrong with the screen in Arabic: its direction, English left, sideways scroll (none: empty). */
async function checkScreen(page: Page, name: string): Promise<string[]> {
  await screenshot(page, `arabic-${name}`);
  const { dir, lang } = await documentDirection(page);
  const scroll = await sidewaysScroll(page);
  return [
    ...(dir === 'rtl' && lang === 'ar' ? [] : [`dir=${dir} lang=${lang}`]),
    ...(await featureEnglishLeft(page)).map((text) => `English: ${text}`),
    ...(scroll > 0 ? [`scrolls sideways by ${scroll}px`] : []),
  ];
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
    // Every screen is looked at before the verdict, so one run lists all that is wrong.
    const problems: Record<string, string[]> = {};
    for (const [name, path, ready] of SCREENS) {
      if (name !== 'landing-page') await navigateInApp(page, path);
      // 30 s: the first screen loads cold on a busy 2-core machine.
      await page.getByTestId(ready).first().waitFor({ timeout: 30_000 });
      await page.locator('.ant-spin-spinning, .ant-skeleton-active').first().waitFor({ state: 'detached' });
      problems[name] = await checkScreen(page, name);
    }

    // A drawer: a new offer's form.
    await navigateInApp(page, '/feedback/offers');
    await page.getByTestId('offer-new').click();
    await page.getByTestId('offer-title').waitFor();
    expect(await page.locator('.ant-drawer-title').innerText()).toBe('عرض جديد');
    problems['offer-drawer'] = await checkScreen(page, 'offer-drawer');
    expect(Object.fromEntries(Object.entries(problems).filter(([, p]) => p.length))).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SOURCES } from '@reputo/core';
import { documentDirection, englishLeft, useArabic } from './support/arabic';
import { newPage, screenshot, sidewaysScroll, signInAt, useBrowser } from './support/browser';

useBrowser();

/** Names of services that stay in Latin letters in an Arabic sentence ("ربط Zendesk"). */
const SERVICES = [
  'Google',
  'Facebook',
  'Zendesk',
  'Jira',
  'Mailchimp',
  'ActiveCampaign',
  'Twitter',
  ...SOURCES.map((s) => s.title),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The page's seeded data as it shows it: user content (inside `dir="auto"`, as the settings screens
 * render names, emails and titles) and the data chosen in the mapping selects. Texts made of these
 * names and Arabic (an aria-label "تعديل Al Mandi House", say) are not English left behind.
 */
async function seededNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const names = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[dir="auto"]')))
      if (el.textContent?.trim()) names.add(el.textContent.trim());
    for (const el of Array.from(document.querySelectorAll('.int-select [title]')))
      names.add(el.getAttribute('title')!.trim());
    return [...names].filter((n) => /[A-Za-z]/.test(n));
  });
}

/**
 * Texts that are not this screen's: the shell around it (its own helper translates the side menu,
 * the header and the announcement) and the names antd gives its icons and number steppers.
 */
async function notOurs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const add = (text: string | null | undefined) => text?.trim() && out.add(text.trim().slice(0, 120));
    for (const region of Array.from(document.querySelectorAll('.app-sider, .app-header, .announcement, .drawer-nav'))) {
      const walker = document.createTreeWalker(region, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) add(n.textContent);
      for (const el of Array.from(region.querySelectorAll('[title], [aria-label]'))) {
        add(el.getAttribute('title'));
        add(el.getAttribute('aria-label'));
      }
    }
    for (const el of Array.from(
      document.querySelectorAll(
        '.anticon[aria-label], .ant-input-number-action[aria-label], .ant-select-clear [aria-label]',
      ),
    ))
      add(el.getAttribute('aria-label'));
    for (const el of Array.from(document.querySelectorAll('.ant-input-number-action, .ant-select-clear')))
      add(el.getAttribute('aria-label'));
    return [...out];
  });
}

/** What is left in English on this screen, besides seeded data and texts that are not the screen's. */
async function untranslated(page: Page): Promise<string[]> {
  const names = [...new Set([...SERVICES, ...(await seededNames(page))])].sort((a, b) => b.length - a.length);
  const onlyNames = new RegExp(`^(?:${names.map(escape).join('|')}|[^A-Za-z]|[A-Za-z](?![A-Za-z]))*$`);
  const others = new Set(await notOurs(page));
  return (await englishLeft(page, [onlyNames])).filter((text) => !others.has(text));
}

async function expectArabic(page: Page, shot: string): Promise<void> {
  expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  // Polled: a table's rows may arrive between reading the seeded names and reading what is left in
  // English, and their buttons' labels ("تعديل Apology") then look untranslated for a moment.
  await expect.poll(() => untranslated(page), { timeout: 10_000 }).toEqual([]);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(1);
  await screenshot(page, shot);
}

const SCREENS: { path: string; shot: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/settings/notifications',
    shot: 'ar-settings-notifications',
    ready: (page) => page.getByTestId('notify-enabled').waitFor(),
  },
  {
    path: '/settings/competitors',
    shot: 'ar-settings-competitors',
    ready: (page) => page.locator('.ant-table-row').first().waitFor(),
  },
  {
    path: '/settings/locations',
    shot: 'ar-settings-locations',
    ready: (page) => page.getByTestId('location-title').first().waitFor(),
  },
  {
    path: '/settings/response',
    shot: 'ar-settings-response',
    ready: (page) => page.getByTestId('regions-without').locator('.st-region').first().waitFor(),
  },
  {
    path: '/settings/team_access',
    shot: 'ar-settings-team',
    ready: (page) => page.locator('.ant-table-row').first().waitFor(),
  },
  {
    path: '/settings/other/reviewCategories',
    shot: 'ar-settings-categories',
    ready: (page) => page.getByTestId('category').first().waitFor(),
  },
  {
    path: '/settings/other/thirdPartyLogin',
    shot: 'ar-settings-integrations',
    ready: async (page) => {
      await page.getByTestId('integration-google').waitFor();
      await page.getByTestId('integration-twitter').waitFor();
      await page.getByTestId('integration-mailchimp').waitFor();
      await page.getByTestId('integration-zendesk').waitFor();
      await page.getByTestId('integration-locations').locator('.ant-table-row').first().waitFor();
    },
  },
];

describe('settings in Arabic', () => {
  it('shows every settings screen of the Master Admin right to left, in Arabic, without sideways scroll', async () => {
    const page = await newPage();
    await useArabic(page);
    let first = true;
    for (const screen of SCREENS) {
      if (first) await signInAt(page, 'admin@reputo.test', screen.path);
      else await page.goto(screen.path);
      first = false;
      await screen.ready(page);
      await expectArabic(page, screen.shot);
    }
  });

  it('shows the response tabs, the invitation of a team member and a location drawer in Arabic', async () => {
    const page = await newPage();
    await useArabic(page);
    await signInAt(page, 'admin@reputo.test', '/settings/response');
    for (const [tab, ready] of [
      ['القوالب', 'إضافة قالب'],
      ['الرد التلقائي', 'كلمات مستبعدة'],
      ['الترجمة', 'ترجمة المراجعات والرسائل إلى'],
      ['معدل الرد', 'حفظ الهدف'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByText(ready).first().waitFor();
      await expectArabic(page, `ar-settings-response-${tab}`);
    }

    await page.goto('/settings/team_access');
    await page.getByRole('button', { name: 'دعوة عضو' }).click();
    const modal = page.locator('.ant-modal');
    await modal.getByText('دعوة عضو إلى الفريق').waitFor();
    await modal.getByTestId('member-scope').getByText('بعض المواقع فقط').click();
    // The form's own checks speak Arabic too (core's messages through the validation catalogue).
    await modal.getByRole('button', { name: 'إرسال الدعوة', exact: true }).click();
    await modal.getByText('البريد الإلكتروني مطلوب!').waitFor();
    await expectArabic(page, 'ar-settings-invite');
    await modal.getByRole('button', { name: 'إلغاء', exact: true }).click();

    await page.goto('/settings/locations');
    await page.getByTestId('location-add').click();
    await page.locator('.ant-drawer-title', { hasText: 'إضافة موقع' }).waitFor();
    await page.locator('#location_sourceUrls_google').fill('https://example.com/not-google');
    await page.getByTestId('location-save').click();
    await page.getByText('يرجى إدخال رابط Google صحيح.').waitFor();
    await expectArabic(page, 'ar-settings-location-drawer');
  });
});

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, token } from './support/api';
import { useArabic } from './support/arabic';
import {
  DESKTOP,
  newPage,
  newPageWithClock,
  pageTitle,
  PHONE,
  screenshot,
  signInAt,
  useBrowser,
} from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
/** The insights page asks again this often while reviews wait for analysis (InsightsPage's ANALYSIS_POLL_MS). */
const ANALYSIS_POLL_MS = 4000;

/** Waits until at least `n` ECharts canvases are drawn inside the page. */
async function chartsDrawn(page: Page, n = 1): Promise<void> {
  await page.waitForFunction((min) => document.querySelectorAll('.chart-box canvas').length >= min, n, {
    timeout: 20_000,
  });
}

async function kpiText(page: Page, id: string): Promise<string> {
  const value = page.getByTestId(id).locator('.kpi-value');
  await value.waitFor();
  return (await value.textContent()) ?? '';
}

/** The text analysis of the demo reviews runs in the background after start: wait until it is there. */
async function waitForTopics(): Promise<void> {
  const t = await token(ADMIN);
  for (let i = 0; i < 120; i++) {
    const r = await call<{ data: unknown[] }>(t, 'GET', '/v3/insights/primary');
    if (r.data.length > 3) return;
    await new Promise((res) => setTimeout(res, 500));
  }
  throw new Error('topics never appeared');
}

describe('dashboard and reporting pages with demo data', () => {
  it('dashboard: reputation score with its formula, NPS, KPIs and charts', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await signInAt(page, ADMIN, '/dashboard');
      expect(await pageTitle(page)).toBe('Dashboard');
      await chartsDrawn(page, 4);
      expect(await kpiText(page, 'kpi-reviews')).toMatch(/^\d[\d,]*$/);
      await page.getByTestId('score-parts').waitFor();
      if (size === DESKTOP) {
        await page.getByTestId('reputation-formula').hover();
        await page.getByText(/40% rating \+ 20% sentiment/).waitFor();
      }
      await screenshot(page, 'dashboard');
    }
  });

  it('overview: filters change the figures, the period preset lands in the address, export downloads Excel', async () => {
    const page = await newPage();
    await signInAt(page, ADMIN, '/reporting/overview');
    await chartsDrawn(page, 3);
    const all = Number((await kpiText(page, 'kpi-reviews')).replace(/,/g, ''));
    expect(all).toBeGreaterThan(0);
    await page.getByTestId('source-filter').click();
    await page.locator('.ant-select-item-option', { hasText: 'Google' }).first().click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/sources=google/);
    await page.waitForFunction((before) => {
      const el = document.querySelector('[data-testid="kpi-reviews"] .kpi-value');
      const n = Number((el?.textContent ?? '').replace(/,/g, ''));
      return n > 0 && n < before;
    }, all);
    await page.getByTestId('period-select').click();
    await page.locator('.ant-select-item-option', { hasText: 'Last quarter' }).click();
    await page.waitForURL(/date_preset=lastQuarter/);
    await chartsDrawn(page, 3);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    expect((await download).suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await screenshot(page, 'reporting-overview');
    const phone = await newPage(PHONE);
    await signInAt(phone, ADMIN, '/reporting/overview');
    await chartsDrawn(phone, 3);
    await screenshot(phone, 'reporting-overview');
  });

  it('trends: weekly buckets and the previous period', async () => {
    const page = await newPage();
    await signInAt(page, ADMIN, '/reporting/trends?date_preset=lastQuarter');
    await chartsDrawn(page, 2);
    // A quarter is shown by week by default; weeks start on the user's week start (Sunday).
    await page.getByText(/Weeks start on Sunday/).waitFor();
    await screenshot(page, 'reporting-trends');
    await page.getByTestId('interval').getByText('Monthly').click();
    await page.waitForURL(/interval=month/);
    await page.getByTestId('trend-table').locator('th', { hasText: 'Month' }).first().waitFor();
  });

  it('ranking: every column sorts and a row opens the location drill-down', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await signInAt(page, ADMIN, '/reporting/ranking_responses');
      await chartsDrawn(page, 1);
      const table = page.getByTestId('ranking-table');
      await table.locator('tbody tr.clickable-row').first().waitFor();
      if (size === DESKTOP) {
        // The server sorts: the second click asks for the most reviewed first.
        await table.locator('th', { hasText: 'Reviews' }).click();
        const sorted = page.waitForResponse((r) => /locations\/performing\?.*sort=reviews&order=desc/.test(r.url()));
        await table.locator('th', { hasText: 'Reviews' }).click();
        await sorted;
        await table.locator('th[aria-sort="descending"]', { hasText: 'Reviews' }).waitFor();
        await table.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
        const counts = await table.locator('tbody tr.clickable-row td:nth-child(5)').allTextContents();
        const nums = counts.map((c) => Number(c.replace(/,/g, '')));
        expect(nums).toEqual([...nums].sort((a, b) => b - a));
        // The demo company has more than a page of locations: page 2 comes from the server in the same order.
        const second = page.waitForResponse((r) =>
          /locations\/performing\?.*page=2&per_page=20&sort=reviews&order=desc/.test(r.url()),
        );
        await table.locator('.ant-pagination-item-2').click();
        await second;
        await table.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();
        await table.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
        const next = (await table.locator('tbody tr.clickable-row td:nth-child(5)').allTextContents()).map((c) =>
          Number(c.replace(/,/g, '')),
        );
        expect(next.length).toBeGreaterThan(0);
        expect(Math.max(...next)).toBeLessThanOrEqual(Math.min(...nums));
        await screenshot(page, 'reporting-ranking');
      }
      await table.locator('tbody tr.clickable-row').first().click();
      await page.getByTestId('drawer-trend').locator('canvas').waitFor();
      await screenshot(page, 'reporting-ranking-drilldown');
    }
  });

  it('responses: response-rate and response-time bars by source', async () => {
    const page = await newPage();
    await signInAt(page, ADMIN, '/reporting/ratings_reviews');
    expect(await pageTitle(page)).toBe('Responses');
    await chartsDrawn(page, 4);
    await screenshot(page, 'reporting-responses');
  });

  it('competitors: side-by-side benchmark of the seeded competitors', async () => {
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await signInAt(page, ADMIN, '/reporting/competitors');
      await chartsDrawn(page, 2);
      await page.getByTestId('benchmark-table').locator('tbody tr.ant-table-row').first().waitFor();
      expect(await kpiText(page, 'kpi-competitor-rating')).toMatch(/^\d\.\d\d$/);
      await screenshot(page, 'reporting-competitors');
    }
  });

  it('insights: topics, words and trends from the analysed review texts', async () => {
    await waitForTopics();
    for (const size of [DESKTOP, PHONE]) {
      const page = await newPage(size);
      await signInAt(page, ADMIN, '/reporting/insights?date_preset=lastQuarter');
      await chartsDrawn(page, 2);
      await page.getByTestId('words-neg').waitFor();
      await page.getByTestId('topic-service').click();
      await page.getByTestId('subtopics').getByText('Speed of service').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'reporting-insights');
    }
  });

  it('insights: while review texts wait for analysis the page says how many, shows progress and asks again until done', async () => {
    await waitForTopics();
    for (const language of ['en', 'ar'] as const) {
      // The page asks again every ANALYSIS_POLL_MS: the fake clock runs its poll at once instead of the
      // test waiting for it (24 s for both languages before, most of it waiting).
      const page = await newPageWithClock();
      if (language === 'ar') await useArabic(page);
      // The server's answers, with the count of reviews waiting for analysis this test sets (a first start's).
      let waiting = 1200;
      await page.route(/\/v3\/insights\/(primary|secondary|words)\?/, async (route) => {
        const answer = await (await route.fetch()).json();
        await route.fulfill({ json: { ...answer, reviews_waiting_analysis: waiting } });
      });
      await signInAt(page, ADMIN, '/reporting/insights');
      const notice = page.getByTestId('insights-analysing');
      await notice
        .getByText(
          language === 'en'
            ? 'Review texts are being analysed: 1,200 reviews still to go. Topics and words are complete once it is done.'
            : 'يجري تحليل نصوص المراجعات: تتبقى 1,200 مراجعة. تكتمل المواضيع والكلمات عند انتهاء التحليل.',
        )
        .waitFor();
      waiting = 300;
      await page.clock.fastForward(ANALYSIS_POLL_MS);
      await notice.locator('.ant-progress').waitFor();
      await expect.poll(() => notice.textContent()).toMatch(/75/);
      if (language === 'ar') expect(await notice.textContent()).not.toMatch(/[A-Za-z]{2,}/);
      await screenshot(page, `reporting-insights-analysing-${language}`);
      waiting = 0;
      await page.clock.fastForward(ANALYSIS_POLL_MS);
      await notice.waitFor({ state: 'detached' });
    }
  });
});

describe('competitor settings and e-mail reports', () => {
  it('adds a competitor, uploads a file, and another company cannot read it', async () => {
    const page = await newPage();
    await signInAt(page, ADMIN, '/settings/competitors');
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'settings-competitors');
    await page.getByTestId('add-competitor').click();
    await page.getByTestId('competitor-name').fill('Falafel Corner');
    await page.getByTestId('branch-location').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.getByLabel('Google page').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a valid Google address.').waitFor();
    await screenshot(page, 'settings-competitor-form');
    await page.getByLabel('Google page').fill('https://www.google.com/maps/place/Falafel+Corner');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Competitor added.').waitFor();
    await page.locator('tbody tr', { hasText: 'Falafel Corner' }).waitFor();

    const csv = 'Competitor name,Location ID,Branch name\nKebab Nation,NOT-A-LOCATION,Kebab Nation One\n';
    await page
      .getByTestId('competitor-file')
      .setInputFiles({ name: 'competitors.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.locator('.ant-modal-confirm-title', { hasText: '0 imported, 0 already there' }).waitFor();
    await page.getByText('Line 2: Location NOT-A-LOCATION is not one of your locations.').waitFor();
    await screenshot(page, 'settings-competitor-upload');

    const admin = await token(ADMIN);
    const { data } = await call<{ data: { id: number; name: string }[] }>(
      admin,
      'GET',
      '/v2/api/competitor?per_page=100',
    );
    const mine = data.find((c) => c.name === 'Falafel Corner')!;
    const owner = await token('owner@reputo.test');
    const companies = await call<{ data: { id: number; company_name: string }[] }>(
      owner,
      'GET',
      '/v2/api/admin/companies?per_page=100',
    );
    const hotel = companies.data.find((c) => c.company_name === 'Al Noor Hospitality')!;
    await expect(call(owner, 'GET', `/v2/api/competitor/${mine.id}?ownerAsCompany=${hotel.id}`)).rejects.toThrow(/404/);
  });

  it('schedules the e-mail report and sends one now', async () => {
    const page = await newPage();
    await signInAt(page, 'manager@reputo.test', '/reporting/overview');
    await page.getByTestId('email-reports').click();
    await page.getByTestId('report-enabled').click();
    await page.locator('.ant-radio-button-wrapper', { hasText: 'Monthly' }).click();
    await screenshot(page, 'email-reports');
    await page.getByTestId('send-report-now').click();
    await page.getByText(/The monthly report was sent to manager@reputo.test/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/The next monthly report goes out/).waitFor();
    const owner = await token('owner@reputo.test');
    const outbox = await call<{ data: { subject: string }[] }>(
      owner,
      'GET',
      `/v2/api/admin/outbox?to=${encodeURIComponent('manager@reputo.test')}`,
    );
    expect(
      outbox.data.some((m) => m.subject.startsWith('Your monthly Reputo report: Saffron & Co. Restaurant Group')),
    ).toBe(true);
  });
});

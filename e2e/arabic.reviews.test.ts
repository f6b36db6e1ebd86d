import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { documentDirection, englishLeft, useArabic } from './support/arabic';
import { DESKTOP, newPage, screenshot, sidewaysScroll, signInAt, useBrowser } from './support/browser';

useBrowser();

/**
 * Words of the demo's own data that may show in interface parts (a select's chosen location, a name
 * in a placeholder or an aria-label): names of its locations, pages and people. Topic titles are
 * not among them: the server writes them in the request's language.
 */
const SEEDED = [
  /Saffron|Zaatar|Ember|Olive|Stone|Burger|Majlis|Bao Street|@saffron/,
  /Reviewer \d+|Fan \d+/,
  // The name the message ingest stores for a customer who sent none.
  /Customer$/,
  // Names other test files create on the shared server (a review category "Parking 28579"), a seeded
  // team member, and antd's own label of a select's clear button.
  /^[A-Z][a-z]+ \d{3,}$/,
  /^Arjun Pillai$/,
  /^Clear$/,
];
/** antd's icons name themselves in English in aria-label (lowercase icon names: "download", "arrow-up"). */
const ICON_NAME = /^[a-z]+(-[a-z]+)*$/;

/** Interface texts left in English on the screen, the shell aside (arabic.shell.test.ts checks it). */
async function leftInEnglish(page: Page): Promise<string[]> {
  return englishLeft(page, [...SEEDED, ICON_NAME], { skip: ['.app-sider', '.app-header', '.drawer-nav'] });
}

async function expectArabic(page: Page, name: string): Promise<void> {
  expect(await documentDirection(page)).toEqual({ dir: 'rtl', lang: 'ar' });
  expect(await leftInEnglish(page), name).toEqual([]);
  expect(await sidewaysScroll(page), name).toBeLessThanOrEqual(1);
  await screenshot(page, `arabic-${name}`);
}

/** A review in Arabic with English inside it (a mixed text), imported as the demo has none in Arabic. */
async function importMixedReview(marker: string): Promise<string> {
  const text = `الخدمة ممتازة في Saffron House والـ Chicken Biryani رائع ${marker}`;
  const csv = [
    'source,date,rating,text,author_name,language',
    `feedback,${new Date().toISOString().slice(0, 10)},4,${text},سارة علي,ar`,
  ].join('\n');
  const bearer = await token('admin@reputo.test');
  const started = await call<{ id: number }>(bearer, 'POST', '/v2/api/reviews/upload', {
    fileName: 'arabic.csv',
    content: Buffer.from(csv).toString('base64'),
  });
  for (let i = 0; i < 60; i++) {
    const s = await call<{ status: string; imported: number }>(bearer, 'GET', `/v2/api/reviews/upload/${started.id}`);
    if (s.status === 'done') {
      expect(s.imported).toBe(1);
      return text;
    }
    expect(s.status).toBe('running');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the import did not finish');
}

describe('reviews, messages and reports in Arabic', () => {
  it('shows /reviews right to left with every review text in its own direction, the reply box open', async () => {
    const marker = `e2e${Date.now() % 100000}`;
    const text = await importMixedReview(marker);
    const page = await newPage(DESKTOP);
    await useArabic(page);
    await signInAt(page, 'admin@reputo.test', '/reviews');
    await page.getByTestId('review-list').waitFor();
    // Every review text (and every reply) carries dir="auto".
    const texts = page.getByTestId('review-text');
    expect(await texts.count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="review-text"]:not([dir="auto"])').count()).toBe(0);
    expect(await page.locator('.rv-reply .body:not([dir="auto"])').count()).toBe(0);
    await expectArabic(page, 'reviews');

    // The mixed review reads right to left; an English one left to right, in the same list.
    await page.getByTestId('search-input').locator('input').fill(marker);
    await page.getByTestId('search-input').locator('input').press('Enter');
    const mixed = page.getByTestId('review-text').filter({ hasText: marker });
    // The list before the search may hold the new review too (it is the newest): wait for the searched
    // list itself, or the reply box below opens on a card the search then takes away.
    await expect
      .poll(async () => {
        const texts = await page.getByTestId('review-text').allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes(marker));
      })
      .toBe(true);
    await mixed.waitFor();
    expect(await mixed.textContent()).toContain(text);
    expect(await mixed.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await page.locator('.rv-name').first().getAttribute('dir')).toBe('auto');
    // The reply box of that review (its author's name is Arabic; the demo's reviewers, which come
    // first on some days, have Latin names that the placeholder quotes).
    await page.getByTestId('reply-button').first().click();
    await page.getByTestId('reply-input').waitFor();
    await expectArabic(page, 'reviews-mixed');
    // The list keeps a user's last filter: leave the shared demo's admin without this search.
    await page.getByTestId('clear-filters').click();
    await page.waitForURL((u) => u.search === '');
  });

  it('shows the inbox, an open conversation and messages analytics right to left', async () => {
    const page = await newPage(DESKTOP);
    await useArabic(page);
    await signInAt(page, 'admin@reputo.test', '/messages');
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread-message').first().waitFor();
    expect(await page.locator('[data-testid="thread-message"] .msg-text:not([dir="auto"])').count()).toBe(0);
    expect(await page.locator('.msg-row-snippet:not([dir="auto"])').count()).toBe(0);
    await expectArabic(page, 'messages');

    await page.goto('/messages/analytics');
    await page.getByTestId('kpi-conversations').locator('.kpi-value').waitFor();
    await page.getByTestId('volume-chart').locator('canvas').waitFor();
    await expectArabic(page, 'messages-analytics');
  });

  it('shows the six reports right to left', async () => {
    const page = await newPage(DESKTOP);
    await useArabic(page);
    const screens: [string, string][] = [
      ['/reporting/overview', 'chart-volume-rating'],
      ['/reporting/trends', 'chart-trend-volume'],
      ['/reporting/ranking_responses', 'ranking-table'],
      ['/reporting/ratings_reviews', 'responses-table'],
      ['/reporting/competitors', 'benchmark-table'],
      ['/reporting/insights', 'topics-table'],
    ];
    let first = true;
    for (const [path, testId] of screens) {
      if (first) await signInAt(page, 'admin@reputo.test', path);
      else await page.goto(path);
      first = false;
      await page.getByTestId(testId).waitFor();
      // Figures loaded: no skeleton left in the panels.
      await page.waitForFunction(() => document.querySelectorAll('.ant-skeleton').length === 0, undefined, {
        timeout: 30_000,
      });
      await page.getByTestId('page-title').waitFor();
      expect(await page.getByTestId('page-title').textContent(), path).toMatch(/\p{Script=Arabic}/u);
      if (path === '/reporting/insights') {
        // Topic titles are the server's, in the request's language. Their links are dir="auto", which
        // the check for English below skips as user content, so they are checked here.
        const topics = await page.getByTestId('topics-table').locator('[data-testid^="topic-"]').allTextContents();
        expect(topics.length, path).toBeGreaterThan(0);
        for (const title of topics) expect(title, path).toMatch(/^[\p{Script=Arabic}\s]+$/u);
      }
      await expectArabic(page, path.split('/').pop()!);
    }
  });
});

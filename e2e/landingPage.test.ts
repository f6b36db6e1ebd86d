import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { accessibilityViolations } from './support/axe';
import { DESKTOP, newPage, PHONE, screenshot, signInAt, useBrowser } from './support/browser';

useBrowser();

interface LandingPageRow {
  code: string;
  url: string;
  title: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Rates 1 (stars or 0-10 alike: both scales have it), then checks step 2 offers the public links and the form. */
async function rateLowAndWrite(phone: Page, code: string, lang: 'en' | 'ar', message: string, name: string) {
  await phone.goto(`/f/${code}?lang=${lang}`);
  expect(await phone.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
  await screenshot(phone, `landing-rate-${lang}`);
  await phone.locator('button[name="score"][value="1"]').click();
  // No review gating: a low rating still gets the public review links, beside the private form.
  await phone.locator('#private').waitFor();
  // Nothing sticks out sideways, right to left too (a phone would scroll sideways).
  expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await phone.locator('a[href*="/go/"]').count()).toBeGreaterThan(0);
  await screenshot(phone, `landing-next-${lang}`);
  expect(await accessibilityViolations(phone)).toEqual([]);
  await phone.locator('#text').fill(message);
  await phone.locator('#name').fill(name);
  await phone.locator('#contact').fill('guest@example.com');
  await phone.locator('button.send').click();
  await phone.locator('p.big').waitFor();
  await screenshot(phone, `landing-thanks-${lang}`);
  return phone.locator('h1').innerText();
}

describe('landing page', () => {
  it('an anonymous visitor on a phone rates low in Arabic and in English, sees the public links, and the feedback reaches /reviews and a mail', async () => {
    const admin = await token('admin@reputo.test');
    const analyst = await token('analyst@reputo.test');
    // The analyst (whose settings no other browser test reads) wants an instant mail of every new review.
    await call(analyst, 'POST', '/v2/api/notifications/reviews', {
      delivery: 'instant',
      ratings: [1, 2, 3, 4, 5],
      sources: [],
      locations: [],
      kinds: ['count'],
    });
    const pages = await call<{ data: LandingPageRow[] }>(admin, 'GET', '/v2/api/lendingPage/location');
    const { code } = pages.data[0]!;
    const stamp = Date.now() % 1_000_000;
    const arabic = `الطعام كان باردًا ${stamp}`;
    const english = `The fries were cold ${stamp}`;

    const phone = await newPage(PHONE);
    expect(await rateLowAndWrite(phone, code, 'ar', arabic, 'هالة')).toContain('شكرًا');
    expect(await accessibilityViolations(phone)).toEqual([]);
    expect(await rateLowAndWrite(phone, code, 'en', english, 'Hala')).toContain('Thank you');

    const desk = await newPage(DESKTOP);
    await signInAt(desk, 'admin@reputo.test', `/reviews?sources=feedback&search=${stamp}`);
    const cards = desk.locator('article[data-testid^="review-"]');
    await cards.filter({ hasText: english }).waitFor();
    await cards.filter({ hasText: arabic }).waitFor();
    expect(await cards.filter({ hasText: english }).innerText()).toContain('Feedback');
    // The answers count in Feedback › Analytics (the demo's months of answers and these two).
    await desk.goto('/feedback/analytics');
    await expect
      .poll(async () => Number((await desk.getByTestId('kpi-answers').innerText()).replace(/\D/g, '')))
      .toBeGreaterThan(1);
    await screenshot(desk, 'feedback-analytics');

    const owner = await token('owner@reputo.test');
    await expect
      .poll(async () => {
        const { data } = await call<{ data: OutboxMail[] }>(
          owner,
          'GET',
          '/v2/api/admin/outbox?to=analyst%40reputo.test',
        );
        return data.some((m) => m.text.includes(english));
      })
      .toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { accessibilityViolations } from './support/axe';
import { DESKTOP, newPage, PHONE, screenshot, sidewaysScroll, signInAt, useBrowser } from './support/browser';

useBrowser();

/** A 1x1 PNG, the offer's image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface CouponPage {
  data: { code: string; state: string }[];
}

describe('offers', () => {
  it('creates an offer, generates and uploads codes, and a responder redeems one at 390 px', async () => {
    const title = `E2E dessert ${Date.now()}`;
    const admin = await token('admin@reputo.test');
    const page = await newPage(DESKTOP);
    await signInAt(page, 'admin@reputo.test', '/feedback/offers');
    await page.getByTestId('page-title').filter({ hasText: 'Offers' }).waitFor();
    // The Feedback section of the sidebar leads here.
    await page.getByRole('link', { name: 'Offers' }).first().waitFor();

    await page.getByTestId('offer-new').click();
    await page.getByTestId('offer-title').fill(title);
    await page.getByText('Free item', { exact: true }).click();
    await page.getByTestId('offer-free-item').fill('dessert');
    await page
      .locator('.ant-drawer input[type=file]')
      .setInputFiles({ name: 'dessert.png', mimeType: 'image/png', buffer: PNG });
    await screenshot(page, 'offers-drawer');
    await page.getByTestId('offer-save').click();
    const row = page.locator('tr', { hasText: title });
    await row.waitFor();
    expect(await row.innerText()).toContain('Free dessert');

    await row.getByTestId('offer-generate').click();
    await page.getByTestId('generate-count').fill('25');
    await page.getByTestId('generate-submit').click();
    await expect.poll(async () => row.getByTestId('offer-issued').innerText()).toBe('25');
    // A point of sale's own codes: the good rows are imported, a repeated one is reported by its line.
    const stamp = String(Date.now()).slice(-6);
    await row.getByRole('button', { name: `More for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Upload codes' }).click();
    const csv = ['Code,Name', `POS${stamp}A,Layla`, `POS${stamp}B,`, `pos-${stamp}a,again`].join('\n');
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-report').getByText(`Line 4: POS${stamp}A: Repeats line 2.`).waitFor();
    await screenshot(page, 'offers-upload');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => row.getByTestId('offer-issued').innerText()).toBe('27');
    await screenshot(page, 'offers-list');
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    expect(await accessibilityViolations(page)).toEqual([]);

    const offers = await call<{ data: { id: number; title: string }[] }>(
      admin,
      'GET',
      `/v2/api/offers?search=${encodeURIComponent(title)}`,
    );
    const offerId = offers.data[0]!.id;
    expect((offers.data[0] as { image_url?: string | null }).image_url).toMatch(/^\/v2\/api\/uploads\/offers\//);
    try {
      const coupons = await call<CouponPage>(admin, 'GET', `/v2/api/coupons?offer_id=${offerId}&per_page=1`);
      const code = coupons.data[0]!.code;

      const phone = await newPage(PHONE);
      await signInAt(phone, 'responder@reputo.test', '/feedback/offers');
      await phone.getByTestId('redeem-panel').waitFor();
      // A Responder redeems but does not manage offers.
      expect(await phone.getByTestId('offer-new').count()).toBe(0);
      // Typed as a customer reads it out: lower case, with a dash.
      await phone.getByTestId('redeem-code').fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
      await phone.getByTestId('redeem-location').click();
      await phone.locator('.ant-select-item-option').first().click();
      await phone.getByTestId('redeem-find').click();
      await phone.getByTestId('coupon-details').filter({ hasText: 'Ready to redeem' }).waitFor();
      await screenshot(phone, 'offers-redeem-found');
      await phone.getByTestId('redeem-submit').click();
      await phone.getByTestId('redeem-confirm').click();
      await phone.getByTestId('coupon-details').filter({ hasText: 'Redeemed' }).waitFor();
      expect(await phone.getByTestId('coupon-details').innerText()).toContain('Maria Santos');
      await screenshot(phone, 'offers-redeemed');
      expect(await sidewaysScroll(phone)).toBe(0);

      // A second try says so instead of redeeming twice.
      await phone.getByTestId('redeem-find').click();
      await phone.getByTestId('coupon-details').filter({ hasText: 'Redeemed' }).waitFor();
      expect(await phone.getByTestId('redeem-submit').count()).toBe(0);
      // An unknown code answers clearly.
      await phone.getByTestId('redeem-code').fill('NOSUCH23');
      await phone.getByTestId('redeem-find').click();
      await phone.getByTestId('redeem-error').filter({ hasText: 'No such code' }).waitFor();
      await phone.mouse.wheel(0, 600);
      await screenshot(phone, 'offers-phone');
      expect(await sidewaysScroll(phone)).toBe(0);

      const after = await call<{ data: { redeemed: number }[] }>(
        admin,
        'GET',
        `/v2/api/offers?search=${encodeURIComponent(title)}`,
      );
      expect(after.data[0]!.redeemed).toBe(1);
    } finally {
      await call(admin, 'DELETE', `/v2/api/offer/${offerId}`);
    }
  });

  it('is attached to a landing page, a visitor who rates gets its coupon page with a QR code and a barcode, then sees it used', async () => {
    const admin = await token('admin@reputo.test');
    const title = `E2E coffee ${Date.now()}`;
    const offer = await call<{ id: number }>(admin, 'POST', '/v2/api/offer/create', {
      title,
      description: 'Thank you for your feedback!',
      terms: 'One per visit.',
      discount_type: 'percent',
      discount_value: 20,
      valid_to: '2099-12-31',
    });
    const before = await call<{ offer_id: number | null }>(admin, 'GET', '/v2/api/lendingPageSettings');
    try {
      // The manager attaches the offer to the landing pages' thank-you step.
      const settings = await newPage(DESKTOP);
      await signInAt(settings, 'admin@reputo.test', '/feedback/landingPage');
      await settings.getByTestId('landing-settings').waitFor();
      await settings.getByLabel('Offer on the thank-you step').click();
      await settings.locator('.ant-select-item-option', { hasText: title }).click();
      await settings.getByTestId('save-landing-settings').click();
      await expect
        .poll(
          async () => (await call<{ offer_id: number | null }>(admin, 'GET', '/v2/api/lendingPageSettings')).offer_id,
        )
        .toBe(offer.id);

      // A visitor rates on a location's page and follows the offer to the coupon page.
      const pages = await call<{ data: { code: string }[] }>(admin, 'GET', '/v2/api/lendingPage/location');
      const page = await newPage(PHONE);
      await page.goto(`/f/${pages.data[0]!.code}?lang=en`);
      await page.locator('button[name="score"]').last().click();
      await page.locator('section.offer a').click();
      await page.getByTestId('coupon-card').waitFor();
      const coupon = { code: await page.getByTestId('coupon-code').innerText() };
      expect(coupon.code).toMatch(/^[A-Z2-9]{8}$/);
      expect(
        await page
          .getByRole('img', { name: `QR code of ${coupon!.code}` })
          .locator('svg')
          .count(),
      ).toBe(1);
      expect(
        await page
          .getByRole('img', { name: `Barcode of ${coupon!.code}` })
          .locator('svg')
          .count(),
      ).toBe(1);
      expect(await page.getByTestId('coupon-card').innerText()).toContain('20% off');
      await screenshot(page, 'coupon-page');
      expect(await sidewaysScroll(page)).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      const [location] = (await call<{ locations: { id: number }[] }>(admin, 'GET', '/v2/api/locations/shortinfo'))
        .locations;
      await call(admin, 'POST', '/v2/api/coupons/redeem', { code: coupon!.code, location_id: location!.id });
      await page.reload();
      await page.getByTestId('coupon-card').getByText('Already used').waitFor();
      await page.goto('/coupon/1-AAAAAAAAAAAAAAAAAAAAAA');
      await page.getByText('Coupon not found').waitFor();
    } finally {
      await call(admin, 'PATCH', '/v2/api/lendingPageSettings', { offer_id: before.offer_id });
      await call(admin, 'DELETE', `/v2/api/offer/${offer.id}`);
    }
  });
});

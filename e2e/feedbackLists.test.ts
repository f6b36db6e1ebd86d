import { describe, expect, it } from 'vitest';
import { call, token } from './support/api';
import { accessibilityViolations } from './support/axe';
import { DESKTOP, newPage, PHONE, screenshot, sidewaysScroll, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

describe('feedback lists and templates', () => {
  it('creates a list, uploads a CSV with a bad row, adds a contact, and writes an SMS template with its preview', async () => {
    const stamp = String(Date.now()).slice(-7);
    const listName = `E2E guests ${stamp}`;
    const templateName = `E2E thank you ${stamp}`;
    const admin = await token('admin@reputo.test');
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin@reputo.test');
    try {
      await page.goto('/feedback/lists');
      await page.getByTestId('lists-table').waitFor();
      await page.getByTestId('list-new').click();
      await page.getByTestId('list-name').fill(listName);
      await page.getByTestId('list-name-save').click();
      // A new list opens at once, empty.
      await page.getByTestId('list-title').filter({ hasText: listName }).waitFor();

      await page.getByTestId('contacts-upload').click();
      const csv = [
        'Name,Email,Phone,Tags,Consent',
        `Layla Nasser,layla.${stamp}@example.com,+971 50 ${stamp.slice(0, 3)} ${stamp.slice(3)},"vip, brunch",yes`,
        'Wrong Number,,12345,,',
        `Omar Said,,+971 55 ${stamp},delivery,`,
      ].join('\n');
      await page
        .locator('.ant-modal input[type=file]')
        .setInputFiles({ name: 'guests.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByTestId('upload-submit').click();
      const report = page.getByTestId('upload-report');
      await report.getByTestId('upload-rejected').getByText('Bad phone: 12345').waitFor();
      expect(await report.innerText()).toMatch(/Added\s*2[\s\S]*Merged\s*0[\s\S]*Rejected\s*1/);
      await screenshot(page, 'feedback-lists-upload');
      await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('contacts-table').getByText(`layla.${stamp}@example.com`).waitFor();

      await page.getByTestId('contact-new').click();
      await page.getByTestId('contact-name').fill('Omar Khalid');
      await page.getByTestId('contact-email').fill(`omar.${stamp}@example.com`);
      await page.getByTestId('contact-save').click();
      await page.getByTestId('contacts-table').getByText(`omar.${stamp}@example.com`).waitFor();
      expect(await page.getByTestId('list-title').locator('..').innerText()).toContain('3 contacts');
      expect(await accessibilityViolations(page)).toEqual([]);
      // Every reason of the demo's suppression list, in its colour.
      await page.goto('/feedback/lists?tab=suppressions');
      await page.getByTestId('suppressions-table').getByText('Replied STOP').first().waitFor();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.goto('/feedback/template');
      await page.getByTestId('templates-table').waitFor();
      await page.getByTestId('template-new').click();
      await page.getByTestId('template-name').fill(templateName);
      await page.getByTestId('template-body').fill('Hi {first_name}, how was {location}? Tell us: {link}');
      const preview = page.getByTestId('template-preview');
      // The preview fills the fields for a sample contact and adds the opt-out, as sending does.
      await preview.getByText(/^Hi Layla, how was .+\? Tell us: http.+\/c\/\w+ Reply STOP to opt out\.$/).waitFor();
      expect(await preview.getByTestId('sms-parts').innerText()).toMatch(/^1 part · \d+ \/ 160 characters$/);
      await screenshot(page, 'feedback-template-editor');
      await page.getByTestId('template-save').click();
      await page.getByTestId('templates-table').getByText(templateName).waitFor();

      const phone = await newPage(PHONE);
      await signInAt(phone, 'admin@reputo.test', '/feedback/lists');
      await phone.getByTestId('lists-table').getByText(listName).waitFor();
      expect(await sidewaysScroll(phone)).toBe(0);
      await phone.goto('/feedback/lists?tab=suppressions');
      await phone.getByTestId('suppressions-table').locator('.rt-card').first().waitFor();
      expect(await sidewaysScroll(phone)).toBe(0);
    } finally {
      const lists = await call<{ data: { id: number }[] }>(
        admin,
        'GET',
        `/v2/api/feedback/lists?search=${encodeURIComponent(listName)}`,
      );
      for (const l of lists.data) await call(admin, 'DELETE', `/v2/api/feedback/lists/${l.id}`);
      const templates = await call<{ data: { id: number }[] }>(
        admin,
        'GET',
        `/v2/api/feedback/templates?search=${encodeURIComponent(templateName)}`,
      );
      for (const t of templates.data) await call(admin, 'DELETE', `/v2/api/feedback/templates/${t.id}`);
    }
  });
});

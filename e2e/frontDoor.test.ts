import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { NOT_FOUND_TEXT, SERVER_ERROR_TEXT } from '@reputo/core';
import { baseURL, expectPath, newPage, useBrowser } from './support/browser';
import { ROOT } from './support/server';

useBrowser();

/** The address the README tells a newcomer to open (`npm start` serves on it). */
const README_ORIGIN = 'http://localhost:3000';

/** Paths of every http(s) address on `origin` that a text prints, `/` for the bare origin. */
function addressesOn(text: string, origin: string): string[] {
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = text.matchAll(new RegExp(`${escaped}(/[^\\s<>)\`'"]*)?`, 'g'));
  return [...new Set([...found].map((m) => m[1] || '/'))];
}

describe('front door', () => {
  it('loads the app at the bare address and sends a signed-out visitor to /signin', async () => {
    const page = await newPage();
    const response = await page.goto(baseURL());
    expect(response?.status()).toBe(200);
    await expectPath(page, '/signin');
    await page.locator('#signin_email').waitFor();
  });

  it('answers every address the README and the start-up output print', async () => {
    const readme = addressesOn(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), README_ORIGIN);
    const printed = addressesOn(inject('startupOutput'), baseURL());
    // Both print the app itself; the start-up output also prints the API documentation.
    expect(readme).toContain('/');
    expect(printed).toEqual(expect.arrayContaining(['/', '/docs']));
    const page = await newPage();
    for (const address of new Set([...readme, ...printed])) {
      const response = await page.goto(new URL(address, baseURL()).href, { waitUntil: 'networkidle' });
      expect(response?.status(), address).toBeGreaterThanOrEqual(200);
      expect(response?.status(), address).toBeLessThan(300);
      const body = await page.locator('body').innerText();
      expect(body, address).not.toMatch(/"error"\s*:/);
      expect(body, address).not.toContain(NOT_FOUND_TEXT);
      expect(body, address).not.toContain(SERVER_ERROR_TEXT);
    }
  });
});

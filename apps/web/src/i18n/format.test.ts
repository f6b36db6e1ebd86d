import { beforeAll, describe, expect, it } from 'vitest';
import { digitsFormatter } from './format';
import { i18n, initI18n } from './i18n';

/** The browser's storage as the app keeps it: the interface language and the digits chosen. */
const stored = new Map<string, string>([['reputo.language', 'ar']]);
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
};

describe("numbers put into texts follow the user's digits", () => {
  beforeAll(async () => {
    await initI18n(['common', 'admin', 'reviews'], digitsFormatter);
  });

  it('Arabic-Indic digits for a user who prefers them, Latin ones otherwise', async () => {
    stored.set('reputo.digits', 'arab');
    expect(i18n.t('admin:wizard.progress', { index: 2, count: 12 })).toBe('الخطوة ٢ من ١٢');
    expect(i18n.t('reviews:stars.label', { count: 5 })).toBe('٥ نجوم');
    stored.set('reputo.digits', 'latn');
    expect(i18n.t('admin:wizard.progress', { index: 2, count: 12 })).toBe('الخطوة 2 من 12');
    await i18n.changeLanguage('en');
    stored.set('reputo.digits', 'arab');
    expect(i18n.t('admin:wizard.progress', { index: 2, count: 2025 })).toBe('Step 2 of 2025');
  });

  it('leaves texts given to it as they are: names, codes, already formatted numbers', async () => {
    await i18n.changeLanguage('ar');
    stored.set('reputo.digits', 'arab');
    expect(i18n.t('admin:wizard.progress', { index: 'AG-001', count: '1,200' })).toBe('الخطوة AG-001 من 1,200');
  });
});

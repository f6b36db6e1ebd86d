import type { FormatterModule } from 'i18next';
import { currentLanguage } from './i18n';

/** Digits a user reads numbers in: Latin (the Gulf's usual) or Arabic-Indic (١٢٣). */
export type Digits = 'latn' | 'arab';

const DIGITS_STORAGE_KEY = 'reputo.digits';

export function preferredDigits(): Digits {
  try {
    return localStorage.getItem(DIGITS_STORAGE_KEY) === 'arab' ? 'arab' : 'latn';
  } catch {
    return 'latn';
  }
}

export function setPreferredDigits(digits: Digits): void {
  try {
    localStorage.setItem(DIGITS_STORAGE_KEY, digits);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

/** The BCP 47 locale for Intl: the interface language with the user's digits (Arabic gets the UAE's conventions). */
export function intlLocale(): string {
  const language = currentLanguage();
  const base = language === 'ar' ? 'ar-AE' : 'en-GB';
  return `${base}-u-nu-${language === 'ar' ? preferredDigits() : 'latn'}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the user's language and digits (formatters are cached per locale and options). */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const locale = intlLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * i18next's formatter (with `interpolation.alwaysFormat`): a number put into a text ("{{count}}
 * reviews", "row {{line}}", "step {{index}} of {{count}}") is written in the user's digits, as
 * formatNumber writes numbers on the screen. Ungrouped, as they were: a year or a row stays 2025, and
 * the texts that want grouping are given the number formatted. The catalogues use no format names
 * (`{{value, number}}`), so i18next's own formats are not needed; other values pass as they are.
 */
export const digitsFormatter: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // Other values (texts, and objects for nesting) go on as they are.
  format: (value: unknown): string =>
    typeof value === 'number'
      ? formatNumber(value, { useGrouping: false, maximumFractionDigits: 20 })
      : (value as string),
};

/** A date (or date and time) in the user's language and digits. */
export function formatDate(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat(intlLocale(), options).format(date);
}

import { findCountry, isValidEmail } from '@reputo/core';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The checks a contact's fields pass, by hand and by upload alike: an email lower-cased, a phone
 * in E.164 (read in the country of the contact's location, else the company's, when it has no +),
 * tags trimmed and de-duplicated, consent and dates from the many ways a sheet writes them.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Country values companies and locations hold besides ISO codes and names. */
const COUNTRY_ALIASES: Record<string, CountryCode> = { uae: 'AE', ksa: 'SA', usa: 'US', uk: 'GB' };

/** The ISO code libphonenumber-js reads a national number in; undefined when unknown. */
export function phoneCountry(country: string | null | undefined): CountryCode | undefined {
  if (!country) return undefined;
  const alias = COUNTRY_ALIASES[country.trim().toLowerCase()];
  return alias ?? (findCountry(country)?.code as CountryCode | undefined);
}

export function checkEmail(raw: string): Checked<string | null> {
  const text = raw.trim().toLowerCase();
  if (!text) return { ok: true, value: null };
  return isValidEmail(text) ? { ok: true, value: text } : { ok: false, reason: `Bad email: ${text.slice(0, 80)}` };
}

/** A phone in E.164; "00" before the country code is read as "+". */
export function checkPhone(raw: string, country: CountryCode | undefined): Checked<string | null> {
  const text = raw.trim().replace(/^00/, '+');
  if (!text) return { ok: true, value: null };
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed?.isValid())
    return {
      ok: false,
      reason: `Bad phone: ${raw.trim().slice(0, 40)}${text.startsWith('+') || country ? '' : ' (write it with its country code, e.g. +971...)'}`,
    };
  return { ok: true, value: parsed.number };
}

/** Tags from a comma- or semicolon-separated text or a list: trimmed, at most 50 characters, no repeats. */
export function cleanTags(tags: string | readonly string[]): string[] {
  const list = typeof tags === 'string' ? tags.split(/[,;]/) : tags;
  return [...new Set(list.map((t) => t.trim().slice(0, 50)).filter(Boolean))].slice(0, 50);
}

/** Both lists' tags, the first's order kept. */
export function unionTags(a: readonly string[], b: readonly string[]): string[] {
  return cleanTags([...a, ...b]);
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'نعم']);
const NO = new Set(['no', 'n', 'false', '0', 'لا']);

/** A consent cell: yes or no; blank leaves the contact's consent as it is (undefined). */
export function checkConsent(raw: string): Checked<boolean | undefined> {
  const text = raw.trim().toLowerCase();
  if (!text) return { ok: true, value: undefined };
  if (YES.has(text)) return { ok: true, value: true };
  if (NO.has(text)) return { ok: true, value: false };
  return { ok: false, reason: `Bad consent: ${raw.trim().slice(0, 20)} (write yes or no)` };
}

/** A last visit: YYYY-MM-DD (or an ISO time), or DD/MM/YYYY as the Gulf writes dates; never in the future. */
export function checkVisit(raw: string, now = new Date()): Checked<Date | null> {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : text;
  const at = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : new Date(iso);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(iso))
    return { ok: false, reason: `Bad last visit: ${text.slice(0, 30)} (write a date like 2026-01-31)` };
  if (at.getTime() > now.getTime() + 86_400_000) return { ok: false, reason: `Last visit ${text} is in the future` };
  return { ok: true, value: at };
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG, UI_LANGUAGES } from '@reputo/core';

/**
 * The server's catalogues (mails, error answers, exports, core's validation messages), checked as
 * the web app's are (apps/web/src/i18n/catalogues.test.ts): the same namespaces, keys and
 * {{variables}} in every language (plural suffixes aside: Arabic adds _zero/_two/_few/_many),
 * every Arabic value in Arabic script unless it is a name, and the validation catalogue the same as
 * the web app's, whose English is the spec's.
 */
const LOCALES = path.join(import.meta.dirname, 'locales');
const WEB_LOCALES = path.join(import.meta.dirname, '../../../web/src/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Catalogue = Record<string, string>;

function flatten(value: unknown, prefix = '', out: Catalogue = {}): Catalogue {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

function load(dir: string): Map<string, Catalogue> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flatten(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))]),
  );
}

const catalogues = new Map(UI_LANGUAGES.map((l) => [l, load(path.join(LOCALES, l))]));
const en = catalogues.get('en')!;
const ar = catalogues.get('ar')!;
const baseKeys = (c: Catalogue) => new Set(Object.keys(c).map((k) => k.replace(PLURAL, '')));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** Arabic values rightly written as in English: a file name pattern. */
const SAME_IN_ARABIC = new Set(['mail:report.fileName', 'exports:statistics.titleLine']);
const ARABIC_LETTER = /[\u0600-\u06FF]/;

describe('server catalogues', () => {
  it('have the same namespaces in every language', () => {
    for (const [language, namespaces] of catalogues)
      expect([...namespaces.keys()].sort(), language).toEqual([...en.keys()].sort());
  });

  it('have the same keys in both languages (plural forms aside), and every plural its other form', () => {
    for (const [ns, catalogue] of en) {
      const arabic = ar.get(ns) ?? {};
      expect([...baseKeys(arabic)].sort(), ns).toEqual([...baseKeys(catalogue)].sort());
      for (const key of Object.keys(catalogue).filter((k) => PLURAL.test(k)))
        expect(arabic[key.replace(PLURAL, '_other')], `${ns}:${key}`).toBeTypeOf('string');
    }
  });

  it('use the same variables in both languages', () => {
    for (const [ns, catalogue] of en) {
      const arabic = ar.get(ns) ?? {};
      for (const [key, text] of Object.entries(catalogue)) {
        const counterpart = arabic[key] ?? arabic[key.replace(PLURAL, '_other')];
        if (counterpart === undefined) continue;
        expect(
          variables(counterpart).filter((v) => v !== 'count'),
          `${ns}:${key}`,
        ).toEqual(variables(text).filter((v) => v !== 'count'));
      }
    }
  });

  it('write Arabic in Arabic script', () => {
    for (const [ns, catalogue] of ar)
      for (const [key, text] of Object.entries(catalogue)) {
        if (SAME_IN_ARABIC.has(`${ns}:${key}`)) continue;
        expect(ARABIC_LETTER.test(text), `${ns}:${key} = ${text}`).toBe(true);
      }
  });

  it("hold core's MSG by key in English, the same validation catalogue as the web app", () => {
    expect(en.get('validation')).toEqual(Object.fromEntries(Object.entries(MSG)));
    for (const language of UI_LANGUAGES)
      expect(catalogues.get(language)!.get('validation'), language).toEqual(
        flatten(JSON.parse(readFileSync(path.join(WEB_LOCALES, language, 'validation.json'), 'utf8'))),
      );
  });
});

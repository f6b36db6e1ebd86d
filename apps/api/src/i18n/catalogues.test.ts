import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueMismatches, flattenCatalogue, MSG, UI_LANGUAGES, type FlatCatalogue } from '@reputo/core';

/**
 * The server's catalogues (mails, error answers, exports, core's validation messages), checked as
 * the web app's are (apps/web/src/i18n/catalogues.test.ts): the same namespaces, keys and
 * {{variables}} in every language (plural suffixes aside: Arabic adds _zero/_two/_few/_many),
 * every Arabic value in Arabic script unless it is a name, and the validation catalogue the same as
 * the web app's, whose English is the spec's.
 */
const LOCALES = path.join(import.meta.dirname, 'locales');
const WEB_LOCALES = path.join(import.meta.dirname, '../../../web/src/i18n/locales');
function load(dir: string): Map<string, FlatCatalogue> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flattenCatalogue(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))]),
  );
}

const catalogues = new Map(UI_LANGUAGES.map((l) => [l, load(path.join(LOCALES, l))]));
const en = catalogues.get('en')!;
const ar = catalogues.get('ar')!;

/** Arabic values rightly written as in English: a file name pattern. */
const SAME_IN_ARABIC = new Set(['mail:report.fileName', 'exports:statistics.titleLine']);
const ARABIC_LETTER = /[\u0600-\u06FF]/;

describe('server catalogues', () => {
  it('have the same namespaces in every language', () => {
    for (const [language, namespaces] of catalogues)
      expect([...namespaces.keys()].sort(), language).toEqual([...en.keys()].sort());
  });

  it('have in Arabic every English key and variable, and no other (plural forms aside)', () => {
    for (const [ns, catalogue] of en) expect(catalogueMismatches(catalogue, ar.get(ns) ?? {}), ns).toEqual([]);
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
        flattenCatalogue(JSON.parse(readFileSync(path.join(WEB_LOCALES, language, 'validation.json'), 'utf8'))),
      );
  });
});

describe("the API's success notices", () => {
  it('come from the notices catalogue: no route answers a written-out { message }', () => {
    const modules = path.join(import.meta.dirname, '../modules');
    const written: string[] = [];
    for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(modules, file), 'utf8');
      for (const m of text.matchAll(/return \{ message: ['"`][^'"`]*/g)) written.push(`${file}: ${m[0]}`);
    }
    expect(written).toEqual([]);
  });
});

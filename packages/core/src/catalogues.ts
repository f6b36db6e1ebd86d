/**
 * Rules for translation catalogues (i18next JSON: nested keys, `{{variables}}`, plural suffixes),
 * shared by the web app's and the server's catalogue tests: a translation has the English keys and
 * variables, and each plural its "other" form, which i18next falls back to.
 */
export type FlatCatalogue = Record<string, string>;

/** i18next's plural suffixes: English uses _one and _other, Arabic adds _zero, _two, _few and _many. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Nested JSON to `a.b.c` keys. */
export function flattenCatalogue(value: unknown, prefix = '', out: FlatCatalogue = {}): FlatCatalogue {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flattenCatalogue(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

const baseKeys = (c: FlatCatalogue) => new Set(Object.keys(c).map((k) => k.replace(PLURAL_SUFFIX, '')));
/** The variables of a text but `count` (a plural form may leave it out: "one review"). */
const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)]
    .map((m) => m[1])
    .filter((v) => v !== 'count')
    .sort()
    .join(', ');

/** What a translation lacks or adds against the English catalogue of the same namespace; empty when they agree. */
export function catalogueMismatches(english: FlatCatalogue, translation: FlatCatalogue): string[] {
  const out: string[] = [];
  const ours = baseKeys(english);
  const theirs = baseKeys(translation);
  for (const key of ours) if (!theirs.has(key)) out.push(`missing: ${key}`);
  for (const key of theirs) if (!ours.has(key)) out.push(`not in English: ${key}`);
  for (const [key, text] of Object.entries(english)) {
    const counterpart = translation[key] ?? translation[key.replace(PLURAL_SUFFIX, '_other')];
    if (PLURAL_SUFFIX.test(key) && translation[key.replace(PLURAL_SUFFIX, '_other')] === undefined)
      out.push(`no "other" form: ${key}`);
    if (counterpart !== undefined && variables(counterpart) !== variables(text))
      out.push(`variables of ${key}: {${variables(text)}} in English, {${variables(counterpart)}} here`);
  }
  return out;
}

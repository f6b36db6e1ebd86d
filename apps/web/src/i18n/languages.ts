/** The languages the interface is written in; the first is the fallback. */
export const UI_LANGUAGES = ['en', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/** Right-to-left languages among them. */
const RTL: ReadonlySet<UiLanguage> = new Set(['ar']);

export const directionOf = (language: UiLanguage): 'ltr' | 'rtl' => (RTL.has(language) ? 'rtl' : 'ltr');

/** Each language named in itself, for the language menus. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', ar: 'العربية' };

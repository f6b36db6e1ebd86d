/**
 * The languages the interface (web app, mails, exports, error texts) is written in; the first is the
 * fallback. Review reply languages are another list (RESPONSE_LANGUAGES in reviews).
 */
export const UI_LANGUAGES = ['en', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

export const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/** Right-to-left languages among them. */
const RTL: ReadonlySet<UiLanguage> = new Set(['ar']);

export const directionOf = (language: UiLanguage): 'ltr' | 'rtl' => (RTL.has(language) ? 'rtl' : 'ltr');

/** Each language named in itself, for the language menus. */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', ar: 'العربية' };

/** The digits a user reads numbers in: Latin (0-9, the default) or Arabic-Indic (٠-٩). */
export const DIGIT_SYSTEMS = ['latn', 'arab'] as const;
export type DigitSystem = (typeof DIGIT_SYSTEMS)[number];
export const isDigitSystem = (value: unknown): value is DigitSystem =>
  typeof value === 'string' && (DIGIT_SYSTEMS as readonly string[]).includes(value);

/**
 * A user's effective interface language: their own choice, else the default of their locations'
 * region (`states.language`, when all their regions agree on an interface language), else English.
 */
export function effectiveLanguage(own: string | null | undefined, regionLanguage?: string | null): UiLanguage {
  if (isUiLanguage(own)) return own;
  if (isUiLanguage(regionLanguage)) return regionLanguage;
  return DEFAULT_UI_LANGUAGE;
}

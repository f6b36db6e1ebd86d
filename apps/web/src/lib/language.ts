import { currentLanguage, detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { preferredDigits, setPreferredDigits, type Digits } from '../i18n/format';
import { isUiLanguage, type UiLanguage } from '../i18n/languages';

/**
 * The language fields of GET /v2/api/me and PATCH /v2/api/user (issue 30). The server adds them in
 * parallel with this branch, so they are not in the generated types (api.schema.d.ts) yet: they are
 * read here, checked, through one accessor. The lead regenerates the types at merge; then this
 * accessor can read the fields directly.
 */
export interface LanguageSettings {
  /** The user's own choice; null: the region's or the browser's. */
  language: UiLanguage | null;
  /** The default of the region (state) the user's locations belong to, if it sets one. */
  regionLanguage: UiLanguage | null;
  digits: Digits;
}

/** The language fields of a /me answer (absent or unknown values read as null and Latin digits). */
export function languageSettingsOf(me: object): LanguageSettings {
  const fields: Partial<Record<keyof LanguageSettings, unknown>> = me;
  return {
    language: isUiLanguage(fields.language) ? fields.language : null,
    regionLanguage: isUiLanguage(fields.regionLanguage) ? fields.regionLanguage : null,
    digits: fields.digits === 'arab' ? 'arab' : 'latn',
  };
}

/** What PATCH /v2/api/user accepts for the language (besides one profile field or a password). */
export interface LanguagePatch {
  language?: UiLanguage | null;
  digits?: Digits;
}

function store(language: UiLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

/**
 * Shows the interface in `language` at once (every translated component re-renders, antd and the
 * page's direction follow) and keeps it for this browser's next visit, the sign-in page included.
 */
export function setInterfaceLanguage(language: UiLanguage): Promise<unknown> {
  store(language);
  if (currentLanguage() === language) return Promise.resolve();
  return i18n.changeLanguage(language);
}

/** The signed-in user's language: their own choice, else their region's, else this browser's. */
export function applyUserLanguage(settings: LanguageSettings): void {
  const language = settings.language ?? settings.regionLanguage ?? detectLanguage();
  const digitsChanged = preferredDigits() !== settings.digits;
  // Written only when it changes: Latin digits are the default, and sign-out leaves no user's keys behind.
  if (digitsChanged) setPreferredDigits(settings.digits);
  if (currentLanguage() !== language) void setInterfaceLanguage(language);
  // Same language, other digits: numbers re-render (react-i18next re-renders on this event).
  else if (digitsChanged) i18n.emit('languageChanged', language);
}

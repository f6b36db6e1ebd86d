import { currentLanguage, detectLanguage, i18n, LANGUAGE_STORAGE_KEY } from '../i18n/i18n';
import { preferredDigits, setPreferredDigits, type Digits } from '../i18n/format';
import type { UiLanguage } from '../i18n/languages';
import { preloadLocale } from '../i18n/useDirection';
import type { ApiResponse } from './apiTypes';

/** The language fields of GET /v2/api/me and PATCH /v2/api/user's answer (issue 30). */
export type LanguageSettings = Pick<ApiResponse<'/v2/api/me'>, 'language' | 'regionLanguage' | 'digits'>;

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
export async function setInterfaceLanguage(language: UiLanguage): Promise<unknown> {
  store(language);
  if (currentLanguage() === language) return;
  // antd's texts arrive with the catalogues, so no frame shows the new language beside antd's old one.
  await preloadLocale(language).catch((error: unknown) => console.error('[i18n] antd locale failed', error));
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

import i18next, { type FormatterModule, type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { isUiLanguage, UI_LANGUAGES, type UiLanguage } from './languages';

/**
 * Catalogues are JSON per language and namespace (`locales/<lang>/<namespace>.json`), each its own
 * chunk: a screen loads only its language and its feature's namespace. A namespace is a feature
 * folder's name (`reviews`, `settings`, ...), plus `common` (words every screen uses) and `app` (the
 * shell and the state pages).
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Where the browser keeps the language chosen before sign-in (the signed-in user's comes from /me). */
export const LANGUAGE_STORAGE_KEY = 'reputo.language';

export const i18n: I18n = i18next.createInstance();

/**
 * The language before sign-in: the one chosen on this browser, else the first of the browser's
 * languages we have (the signed-in user's own setting replaces it once /me answers). Eight lines
 * instead of i18next's detector plugin, which is 2 kB on every page's first load.
 */
export function detectLanguage(): UiLanguage {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // storage refused: the browser's languages decide
  }
  if (isUiLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isUiLanguage(base)) return base;
  }
  return 'en';
}

/**
 * Starts i18next with the language of the browser (or the one stored) and the first namespaces
 * (`common`: every screen's words and the API's errors); resolves once they are loaded. The shell's
 * `app` catalogue comes with the signed-in area's first chunk (router.tsx), and the state pages ask
 * for it themselves, so /signin does not load it. `formatter` writes every interpolated value (format.ts's
 * digitsFormatter: numbers in the user's digits; passed in, as format.ts reads this module).
 */
export async function initI18n(namespaces: string[] = ['common'], formatter?: FormatterModule): Promise<I18n> {
  if (formatter) i18n.use(formatter);
  await i18n
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        const load = catalogues[`./locales/${language}/${namespace}.json`];
        if (!load) throw new Error(`No catalogue ${language}/${namespace}`);
        return (await load()).default;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      supportedLngs: [...UI_LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: namespaces,
      defaultNS: 'common',
      fallbackNS: 'common',
      // React escapes what it renders; every value goes through the formatter (numbers in the user's digits).
      interpolation: { escapeValue: false, alwaysFormat: Boolean(formatter) },
      react: { useSuspense: true },
    });
  return i18n;
}

/** The language the interface is shown in now. */
export function currentLanguage(): UiLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isUiLanguage(language) ? language : 'en';
}

/** Loads a route's namespaces before its page renders, so it does not flash keys or suspend on first paint. */
export function loadNamespaces(namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

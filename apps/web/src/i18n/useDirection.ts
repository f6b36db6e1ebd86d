import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import { currentLanguage } from './i18n';
import { directionOf, type UiLanguage } from './languages';

/** antd's and dayjs's texts for each language, loaded when the language is first used (English is built in). */
let dayjsLocalized = false;
/** antd's locale of each language loaded so far: the first render in that language uses it at once. */
const loadedLocales = new Map<UiLanguage, Locale | undefined>();

async function loadLocales(language: UiLanguage): Promise<Locale | undefined> {
  // English is dayjs's own default: dayjs loads with the first screen that shows a date, not with /signin.
  if (language === 'en' && !dayjsLocalized) return undefined;
  const { default: dayjs } = await import('dayjs');
  if (language === 'en') {
    dayjs.locale('en');
    return undefined;
  }
  const [antd] = await Promise.all([import('antd/es/locale/ar_EG'), import('dayjs/locale/ar')]);
  dayjs.locale('ar');
  dayjsLocalized = true;
  return withNarrowWeekdays(antd.default);
}

/**
 * Loads antd's and dayjs's texts of `language` before it is shown (at boot and before a language
 * change): otherwise antd's own labels (a password field's "Show") stay English for the first frames.
 */
export async function preloadLocale(language: UiLanguage): Promise<void> {
  loadedLocales.set(language, await loadLocales(language));
}

/**
 * antd's Arabic calendars head their columns with whole day names ("الخميس"), which run into one
 * another in a date picker's narrow columns; Arabic calendars use the one-letter forms.
 */
function withNarrowWeekdays(locale: Locale): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const shortWeekDays = ['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س'];
  return { ...locale, DatePicker: { ...picker, lang: { ...picker.lang, shortWeekDays } } };
}

/**
 * The interface language's direction and antd locale; keeps `<html lang dir>` in step, so the
 * page's own CSS (logical properties) and the browser's form controls follow it too.
 */
export function useDirection(): { language: UiLanguage; direction: 'ltr' | 'rtl'; locale: Locale | undefined } {
  useTranslation(); // re-renders on a language change
  const language = currentLanguage();
  const direction = directionOf(language);
  const [locale, setLocale] = useState<{ language: UiLanguage; locale: Locale | undefined }>(() => ({
    language: loadedLocales.has(language) ? language : 'en',
    locale: loadedLocales.get(language),
  }));
  useEffect(() => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
    let live = true;
    void preloadLocale(language).then(() => {
      if (live) setLocale({ language, locale: loadedLocales.get(language) });
    });
    return () => {
      live = false;
    };
  }, [language, direction]);
  return { language, direction, locale: locale.language === language ? locale.locale : undefined };
}

import { isEnglishText, type LanguageDetector } from '@reputo/core';
import { loadEld } from '../../platform/lazyModules';

/** eld's verdict as the core English check wants it (eld is loaded on the first reply written). */
async function languageDetector(): Promise<LanguageDetector> {
  const eld = await loadEld();
  return (text) => {
    const result = eld.detect(text);
    if (!result.language) return null;
    return { language: result.language, confidence: result.getScores()[result.language] ?? 0 };
  };
}

/**
 * The language a reply to this review should be written in: English when the text passes the
 * English-text check (spec 001 section 5), otherwise the review's own language (as stored, or as
 * detected).
 */
export async function replyLanguage(text: string | null, storedLanguage: string | null): Promise<string> {
  const detectLanguage = await languageDetector();
  if (isEnglishText(text, detectLanguage)) return 'en';
  if (storedLanguage && storedLanguage !== 'en') return storedLanguage;
  return detectLanguage(text ?? '')?.language ?? 'en';
}

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English', ar: 'Arabic', fr: 'French', es: 'Spanish', de: 'German', it: 'Italian', pt: 'Portuguese', tr: 'Turkish', ru: 'Russian', hi: 'Hindi', ur: 'Urdu', fa: 'Persian', zh: 'Chinese', ja: 'Japanese', nl: 'Dutch',
};

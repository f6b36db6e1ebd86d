import { isEnglishText, type LanguageDetector } from '@reputo/core';
import { eld } from 'eld/small';

/** eld's verdict as the core English check wants it. */
export const detectLanguage: LanguageDetector = (text) => {
  const result = eld.detect(text);
  if (!result.language) return null;
  return { language: result.language, confidence: result.getScores()[result.language] ?? 0 };
};

/**
 * The language a reply to this review should be written in: English when the text passes the
 * English-text check (spec 001 section 5), otherwise the review's own language (as stored, or as
 * detected).
 */
export function replyLanguage(text: string | null, storedLanguage: string | null): string {
  if (isEnglishText(text, detectLanguage)) return 'en';
  if (storedLanguage && storedLanguage !== 'en') return storedLanguage;
  return detectLanguage(text ?? '')?.language ?? 'en';
}

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English', ar: 'Arabic', fr: 'French', es: 'Spanish', de: 'German', it: 'Italian', pt: 'Portuguese', tr: 'Turkish', ru: 'Russian', hi: 'Hindi', ur: 'Urdu', fa: 'Persian', zh: 'Chinese', ja: 'Japanese', nl: 'Dutch',
};

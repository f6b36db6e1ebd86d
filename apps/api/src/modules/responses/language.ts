import { isEnglishText } from '@reputo/core';
import { detectLanguage } from '../../platform/languageDetector';

/**
 * The language a reply to this review should be written in: English when the text passes the
 * English-text check (spec 001 section 5), otherwise the review's own language (as stored, or as
 * detected). The detector is asked only when the text's letters and words alone do not show English.
 * A rating without text has only the language its source gave it.
 */
export async function replyLanguage(text: string | null, storedLanguage: string | null): Promise<string> {
  if (!text?.trim()) return storedLanguage ?? 'en';
  if (isEnglishText(text)) return 'en';
  const verdict = await detectLanguage((text ?? '').trim());
  if (isEnglishText(text, () => verdict)) return 'en';
  if (storedLanguage && storedLanguage !== 'en') return storedLanguage;
  return verdict?.language ?? 'en';
}

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  ar: 'Arabic',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  tr: 'Turkish',
  ru: 'Russian',
  hi: 'Hindi',
  ur: 'Urdu',
  fa: 'Persian',
  zh: 'Chinese',
  ja: 'Japanese',
  nl: 'Dutch',
};

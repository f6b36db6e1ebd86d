/**
 * The English-text check of spec 001 section 5: empty text is valid. The text is reduced to its
 * letters; it passes when the share of ASCII letters is at least 0.6, or the share of common English
 * words is at least 0.3, or a language detector says English with confidence at least 0.8.
 *
 * A reply is written in the review's own language when its text fails this check. The detector
 * is passed in (the API uses eld), so this module stays free of I/O and of large data.
 */
export const ASCII_LETTER_RATIO = 0.6;
export const COMMON_WORD_RATIO = 0.3;
export const DETECTOR_CONFIDENCE = 0.8;

/** A language detector's verdict: an ISO 639-1 code and a confidence from 0 to 1. */
export type LanguageDetector = (text: string) => { language: string; confidence: number } | null;

/** The most frequent English words (function words and review staples). */
export const COMMON_ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
    'the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my one all would ' +
    'there their what so up out if about who get which go me when make can like time no just him know take people into year your good some could ' +
    'them see other than then now look only come its over think also back after use two how our work first well way even new want because any ' +
    'these give day most us is was are were been has had did very really great nice food place service staff friendly best bad love amazing ' +
    'excellent recommend delicious clean price prices order ordered time again will never always would thank thanks visit went came got here ' +
    'there too much more little lot went experience team room rooms stay hotel restaurant coffee went definitely highly quick slow rude'
  ).split(' '),
);

function letters(text: string): string {
  return text.replace(/[^\p{L}]/gu, '');
}

function asciiLetterRatio(text: string): number {
  const all = letters(text);
  if (all.length === 0) return 0;
  return all.replace(/[^A-Za-z]/g, '').length / all.length;
}

function commonWordRatio(text: string): number {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 0;
  return words.filter((w) => COMMON_ENGLISH_WORDS.has(w)).length / words.length;
}

/** Whether a text counts as English for replying (see the module comment for the rule). */
export function isEnglishText(text: string | null | undefined, detect?: LanguageDetector): boolean {
  const value = (text ?? '').trim();
  if (letters(value).length === 0) return true;
  if (asciiLetterRatio(value) >= ASCII_LETTER_RATIO) return true;
  if (commonWordRatio(value) >= COMMON_WORD_RATIO) return true;
  const verdict = detect?.(value);
  return verdict?.language === 'en' && verdict.confidence >= DETECTOR_CONFIDENCE;
}

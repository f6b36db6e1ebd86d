import { eld } from 'eld/small';
import { describe, expect, it } from 'vitest';
import { isEnglishText, type LanguageDetector } from './english';

const detect: LanguageDetector = (text) => {
  const r = eld.detect(text);
  return r.language ? { language: r.language, confidence: r.getScores()[r.language] ?? 0 } : null;
};

describe('isEnglishText (spec 001 section 5)', () => {
  it('treats empty text and text without letters as valid', () => {
    expect(isEnglishText('')).toBe(true);
    expect(isEnglishText(null)).toBe(true);
    expect(isEnglishText('  5/5 !!! 👍 ')).toBe(true);
  });

  it('passes text whose letters are mostly ASCII', () => {
    expect(isEnglishText('The burgers were great')).toBe(true);
    // 11 ASCII of 14 letters = 0.79: passes even though it is not English (the rule looks at letters).
    expect(isEnglishText('Très bon café')).toBe(true);
  });

  it('fails text in another script', () => {
    expect(isEnglishText('الطعام كان رائعا والخدمة ممتازة', detect)).toBe(false);
    expect(isEnglishText('Еда была отличной', detect)).toBe(false);
  });

  it('passes mixed text where common English words reach 0.3', () => {
    // Arabic letters dominate, but 3 of 6 words are common English words.
    expect(isEnglishText('the food was رائع جدا ممتاز')).toBe(true);
  });

  it('asks the detector last and needs confidence of at least 0.8', () => {
    const sure: LanguageDetector = () => ({ language: 'en', confidence: 0.85 });
    const unsure: LanguageDetector = () => ({ language: 'en', confidence: 0.79 });
    const text = 'ثانكس ڤيري مَتش';
    expect(isEnglishText(text, sure)).toBe(true);
    expect(isEnglishText(text, unsure)).toBe(false);
    expect(isEnglishText(text)).toBe(false);
  });
});

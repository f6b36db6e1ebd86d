import { describe, expect, it } from 'vitest';
import enTopics from '../../i18n/locales/en/topics.json';
import arTopics from '../../i18n/locales/ar/topics.json';
import { topicPathTitles, topicTitle } from './taxonomy';

describe('topic titles', () => {
  it('give each topic path one title over all business kinds (the topics catalogue is keyed by path)', () => {
    const paths = topicPathTitles();
    expect(paths.size).toBeGreaterThan(60);
    const ambiguous = [...paths].filter(([, titles]) => titles.length !== 1);
    expect(ambiguous).toEqual([]);
  });

  it("hold in the English catalogue exactly the taxonomy's titles", () => {
    const titles = Object.fromEntries([...topicPathTitles()].map(([path, [title]]) => [path, title]));
    expect(enTopics).toEqual(titles);
  });

  it('answer the catalogue text of the language, English by default, unknown keys as themselves', () => {
    expect(topicTitle('Restaurants', 'food')).toBe('Food');
    expect(topicTitle('Restaurants', 'food', 'taste', 'ar')).toBe(arTopics['food.taste']);
    expect(topicTitle('Restaurants', 'waiting', '', 'ar')).toBe('وقت الانتظار');
    expect(topicTitle('Cafes', 'coffee', 'baristas', 'ar')).toBe('الباريستا');
    expect(topicTitle('Cafes', 'coffee', 'taste', 'en')).toBe('Taste');
    expect(topicTitle('Hotels', 'facilities', 'wifi')).toBe('Wi-Fi');
    // A key of another kind's taxonomy, or none at all, shows as itself in every language.
    expect(topicTitle('Restaurants', 'rooms', '', 'ar')).toBe('rooms');
    expect(topicTitle('Restaurants', 'food', 'nothing', 'ar')).toBe('nothing');
  });
});

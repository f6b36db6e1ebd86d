import { describe, expect, it } from 'vitest';
import { fillTemplate, templatesForRating } from './templates';

describe('fillTemplate', () => {
  it('fills every placeholder', () => {
    expect(
      fillTemplate('Dear {reviewer_name} ({first_name}), thanks for {rating} stars at {location}. {brand}', {
        reviewer_name: 'Sara Ali',
        location: 'Marina',
        brand: 'Burger Bay',
        rating: 5,
      }),
    ).toBe('Dear Sara Ali (Sara), thanks for 5 stars at Marina. Burger Bay');
  });

  it('uses neutral words for missing or non-names and keeps unknown placeholders', () => {
    expect(fillTemplate('Hi {first_name}, welcome to {location} {unknown}', { reviewer_name: 'Anonymous' })).toBe(
      'Hi guest, welcome to our location {unknown}',
    );
    expect(fillTemplate('Thanks! {brand}', {})).toBe('Thanks!');
  });
});

describe('templatesForRating', () => {
  it('offers templates made for the rating', () => {
    const t = [
      { id: 1, ratings: [5] },
      { id: 2, ratings: [1, 2] },
      { id: 3, ratings: [] },
    ];
    expect(templatesForRating(t, 5).map((x) => x.id)).toEqual([1, 3]);
    expect(templatesForRating(t, null).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});

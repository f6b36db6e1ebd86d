import { describe, expect, it } from 'vitest';
import { hasActiveFilter, REVIEW_FILTER_KEYS, resolveDateRange, toQueryString } from './filterQuery';
import { parseReviewFilter, reviewFilterSchema } from './filters';

describe('reviewFilterSchema', () => {
  it('parses comma lists, booleans, dates and paging into typed values', () => {
    const f = parseReviewFilter({
      date_from: '2024-01-01',
      date_to: '2024-01-31',
      brands: '1,2',
      states: '3',
      locations: '4, 5',
      sources: 'google,facebook',
      ratings: '1,5',
      with_text: 'true',
      answered: 'false',
      categories: '0,7',
      case_resolution: '9',
      search: '  cold food ',
      page: '3',
      per_page: '50',
    });
    expect(f).toEqual({
      date_from: '2024-01-01',
      date_to: '2024-01-31',
      brands: [1, 2],
      states: [3],
      locations: [4, 5],
      sources: ['google', 'facebook'],
      ratings: [1, 5],
      with_text: true,
      answered: false,
      categories: [0, 7],
      case_resolution: [9],
      search: 'cold food',
      page: 3,
      per_page: 50,
    });
  });

  it('defaults paging and treats empty parameters as unset', () => {
    const f = parseReviewFilter({ search: '', ratings: '', brands: '' });
    expect(f.page).toBe(1);
    expect(f.per_page).toBe(20);
    expect(f.search).toBeUndefined();
    expect(f.ratings).toBeUndefined();
    expect(f.brands).toBeUndefined();
  });

  it('accepts repeated parameters as a list', () => {
    expect(parseReviewFilter({ locations: ['1', '2,3'] }).locations).toEqual([1, 2, 3]);
  });

  it.each([
    [{ ratings: '6' }, 'ratings must be whole stars from 1 to 5'],
    [{ sources: 'google,myspace' }, 'Unknown review source: myspace'],
    [{ date_from: '2024-02-30' }, 'date_from must be a date written YYYY-MM-DD'],
    [{ locations: '1,x' }, 'locations must be a comma-separated list of ids'],
    [{ locations: '0' }, 'locations must be a comma-separated list of ids'],
    [{ with_text: 'yes' }, 'with_text must be true or false'],
    [{ per_page: '500' }, 'per_page must be between 1 and 100'],
    [{ page: '0' }, 'page must be between 1 and 1000000'],
    [{ date_preset: 'lastYear' }, 'date_preset must be one of'],
    [{ search: 'x'.repeat(201) }, 'search must be at most 200 characters'],
  ])('rejects %j with a message naming the field', (query, message) => {
    const result = reviewFilterSchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});

describe('toQueryString', () => {
  it('writes a stable string that parses back to the same filter', () => {
    const filter = parseReviewFilter({
      ratings: '5,4',
      sources: 'google',
      answered: 'true',
      search: 'great food',
      page: '2',
    });
    const qs = toQueryString(filter);
    expect(qs).toBe('sources=google&ratings=5%2C4&answered=true&search=great+food&page=2&per_page=20');
    expect(parseReviewFilter(Object.fromEntries(new URLSearchParams(qs)))).toEqual(filter);
  });

  it("lists the schema's keys in the schema's order", () => {
    expect(REVIEW_FILTER_KEYS).toEqual(Object.keys(reviewFilterSchema.shape));
  });

  it('leaves out unset values and, on request, paging', () => {
    expect(toQueryString({ ratings: [], search: undefined, with_text: false, page: 4 }, { paging: false })).toBe(
      'with_text=false',
    );
  });
});

describe('resolveDateRange', () => {
  const today = new Date('2024-05-15T10:00:00Z');

  it('uses explicit dates in both mode', () => {
    expect(resolveDateRange({ date_from: '2024-05-01', date_to: '2024-05-10' }, today)).toEqual({
      from: '2024-05-01',
      to: '2024-05-10',
    });
  });

  it('lets a preset win over explicit dates', () => {
    expect(resolveDateRange({ date_preset: 'lastMonth', date_from: '2020-01-01' }, today)).toEqual({
      from: '2024-04-01',
      to: '2024-04-30',
    });
  });

  it('keeps only the side the date mode names', () => {
    expect(resolveDateRange({ date_preset: 'thisMonth', date_mode: 'date_from' }, today)).toEqual({
      from: '2024-05-01',
    });
    expect(resolveDateRange({ date_from: '2024-05-01', date_to: '2024-05-10', date_mode: 'date_to' }, today)).toEqual({
      to: '2024-05-10',
    });
  });
});

describe('hasActiveFilter', () => {
  it('ignores paging and empty lists', () => {
    expect(hasActiveFilter({ page: 2, per_page: 50, ratings: [] })).toBe(false);
    expect(hasActiveFilter({ answered: false })).toBe(true);
  });
});

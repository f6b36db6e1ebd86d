import { describe, it, expect } from 'vitest';
import { displayName, pluralize } from './names';
import { locationsTitleFor } from './companyTypes';

describe('displayName', () => {
  it.each([
    ['Ann', 'Lee', 'Ann Lee'],
    ['Ann', 'Ann', 'Ann'],
    ['Ann', '', 'Ann'],
    ['Ann', null, 'Ann'],
    ['', 'Lee', 'Lee'],
    [undefined, 'Lee', 'Lee'],
    ['', '', 'New user'],
    [null, undefined, 'New user'],
    ['  ', ' ', 'New user'],
    [' Ann ', 'Lee', 'Ann Lee'],
  ] as const)('(%j, %j) -> %s', (first, last, expected) => {
    expect(displayName(first, last)).toBe(expected);
  });
});

describe('pluralize', () => {
  it('pluralises each locations title', () => {
    expect(pluralize('Location')).toBe('Locations');
    expect(pluralize('Product')).toBe('Products');
    expect(pluralize('Unit')).toBe('Units');
    expect(pluralize(locationsTitleFor('Software'))).toBe('Products');
    expect(pluralize(locationsTitleFor('Cafes'))).toBe('Locations');
    expect(pluralize(locationsTitleFor(null))).toBe('Units');
  });
});

import { describe, it, expect } from 'vitest';
import { COUNTRIES, countryByCode, findCountry, countryName, timeZones, isValidTimeZone } from './countries';

describe('countries', () => {
  it('has every ISO 3166-1 code once', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it('finds by code or name', () => {
    expect(countryByCode('ae')?.name).toBe('United Arab Emirates');
    expect(findCountry('united states of america')?.code).toBe('US');
    expect(countryName('SA')).toBe('Saudi Arabia');
    expect(countryName('Narnia')).toBe('Narnia');
  });
});

describe('time zones', () => {
  it('offers only zones the runtime knows, Dubai and UTC among them', () => {
    expect(timeZones).toContain('Asia/Dubai');
    expect(timeZones).toContain('UTC');
    expect(new Set(timeZones).size).toBe(timeZones.length);
    for (const z of timeZones) expect(isValidTimeZone(z), z).toBe(true);
  });

  it('rejects unknown zones and padded values', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(' Asia/Dubai')).toBe(false);
  });
});

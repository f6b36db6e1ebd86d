import { describe, it, expect } from 'vitest';
import { BILLING_COUNTRIES, BILLING_PORTAL_SLUGS, billingPortalUrl, billingCountryFor } from './billing';
import { COUNTRIES } from './countries';

const base = 'https://billing.reputo.app/p/';

describe('billingPortalUrl', () => {
  it('lists Canada, the USA and the 17 countries', () => {
    expect(BILLING_COUNTRIES).toHaveLength(19);
    expect(BILLING_COUNTRIES.slice(0, 2)).toEqual(['Canada', 'United States of America']);
  });

  it('gives each billing country its own portal, distinct from the default', () => {
    const urls = BILLING_COUNTRIES.map((c) => billingPortalUrl(c));
    expect(new Set(urls).size).toBe(19);
    expect(urls).not.toContain(billingPortalUrl('France'));
    for (const c of BILLING_COUNTRIES) expect(billingPortalUrl(c)).toBe(`${base}${BILLING_PORTAL_SLUGS[c]}`);
  });

  it.each([
    ['Canada', 'ca'],
    ['CA', 'ca'],
    ['United States of America', 'us'],
    ['United States', 'us'],
    ['U.S.A.', 'us'],
    ['us', 'us'],
    ['UAE', 'ae'],
    ['United Arab Emirates', 'ae'],
    ['AE', 'ae'],
    ['the United Arab Emirates', 'ae'],
    ['Saudi Arabia', 'sa'],
    ['KSA', 'sa'],
    ['saudi  arabia', 'sa'],
    ['Bahrain', 'bh'],
    ['Oman', 'om'],
    ['Kuwait', 'kw'],
    ['Qatar', 'qa'],
    ['Jordan', 'jo'],
    ['Egypt', 'eg'],
    ['Lebanon', 'lb'],
    ['Syria', 'sy'],
    ['Syrian Arab Republic', 'sy'],
    ['Iraq', 'iq'],
    ['Libya', 'ly'],
    ['Algeria', 'dz'],
    ['Tunisia', 'tn'],
    ['Morocco', 'ma'],
    ['Yemen', 'ye'],
    ['Palestine', 'ps'],
    ['State of Palestine', 'ps'],
    ['France', 'default'],
    ['United Kingdom', 'default'],
    ['', 'default'],
  ])('%j -> %s', (country, slug) => {
    expect(billingPortalUrl(country)).toBe(`${base}${slug}`);
  });

  it('falls back to the default for a missing country', () => {
    expect(billingPortalUrl(null)).toBe(`${base}default`);
    expect(billingPortalUrl(undefined)).toBe(`${base}default`);
    expect(billingCountryFor('Atlantis')).toBeNull();
  });

  it('resolves every country-list name of a billing country', () => {
    const names = COUNTRIES.filter((c) => billingCountryFor(c.code)).map((c) => billingCountryFor(c.name));
    expect(new Set(names).size).toBe(19);
  });

  it('uses a configured base, with or without {slug}', () => {
    expect(billingPortalUrl('Oman', 'https://pay.example.com/portal/{slug}?src=app')).toBe(
      'https://pay.example.com/portal/om?src=app',
    );
    expect(billingPortalUrl('Oman', 'https://pay.example.com/portal/')).toBe('https://pay.example.com/portal/om');
    expect(billingPortalUrl('Peru', 'https://pay.example.com/portal')).toBe('https://pay.example.com/portal/default');
  });
});

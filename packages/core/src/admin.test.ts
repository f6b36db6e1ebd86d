import { describe, expect, it } from 'vitest';
import {
  changedFields,
  companySteps,
  companyWizardTitle,
  isOtherTitle,
  monthlyApiCredits,
  nextCompanyStep,
  nextPartnerStep,
  partnerWizardTitle,
  previousCompanyStep,
  previousPartnerStep,
  regionsText,
} from './admin';

describe('company wizard steps', () => {
  it('orders information, sources, brands, packages, locations (Partner only), apikey', () => {
    expect(companySteps('partner')).toEqual(['information', 'sources', 'brands', 'packages', 'locations', 'apikey']);
    expect(companySteps('owner')).toEqual(['information', 'sources', 'brands', 'packages', 'apikey']);
  });

  it('goes from packages to locations for a Partner and to apikey for the Owner; back in reverse', () => {
    expect(nextCompanyStep('partner', 'packages')).toBe('locations');
    expect(nextCompanyStep('owner', 'packages')).toBe('apikey');
    expect(nextCompanyStep('partner', 'locations')).toBe('apikey');
    expect(nextCompanyStep('owner', 'apikey')).toBeNull();
    expect(previousCompanyStep('owner', 'apikey')).toBe('packages');
    expect(previousCompanyStep('partner', 'apikey')).toBe('locations');
    expect(previousCompanyStep('owner', 'information')).toBeNull();
  });

  it('titles the wizard by the company name', () => {
    expect(companyWizardTitle('Alpha')).toBe('Company Alpha settings');
    expect(companyWizardTitle('')).toBe('Company settings');
    expect(companyWizardTitle(undefined)).toBe('Company settings');
  });
});

describe('partner wizard steps', () => {
  it('orders information, package, apiKey, billing', () => {
    expect(nextPartnerStep('information')).toBe('package');
    expect(nextPartnerStep('apiKey')).toBe('billing');
    expect(nextPartnerStep('billing')).toBeNull();
    expect(previousPartnerStep('package')).toBe('information');
    expect(previousPartnerStep('information')).toBeNull();
  });

  it('titles the wizard by the partner name', () => {
    expect(partnerWizardTitle('Acme')).toBe('Acme settings');
    expect(partnerWizardTitle(null)).toBe('Partner settings');
  });
});

describe('changedFields', () => {
  it('keeps only fields that differ, treating blank and null alike', () => {
    expect(
      changedFields<{ a: string; b: string | null; c: string[] }>(
        { a: 'x', b: null, c: ['1'] },
        { a: 'x', b: '', c: ['1'] },
      ),
    ).toEqual({});
    expect(changedFields({ a: 'x', c: ['1'] }, { a: 'y', c: ['1', '2'] })).toEqual({ a: 'y', c: ['1', '2'] });
  });
});

describe('brand groupings', () => {
  it('recognises the Other titles and leaves them out of the region text', () => {
    expect(isOtherTitle('Other')).toBe(true);
    expect(isOtherTitle(' other region ')).toBe(true);
    expect(isOtherTitle('Others')).toBe(false);
    expect(regionsText([{ title: 'Dubai' }, { title: 'Other' }, { title: 'Riyadh' }])).toBe('Dubai, Riyadh');
  });
});

describe('monthly API credits', () => {
  it('follows the package, the partner credits for Custom and 1,000 for a Free trial', () => {
    expect(monthlyApiCredits('Starter', null)).toBe(100000);
    expect(monthlyApiCredits('Business', 5)).toBe(250000);
    expect(monthlyApiCredits('Enterprise', null)).toBe(750000);
    expect(monthlyApiCredits('Custom', 4200)).toBe(4200);
    expect(monthlyApiCredits('Custom', null)).toBe(0);
    expect(monthlyApiCredits('Free trial', null)).toBe(1000);
  });
});

describe('locations title of the company in view', () => {
  it('takes the type stored with a company context, since /me ignores ownerAsCompany', async () => {
    const { actingLocationsTitle } = await import('./access/acting');
    expect(actingLocationsTitle({ ownerAsCompany: { id: 1, userName: 'Apps', companyType: 'Software' } }, 'Unit')).toBe(
      'Product',
    );
    expect(actingLocationsTitle({ ownerAsCompany: { id: 1, userName: 'Bank', companyType: 'Banks' } }, 'Unit')).toBe(
      'Location',
    );
    expect(actingLocationsTitle({ ownerAsCompany: { id: 1, userName: 'Old record' } }, 'Unit')).toBe('Unit');
    expect(
      actingLocationsTitle(
        { ownerAsCompany: { id: 1, userName: 'Bank', companyType: 'Banks' }, ownerAsUser: { id: 2, userName: 'Ann' } },
        'Product',
      ),
    ).toBe('Product');
    expect(actingLocationsTitle({}, 'Location')).toBe('Location');
  });
});

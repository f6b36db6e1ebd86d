import { describe, expect, it } from 'vitest';
import {
  actingBefore,
  actingKeyFor,
  actingParams,
  actingTrail,
  actorRoleOf,
  isActingAsCompany,
  returnPathAfter,
  withActing,
  type ActingState,
} from './acting';
import { worksInNoCompany } from './subject';

const company = { id: 11, userName: 'Bella Group' };
const partner = { id: 3, userName: 'Northwind Agency' };
const user = { id: 42, userName: 'Maya Ortiz' };

describe('acting keys', () => {
  it('picks the key by the current role', () => {
    expect(actingKeyFor('owner', 'company')).toBe('ownerAsCompany');
    expect(actingKeyFor('owner', 'partner')).toBe('ownerAsPartner');
    expect(actingKeyFor('owner', 'user')).toBe('ownerAsUser');
    expect(actingKeyFor('partner', 'company')).toBe('partnerAsCompany');
    expect(actingKeyFor('partner', 'user')).toBe('partnerAsUser');
    expect(actingKeyFor('partner', 'partner')).toBeNull();
    expect(actingKeyFor('master_admin', 'user')).toBe('adminAsUser');
    expect(actingKeyFor('master_admin', 'company')).toBeNull();
    expect(actingKeyFor('manager', 'user')).toBeNull();
  });
  it('derives the signed-in role from the outermost context', () => {
    expect(actorRoleOf({}, 'manager')).toBe('manager');
    expect(actorRoleOf({ ownerAsPartner: partner, partnerAsCompany: company }, 'partner')).toBe('owner');
    expect(actorRoleOf({ partnerAsUser: user }, 'analyst')).toBe('partner');
    expect(actorRoleOf({ adminAsUser: user }, 'responder')).toBe('master_admin');
  });
});

describe('query parameters', () => {
  const state: ActingState = { ownerAsCompany: company, ownerAsUser: user };
  it('sends every stored context as its id', () => {
    expect(actingParams(state, '/v2/api/team')).toEqual([
      ['ownerAsCompany', '11'],
      ['ownerAsUser', '42'],
    ]);
  });
  it('never sends ownerAsCompany on /me or admin company paths', () => {
    expect(actingParams(state, '/v2/api/me')).toEqual([['ownerAsUser', '42']]);
    expect(actingParams(state, '/v2/api/admin/companies/11')).toEqual([['ownerAsUser', '42']]);
    expect(actingParams(state, '/v2/api/admin/companies?page=1')).toEqual([['ownerAsUser', '42']]);
    expect(actingParams({ partnerAsCompany: company }, '/v2/api/me')).toEqual([['partnerAsCompany', '11']]);
  });
  it('sends nothing when not acting', () => {
    expect(actingParams({}, '/v2/api/me')).toEqual([]);
  });
});

describe('breadcrumb trail and return', () => {
  it('orders contexts partner, company, user', () => {
    const s = withActing(
      withActing(withActing({}, 'partnerAsUser', user), 'partnerAsCompany', company),
      'ownerAsPartner',
      partner,
    );
    expect(actingTrail(s).map((t) => t.key)).toEqual(['ownerAsPartner', 'partnerAsCompany', 'partnerAsUser']);
    expect(actingBefore(s, 1)).toEqual({ ownerAsPartner: partner });
    expect(actingBefore(s, 0)).toEqual({});
    expect(isActingAsCompany(actingBefore(s, 2))).toBe(true);
  });
  it('returns to companies from a company, to partners from a partner, to team access from a user', () => {
    expect(returnPathAfter({ ownerAsCompany: company }, 0)).toBe('/admin_panel/companies');
    expect(returnPathAfter({ partnerAsCompany: company }, 0)).toBe('/admin_panel/companies');
    expect(returnPathAfter({ ownerAsPartner: partner }, 0)).toBe('/admin_panel/partners');
    expect(returnPathAfter({ ownerAsPartner: partner, partnerAsCompany: company }, 1)).toBe('/admin_panel/companies');
    expect(returnPathAfter({ adminAsUser: user }, 0)).toBe('/settings/team_access');
    expect(returnPathAfter({ ownerAsCompany: company, ownerAsUser: user }, 1)).toBe('/settings/team_access');
    expect(returnPathAfter({ ownerAsUser: user }, 0)).toBe('/admin_panel/companies');
  });
});

describe('working in no company', () => {
  it('is an Owner without a company of their own acting as no company or company user', () => {
    expect(worksInNoCompany(null, {})).toBe(true);
    expect(worksInNoCompany(null, { ownerAsPartner: partner })).toBe(true);
    expect(worksInNoCompany(null, { ownerAsCompany: company })).toBe(false);
    expect(worksInNoCompany(null, { ownerAsUser: user })).toBe(false);
    expect(worksInNoCompany(5, {})).toBe(false);
  });
});

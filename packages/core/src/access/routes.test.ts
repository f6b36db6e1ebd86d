import { describe, expect, it } from 'vitest';
import { FEATURES } from '../features';
import type { Role } from '../roles';
import { decideRoute, findRouteRule, ROUTE_RULES } from './routes';
import { isPublicPath, isSafeReturnPath, landingPath } from './paths';
import type { AccessSubject } from './subject';
import type { ActingState } from './acting';

const ALL = [...FEATURES];
function subject(role: Role, features: readonly string[] = ALL, acting: ActingState = {}): AccessSubject {
  return { role, features, acting };
}
const partnerInCompany = subject('partner', ALL, { partnerAsCompany: { id: 7, userName: 'Bella' } });

describe('public paths', () => {
  it.each([
    '/signin',
    '/forgotPassword',
    '/confirmPassword/abc',
    '/invitation/xyz',
    '/review/12',
    '/review/12/600x315',
    '/settings/other/thirdPartyLogin',
  ])('%s is open without signing in', (p) => expect(isPublicPath(p)).toBe(true));
  it.each(['/', '/reviews', '/dashboard', '/reviewsx', '/admin_panel/companies', '/user', '/signinx'])(
    '%s needs a sign-in',
    (p) => expect(isPublicPath(p)).toBe(false),
  );
  it('only returns to same-site paths', () => {
    expect(isSafeReturnPath('/reporting/trends?from=2024-01-01')).toBe(true);
    expect(isSafeReturnPath('//evil.test/x')).toBe(false);
    expect(isSafeReturnPath('https://evil.test')).toBe(false);
    expect(isSafeReturnPath('/signin')).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });
});

describe('landing', () => {
  it('sends a Partner to its companies and everyone else to reviews', () => {
    expect(landingPath('partner')).toBe('/admin_panel/companies');
    for (const role of ['owner', 'master_admin', 'manager', 'responder', 'analyst'] as const)
      expect(landingPath(role)).toBe('/reviews');
  });
  it('forwards / to the landing page', () => {
    expect(decideRoute('/', subject('partner', []))).toEqual({ kind: 'redirect', to: '/admin_panel/companies' });
    expect(decideRoute('/', subject('analyst'))).toEqual({ kind: 'redirect', to: '/reviews' });
  });
});

describe('route table', () => {
  it('knows every route of spec 000 section 2', () => {
    const paths = [
      '/dashboard',
      '/reviews',
      '/messages',
      '/messages/pages',
      '/messages/analytics',
      '/reporting/overview',
      '/reporting/trends',
      '/reporting/ranking_responses',
      '/reporting/ratings_reviews',
      '/reporting/competitors',
      '/reporting/insights',
      '/settings/notifications',
      '/settings/competitors',
      '/settings/locations',
      '/settings/response',
      '/settings/team_access',
      '/settings/other/reviewCategories',
      '/settings/other/thirdPartyLogin',
      '/listing_management',
      '/feedback/landingPage',
      '/feedback/offers',
      '/feedback/analytics',
      '/admin_panel/companies',
      '/admin_panel/companies/new',
      '/admin_panel/companies/12/edit',
      '/admin_panel/admin_users',
      '/admin_panel/admin_users/new',
      '/admin_panel/admin_users/3/edit',
      '/admin_panel/partners',
      '/admin_panel/partners/new',
      '/admin_panel/partners/4',
      '/admin_panel/csdashboard',
      '/admin_panel/systemhealth',
      '/user',
      '/accounts',
    ];
    for (const p of paths) expect(findRouteRule(p), p).not.toBeNull();
    expect(new Set(ROUTE_RULES.map((r) => r.path)).size).toBe(ROUTE_RULES.length);
  });
  it('answers 404 for unknown paths', () => {
    expect(decideRoute('/nowhere', subject('owner'))).toEqual({ kind: 'notFound' });
    expect(decideRoute('/reporting/nothing', subject('owner'))).toEqual({ kind: 'notFound' });
  });
  it('ignores a trailing slash', () => {
    expect(decideRoute('/reviews/', subject('analyst')).kind).toBe('allow');
  });
  it('forwards section roots to their default page', () => {
    const s = subject('manager');
    expect(decideRoute('/reporting', s)).toEqual({ kind: 'redirect', to: '/reporting/overview' });
    expect(decideRoute('/settings', s)).toEqual({ kind: 'redirect', to: '/settings/notifications' });
    expect(decideRoute('/feedback', s)).toEqual({ kind: 'redirect', to: '/feedback/landingPage' });
    expect(decideRoute('/admin_panel', subject('owner'))).toEqual({ kind: 'redirect', to: '/admin_panel/companies' });
  });
  it('makes Review Categories the default Other tab only with Review Categorization', () => {
    expect(decideRoute('/settings/other', subject('manager'))).toEqual({
      kind: 'redirect',
      to: '/settings/other/reviewCategories',
    });
    expect(decideRoute('/settings/other', subject('manager', ['messaging']))).toEqual({
      kind: 'redirect',
      to: '/settings/other/thirdPartyLogin',
    });
  });
});

describe('feature gates', () => {
  const gated: [string, string][] = [
    ['/messages', 'messaging'],
    ['/messages/pages', 'messaging'],
    ['/feedback/landingPage', 'feedback'],
    ['/feedback/offers', 'feedback'],
    ['/feedback/analytics', 'feedback'],
    ['/listing_management', 'listingManagement'],
    ['/reporting/competitors', 'competitorBenchmarking'],
    ['/settings/competitors', 'competitorBenchmarking'],
    ['/reporting/insights', 'insightsReport'],
    ['/settings/response', 'reviewCategorization'],
  ];
  it.each(gated)('%s needs %s and otherwise goes to /reviews', (path, feature) => {
    const without = ALL.filter((f) => f !== feature);
    expect(decideRoute(path, subject('master_admin', without))).toMatchObject({ kind: 'redirect', to: '/reviews' });
    expect(decideRoute(path, subject('master_admin', [feature])).kind).toBe('allow');
  });
  it('lets the Owner pass every feature gate', () => {
    for (const [path] of gated) expect(decideRoute(path, subject('owner', [])).kind, path).toBe('allow');
  });
  it('sends an analyst without Messaging from /messages to /reviews', () => {
    expect(decideRoute('/messages', subject('analyst', ['reviewFilterSearch']))).toMatchObject({
      kind: 'redirect',
      to: '/reviews',
    });
  });
});

describe('role rules', () => {
  it('opens the admin panel only to Owner and Partner', () => {
    for (const role of ['master_admin', 'manager', 'responder', 'analyst'] as const) {
      expect(decideRoute('/admin_panel/companies', subject(role)), role).toMatchObject({
        kind: 'redirect',
        to: '/reviews',
      });
    }
    expect(decideRoute('/admin_panel/companies', subject('owner')).kind).toBe('allow');
    expect(decideRoute('/admin_panel/companies/new', subject('partner', [])).kind).toBe('allow');
  });
  it('sends everyone but the Owner from CS dashboard, system health and partners to companies', () => {
    for (const p of ['/admin_panel/csdashboard', '/admin_panel/systemhealth', '/admin_panel/partners']) {
      expect(decideRoute(p, subject('owner')).kind).toBe('allow');
      expect(decideRoute(p, subject('partner', []))).toMatchObject({ kind: 'redirect', to: '/admin_panel/companies' });
      // A team user cannot open companies either, so it falls back to reviews.
      expect(decideRoute(p, subject('manager'))).toMatchObject({ kind: 'redirect', to: '/reviews' });
    }
  });
  it('keeps the full settings for Master Admin, Manager, Owner and Partner', () => {
    for (const role of ['master_admin', 'manager', 'owner'] as const)
      expect(decideRoute('/settings/team_access', subject(role)).kind).toBe('allow');
    expect(decideRoute('/settings/team_access', partnerInCompany).kind).toBe('allow');
    for (const role of ['responder', 'analyst'] as const) {
      expect(decideRoute('/settings/team_access', subject(role))).toMatchObject({ kind: 'redirect', to: '/reviews' });
      expect(decideRoute('/settings/locations', subject(role))).toMatchObject({ kind: 'redirect', to: '/reviews' });
      expect(decideRoute('/settings/notifications', subject(role)).kind).toBe('allow');
    }
  });
  it('keeps Accounts Settings for Master Admin and User Settings for everyone', () => {
    expect(decideRoute('/accounts', subject('master_admin')).kind).toBe('allow');
    for (const role of ['owner', 'partner', 'manager', 'responder', 'analyst'] as const) {
      expect(decideRoute('/accounts', subject(role)).kind === 'redirect', role).toBe(true);
      expect(decideRoute('/user', subject(role, [])).kind).toBe('allow');
    }
  });
  it('sends a Partner not acting as a company from company pages to its companies', () => {
    expect(decideRoute('/reviews', subject('partner', []))).toMatchObject({
      kind: 'redirect',
      to: '/admin_panel/companies',
    });
    expect(decideRoute('/dashboard', subject('partner', []))).toMatchObject({
      kind: 'redirect',
      to: '/admin_panel/companies',
    });
    expect(decideRoute('/reviews', partnerInCompany).kind).toBe('allow');
  });
});

describe('why a page was refused', () => {
  it('names the missing role, feature or company; forwards to a default page say nothing', () => {
    expect(decideRoute('/settings/team_access', subject('analyst'))).toMatchObject({
      reason: 'Team Access is only for Master Admin, Manager, Owner or Partner; you are signed in as Analyst.',
    });
    expect(decideRoute('/messages', subject('manager', ['reviewFilterSearch']))).toMatchObject({
      reason: "Messages needs the Messaging feature, which your company's package does not include.",
    });
    expect(decideRoute('/reviews', subject('partner', []))).toMatchObject({
      reason: 'Reviews belongs to a company: use Act as on a company in Admin panel › Companies first.',
    });
    expect(decideRoute('/settings', subject('analyst'))).toEqual({ kind: 'redirect', to: '/settings/notifications' });
  });
});

import { describe, expect, it } from 'vitest';
import { FEATURES } from '../features';
import type { Role } from '../roles';
import type { ActingState } from './acting';
import { buildMenu, menuSelection, type MenuOptions } from './menu';
import { hasFullSettings, showsBreadcrumb } from './subject';

const ALL = [...FEATURES];
const opts: MenuOptions = { locationsTitle: 'Location', hasMessagePages: false };
function menu(role: Role, features: readonly string[] = ALL, acting: ActingState = {}, o: Partial<MenuOptions> = {}) {
  return buildMenu({ role, features, acting }, { ...opts, ...o });
}
const keys = (m: ReturnType<typeof menu>) => m.map((s) => s.key);
const section = (m: ReturnType<typeof menu>, key: string) => m.find((s) => s.key === key);

describe('sidebar sections', () => {
  it('shows everything to the Owner in order', () => {
    const m = menu('owner', []);
    expect(keys(m)).toEqual([
      'dashboard',
      'reviews',
      'messages',
      'reporting',
      'feedback',
      'listing_management',
      'settings',
      'admin_panel',
    ]);
    expect(m.map((s) => s.label)).toEqual([
      'Dashboard',
      'Reviews',
      'Messages',
      'Reporting',
      'Feedback',
      'Listings',
      'Settings',
      'Admin panel',
    ]);
    expect(section(m, 'listing_management')?.tag).toBe('New');
    expect(section(m, 'messages')?.badge).toBe('unread');
    expect(section(m, 'admin_panel')?.items.map((i) => i.label)).toEqual([
      'Companies',
      'Admin Users',
      'Partners',
      'CS Dashboard',
      'System Health',
    ]);
  });
  it('labels every sub-item as the spec does', () => {
    const m = menu('master_admin', ALL, {}, { hasMessagePages: true });
    expect(section(m, 'messages')?.items.map((i) => i.label)).toEqual(['Analytics', 'Pages']);
    expect(section(m, 'reporting')?.items.map((i) => i.label)).toEqual([
      'Trends',
      'Ranking',
      'Overview',
      'Responses',
      'Competitors',
      'Insights Report',
    ]);
    expect(section(m, 'settings')?.items.map((i) => i.label)).toEqual([
      'Notifications',
      'Competitors',
      'Locations',
      'Response',
      'Team Access',
      'Other',
    ]);
    expect(section(m, 'feedback')?.items.map((i) => i.label)).toEqual([
      'Landing Page',
      'Campaigns',
      'Lists',
      'Template',
      'Offers',
      'Analytics',
    ]);
  });
  it('names locations by the company type', () => {
    for (const [title, label] of [
      ['Location', 'Locations'],
      ['Product', 'Products'],
      ['Unit', 'Units'],
    ] as const) {
      const items = section(menu('manager', ALL, {}, { locationsTitle: title }), 'settings')?.items ?? [];
      expect(items.find((i) => i.key === 'locations')?.label).toBe(label);
    }
  });
  it('shows Messages Analytics and Pages only with accessible pages', () => {
    expect(section(menu('manager'), 'messages')?.items).toEqual([]);
  });
  it('hides feature sections without their feature', () => {
    const m = menu('analyst', ['reviewFilterSearch']);
    expect(keys(m)).toEqual(['dashboard', 'reviews', 'reporting', 'settings']);
    expect(section(m, 'reporting')?.items.map((i) => i.key)).toEqual([
      'trends',
      'ranking_responses',
      'overview',
      'ratings_reviews',
    ]);
  });
  it('shows only Notifications in Settings to Responder and Analyst', () => {
    for (const role of ['responder', 'analyst'] as const) {
      expect(section(menu(role), 'settings')?.items.map((i) => i.label)).toEqual(['Notifications']);
      expect(hasFullSettings({ role })).toBe(false);
    }
    for (const role of ['master_admin', 'manager', 'owner', 'partner'] as const)
      expect(hasFullSettings({ role })).toBe(true);
  });
  it('shows a Partner only the admin panel until it acts as a company', () => {
    expect(keys(menu('partner', []))).toEqual(['admin_panel']);
    expect(section(menu('partner', []), 'admin_panel')?.items.map((i) => i.label)).toEqual([
      'Companies',
      'Admin Users',
    ]);
    const acting = menu('partner', ALL, { partnerAsCompany: { id: 1, userName: 'Bella' } });
    expect(keys(acting)).not.toContain('admin_panel');
    expect(keys(acting)).toContain('reviews');
  });
  it('hides the admin panel from an Owner acting as a company and from team roles', () => {
    expect(keys(menu('owner', [], { ownerAsCompany: { id: 1, userName: 'Bella' } }))).not.toContain('admin_panel');
    for (const role of ['master_admin', 'manager', 'responder', 'analyst'] as const)
      expect(keys(menu(role))).not.toContain('admin_panel');
  });
});

describe('selection and breadcrumb', () => {
  it('uses the first segment for the section and the second for the item', () => {
    expect(menuSelection('/reporting/trends')).toEqual({ section: 'reporting', item: 'trends' });
    expect(menuSelection('/settings/other/thirdPartyLogin')).toEqual({ section: 'settings', item: 'other' });
    expect(menuSelection('/reviews')).toEqual({ section: 'reviews', item: '' });
  });
  it('shows the breadcrumb for Owner, Partner, Master Admin and acting users', () => {
    expect(showsBreadcrumb({ role: 'owner', features: [], acting: {} })).toBe(true);
    expect(showsBreadcrumb({ role: 'master_admin', features: [], acting: {} })).toBe(true);
    expect(showsBreadcrumb({ role: 'manager', features: [], acting: {} })).toBe(false);
    expect(showsBreadcrumb({ role: 'manager', features: [], acting: { adminAsUser: { id: 1, userName: 'x' } } })).toBe(
      true,
    );
  });
});

describe('an Owner in no company', () => {
  it('shows only the admin panel until a company is chosen', () => {
    expect(keys(menu('owner', [], {}, { worksInNoCompany: true }))).toEqual(['admin_panel']);
  });
});

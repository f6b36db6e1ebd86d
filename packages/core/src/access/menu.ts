import type { LocationsTitle } from '../companyTypes';
import { pluralize } from '../names';
import { canOpen } from './routes';
import { hasFeature, hasFullSettings, seesAdminPanel, seesCompanyAreas, type AccessSubject } from './subject';

/** Sidebar sections and labels of spec 000 section 2. Keys are path segments: the first selects the open section, the second the item. */
export interface MenuItem {
  key: string;
  label: string;
  path: string;
}

export interface MenuSection {
  key: string;
  label: string;
  /** Where the section itself leads (its own page, or its first item). */
  path: string;
  items: MenuItem[];
  tag?: 'New';
  /** The Messages section carries the unread badge. */
  badge?: 'unread';
}

export interface MenuOptions {
  locationsTitle: LocationsTitle;
  /** The user has message pages it may see: shows Messages' Analytics and Pages. */
  hasMessagePages: boolean;
  /** The user works in no company yet (an Owner before Act as): company areas would only ask to choose one, so they are left out. */
  worksInNoCompany?: boolean;
}

function item(section: string, key: string, label: string, path = `/${section}/${key}`): MenuItem {
  return { key, label, path };
}

function messagesSection(options: MenuOptions): MenuSection {
  const items = options.hasMessagePages
    ? [item('messages', 'analytics', 'Analytics'), item('messages', 'pages', 'Pages')]
    : [];
  return { key: 'messages', label: 'Messages', path: '/messages', items, badge: 'unread' };
}

function reportingSection(subject: AccessSubject): MenuSection {
  const items = [
    item('reporting', 'trends', 'Trends'),
    item('reporting', 'ranking_responses', 'Ranking'),
    item('reporting', 'overview', 'Overview'),
    item('reporting', 'ratings_reviews', 'Responses'),
  ];
  if (hasFeature(subject, 'competitorBenchmarking')) items.push(item('reporting', 'competitors', 'Competitors'));
  if (hasFeature(subject, 'insightsReport')) items.push(item('reporting', 'insights', 'Insights Report'));
  return { key: 'reporting', label: 'Reporting', path: '/reporting/overview', items };
}

function settingsSection(subject: AccessSubject, options: MenuOptions): MenuSection {
  const items = [item('settings', 'notifications', 'Notifications')];
  if (hasFullSettings(subject)) {
    if (hasFeature(subject, 'competitorBenchmarking')) items.push(item('settings', 'competitors', 'Competitors'));
    items.push(item('settings', 'locations', pluralize(options.locationsTitle)));
    if (hasFeature(subject, 'reviewCategorization')) items.push(item('settings', 'response', 'Response'));
    items.push(item('settings', 'team_access', 'Team Access'));
    items.push(item('settings', 'other', 'Other', '/settings/other'));
  }
  return { key: 'settings', label: 'Settings', path: '/settings/notifications', items };
}

function feedbackSection(): MenuSection {
  const items = [
    item('feedback', 'landingPage', 'Landing Page'),
    item('feedback', 'campaigns', 'Campaigns'),
    item('feedback', 'lists', 'Lists'),
    item('feedback', 'template', 'Template'),
    item('feedback', 'offers', 'Offers'),
    item('feedback', 'analytics', 'Analytics'),
  ];
  return { key: 'feedback', label: 'Feedback', path: '/feedback/landingPage', items };
}

function adminSection(subject: AccessSubject): MenuSection {
  const items = [item('admin_panel', 'companies', 'Companies'), item('admin_panel', 'admin_users', 'Admin Users')];
  if (subject.role === 'owner') {
    items.push(item('admin_panel', 'partners', 'Partners'));
    items.push(item('admin_panel', 'csdashboard', 'CS Dashboard'));
    items.push(item('admin_panel', 'systemhealth', 'System Health'));
  }
  return { key: 'admin_panel', label: 'Admin panel', path: '/admin_panel/companies', items };
}

/**
 * The sidebar in order: Dashboard, Reviews, Messages, Reporting, Feedback, Listings (marked New),
 * Settings, Admin panel, each shown only when the subject may use it (company areas only with a
 * company in view).
 */
export function buildMenu(subject: AccessSubject, options: MenuOptions): MenuSection[] {
  const sections: MenuSection[] = [];
  if (seesCompanyAreas(subject) && !options.worksInNoCompany) {
    sections.push({ key: 'dashboard', label: 'Dashboard', path: '/dashboard', items: [] });
    sections.push({ key: 'reviews', label: 'Reviews', path: '/reviews', items: [] });
    if (hasFeature(subject, 'messaging')) sections.push(messagesSection(options));
    sections.push(reportingSection(subject));
    if (hasFeature(subject, 'feedback')) sections.push(feedbackSection());
    if (hasFeature(subject, 'listingManagement')) {
      sections.push({
        key: 'listing_management',
        label: 'Listings',
        path: '/listing_management',
        items: [],
        tag: 'New',
      });
    }
    sections.push(settingsSection(subject, options));
  }
  if (seesAdminPanel(subject)) sections.push(adminSection(subject));
  // Every entry must lead somewhere the route guard lets the subject in.
  return sections
    .map((s) => ({ ...s, items: s.items.filter((i) => i.path === '/settings/other' || canOpen(i.path, subject)) }))
    .filter((s) => s.items.length > 0 || canOpen(s.path, subject));
}

/** The open section and highlighted item for a path: its first and second segments. */
export function menuSelection(pathname: string): { section: string; item: string } {
  const [section = '', item = ''] = pathname.split('/').filter(Boolean);
  return { section, item };
}

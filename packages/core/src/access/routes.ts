import { FEATURE_LABELS, type Feature } from '../features';
import { ROLE_LABELS, type Role } from '../roles';
import { DEFAULT_LANDING, PARTNER_LANDING, landingPath } from './paths';
import { FULL_SETTINGS_ROLES, ADMIN_PANEL_ROLES, hasFeature, seesCompanyAreas, type AccessSubject } from './subject';

/**
 * What a protected route needs. `company`: a company's data is in view (see seesCompanyAreas).
 * `features`: every listed switch is on for the company (the Owner always passes). `roles`: the
 * effective role is one of these. A failing check redirects to `redirect` (default /reviews).
 */
export interface RouteAccess {
  company?: boolean;
  features?: readonly Feature[];
  roles?: readonly Role[];
  redirect?: string;
}

export interface RouteRule {
  /** Pattern with `:name` segments, e.g. /admin_panel/companies/:id/edit */
  path: string;
  title: string;
  access: RouteAccess;
}

const company: RouteAccess = { company: true };
const fullSettings: RouteAccess = { company: true, roles: FULL_SETTINGS_ROLES };
const adminPanel: RouteAccess = { roles: ADMIN_PANEL_ROLES };
const ownerOnly: RouteAccess = { roles: ['owner'], redirect: PARTNER_LANDING };

/** Every authenticated route of spec 000 section 2 (and the feedback pages of its sidebar). */
export const ROUTE_RULES: readonly RouteRule[] = [
  { path: '/dashboard', title: 'Dashboard', access: company },
  { path: '/reviews', title: 'Reviews', access: company },
  { path: '/messages', title: 'Messages', access: { company: true, features: ['messaging'] } },
  { path: '/messages/pages', title: 'Pages', access: { company: true, features: ['messaging'] } },
  { path: '/messages/analytics', title: 'Messages Analytics', access: { company: true, features: ['messaging'] } },
  { path: '/reporting/overview', title: 'Overview', access: company },
  { path: '/reporting/trends', title: 'Trends', access: company },
  { path: '/reporting/ranking_responses', title: 'Ranking', access: company },
  { path: '/reporting/ratings_reviews', title: 'Responses', access: company },
  {
    path: '/reporting/competitors',
    title: 'Competitors',
    access: { company: true, features: ['competitorBenchmarking'] },
  },
  { path: '/reporting/insights', title: 'Insights Report', access: { company: true, features: ['insightsReport'] } },
  { path: '/settings/notifications', title: 'Notifications', access: company },
  {
    path: '/settings/competitors',
    title: 'Competitors',
    access: { ...fullSettings, features: ['competitorBenchmarking'] },
  },
  { path: '/settings/locations', title: 'Locations', access: fullSettings },
  { path: '/settings/response', title: 'Response', access: { ...fullSettings, features: ['reviewCategorization'] } },
  { path: '/settings/team_access', title: 'Team Access', access: fullSettings },
  {
    path: '/settings/other/reviewCategories',
    title: 'Review Categories',
    access: { ...fullSettings, features: ['reviewCategorization'] },
  },
  { path: '/settings/other/thirdPartyLogin', title: 'Third-party Login', access: fullSettings },
  {
    path: '/listing_management',
    title: 'Listing Management',
    access: { company: true, features: ['listingManagement'] },
  },
  { path: '/feedback/landingPage', title: 'Landing Page', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/campaigns', title: 'Campaigns', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/campaigns/:id', title: 'Campaign', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/lists', title: 'Lists', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/template', title: 'Template', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/offers', title: 'Offers', access: { company: true, features: ['feedback'] } },
  { path: '/feedback/analytics', title: 'Feedback Analytics', access: { company: true, features: ['feedback'] } },
  { path: '/admin_panel/companies', title: 'Companies', access: adminPanel },
  { path: '/admin_panel/companies/new', title: 'New company', access: adminPanel },
  { path: '/admin_panel/companies/:id/edit', title: 'Company settings', access: adminPanel },
  { path: '/admin_panel/admin_users', title: 'Admin Users', access: adminPanel },
  { path: '/admin_panel/admin_users/new', title: 'New admin user', access: adminPanel },
  { path: '/admin_panel/admin_users/:id/edit', title: 'Edit admin user', access: adminPanel },
  { path: '/admin_panel/partners', title: 'Partners', access: ownerOnly },
  { path: '/admin_panel/partners/new', title: 'Partner settings', access: ownerOnly },
  { path: '/admin_panel/partners/:id', title: 'Partner settings', access: ownerOnly },
  { path: '/admin_panel/partners/:id/:step', title: 'Partner settings', access: ownerOnly },
  { path: '/admin_panel/csdashboard', title: 'CS Dashboard', access: ownerOnly },
  { path: '/admin_panel/systemhealth', title: 'System Health', access: ownerOnly },
  { path: '/user', title: 'User Settings', access: {} },
  { path: '/accounts', title: 'Accounts Settings', access: { roles: ['master_admin'] } },
];

/** Paths that only forward to a default sub-page. */
function aliasTarget(pathname: string, subject: AccessSubject): string | null {
  switch (pathname) {
    case '/':
      return landingPath(subject.role);
    case '/reporting':
      return '/reporting/overview';
    case '/settings':
      return '/settings/notifications';
    case '/settings/other':
      // Review Categorization makes its tab the default Other tab.
      return hasFeature(subject, 'reviewCategorization')
        ? '/settings/other/reviewCategories'
        : '/settings/other/thirdPartyLogin';
    case '/feedback':
      return '/feedback/landingPage';
    case '/admin_panel':
      return PARTNER_LANDING;
    default:
      return null;
  }
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}

export function findRouteRule(pathname: string): RouteRule | null {
  const path = normalizePath(pathname);
  return ROUTE_RULES.find((r) => matches(r.path, path)) ?? null;
}

export function passesAccess(access: RouteAccess, subject: AccessSubject): boolean {
  if (access.roles && !access.roles.includes(subject.role)) return false;
  if (access.company && !seesCompanyAreas(subject)) return false;
  return (access.features ?? []).every((f) => hasFeature(subject, f));
}

export function canOpen(pathname: string, subject: AccessSubject): boolean {
  const rule = findRouteRule(pathname);
  return rule !== null && passesAccess(rule.access, subject);
}

/** The first of the redirect target, /reviews, the role's landing page and /user that the subject may open. */
function fallbackFor(rule: RouteRule, subject: AccessSubject): string {
  const candidates = [rule.access.redirect ?? DEFAULT_LANDING, DEFAULT_LANDING, landingPath(subject.role)];
  return candidates.find((p) => canOpen(p, subject)) ?? '/user';
}

export type RouteDecision =
  | { kind: 'allow'; rule: RouteRule }
  /** `reason` says why a page was refused (a missing role, feature or company); forwards to a default page have none. */
  | { kind: 'redirect'; to: string; reason?: string }
  | { kind: 'notFound' };

function joinOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** Why the subject may not open the rule's page, naming the missing role, company or feature. */
export function refusalReason(rule: RouteRule, subject: AccessSubject): string {
  const { roles, features } = rule.access;
  if (roles && !roles.includes(subject.role)) {
    return `${rule.title} is only for ${joinOr(roles.map((r) => ROLE_LABELS[r]))}; you are signed in as ${ROLE_LABELS[subject.role]}.`;
  }
  if (rule.access.company && !seesCompanyAreas(subject))
    return `${rule.title} belongs to a company: use Act as on a company in Admin panel › Companies first.`;
  const missing = (features ?? []).filter((f) => !hasFeature(subject, f)).map((f) => FEATURE_LABELS[f]);
  return `${rule.title} needs the ${joinOr(missing)} feature, which your company's package does not include.`;
}

/** The guard for a signed-in user: open the page, forward to a default or fallback page, or 404. */
export function decideRoute(pathname: string, subject: AccessSubject): RouteDecision {
  const path = normalizePath(pathname);
  const alias = aliasTarget(path, subject);
  if (alias) return { kind: 'redirect', to: alias };
  const rule = findRouteRule(path);
  if (!rule) return { kind: 'notFound' };
  if (passesAccess(rule.access, subject)) return { kind: 'allow', rule };
  return { kind: 'redirect', to: fallbackFor(rule, subject), reason: refusalReason(rule, subject) };
}

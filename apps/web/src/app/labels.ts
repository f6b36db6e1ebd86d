import type { TFunction } from 'i18next';
import {
  EMBED_DENY_REASONS,
  findRouteRule,
  hasFeature,
  seesCompanyAreas,
  type AccessSubject,
  type Feature,
  type LocationsTitle,
  type Role,
  type RouteRule,
} from '@reputo/core';
import { intlLocale } from '../i18n/format';

/**
 * The shell's labels that @reputo/core writes in the spec's English (route titles, menu labels,
 * roles, features, refusal reasons), in the interface language. Core keeps its English for the
 * server and the tests; the `app` catalogue holds each by its key (English values equal core's).
 */

/** A route's title, by its rule's path (`app:routes./reviews`); core's English if the catalogue lacks it. */
export function routeTitle(t: TFunction, rule: Pick<RouteRule, 'path' | 'title'>): string {
  // Paths hold ':' (`/feedback/campaigns/:id`), which is i18next's namespace separator otherwise.
  return t(`routes.${rule.path}`, { ns: 'app', nsSeparator: false, defaultValue: rule.title });
}

/** The title of the page at a pathname ('' outside the route rules). */
export function pageTitleOf(t: TFunction, pathname: string): string {
  const rule = findRouteRule(pathname);
  return rule ? routeTitle(t, rule) : '';
}

export function roleName(t: TFunction, role: Role): string {
  return t(`app:roles.${role}`);
}

export function featureName(t: TFunction, feature: Feature): string {
  return t(`app:features.${feature}`);
}

/** Locations, Products or Units: what a company calls its places (`singular` for one). */
export function locationsName(t: TFunction, title: LocationsTitle, plural = true): string {
  const plurals: Record<LocationsTitle, string> = { Location: 'Locations', Product: 'Products', Unit: 'Units' };
  return t(`app:locations.${plural ? plurals[title] : title}`);
}

/** "A, B or C" in the interface language. */
export function joinOr(items: string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'disjunction' }).format(items);
}

/**
 * Why the subject may not open the page at `path` (core's refusalReason, in the interface
 * language): the missing role, company or feature. Null when the path has no rule.
 */
export function refusalText(t: TFunction, path: string, subject: AccessSubject): string | null {
  const rule = findRouteRule(path);
  if (!rule) return null;
  const page = routeTitle(t, rule);
  const { roles, features } = rule.access;
  if (roles && !roles.includes(subject.role))
    return t('app:refusal.role', {
      page,
      roles: joinOr(roles.map((r) => roleName(t, r))),
      role: roleName(t, subject.role),
    });
  if (rule.access.company && !seesCompanyAreas(subject)) return t('app:refusal.company', { page });
  const missing = (features ?? []).filter((f) => !hasFeature(subject, f)).map((f) => featureName(t, f));
  return t('app:refusal.feature', { page, features: joinOr(missing) });
}

/** The embed guard's reason (core's English) in the interface language. */
export function embedDeniedText(t: TFunction, reason: string): string {
  const key = Object.entries(EMBED_DENY_REASONS).find(([, text]) => text === reason)?.[0];
  return key ? t(`app:embedDenied.${key}`) : reason;
}

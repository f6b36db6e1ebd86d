import type { Role } from '../roles';
import { locationsTitleFor, type LocationsTitle } from '../companyTypes';

/**
 * The six acting-as contexts of spec 000 section 3, in the order they nest in a breadcrumb:
 * an Owner may act as a partner, then (as that partner) as a company, then as a user.
 */
export const ACTING_KEYS = [
  'ownerAsPartner',
  'ownerAsCompany',
  'partnerAsCompany',
  'ownerAsUser',
  'partnerAsUser',
  'adminAsUser',
] as const;
export type ActingKey = (typeof ACTING_KEYS)[number];

/** One stored context: the id sent as the query parameter and the name shown in the breadcrumb. */
export interface ActingRecord {
  id: number;
  userName: string;
  /**
   * For a company context: the company's type, so the shell can name its locations (Locations,
   * Products or Units) even where the server does not apply the context (ownerAsCompany on /me).
   */
  companyType?: string;
}

export type ActingState = Partial<Record<ActingKey, ActingRecord>>;

export type ActingTarget = 'company' | 'partner' | 'user';

const TARGET_OF: Record<ActingKey, ActingTarget> = {
  ownerAsPartner: 'partner',
  ownerAsCompany: 'company',
  partnerAsCompany: 'company',
  ownerAsUser: 'user',
  partnerAsUser: 'user',
  adminAsUser: 'user',
};

export function actingTargetOf(key: ActingKey): ActingTarget {
  return TARGET_OF[key];
}

/** The stored contexts in nesting order, oldest first. */
export function actingTrail(state: ActingState): { key: ActingKey; record: ActingRecord }[] {
  return ACTING_KEYS.flatMap((key) => {
    const record = state[key];
    return record ? [{ key, record }] : [];
  });
}

export function isActing(state: ActingState): boolean {
  return actingTrail(state).length > 0;
}

export function isActingAsCompany(state: ActingState): boolean {
  return Boolean(state.ownerAsCompany || state.partnerAsCompany);
}

export function isActingAsUser(state: ActingState): boolean {
  return Boolean(state.ownerAsUser || state.partnerAsUser || state.adminAsUser);
}

/**
 * Which context key the current (effective) role uses to act as a target, or null when it may not.
 * An Owner acts as a partner, company or user; a Partner (or an Owner acting as one) as a company or
 * user; a Master Admin only as a user.
 */
export function actingKeyFor(effectiveRole: Role, target: ActingTarget): ActingKey | null {
  if (effectiveRole === 'owner') {
    return target === 'partner' ? 'ownerAsPartner' : target === 'company' ? 'ownerAsCompany' : 'ownerAsUser';
  }
  if (effectiveRole === 'partner') {
    return target === 'company' ? 'partnerAsCompany' : target === 'user' ? 'partnerAsUser' : null;
  }
  if (effectiveRole === 'master_admin') return target === 'user' ? 'adminAsUser' : null;
  return null;
}

/** The signed-in user's own role: the kind of the outermost context, or the effective role when not acting. */
export function actorRoleOf(state: ActingState, effectiveRole: Role): Role {
  const first = actingTrail(state)[0];
  if (!first) return effectiveRole;
  if (first.key.startsWith('owner')) return 'owner';
  if (first.key.startsWith('partner')) return 'partner';
  return 'master_admin';
}

/** Adds a context on top of the current ones; a newer context of the same kind replaces the older one. */
export function withActing(state: ActingState, key: ActingKey, record: ActingRecord): ActingState {
  return { ...state, [key]: record };
}

/** Keeps the contexts before position `index` of the trail (0 clears all). */
export function actingBefore(state: ActingState, index: number): ActingState {
  const kept: ActingState = {};
  for (const { key, record } of actingTrail(state).slice(0, Math.max(0, index))) kept[key] = record;
  return kept;
}

/** True when the path is the current-user call or an admin company path, where `ownerAsCompany` is not sent. */
export function skipsOwnerAsCompany(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return /\/v2\/api\/me\/?$/.test(bare) || /\/admin\/companies(\/|$)/.test(bare);
}

/** The impersonation query parameters for a call to `path` (spec 000 section 7). */
export function actingParams(state: ActingState, path: string): [ActingKey, string][] {
  const skipCompany = skipsOwnerAsCompany(path);
  return actingTrail(state)
    .filter(({ key }) => !(key === 'ownerAsCompany' && skipCompany))
    .map(({ key, record }) => [key, String(record.id)]);
}

/**
 * Where a breadcrumb click that keeps the first `index` contexts goes (spec 000 section 4): back from a
 * user inside a company to the team list, from a partner to the partners list, otherwise to companies.
 */
export function returnPathAfter(state: ActingState, index: number): string {
  const firstCleared = actingTrail(state)[index];
  if (!firstCleared) return '/admin_panel/companies';
  const remaining = actingBefore(state, index);
  if (firstCleared.key === 'adminAsUser') return '/settings/team_access';
  if (actingTargetOf(firstCleared.key) === 'user' && isActingAsCompany(remaining)) return '/settings/team_access';
  if (firstCleared.key === 'ownerAsPartner') return '/admin_panel/partners';
  return '/admin_panel/companies';
}

/**
 * The locations title of the company in view: the type stored with a company context wins over the
 * current user's answer, because /me ignores ownerAsCompany (spec 000 section 7) and so answers
 * 'Unit' for an Owner acting as a company.
 */
export function actingLocationsTitle(state: ActingState, fallback: LocationsTitle): LocationsTitle {
  const company = state.partnerAsCompany ?? state.ownerAsCompany;
  if (isActingAsUser(state) || !company?.companyType) return fallback;
  return locationsTitleFor(company.companyType);
}

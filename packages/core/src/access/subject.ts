import type { Feature } from '../features';
import type { Role } from '../roles';
import { isActingAsCompany, isActingAsUser, type ActingState } from './acting';

/**
 * Who is looking, as the access rules need it: the effective role and company features that
 * `/v2/api/me` answers (after impersonation) plus the stored acting contexts.
 */
export interface AccessSubject {
  role: Role;
  features: readonly string[];
  acting: ActingState;
}

export const FULL_SETTINGS_ROLES: readonly Role[] = ['master_admin', 'manager', 'owner', 'partner'];
export const ADMIN_PANEL_ROLES: readonly Role[] = ['owner', 'partner'];

/** Feature switches gate menus and routes; the Owner always passes. */
export function hasFeature(subject: AccessSubject, feature: Feature): boolean {
  return subject.role === 'owner' || subject.features.includes(feature);
}

/**
 * The user works in no company: none of their own (`/v2/api/me` answers no client: the Owner) and
 * acting as no company or company user. Company pages then have no data to show.
 */
export function worksInNoCompany(ownCompanyId: number | null, acting: ActingState): boolean {
  return ownCompanyId === null && !isActingAsCompany(acting) && !isActingAsUser(acting);
}

/** A company's data is in view: always for team roles and the Owner, for a Partner only when acting as a company or user. */
export function seesCompanyAreas(subject: AccessSubject): boolean {
  if (subject.role !== 'partner') return true;
  return isActingAsCompany(subject.acting) || isActingAsUser(subject.acting);
}

/** The full Settings menu is for Master Admin, Manager, Owner and Partner; the others see Notifications only. */
export function hasFullSettings(subject: Pick<AccessSubject, 'role'>): boolean {
  return FULL_SETTINGS_ROLES.includes(subject.role);
}

/** The Admin Panel is for the Owner and Partners, in neither case while acting as a company. */
export function seesAdminPanel(subject: AccessSubject): boolean {
  return ADMIN_PANEL_ROLES.includes(subject.role) && !isActingAsCompany(subject.acting);
}

/** The breadcrumb shows for Owner, Partner and Master Admin, and for anyone acting. */
export function showsBreadcrumb(subject: AccessSubject): boolean {
  return ['owner', 'partner', 'master_admin'].includes(subject.role) || Object.keys(subject.acting).length > 0;
}

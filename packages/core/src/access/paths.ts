import type { Role } from '../roles';

/**
 * First path segments an unauthenticated visitor may open without being sent to /signin (spec 000
 * section 2). Settings is among them because its third-party login page also serves embedded mode,
 * where the embed guard decides instead.
 */
export const PUBLIC_SEGMENTS = [
  'signin',
  'forgotPassword',
  'confirmPassword',
  'invitation',
  'review',
  'settings',
] as const;

/** Pages only for signed-out visitors; a signed-in user opening them goes to the landing page. */
export const SIGNED_OUT_SEGMENTS = ['signin', 'forgotPassword'] as const;

export function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export function secondSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[1] ?? '';
}

export function isPublicPath(pathname: string): boolean {
  return (PUBLIC_SEGMENTS as readonly string[]).includes(firstSegment(pathname));
}

export function isSignedOutOnlyPath(pathname: string): boolean {
  return (SIGNED_OUT_SEGMENTS as readonly string[]).includes(firstSegment(pathname));
}

export const PARTNER_LANDING = '/admin_panel/companies';
export const DEFAULT_LANDING = '/reviews';

/** After sign-in a Partner lands on its companies; everyone else on reviews. */
export function landingPath(role: Role): string {
  return role === 'partner' ? PARTNER_LANDING : DEFAULT_LANDING;
}

/** True for a same-site path (with optional query) that is safe to return to after sign-in. */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  return firstSegment(value) !== 'signin';
}

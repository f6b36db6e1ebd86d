import type { LocationsTitle } from './companyTypes';

export const NEW_USER_NAME = 'New user';

/** A name part that is missing, empty or only spaces counts as absent. */
function present(part: string | null | undefined): string | null {
  const trimmed = part?.trim();
  return trimmed ? trimmed : null;
}

/**
 * The displayed name of a user (spec 000 section 3): the first name alone when it equals the
 * last name (some sign-ups store the whole name in both), otherwise first and last joined;
 * 'New user' when neither exists.
 */
export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = present(firstName);
  const last = present(lastName);
  if (first && last) return first === last ? first : `${first} ${last}`;
  return first ?? last ?? NEW_USER_NAME;
}

const PLURALS: Record<LocationsTitle, string> = {
  Location: 'Locations',
  Product: 'Products',
  Unit: 'Units',
};

/** The menu's plural of a company's locations title: Locations, Products or Units. */
export function pluralize(locationsTitle: LocationsTitle): string {
  return PLURALS[locationsTitle];
}

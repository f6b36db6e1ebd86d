import {
  displayName,
  DEFAULT_UI_LANGUAGE,
  effectiveLanguage,
  isDigitSystem,
  isTeamRole,
  isUiLanguage,
  isValidEmail,
  locationsTitleFor,
  MSG,
  MIN_PASSWORD_LENGTH,
  type Role,
  type UiLanguage,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { companyRead, requestPartner } from '../../platform/identityCache';
import { setPasswordEndingSessions } from '../auth/service';
import { findUserByEmail, findUsersByEmails, updateUser, type UserRow } from '../users/repository';
import { regionLanguagesOf } from './repository';
import type { CurrentUser, UserPatch } from './schemas';

/**
 * The interface language a region's override (states.language) gives a user: the one language all
 * the regions of the user's locations (all the company's when none are listed) agree on. A location
 * without a region, regions that disagree, or a role without locations (Owner, partner users) give null.
 */
export async function regionLanguage(
  db: Db,
  user: Pick<UserRow, 'role' | 'companyId' | 'locationIds'>,
): Promise<UiLanguage | null> {
  if (user.companyId === null || !isTeamRole(user.role as Role)) return null;
  const companyId = user.companyId;
  // Kept with the company's other cached reads (every page asks /me; regions change rarely): a write
  // of its locations or regions (kind 'locations') drops it.
  const { found } = await companyRead(
    db,
    `regionLanguages:${companyId}:${user.locationIds?.join(',') ?? 'all'}`,
    { companyId, kinds: ['locations'] },
    async () => ({ found: await regionLanguagesOf(db, companyId, user.locationIds) }),
  );
  if (found.length !== 1) return null;
  return isUiLanguage(found[0]) ? found[0] : null;
}

/** A user's effective interface language: their own, else their region's, else English (mails go in it). */
export async function languageOfUser(
  db: Db,
  user: Pick<UserRow, 'language' | 'role' | 'companyId' | 'locationIds'>,
): Promise<UiLanguage> {
  if (isUiLanguage(user.language)) return user.language;
  return effectiveLanguage(null, await regionLanguage(db, user));
}

/**
 * The effective language of each address that is a user's (a mail's recipients); other addresses
 * (a report's extra recipients) get `fallback`.
 */
export async function languagesOfEmails(
  db: Db,
  emails: readonly string[],
  fallback: UiLanguage = DEFAULT_UI_LANGUAGE,
): Promise<(email: string) => UiLanguage> {
  const found = new Map<string, UiLanguage>();
  for (const user of await findUsersByEmails(db, emails))
    found.set(user.email.toLowerCase(), await languageOfUser(db, user));
  return (email) => found.get(email.toLowerCase()) ?? fallback;
}

/** The "Current user" of spec 000 section 3, for the effective user of the acting context. */
export async function currentUser(db: Db, ctx: ActingContext): Promise<CurrentUser> {
  const { user, company } = ctx;
  const [partner, region] = await Promise.all([
    ctx.partnerId ? requestPartner(db, ctx.partnerId) : undefined,
    regionLanguage(db, user),
  ]);
  return {
    id: user.id,
    role: ctx.role,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    userName: displayName(user.firstName, user.lastName),
    client: company?.id ?? null,
    companyName: company?.companyName ?? null,
    companyType: company?.type ?? null,
    companyCity: company?.city ?? null,
    companyState: company?.state ?? null,
    companyCountry: company?.country ?? null,
    country: company?.country ?? null,
    package: company?.package ?? partner?.package ?? null,
    features: ctx.features,
    clientSettings: { sources: company?.sources ?? [], weekStart: user.weekStart },
    locationsTitle: locationsTitleFor(company?.type),
    partnerId: partner?.id ?? null,
    partnerName: partner?.name ?? null,
    language: isUiLanguage(user.language) ? user.language : null,
    regionLanguage: region,
    digits: isDigitSystem(user.digits) ? user.digits : 'latn',
  };
}

/** PATCH /user: one field at a time, with the messages of spec 000 sections 5 and 8. */
/** `sessionId`: the caller's session, which a password change keeps while it ends the user's others. */
export async function updateCurrentUser(
  db: Db,
  ctx: ActingContext,
  patch: UserPatch,
  sessionId: string | null,
): Promise<void> {
  const fields = Object.keys(patch).filter((k) => patch[k as keyof UserPatch] !== undefined);
  const settings = fields.filter((f) => f === 'language' || f === 'digits');
  if (settings.length) {
    // The interface settings (language, digits) go alone or together, never with a profile field.
    if (settings.length !== fields.length)
      throw badRequest('Send language and digits apart from firstName, lastName, email or password');
    await updateUser(db, ctx.user.id, {
      ...(patch.language !== undefined ? { language: patch.language } : {}),
      ...(patch.digits !== undefined ? { digits: patch.digits } : {}),
    });
    return;
  }
  if (fields.length !== 1) throw badRequest('Send exactly one of firstName, lastName, email or password');
  if (patch.email !== undefined) {
    const email = patch.email.trim();
    if (!email) throw badRequest(MSG.emailRequired, [{ field: 'email', message: MSG.emailRequired }]);
    if (!isValidEmail(email)) throw badRequest(MSG.emailNotValid, [{ field: 'email', message: MSG.emailNotValid }]);
    const other = await findUserByEmail(db, email);
    if (other && other.id !== ctx.user.id) throw conflict('This email is already used by another account.');
    await updateUser(db, ctx.user.id, { email });
    return;
  }
  if (patch.password !== undefined) {
    // Someone acting as this user may edit the profile but never set the user's password.
    if (ctx.actor.id !== ctx.user.id) throw forbidden('Only the user can change their own password');
    if (patch.password.length < MIN_PASSWORD_LENGTH)
      throw badRequest(MSG.passwordTooShort, [{ field: 'password', message: MSG.passwordTooShort }]);
    await setPasswordEndingSessions(db, ctx.user.id, await hashPassword(patch.password), sessionId);
    return;
  }
  await updateUser(
    db,
    ctx.user.id,
    patch.firstName !== undefined ? { firstName: patch.firstName } : { lastName: patch.lastName ?? null },
  );
}

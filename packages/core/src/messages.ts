/**
 * The validation messages of both specs and the checks behind them that need no schema library.
 * Kept apart from validation.ts (the zod schemas) so that a page which only shows messages, such as
 * sign-in, does not load zod: a bundler emits a module whole into one chunk, schemas and all.
 */
/** Here, not in sources.ts, so the messages (on every screen, sign-in too) do not bring the list of sources. */
export const COMPETITOR_SOURCES_MESSAGE = "You can't select more than 4 sources for competitors.";

export const MIN_PASSWORD_LENGTH = 6;
export const LOGO_MAX_BYTES = 5242880;

export const MSG = {
  // Spec 000 section 5: sign-in, recovery, invitation, user settings.
  emailNotValid: 'Email is not valid!',
  passwordRequired: 'Please input your Password!',
  confirmRequired: 'Please input your confirm password!',
  passwordsInconsistent: 'Two passwords that you enter is inconsistent!',
  passwordTooShort: 'Password should be at least 6 characters.',
  invitationPasswordTooShort: 'Password length should be not less than 6 characters!',
  emailRequired: 'Email is required!',
  fieldEmpty: 'The field cannot be empty or contain only spaces!',
  fieldLeadingSpace: 'The field cannot start with a space!',

  // Spec 001 section 5: company.
  missingCompanyName: 'Missing company name!',
  missingStatus: 'Missing status!',
  missingCompanyType: 'Missing company type!',
  missingAddress: 'Missing address!',
  missingCity: 'Missing city!',
  missingState: 'Missing state!',
  missingCountry: 'Missing country!',
  missingTimeZone: 'Missing time zone!',
  competitorSourcesLimit: COMPETITOR_SOURCES_MESSAGE,

  // Spec 001 section 5: partner.
  missingPartnerName: 'Missing partner name!',
  missingStatusDate: 'Missing status date!',
  missingEmail: 'Missing email!',
  partnerEmailNotValid: 'The email address should contain @ symbol.Please check your email.',
  missingPartnerType: 'Missing partner type!',
  packageCreditsRequired: 'Please input package credits!',

  // Spec 001 section 5: brand.
  logoTooBig: 'Uploaded file is too big. Image size should not exceed 5Mb!',

  // Spec 000 section 8: outcomes of the sign-in flows.
  noUserWithEmail: 'No user is found with this email, please check again.',
  recoveryLinkSent: 'Please check your inbox, the recovery password link has been sent.',
  confirmPasswordError: 'Confirm password error',
  passwordChanged: 'Password changed successfully.',
  // Ours, shown with the spec's texts: a new password ends the other sessions (issue 28).
  otherSessionsEnded: 'You have been signed out on your other devices and browsers.',
  sessionsEndedNotice: 'Every device and browser that was signed in to your account has been signed out.',
  error: 'Error',
  invitationConfirmedOrWrong: 'User confirmed or it is wrong invitation id',

  // Spec 000 section 4: one-time notices on the sign-in page.
  recoveryDoneNotice: 'You have successfully changed your password. Please sign in with your new password.',
  invitationDoneNotice:
    'You have successfully created a new password and completed your registration. Please sign in with your email and password.',

  // Spec 001 sections 2, 4 and 8: admin notices and confirmations.
  companyCreated: 'Company successfully created',
  companyUpdated: 'Company successfully updated',
  companySourcesUpdated: 'Company sources successfully updated.',
  apiKeyCopied: 'The API key has been copied to the clipboard.',
  noApiKeyToCopy: 'No API to copy.',
  confirmDeleteBrand: 'Are you sure to delete brand?',
  confirmBrandBack: "Changes aren't saved. Are you sure you want to go back?",
  confirmExitWizard: 'Are you sure you want to exit, any changes made will not be saved',

  // Ours: the spec names these rules but gives no text.
  zipNotNumeric: 'Zip code should contain digits only!',
  timeZoneNotValid: 'Please select a valid time zone!',
  dateNotValid: 'Please enter a date as YYYY-MM-DD!',
  packageNotValid: 'Please select a package!',
  packageCreditsOnlyCustom: 'Package credits can be set only for the Custom package.',
  logoNotImage: 'The logo must be an image file!',
} as const;

export type MessageKey = keyof typeof MSG;

// Local part of printable characters (no leading, trailing or double dot); a domain of
// letter/digit labels with inner hyphens and a final label of at least 2 letters.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const EMAIL_MAX_LENGTH = 254;

/** The one email check of the product: the same on the web and the server. */
export function isValidEmail(s: string): boolean {
  return typeof s === 'string' && s.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(s);
}

/** The two free-text rules of both specs; null when the value passes. */
export function freeTextError(value: string): string | null {
  if (value.trim() === '') return MSG.fieldEmpty;
  if (/^\s/.test(value)) return MSG.fieldLeadingSpace;
  return null;
}

/** Returns the brand logo problem, or null: it must be an image of at most 5 MB. */
export function logoError(file: { size: number; type?: string | null }): string | null {
  if (file.type && !file.type.startsWith('image/')) return MSG.logoNotImage;
  return file.size > LOGO_MAX_BYTES ? MSG.logoTooBig : null;
}

/** Region tags are typed separated by commas; blanks and repeats are dropped. */
export function splitTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

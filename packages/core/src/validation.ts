/**
 * Validation rules and their messages, shared by the web forms and the API so both say the same
 * thing (spec 000 sections 5 and 8, spec 001 sections 5 and 8).
 *
 * Every field reports at most one message: the first rule it fails, in the order the form checks
 * them (required first). A schema's first issue for a field is therefore the spec's text.
 */
import { z } from 'zod';
import { STATUSES, COMPANY_TYPES, PARTNER_TYPES } from './companyTypes';
import { PACKAGES } from './packages';
import { COMPETITOR_SOURCES_MESSAGE } from './messages';
import { freeTextError, isValidEmail, MIN_PASSWORD_LENGTH, MSG } from './messages';
import { isIsoDate } from './dates';
import { isValidTimeZone } from './countries';

// ---------------------------------------------------------------------------------------------
// Field builders

type Rule = (value: string) => string | null;

const required =
  (message: string): Rule =>
  (v) =>
    v === '' ? message : null;
const minLength =
  (message: string): Rule =>
  (v) =>
    v.length < MIN_PASSWORD_LENGTH ? message : null;
const email =
  (message: string): Rule =>
  (v) =>
    isValidEmail(v) ? null : message;
const freeText: Rule = (v) => freeTextError(v);
const optionalFreeText: Rule = (v) => (v === '' ? null : freeTextError(v));
const digitsOnly: Rule = (v) => (v === '' || /^\d+$/.test(v) ? null : MSG.zipNotNumeric);
const isoDate: Rule = (v) => (isIsoDate(v) ? null : MSG.dateNotValid);
const timeZone: Rule = (v) => (isValidTimeZone(v) ? null : MSG.timeZoneNotValid);

/** Adds the message of the first failing rule only, so a field never shows two messages. */
function firstFailing(rules: Rule[]) {
  return (value: string, ctx: z.RefinementCtx<string>): void => {
    for (const rule of rules) {
      const message = rule(value);
      if (message) {
        ctx.addIssue({ code: 'custom', message, input: value });
        return;
      }
    }
  };
}

/** A string field whose absence (or a non-string) reports `missing`, then the rules in order. */
function field(missing: string, ...rules: Rule[]) {
  return z.string({ error: missing }).superRefine(firstFailing(rules));
}

/** A required free-text field: '' reports `missing`, then the free-text rules. */
function requiredText(missing: string) {
  return field(missing, required(missing), freeText);
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

// ---------------------------------------------------------------------------------------------
// Sign-in, recovery, invitation, user settings (spec 000)

/** The new-password rules of recovery and change password, for one password field. */
export const newPasswordSchema = field(
  MSG.passwordRequired,
  required(MSG.passwordRequired),
  minLength(MSG.passwordTooShort),
);
/** The invitation's password rules: same required message, its own length message. */
export const invitationNewPasswordSchema = field(
  MSG.passwordRequired,
  required(MSG.passwordRequired),
  minLength(MSG.invitationPasswordTooShort),
);
const confirmField = field(MSG.confirmRequired, required(MSG.confirmRequired));

export const signInFormSchema = z.object({
  email: field(MSG.emailNotValid, required(MSG.emailNotValid), email(MSG.emailNotValid)),
  password: field(MSG.passwordRequired, required(MSG.passwordRequired)),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const forgotPasswordSchema = z.object({
  email: field(MSG.emailNotValid, required(MSG.emailNotValid), email(MSG.emailNotValid)),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordSchema>;

type PasswordPair = { password?: unknown; confirm?: unknown };

/** Checks the match whenever both are strings, even if the password is too short (as the form does). */
function bothPasswordsTyped(payload: { value: unknown }): boolean {
  const v = payload.value as PasswordPair | null;
  return typeof v?.password === 'string' && typeof v?.confirm === 'string';
}

function passwordsMatch(
  v: { password: string; confirm: string },
  ctx: z.RefinementCtx<{ password: string; confirm: string }>,
): void {
  if (v.confirm !== '' && v.password !== v.confirm) {
    ctx.addIssue({ code: 'custom', message: MSG.passwordsInconsistent, path: ['confirm'], input: v.confirm });
  }
}

function passwordPair(password: typeof newPasswordSchema) {
  return z.object({ password, confirm: confirmField }).superRefine(passwordsMatch, { when: bothPasswordsTyped });
}

export const recoverySchema = passwordPair(newPasswordSchema);
export type RecoveryForm = z.infer<typeof recoverySchema>;

export const invitationPasswordSchema = passwordPair(invitationNewPasswordSchema);
export type InvitationPasswordForm = z.infer<typeof invitationPasswordSchema>;

/** Change password in user settings: the recovery messages. */
export const changePasswordSchema = passwordPair(newPasswordSchema);
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

const userEmailField = field(MSG.emailRequired, required(MSG.emailRequired), email(MSG.emailNotValid));

/** The user settings form: names have no rules (spec 000 section 5); the email is required and valid. */
export const userSettingsSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: userEmailField,
});
export type UserSettingsForm = z.infer<typeof userSettingsSchema>;

/** PATCH v2/api/user: one changed field (a name, the email) or a new password. */
export const userPatchSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: userEmailField.optional(),
  password: newPasswordSchema.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Company (spec 001 section 5)

const companyName = requiredText(MSG.missingCompanyName);
const optionalText = z
  .string()
  .superRefine(firstFailing([optionalFreeText]))
  .optional();
const zip = z
  .string({ error: MSG.zipNotNumeric })
  .superRefine(firstFailing([digitsOnly]))
  .optional();
const requiredTimeZone = field(MSG.missingTimeZone, required(MSG.missingTimeZone), timeZone);

const companyRequiredOnCreate = {
  status: choice(STATUSES, MSG.missingStatus),
  type: choice(COMPANY_TYPES, MSG.missingCompanyType),
  address1: requiredText(MSG.missingAddress),
  city: requiredText(MSG.missingCity),
  state: requiredText(MSG.missingState),
  country: requiredText(MSG.missingCountry),
};

/** The information step when creating a company. */
export const companyCreateSchema = z.object({
  company_name: companyName,
  ...companyRequiredOnCreate,
  address2: optionalText,
  zip,
  timeZone: z
    .string()
    .superRefine(firstFailing([(v) => (v === '' ? null : timeZone(v))]))
    .optional(),
});
export type CompanyCreate = z.infer<typeof companyCreateSchema>;

/**
 * The information step when editing: name and time zone required; the fields required on create
 * may be left out, but when given they keep their rules (a company cannot lose its address).
 */
export const companyUpdateSchema = z.object({
  company_name: companyName,
  status: companyRequiredOnCreate.status.optional(),
  type: companyRequiredOnCreate.type.optional(),
  address1: companyRequiredOnCreate.address1.optional(),
  city: companyRequiredOnCreate.city.optional(),
  state: companyRequiredOnCreate.state.optional(),
  country: companyRequiredOnCreate.country.optional(),
  address2: optionalText,
  zip,
  timeZone: requiredTimeZone,
});
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

/** PATCH v2/api/admin/companies/{id}: only changed fields are sent, each still checked when present. */
export const companyPatchSchema = companyUpdateSchema.partial();
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

/** Competitor sources: at most 4 (the company's own sources and 'feedback' are checked by competitorSourcesFor). */
export const competitorSourcesSchema = z.array(z.string()).max(4, { error: COMPETITOR_SOURCES_MESSAGE });

// ---------------------------------------------------------------------------------------------
// Partner (spec 001 section 5)

const credits = z.coerce
  .number({ error: MSG.packageCreditsRequired })
  .int({ error: MSG.packageCreditsRequired })
  .positive({ error: MSG.packageCreditsRequired });

const partnerShared = {
  name: requiredText(MSG.missingPartnerName),
  startDate: field(MSG.missingStatusDate, required(MSG.missingStatusDate), isoDate),
  email: field(MSG.missingEmail, required(MSG.missingEmail), email(MSG.partnerEmailNotValid)),
  package: choice(PACKAGES, MSG.packageNotValid).optional(),
  settings: z.object({ packageCredits: credits.optional().nullable() }).optional(),
};

const partnerCreateOnly = {
  status: choice(STATUSES, MSG.missingStatus),
  type: choice(PARTNER_TYPES, MSG.missingPartnerType),
  address: requiredText(MSG.missingAddress),
};

type CreditsInput = { package?: unknown; settings?: { packageCredits?: unknown } | null };
const CREDITS_PATH = ['settings', 'packageCredits'];

function isObject(payload: { value: unknown }): boolean {
  return typeof payload.value === 'object' && payload.value !== null;
}

/**
 * Credits are required for Custom and allowed only for Custom. `packageKnown` false (a PATCH that
 * leaves the package out) lets credits through: only the server knows the stored package.
 */
function creditsRule(packageKnown: 'always' | 'whenSent') {
  return (v: CreditsInput, ctx: z.RefinementCtx<CreditsInput>): void => {
    const value = v.settings?.packageCredits;
    const hasCredits = value !== undefined && value !== null;
    if (v.package === 'Custom' && !hasCredits) {
      ctx.addIssue({ code: 'custom', message: MSG.packageCreditsRequired, path: CREDITS_PATH, input: value });
      return;
    }
    const packageSent = v.package !== undefined;
    if (hasCredits && v.package !== 'Custom' && (packageSent || packageKnown === 'always')) {
      ctx.addIssue({ code: 'custom', message: MSG.packageCreditsOnlyCustom, path: CREDITS_PATH, input: value });
    }
  };
}

export const partnerCreateSchema = z
  .object({ ...partnerShared, ...partnerCreateOnly })
  .superRefine(creditsRule('always'), { when: isObject });
export type PartnerCreate = z.infer<typeof partnerCreateSchema>;

/** The partner information form when editing: status, type and address are no longer required. */
export const partnerUpdateSchema = z
  .object({
    ...partnerShared,
    status: partnerCreateOnly.status.optional(),
    type: partnerCreateOnly.type.optional(),
    address: partnerCreateOnly.address.optional(),
  })
  .superRefine(creditsRule('whenSent'), { when: isObject });
export type PartnerUpdate = z.infer<typeof partnerUpdateSchema>;

/** PATCH v2/api/partner: only changed fields are sent, each still checked when present. */
export const partnerPatchSchema = z
  .object({
    name: partnerShared.name.optional(),
    startDate: partnerShared.startDate.optional(),
    email: partnerShared.email.optional(),
    package: partnerShared.package,
    settings: partnerShared.settings,
    status: partnerCreateOnly.status.optional(),
    type: partnerCreateOnly.type.optional(),
    address: partnerCreateOnly.address.optional(),
  })
  .superRefine(creditsRule('whenSent'), { when: isObject });
export type PartnerPatch = z.infer<typeof partnerPatchSchema>;

// ---------------------------------------------------------------------------------------------
// Brand (spec 001 section 5: no rules beyond the logo; the name follows the free-text rules)

export const brandSchema = z.object({
  title: requiredText(MSG.fieldEmpty),
  states: z.array(z.string().superRefine(firstFailing([freeText]))).optional(),
});
export type BrandInput = z.infer<typeof brandSchema>;

// ---------------------------------------------------------------------------------------------
// Reading errors

/** The first message per field path ('a.b' for nested fields), in the order zod reports them. */
export function firstMessages(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

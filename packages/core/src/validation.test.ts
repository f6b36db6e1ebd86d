import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  MSG,
  MIN_PASSWORD_LENGTH,
  LOGO_MAX_BYTES,
  isValidEmail,
  freeTextError,
  logoError,
  splitTags,
} from './messages';
import {
  signInFormSchema,
  forgotPasswordSchema,
  recoverySchema,
  invitationPasswordSchema,
  changePasswordSchema,
  userSettingsSchema,
  userPatchSchema,
  companyCreateSchema,
  companyUpdateSchema,
  companyPatchSchema,
  competitorSourcesSchema,
  partnerCreateSchema,
  partnerUpdateSchema,
  partnerPatchSchema,
  brandSchema,
  firstMessages,
} from './validation';

/** The first message per field, or {} when the input is valid. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const r = schema.safeParse(input);
  return r.success ? {} : firstMessages(r.error);
}

describe('messages', () => {
  it('carry the exact spec texts', () => {
    expect(MSG.emailNotValid).toBe('Email is not valid!');
    expect(MSG.passwordRequired).toBe('Please input your Password!');
    expect(MSG.confirmRequired).toBe('Please input your confirm password!');
    expect(MSG.passwordsInconsistent).toBe('Two passwords that you enter is inconsistent!');
    expect(MSG.passwordTooShort).toBe('Password should be at least 6 characters.');
    expect(MSG.invitationPasswordTooShort).toBe('Password length should be not less than 6 characters!');
    expect(MSG.emailRequired).toBe('Email is required!');
    expect(MSG.fieldEmpty).toBe('The field cannot be empty or contain only spaces!');
    expect(MSG.fieldLeadingSpace).toBe('The field cannot start with a space!');
    expect(MSG.missingTimeZone).toBe('Missing time zone!');
    expect(MSG.partnerEmailNotValid).toBe('The email address should contain @ symbol.Please check your email.');
    expect(MSG.packageCreditsRequired).toBe('Please input package credits!');
    expect(MSG.logoTooBig).toBe('Uploaded file is too big. Image size should not exceed 5Mb!');
    expect(MSG.noUserWithEmail).toBe('No user is found with this email, please check again.');
    expect(MSG.recoveryLinkSent).toBe('Please check your inbox, the recovery password link has been sent.');
    expect(MSG.confirmPasswordError).toBe('Confirm password error');
    expect(MSG.passwordChanged).toBe('Password changed successfully.');
    expect(MSG.error).toBe('Error');
    expect(MSG.invitationConfirmedOrWrong).toBe('User confirmed or it is wrong invitation id');
    expect(MSG.competitorSourcesLimit).toBe("You can't select more than 4 sources for competitors.");
    expect(MIN_PASSWORD_LENGTH).toBe(6);
    expect(LOGO_MAX_BYTES).toBe(5242880);
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'x_y@sub.domain.ae', "o'neil@example.org"])('accepts %s', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    '@b.com',
    'a@.com',
    'a..b@c.com',
    '.a@c.com',
    'a@b..com',
    'a b@c.com',
    ' a@b.com',
    'a@b.com ',
    'a@-b.com',
    `${'a'.repeat(250)}@b.com`,
  ])('rejects %j', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('freeTextError', () => {
  it('applies the two free-text rules', () => {
    expect(freeTextError('')).toBe(MSG.fieldEmpty);
    expect(freeTextError('   ')).toBe(MSG.fieldEmpty);
    expect(freeTextError(' Cafe')).toBe(MSG.fieldLeadingSpace);
    expect(freeTextError('\tCafe')).toBe(MSG.fieldLeadingSpace);
    expect(freeTextError('Cafe ')).toBeNull();
    expect(freeTextError('Cafe Nero')).toBeNull();
  });
});

describe('logo and tags', () => {
  it('limits logos to images of 5 MB', () => {
    expect(logoError({ size: LOGO_MAX_BYTES, type: 'image/png' })).toBeNull();
    expect(logoError({ size: LOGO_MAX_BYTES + 1, type: 'image/png' })).toBe(MSG.logoTooBig);
    expect(logoError({ size: 10, type: 'application/pdf' })).toBe(MSG.logoNotImage);
  });
  it('splits region tags on commas', () => {
    expect(splitTags(' Dubai, Abu Dhabi,,Dubai ,')).toEqual(['Dubai', 'Abu Dhabi']);
  });
});

describe('sign-in and forgot password', () => {
  it('reports the spec message per bad field', () => {
    expect(errorsOf(signInFormSchema, {})).toEqual({ email: MSG.emailNotValid, password: MSG.passwordRequired });
    expect(errorsOf(signInFormSchema, { email: '', password: '' })).toEqual({
      email: MSG.emailNotValid,
      password: MSG.passwordRequired,
    });
    expect(errorsOf(signInFormSchema, { email: 'nope', password: 'x' })).toEqual({ email: MSG.emailNotValid });
    expect(errorsOf(signInFormSchema, { email: 'a@b.com', password: 'x' })).toEqual({});
    expect(errorsOf(forgotPasswordSchema, { email: 'a@b' })).toEqual({ email: MSG.emailNotValid });
    expect(errorsOf(forgotPasswordSchema, { email: null })).toEqual({ email: MSG.emailNotValid });
    expect(errorsOf(forgotPasswordSchema, { email: 'a@b.com' })).toEqual({});
  });

  it('reports exactly one issue per field', () => {
    const r = signInFormSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.error.issues).toHaveLength(2);
  });
});

describe('recovery, change password and invitation', () => {
  for (const [name, schema] of [
    ['recovery', recoverySchema],
    ['change password', changePasswordSchema],
  ] as const) {
    it(`${name}: required, length and match messages`, () => {
      expect(errorsOf(schema, {})).toEqual({ password: MSG.passwordRequired, confirm: MSG.confirmRequired });
      expect(errorsOf(schema, { password: '', confirm: '' })).toEqual({
        password: MSG.passwordRequired,
        confirm: MSG.confirmRequired,
      });
      expect(errorsOf(schema, { password: 'abc', confirm: 'abc' })).toEqual({ password: MSG.passwordTooShort });
      expect(errorsOf(schema, { password: 'abcdef', confirm: 'abcdeg' })).toEqual({
        confirm: MSG.passwordsInconsistent,
      });
      expect(errorsOf(schema, { password: 'abc', confirm: 'abd' })).toEqual({
        password: MSG.passwordTooShort,
        confirm: MSG.passwordsInconsistent,
      });
      expect(errorsOf(schema, { password: 'abcdef', confirm: '' })).toEqual({ confirm: MSG.confirmRequired });
      expect(errorsOf(schema, { password: 'abcdef', confirm: 'abcdef' })).toEqual({});
    });
  }

  it('invitation: its own length message, the same others', () => {
    expect(errorsOf(invitationPasswordSchema, { password: '', confirm: '' })).toEqual({
      password: MSG.passwordRequired,
      confirm: MSG.confirmRequired,
    });
    expect(errorsOf(invitationPasswordSchema, { password: '12345', confirm: '12345' })).toEqual({
      password: MSG.invitationPasswordTooShort,
    });
    expect(errorsOf(invitationPasswordSchema, { password: '123456', confirm: '1234567' })).toEqual({
      confirm: MSG.passwordsInconsistent,
    });
    expect(errorsOf(invitationPasswordSchema, { password: '123456', confirm: '123456' })).toEqual({});
  });
});

describe('user settings', () => {
  it('requires a valid email and leaves names free', () => {
    expect(errorsOf(userSettingsSchema, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(errorsOf(userSettingsSchema, {})).toEqual({ email: MSG.emailRequired });
    expect(errorsOf(userSettingsSchema, { email: 'x@y' })).toEqual({ email: MSG.emailNotValid });
    expect(errorsOf(userSettingsSchema, { firstName: '', lastName: ' ', email: 'x@y.com' })).toEqual({});
  });

  it('checks a PATCH field only when sent', () => {
    expect(errorsOf(userPatchSchema, { firstName: 'Ann' })).toEqual({});
    expect(errorsOf(userPatchSchema, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(errorsOf(userPatchSchema, { password: '123' })).toEqual({ password: MSG.passwordTooShort });
  });
});

const goodCompany = {
  company_name: 'Cafe Nero',
  status: 'active',
  type: 'Cafes',
  address1: '1 Main St',
  city: 'Dubai',
  state: 'Dubai',
  country: 'AE',
};

describe('company', () => {
  it('create: every required field has its own message', () => {
    expect(errorsOf(companyCreateSchema, {})).toEqual({
      company_name: MSG.missingCompanyName,
      status: MSG.missingStatus,
      type: MSG.missingCompanyType,
      address1: MSG.missingAddress,
      city: MSG.missingCity,
      state: MSG.missingState,
      country: MSG.missingCountry,
    });
    const blanks = { company_name: '', status: '', type: '', address1: '', city: '', state: '', country: '' };
    expect(errorsOf(companyCreateSchema, blanks)).toEqual({
      company_name: MSG.missingCompanyName,
      status: MSG.missingStatus,
      type: MSG.missingCompanyType,
      address1: MSG.missingAddress,
      city: MSG.missingCity,
      state: MSG.missingState,
      country: MSG.missingCountry,
    });
    expect(errorsOf(companyCreateSchema, goodCompany)).toEqual({});
  });

  it('create: free-text rules on text fields, zip numeric, time zone optional', () => {
    expect(
      errorsOf(companyCreateSchema, { ...goodCompany, company_name: '   ', city: ' Dubai', address2: ' x' }),
    ).toEqual({
      company_name: MSG.fieldEmpty,
      city: MSG.fieldLeadingSpace,
      address2: MSG.fieldLeadingSpace,
    });
    expect(errorsOf(companyCreateSchema, { ...goodCompany, address2: '', zip: '' })).toEqual({});
    expect(errorsOf(companyCreateSchema, { ...goodCompany, zip: '12a45' })).toEqual({ zip: MSG.zipNotNumeric });
    expect(errorsOf(companyCreateSchema, { ...goodCompany, zip: '00123' })).toEqual({});
    expect(errorsOf(companyCreateSchema, { ...goodCompany, timeZone: 'Asia/Dubai' })).toEqual({});
    expect(errorsOf(companyCreateSchema, { ...goodCompany, timeZone: 'Mars/Olympus' })).toEqual({
      timeZone: MSG.timeZoneNotValid,
    });
    expect(errorsOf(companyCreateSchema, { ...goodCompany, type: 'Spaceships' })).toEqual({
      type: MSG.missingCompanyType,
    });
  });

  it('edit: name and time zone required, the rest optional but checked', () => {
    expect(errorsOf(companyUpdateSchema, {})).toEqual({
      company_name: MSG.missingCompanyName,
      timeZone: MSG.missingTimeZone,
    });
    expect(errorsOf(companyUpdateSchema, { company_name: 'X', timeZone: '' })).toEqual({
      timeZone: MSG.missingTimeZone,
    });
    expect(errorsOf(companyUpdateSchema, { company_name: 'X', timeZone: 'Europe/London' })).toEqual({});
    expect(errorsOf(companyUpdateSchema, { company_name: 'X', timeZone: 'Europe/London', city: '' })).toEqual({
      city: MSG.missingCity,
    });
    expect(errorsOf(companyUpdateSchema, { company_name: 'X', timeZone: 'Europe/London', zip: '1-2' })).toEqual({
      zip: MSG.zipNotNumeric,
    });
  });

  it('patch: only sent fields are checked', () => {
    expect(errorsOf(companyPatchSchema, { city: 'Abu Dhabi' })).toEqual({});
    expect(errorsOf(companyPatchSchema, { timeZone: '' })).toEqual({ timeZone: MSG.missingTimeZone });
    expect(errorsOf(companyPatchSchema, { company_name: ' X' })).toEqual({ company_name: MSG.fieldLeadingSpace });
  });

  it('competitor sources: at most 4', () => {
    expect(errorsOf(competitorSourcesSchema, ['a', 'b', 'c', 'd'])).toEqual({});
    expect(errorsOf(competitorSourcesSchema, ['a', 'b', 'c', 'd', 'e'])).toEqual({ '': MSG.competitorSourcesLimit });
  });
});

const goodPartner = {
  name: 'Agency One',
  startDate: '2025-01-15',
  email: 'ops@agency.one',
  status: 'active',
  type: 'Agency',
  address: '5 Bay Rd',
};

describe('partner', () => {
  it('create: every required field has its own message', () => {
    expect(errorsOf(partnerCreateSchema, {})).toEqual({
      name: MSG.missingPartnerName,
      startDate: MSG.missingStatusDate,
      email: MSG.missingEmail,
      status: MSG.missingStatus,
      type: MSG.missingPartnerType,
      address: MSG.missingAddress,
    });
    expect(errorsOf(partnerCreateSchema, goodPartner)).toEqual({});
  });

  it('create: email pattern and date format', () => {
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, email: 'ops.agency.one' })).toEqual({
      email: MSG.partnerEmailNotValid,
    });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, email: '' })).toEqual({ email: MSG.missingEmail });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, startDate: '' })).toEqual({
      startDate: MSG.missingStatusDate,
    });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, startDate: '2025/01/15' })).toEqual({
      startDate: MSG.dateNotValid,
    });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, name: ' A' })).toEqual({ name: MSG.fieldLeadingSpace });
  });

  it('credits: required for Custom, refused otherwise', () => {
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Custom' })).toEqual({
      'settings.packageCredits': MSG.packageCreditsRequired,
    });
    expect(
      errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Custom', settings: { packageCredits: '' } }),
    ).toEqual({
      'settings.packageCredits': MSG.packageCreditsRequired,
    });
    expect(
      errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Custom', settings: { packageCredits: 5000 } }),
    ).toEqual({});
    expect(
      errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Custom', settings: { packageCredits: '5000' } }),
    ).toEqual({});
    expect(
      errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Starter', settings: { packageCredits: 5000 } }),
    ).toEqual({
      'settings.packageCredits': MSG.packageCreditsOnlyCustom,
    });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, settings: { packageCredits: 5000 } })).toEqual({
      'settings.packageCredits': MSG.packageCreditsOnlyCustom,
    });
    expect(errorsOf(partnerCreateSchema, { ...goodPartner, package: 'Starter' })).toEqual({});
  });

  it('credits rule still runs when other fields fail', () => {
    expect(errorsOf(partnerCreateSchema, { package: 'Custom' })['settings.packageCredits']).toBe(
      MSG.packageCreditsRequired,
    );
  });

  it('edit: status, type and address optional; name, date and email required', () => {
    expect(errorsOf(partnerUpdateSchema, {})).toEqual({
      name: MSG.missingPartnerName,
      startDate: MSG.missingStatusDate,
      email: MSG.missingEmail,
    });
    const { name, startDate, email } = goodPartner;
    expect(errorsOf(partnerUpdateSchema, { name, startDate, email })).toEqual({});
    expect(errorsOf(partnerUpdateSchema, { name, startDate, email, package: 'Custom' })).toEqual({
      'settings.packageCredits': MSG.packageCreditsRequired,
    });
  });

  it('patch: credits without a package are left to the server', () => {
    expect(errorsOf(partnerPatchSchema, { settings: { packageCredits: 100 } })).toEqual({});
    expect(errorsOf(partnerPatchSchema, { package: 'Business', settings: { packageCredits: 100 } })).toEqual({
      'settings.packageCredits': MSG.packageCreditsOnlyCustom,
    });
    expect(errorsOf(partnerPatchSchema, { package: 'Custom' })).toEqual({
      'settings.packageCredits': MSG.packageCreditsRequired,
    });
    expect(errorsOf(partnerPatchSchema, { email: 'bad' })).toEqual({ email: MSG.partnerEmailNotValid });
  });
});

describe('brand', () => {
  it('applies the free-text rules to the name and regions', () => {
    expect(errorsOf(brandSchema, { title: '' })).toEqual({ title: MSG.fieldEmpty });
    expect(errorsOf(brandSchema, { title: 'Brand', states: ['Dubai', ' x'] })).toEqual({
      'states.1': MSG.fieldLeadingSpace,
    });
    expect(errorsOf(brandSchema, { title: 'Brand', states: ['Dubai'] })).toEqual({});
  });
});

import type { FormRule } from 'antd';
import { isValidEmail, MIN_PASSWORD_LENGTH, MSG } from '@reputo/core';
import { translateMessage } from '../i18n/messages';

/**
 * antd rules for the forms of spec 000 section 5, built from the shared messages and checks of
 * @reputo/core (the same ones its zod schemas use on the server). Each field reports only its first
 * failing rule, as the schemas do. The web does not run the zod schemas themselves: zod would add
 * 23 kB gzip to the sign-in route, which must stay under 200 kB. Checks answer the spec's English
 * (core's MSG); the rules and the sign-in page show them in the interface language (translateMessage).
 */
export type Check = (value: string) => string | null;

/** The message of the first failing check, or null. */
export function firstError(checks: readonly Check[], value: string): string | null {
  for (const check of checks) {
    const message = check(value);
    if (message) return message;
  }
  return null;
}

function firstFailing(...checks: Check[]): FormRule {
  return {
    validator: async (_rule, raw: unknown) => {
      const message = firstError(checks, typeof raw === 'string' ? raw : '');
      if (message) throw new Error(translateMessage(message));
    },
  };
}

const required =
  (message: string): Check =>
  (v) =>
    v === '' ? message : null;
const validEmail =
  (message: string): Check =>
  (v) =>
    isValidEmail(v) ? null : message;
const minLength =
  (message: string): Check =>
  (v) =>
    v.length < MIN_PASSWORD_LENGTH ? message : null;

/** Sign-in and forgot-password email: one message for missing and malformed. */
export const signInEmailChecks: Check[] = [required(MSG.emailNotValid), validEmail(MSG.emailNotValid)];
export const signInEmailRules: FormRule[] = [firstFailing(...signInEmailChecks)];

/** User settings (and team invitation) email: 'Email is required!' then 'Email is not valid!'. */
export const userEmailRules: FormRule[] = [firstFailing(required(MSG.emailRequired), validEmail(MSG.emailNotValid))];

/** Sign-in password: required only. */
export const signInPasswordChecks: Check[] = [required(MSG.passwordRequired)];

export type PasswordKind = 'recovery' | 'invitation';

/** New password: required, then at least 6 characters with the recovery or the invitation wording. */
export function newPasswordRules(kind: PasswordKind): FormRule[] {
  const short = kind === 'invitation' ? MSG.invitationPasswordTooShort : MSG.passwordTooShort;
  return [firstFailing(required(MSG.passwordRequired), minLength(short))];
}

/** Confirm password: required, then equal to the `password` field. */
export const confirmPasswordRules: FormRule[] = [
  ({ getFieldValue }) => ({
    validator: async (_rule, raw: unknown) => {
      const value = typeof raw === 'string' ? raw : '';
      if (value === '') throw new Error(translateMessage(MSG.confirmRequired));
      if (value !== (getFieldValue('password') ?? '')) throw new Error(translateMessage(MSG.passwordsInconsistent));
    },
  }),
];

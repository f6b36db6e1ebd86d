import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { ADMIN_DATE_DISPLAY_FORMAT, MSG } from '@reputo/core';
import { ApiError, fieldErrors as apiFieldErrors } from '../../lib/api';
import { currentLanguage } from '../../i18n/i18n';
import { formatNumber as intlNumber, preferredDigits } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';

// The admin screens' texts and rules, apart from ui.tsx's components: a page that needs only these
// does not load the date pickers and wizard parts that ui.tsx brings.

/** An antd rule from a shared zod field schema: the form shows the same first message the API answers, in the interface language. */
export function zodRule(schema: z.ZodType, opts: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, raw: unknown) => {
      const value = raw === null ? undefined : raw;
      if (opts.optional && (value === undefined || value === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(translateMessage(result.error.issues[0]?.message ?? MSG.error));
    },
  };
}

/** The same rules with core's English messages shown in the interface language (translated when the rule runs). */
export function translatedRules(rules: readonly FormRule[]): FormRule[] {
  return rules.map((rule) => {
    if (typeof rule === 'function' || !rule.validator) return rule;
    const validator = rule.validator;
    return {
      ...rule,
      validator: async (...args: Parameters<typeof validator>) => {
        try {
          await validator(...args);
        } catch (e) {
          throw new Error(translateMessage(e instanceof Error ? e.message : String(e)), { cause: e });
        }
      },
    };
  });
}

/** What a failed call shows (spec 001 section 8): the server's error_description, or the body, or 'Error'. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return translateMessage(error.message || MSG.error);
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return translateMessage(MSG.error);
}

/** The server's field errors for a form, its spec messages in the interface language. */
export function fieldErrors(error: unknown): { name: (string | number)[]; errors: string[] }[] {
  return apiFieldErrors(error).map((f) => ({ ...f, errors: f.errors.map(translateMessage) }));
}

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** Latin digits as the user reads them: Arabic-Indic for an Arabic reader who prefers them. */
export function localDigits(text: string): string {
  if (currentLanguage() !== 'ar' || preferredDigits() !== 'arab') return text;
  return text.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]!);
}

/** A figure in the user's language and digits; '—' when there is none. */
export const formatNumber = (n: number | null | undefined, options?: Intl.NumberFormatOptions) =>
  n === null || n === undefined ? '—' : intlNumber(n, options);

/** The admin screens show dates as YYYY/MM/DD in every language (spec 001 section 2). */
export const formatDate = (iso: string | null | undefined) =>
  iso ? localDigits(dayjs(iso).format(ADMIN_DATE_DISPLAY_FORMAT)) : '—';
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? localDigits(dayjs(iso).format(`${ADMIN_DATE_DISPLAY_FORMAT} HH:mm`)) : '—';

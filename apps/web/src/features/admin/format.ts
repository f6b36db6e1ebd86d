import type { FormRule } from 'antd';
import dayjs from 'dayjs';
import type { z } from 'zod';
import { ADMIN_DATE_DISPLAY_FORMAT, MSG } from '@reputo/core';
import { ApiError } from '../../lib/api';

// The admin screens' texts and rules, apart from ui.tsx's components: a page that needs only these
// does not load the date pickers and wizard parts that ui.tsx brings.

/** An antd rule from a shared zod field schema: the form shows the same first message the API answers. */
export function zodRule(schema: z.ZodType, opts: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, raw: unknown) => {
      const value = raw === null ? undefined : raw;
      if (opts.optional && (value === undefined || value === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? MSG.error);
    },
  };
}

/** What a failed call shows (spec 001 section 8): the server's error_description, or the body, or 'Error'. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message || MSG.error;
  if (error instanceof Error && error.message) return error.message;
  return MSG.error;
}

/** The admin pages' field errors are the app's one helper (lib/api.ts). */
export { fieldErrors } from '../../lib/api';

export const formatNumber = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toLocaleString('en-US');
export const formatDate = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format(ADMIN_DATE_DISPLAY_FORMAT) : '—';
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format(`${ADMIN_DATE_DISPLAY_FORMAT} HH:mm`) : '—';

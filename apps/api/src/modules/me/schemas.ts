import { DIGIT_SYSTEMS, ROLES, UI_LANGUAGES } from '@reputo/core';
import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.number(),
  role: z.enum(ROLES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  userName: z.string(),
  client: z.number().nullable(),
  companyName: z.string().nullable(),
  companyType: z.string().nullable(),
  companyCity: z.string().nullable(),
  companyState: z.string().nullable(),
  companyCountry: z.string().nullable(),
  country: z.string().nullable(),
  package: z.string().nullable(),
  features: z.array(z.string()),
  clientSettings: z.object({ sources: z.array(z.string()), weekStart: z.number() }),
  locationsTitle: z.enum(['Location', 'Product', 'Unit']),
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  /** The user's own interface language; null: not chosen (regionLanguage, else English, applies). */
  language: z.enum(UI_LANGUAGES).nullable(),
  /** The default of the user's locations' regions (states.language) when they agree on one; else null. */
  regionLanguage: z.enum(UI_LANGUAGES).nullable(),
  /** The digits numbers are shown in: Latin or Arabic-Indic. */
  digits: z.enum(DIGIT_SYSTEMS),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userPatchSchema = z
  .object({
    firstName: z.string().max(100, 'First name is too long').optional(),
    lastName: z.string().max(100, 'Last name is too long').optional(),
    email: z.string().max(320, 'Email is not valid!').optional(),
    password: z.string().max(200, 'Password is too long').optional(),
    language: z
      .enum(UI_LANGUAGES, { error: `language must be one of ${UI_LANGUAGES.join(', ')}, or null for the default` })
      .nullable()
      .optional(),
    digits: z.enum(DIGIT_SYSTEMS, { error: `digits must be one of ${DIGIT_SYSTEMS.join(', ')}` }).optional(),
  })
  .strict();
export type UserPatch = z.infer<typeof userPatchSchema>;

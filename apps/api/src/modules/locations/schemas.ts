import { freeTextError, isValidTimeZone, MSG, idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/**
 * The spec's two free-text rules ('The field cannot be empty or contain only spaces!', 'The field
 * cannot start with a space!') as zod fields, for every settings form of this issue.
 */
export function requiredText(max: number) {
  return z
    .string({ error: MSG.fieldEmpty })
    .superRefine((v, c) => {
      const e = freeTextError(v);
      if (e) c.addIssue({ code: 'custom', message: e });
    })
    .refine((v) => v.length <= max, `At most ${max} characters`);
}

/** An optional free-text field: null or '' means none, absent stays absent (a PATCH leaves it as it is); anything else follows both rules. */
export function optionalText(max: number) {
  return z
    .string()
    .nullish()
    .superRefine((v, c) => {
      if (v === null || v === undefined || v === '') return;
      const e = freeTextError(v);
      if (e) c.addIssue({ code: 'custom', message: e });
    })
    .refine((v) => !v || v.length <= max, `At most ${max} characters`)
    .transform((v) => (v === undefined ? undefined : v ? v.trimEnd() : null));
}

const id = idSchema();

export const facebookInput = z.object({
  /** Present for an account that was saved before, so its first value is kept. */
  id: z.string().max(200).optional(),
  fullUrl: z.string({ error: 'Please enter a valid Facebook address.' }).max(500),
});

export const locationInput = z.object({
  title: requiredText(200),
  locationId: optionalText(100),
  brandId: id.nullish(),
  stateId: id.nullish(),
  address: optionalText(300),
  city: optionalText(120),
  country: optionalText(120),
  timeZone: z
    .string()
    .nullish()
    .refine((v) => !v || isValidTimeZone(v), MSG.timeZoneNotValid),
  /** Page address per source value; '' or a missing source means none. */
  sourceUrls: z.record(z.string().max(60), z.string().max(500)).optional(),
  facebook: z.array(facebookInput).max(20, 'At most 20 Facebook accounts').optional(),
});
export type LocationInput = z.infer<typeof locationInput>;

export const locationPatch = locationInput.partial();
export type LocationPatch = z.infer<typeof locationPatch>;

export const facebookAccount = z.object({
  id: z.string(),
  urlPart: z.string(),
  fullUrl: z.string(),
  initialValue: z.string(),
});

export const locationSchema = z.object({
  id: z.number(),
  title: z.string(),
  locationId: z.string().nullable(),
  brandId: z.number().nullable(),
  brand: z.string().nullable(),
  stateId: z.number().nullable(),
  state: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  timeZone: z.string().nullable(),
  sourceUrls: z.record(z.string(), z.string()),
  facebook: z.array(facebookAccount),
  reviews: z.number(),
  createdAt: z.string(),
});

export const limitSchema = z.object({ used: z.number(), max: z.number() });

export const locationListQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  brand: idSchema('brand').optional(),
  state: idSchema('state').optional(),
});

export const locationListSchema = z.object({
  data: z.array(locationSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
  limit: limitSchema,
  locationsTitle: z.enum(['Location', 'Product', 'Unit']),
});

export const shortInfoSchema = z.object({
  locations: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      locationId: z.string().nullable(),
      brandId: z.number().nullable(),
      brand: z.string().nullable(),
      stateId: z.number().nullable(),
      state: z.string().nullable(),
    }),
  ),
});

export const uploadInput = z.object({
  filename: z.string().min(1, 'filename is required').max(200),
  /** The file's bytes, base64-encoded (.xlsx or .csv). */
  content: z.string().min(1, 'The file is empty').max(14_000_000, 'The file is too big: at most 10 MB'),
});

export const idParams = z.object({ id: idSchema() });

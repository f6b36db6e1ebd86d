import { attributeProblem, idSchema, type ListingAttributes } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/** Listing management (spec 001 section 7 "Listing"): what the calls accept and answer. */

export const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export const DIRECTORIES = ['google', 'facebook'] as const;
export type Directory = (typeof DIRECTORIES)[number];
export const DIRECTORY_STATUSES = [
  'in_sync',
  'out_of_sync',
  'pending',
  'error',
  'not_connected',
  'not_managed',
] as const;

export const LISTING_FIELDS = [
  'name',
  'address',
  'city',
  'postalCode',
  'countryCode',
  'phone',
  'website',
  'primaryCategory',
  'additionalCategories',
  'regularHours',
  'specialHours',
  'description',
  'attributes',
  'logo',
  'cover',
  'photos',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

export const FIELD_LABELS: Record<ListingField, string> = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  countryCode: 'Country',
  phone: 'Phone',
  website: 'Website',
  primaryCategory: 'Primary category',
  additionalCategories: 'Additional categories',
  regularHours: 'Opening hours',
  specialHours: 'Special hours',
  description: 'Description',
  attributes: 'Attributes',
  logo: 'Logo',
  cover: 'Cover photo',
  photos: 'Photos',
};

/** The field a label of FIELD_LABELS names (items list their missing fields by label); the label itself when none. */
export function fieldOfLabel(label: string): string {
  return LISTING_FIELDS.find((f) => FIELD_LABELS[f] === label) ?? label;
}

/** The photo fields: stored upload keys, sent to the directories as media. */
export const PHOTO_FIELDS = ['logo', 'cover', 'photos'] as const satisfies readonly ListingField[];
export type PhotoField = (typeof PHOTO_FIELDS)[number];
export const MAX_PHOTOS = 20;
/** A listing photo's key as the upload answered it (JPEG or PNG, the formats Google takes). */
export const PHOTO_KEY = /^listings\/[0-9a-f]{24}\.(png|jpg)$/;
const photoKey = z.string().regex(PHOTO_KEY, 'A photo is the key its upload answered, like listings/0a1b...png');

const attributeValue = z.union([z.boolean(), z.string().max(100), z.array(z.string().max(100)).max(20)]);
/** Attribute id to value, each checked against the shipped list (unknown id, wrong type of value). */
export const attributesSchema = z
  .record(z.string().max(100), attributeValue)
  .superRefine((attributes, ctx) => {
    const problem = attributeProblem(attributes as ListingAttributes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.id] });
  })
  .refine((a) => Object.keys(a).length <= 100, 'At most 100 attributes');

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Times are HH:MM, like 09:00');
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const hoursPeriodSchema = z
  .object({ day: z.enum(DAYS, { error: 'day is MONDAY to SUNDAY' }), open: time, close: time })
  .refine((p) => p.open < p.close, { message: 'A period must close after it opens', path: ['close'] });

export const specialHoursSchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be like 2026-12-25')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'date is not a real date'),
    closed: z.boolean(),
    open: time.nullable().optional(),
    close: time.nullable().optional(),
  })
  .refine((p) => p.closed || (p.open && p.close && p.open < p.close), {
    message: 'Give the opening and closing time, or mark the day closed',
    path: ['open'],
  });

export const listingFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters'),
  address: text('Address', 200),
  city: text('City', 100),
  postalCode: text('Postal code', 20),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'Country is a two-letter code, like AE')
    .nullable()
    .or(z.literal('').transform(() => null)),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Phone must be a phone number, like +971 4 123 4567')
    .nullable()
    .or(z.literal('').transform(() => null)),
  website: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/, 'Website must start with http:// or https://')
    .max(500)
    .nullable()
    .or(z.literal('').transform(() => null)),
  primaryCategory: z.string().nullable(),
  additionalCategories: z.array(z.string()).max(9, 'At most 9 additional categories'),
  regularHours: z.array(hoursPeriodSchema).max(28),
  specialHours: z.array(specialHoursSchema).max(100),
  description: text('Description', 750),
  attributes: attributesSchema,
  logo: photoKey.nullable(),
  cover: photoKey.nullable(),
  photos: z.array(photoKey).max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`),
});
export type ListingValues = z.infer<typeof listingFieldsSchema>;

export const listingPatchInput = z.object({
  locationIds: z.array(idSchema('locationIds')).min(1, 'Choose at least one location').max(1000),
  fields: listingFieldsSchema.partial().refine((f) => Object.keys(f).length > 0, 'Change at least one field'),
  /** Special hours are added to each location's own (same date replaced) instead of replacing them. */
  mergeSpecialHours: z.boolean().optional(),
});
export type ListingPatchInput = z.infer<typeof listingPatchInput>;

export const confirmInput = z.object({
  /** accept: take Google's values; keep: push ours to Google again. */
  action: z.enum(['accept', 'keep'], { error: 'action is accept or keep' }),
  /** The fields to confirm (all rejected fields when left out). */
  fields: z.array(z.enum(LISTING_FIELDS)).optional(),
});

export const listingQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  status: z.enum(['in_sync', 'out_of_sync', 'pending', 'error', 'rejected']).optional(),
  locationId: idSchema('locationId').optional(),
});
export const exportQuery = z.object({ access_token: z.string().optional() });
export const categoriesQuery = z.object({
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const locationParams = z.object({ locationId: idSchema('locationId') });

const listingOut = z.object({
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  primaryCategory: z.string().nullable(),
  additionalCategories: z.array(z.string()),
  regularHours: z.array(z.object({ day: z.enum(DAYS), open: z.string(), close: z.string() })),
  specialHours: z.array(
    z.object({
      date: z.string(),
      closed: z.boolean(),
      open: z.string().nullable().optional(),
      close: z.string().nullable().optional(),
    }),
  ),
  description: z.string().nullable(),
  attributes: z.record(z.string(), attributeValue),
  logo: z.string().nullable(),
  cover: z.string().nullable(),
  photos: z.array(z.string()),
});

const diffSchema = z.object({ field: z.string(), label: z.string(), ours: z.unknown(), theirs: z.unknown() });

export const directorySchema = z.object({
  directory: z.string(),
  title: z.string(),
  status: z.enum(DIRECTORY_STATUSES),
  reason: z.string().nullable(),
  /** The listing fields this directory holds (the others are not managed there). */
  fields: z.array(z.enum(LISTING_FIELDS)),
  diff: z.array(diffSchema),
  url: z.string().nullable(),
  checkedAt: z.string().nullable(),
  pushedAt: z.string().nullable(),
});

export const historySchema = z.object({
  id: z.number(),
  kind: z.enum(['edit', 'accept_google', 'keep_ours']),
  user: z.string().nullable(),
  fields: z.array(z.string()),
  values: z.record(z.string(), z.unknown()),
  answers: z.record(
    z.string(),
    z.object({
      status: z.enum(['pending', 'done', 'error', 'not_connected', 'skipped']),
      message: z.string().nullable().optional(),
      at: z.string().nullable().optional(),
    }),
  ),
  createdAt: z.string(),
});

export const listingItemSchema = z.object({
  locationId: z.number(),
  locationTitle: z.string(),
  listing: listingOut,
  score: z.number(),
  missing: z.array(z.string()),
  accuracy: z.number().nullable(),
  directories: z.array(directorySchema),
  rejectedEdits: z.array(diffSchema),
  history: z.array(historySchema).optional(),
});
export type ListingItem = z.infer<typeof listingItemSchema>;

export const listingPageSchema = z.object({
  data: z.array(listingItemSchema),
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  total_pages: z.number(),
  summary: z.object({
    locations: z.number(),
    score: z.number(),
    accuracy: z.number().nullable(),
    inSync: z.number(),
    outOfSync: z.number(),
    pending: z.number(),
    errors: z.number(),
    notConnected: z.number(),
    rejected: z.number(),
    missing: z.array(z.object({ field: z.string(), label: z.string(), count: z.number() })),
  }),
});

export const patchResultSchema = z.object({
  updated: z.number(),
  editIds: z.array(z.number()),
  queued: z.number(),
});

export const photoUploadQuery = z.object({ access_token: z.string().optional() });
export const photoUploadSchema = z.object({
  /** What a listing's logo, cover or photos field takes. */
  key: z.string(),
  /** Where the photo is served (public: the directories fetch it from here). */
  url: z.string(),
});

export const categoriesSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number(),
});

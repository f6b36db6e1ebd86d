import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

/** Offers and coupons (spec 001 section 7): what the calls accept and answer. */

export const DISCOUNT_TYPES = ['percent', 'amount', 'free_item'] as const;
export const COUPON_STATES = ['issued', 'redeemed', 'expired'] as const;

/** Generated code lengths: 6 characters give 887 million codes of the alphabet; 16 is plenty for anyone. */
export const CODE_LENGTH = { min: 6, max: 16, default: 8 } as const;
export const MAX_GENERATE = 100_000;

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} is not a real date`);

const ids = (name: string) => z.array(idSchema(name)).max(5000).default([]);

const offerFields = z.object({
  title: z
    .string({ error: 'Missing offer title!' })
    .trim()
    .min(1, 'Missing offer title!')
    .max(200, 'title is at most 200 characters'),
  description: z.string().max(2000, 'description is at most 2000 characters').nullable().optional(),
  terms: z.string().max(5000, 'terms are at most 5000 characters').nullable().optional(),
  brand_ids: ids('brand_ids'),
  location_ids: ids('location_ids'),
  valid_from: day('valid_from').nullable().optional(),
  valid_to: day('valid_to').nullable().optional(),
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'discount_type is percent, amount or free_item' }),
  discount_value: z.number().positive('discount_value must be more than 0').max(1_000_000_000).nullable().optional(),
  free_item: z.string().trim().max(200, 'free_item is at most 200 characters').nullable().optional(),
  limit_per_customer: z.number().int().min(1, 'limit_per_customer is at least 1').max(1000).nullable().optional(),
  active: z.boolean().default(true),
});

type OfferShape = Partial<z.infer<typeof offerFields>>;

/** The rules between fields, for a new offer and for an offer after a change alike. */
export function offerProblems(o: OfferShape): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (o.discount_type === 'percent' && (o.discount_value == null || o.discount_value > 100))
    problems.push({ field: 'discount_value', message: 'A percent discount needs a value from 1 to 100' });
  if (o.discount_type === 'amount' && o.discount_value == null)
    problems.push({ field: 'discount_value', message: 'An amount discount needs the amount' });
  if (o.discount_type === 'free_item' && !o.free_item)
    problems.push({ field: 'free_item', message: 'A free-item offer needs the item' });
  if (o.valid_from && o.valid_to && o.valid_to < o.valid_from)
    problems.push({ field: 'valid_to', message: 'valid_to must not be before valid_from' });
  return problems;
}

export const offerInput = offerFields;
export const offerPatch = offerFields.partial().extend({ id: idSchema().optional() });
export type OfferInput = z.infer<typeof offerInput>;
export type OfferPatch = z.infer<typeof offerPatch>;

export const offerListQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  active: z.enum(['true', 'false']).optional(),
});

export const generateInput = z.object({
  count: z
    .number({ error: 'count must be a number' })
    .int()
    .min(1, 'count is at least 1')
    .max(MAX_GENERATE, `count is at most ${MAX_GENERATE}`),
  length: z
    .number({ error: 'length must be a number' })
    .int()
    .min(CODE_LENGTH.min, `length is at least ${CODE_LENGTH.min}`)
    .max(CODE_LENGTH.max, `length is at most ${CODE_LENGTH.max}`)
    .default(CODE_LENGTH.default),
});

export const uploadInput = z.object({
  offer_id: idSchema('offer_id'),
  filename: z.string().min(1, 'filename is required').max(200),
  /** The file's bytes, base64-encoded (.xlsx or .csv). */
  content: z.string().min(1, 'The file is empty').max(14_000_000, 'The file is too big: at most 10 MB'),
});

export const couponListQuery = pagingQuery.extend({
  /** A code or its beginning (spaces and case do not matter). */
  code: z.string().max(64).optional(),
  offer_id: idSchema('offer_id').optional(),
  state: z.enum(COUPON_STATES).optional(),
});

export const redeemInput = z.object({
  code: z.string({ error: 'Missing code!' }).trim().min(1, 'Missing code!').max(64),
  location_id: idSchema('location_id'),
});

/** A point of sale names the location by our id or by the company's own code, and a partner key names the company. */
export const publicRedeemInput = z
  .object({
    code: redeemInput.shape.code,
    location_id: idSchema('location_id').optional(),
    location_code: z.string().trim().min(1).max(100).optional(),
    company: idSchema('company').optional(),
  })
  .refine((b) => b.location_id !== undefined || b.location_code !== undefined, {
    message: 'Pass location_id or location_code',
    path: ['location_id'],
  });

export const exportQuery = z.object({ access_token: z.string().optional() });
export const couponExportQuery = exportQuery.extend({
  offer_id: idSchema('offer_id').optional(),
  state: z.enum(COUPON_STATES).optional(),
});

const n = z.number();
const contactSchema = z
  .object({
    name: z.string().nullable().optional(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  })
  .nullable();

export const offerSchema = z.object({
  id: n,
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  terms: z.string().nullable(),
  brand_ids: z.array(n),
  location_ids: z.array(n),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: n.nullable(),
  free_item: z.string().nullable(),
  /** A short text of the discount, e.g. "15% off", "5.00 off", "Free dessert". */
  discount_label: z.string(),
  limit_per_customer: n.nullable(),
  active: z.boolean(),
  /** active, inactive, scheduled (starts later) or expired (valid_to passed). */
  status: z.enum(['active', 'inactive', 'scheduled', 'expired']),
  issued: n,
  redeemed: n,
  /** redeemed / issued in percent, one decimal; null with no codes. */
  redemption_rate: n.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const offerPageSchema = z.object({
  data: z.array(offerSchema),
  page: n,
  per_page: n,
  total: n,
  total_pages: n,
});

export const couponSchema = z.object({
  id: n,
  code: z.string(),
  offer_id: n,
  offer_title: z.string(),
  discount_label: z.string(),
  state: z.enum(COUPON_STATES),
  source: z.string(),
  contact: contactSchema,
  issued_at: z.string(),
  valid_to: z.string().nullable(),
  redeemed_at: z.string().nullable(),
  redeemed_location_id: n.nullable(),
  redeemed_location_title: z.string().nullable(),
  /** The user's name, or "API key" for a point of sale. */
  redeemed_by: z.string().nullable(),
  /** The customer's coupon page (code as QR code and barcode), to send or open. */
  page_path: z.string(),
});

export const publicCouponSchema = z.object({
  code: z.string(),
  state: z.enum(COUPON_STATES),
  redeemed_at: z.string().nullable(),
  company_name: z.string(),
  offer_title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  discount_label: z.string(),
  image_url: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  active: z.boolean(),
});

export const couponPageSchema = offerPageSchema.extend({ data: z.array(couponSchema) });

export const generateSchema = z.object({ generated: n, length: n, took_ms: n });

export const uploadReportSchema = z.object({
  imported: n,
  /** Rows whose code is already in the file above them or already one of the company's codes. */
  duplicates: z.array(z.object({ line: n, code: z.string(), reason: z.string() })),
  rejected: z.array(z.object({ line: n, reason: z.string() })),
});

export const messageSchema = z.object({ message: z.string() });

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './auth';
import { companies, locations, users } from './tenancy';

/**
 * Offers (spec 001 section 7) and their coupons. An offer is a discount a company gives its
 * customers; each coupon is one unique code of it, issued to someone and redeemed once.
 */
export const offers = pgTable(
  'offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    /** Storage key of the offer's image (platform/storage.ts), served by GET /v2/api/uploads/<key>. */
    imagePath: text('image_path'),
    terms: text('terms'),
    /** Brand and location ids the offer is valid at; empty means every one of the company's. */
    brandIds: jsonb('brand_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    locationIds: jsonb('location_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** First and last valid day (YYYY-MM-DD, inclusive); null is open-ended. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** 'percent', 'amount' or 'free_item'. */
    discountType: text('discount_type').notNull(),
    /** The percent (1 to 100) or the amount off; null for a free item. */
    discountValue: numeric('discount_value', { precision: 12, scale: 2, mode: 'number' }),
    /** What is free, for discount_type 'free_item'. */
    freeItem: text('free_item'),
    /** How many coupons of this offer one customer may receive; null: no limit. */
    limitPerCustomer: integer('limit_per_customer'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_company_idx').on(t.companyId, t.id)],
);

export interface CouponContact {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export const coupons = pgTable(
  'coupons',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** 'issued' or 'redeemed'; expired is derived from the offer's valid_to, never stored. */
    state: text('state').notNull().default('issued'),
    /** Where the code came from: 'generated', 'upload' (a point of sale's list), later 'feedback', 'campaign'. */
    source: text('source').notNull(),
    /** Whom it was given to (free text for now; the feedback and campaign issues fill it). */
    contact: jsonb('contact').$type<CouponContact>(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedLocationId: integer('redeemed_location_id').references(() => locations.id, { onDelete: 'set null' }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    redeemedByApiKeyId: integer('redeemed_by_api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Codes are unique per company: a point of sale types a code without saying which offer it is.
    uniqueIndex('coupons_company_code_uq').on(t.companyId, t.code),
    index('coupons_offer_state_idx').on(t.offerId, t.state),
  ],
);

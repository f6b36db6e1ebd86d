import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ListingAttributes } from '@reputo/core';
import { companies, locations, users } from './tenancy';

/**
 * Listing management (modules/listings): the one true record of each location's business
 * information, its state on each directory (Google Business Profile, Facebook) and the history of
 * edits pushed to them.
 */

/** Opening hours of one day: `open`/`close` as HH:MM (close may be 24:00). */
export interface HoursPeriod {
  day: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
  open: string;
  close: string;
}
/** Hours of one date (a holiday): closed all day, or open from `open` to `close`. */
export interface SpecialHours {
  date: string;
  closed: boolean;
  open?: string | null;
  close?: string | null;
}

/** The fields of a listing as they are pushed and compared. */
export interface ListingFields {
  name: string;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  countryCode: string | null;
  phone: string | null;
  website: string | null;
  primaryCategory: string | null;
  additionalCategories: string[];
  regularHours: HoursPeriod[];
  specialHours: SpecialHours[];
  description: string | null;
  /** Attribute id (of the shipped list, `@reputo/core`) to its value; unset attributes are not managed. */
  attributes: ListingAttributes;
  /** Stored upload keys (`listings/<random>.<ext>`, served at `/v2/api/uploads/<key>`). */
  logo: string | null;
  cover: string | null;
  photos: string[];
}

export const listings = pgTable(
  'listings',
  {
    locationId: integer('location_id')
      .primaryKey()
      .references(() => locations.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city'),
    postalCode: text('postal_code'),
    countryCode: text('country_code'),
    phone: text('phone'),
    website: text('website'),
    /** Category ids of the shipped list (`gcid:...`). */
    primaryCategory: text('primary_category'),
    additionalCategories: jsonb('additional_categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    regularHours: jsonb('regular_hours')
      .$type<HoursPeriod[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    specialHours: jsonb('special_hours')
      .$type<SpecialHours[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    description: text('description'),
    attributes: jsonb('attributes')
      .$type<ListingAttributes>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    logo: text('logo'),
    cover: text('cover'),
    photos: jsonb('photos')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listings_company_idx').on(t.companyId, t.name)],
);

/** One field that differs: ours against the directory's. */
export interface FieldDiff {
  field: string;
  ours: unknown;
  theirs: unknown;
}

/**
 * A location's state on one directory. `status`: in_sync, out_of_sync (`diff`), pending (a push is
 * queued), error (`reason`); "not connected" is not stored (no mapped connection). `rejected`: the
 * fields Google changed on its own (its "Google updated" values), until confirmed.
 */
export const listingDirectories = pgTable(
  'listing_directories',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    directory: text('directory').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    diff: jsonb('diff')
      .$type<FieldDiff[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rejected: jsonb('rejected')
      .$type<FieldDiff[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.directory] }),
    index('listing_directories_company_idx').on(t.companyId, t.status),
  ],
);

/** A directory's answer to one edit. */
export interface DirectoryAnswer {
  status: 'pending' | 'done' | 'error' | 'not_connected' | 'skipped';
  message?: string | null;
  at?: string | null;
}

/**
 * History: one edit of one location (who, when, which fields and values), and each directory's
 * answer. `kind`: edit, accept_google (Google's values taken), keep_ours (ours pushed again).
 */
export const listingEdits = pgTable(
  'listing_edits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    kind: text('kind').notNull().default('edit'),
    fields: jsonb('fields').$type<string[]>().notNull(),
    values: jsonb('values').$type<Partial<ListingFields>>().notNull(),
    answers: jsonb('answers')
      .$type<Record<string, DirectoryAnswer>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('listing_edits_location_idx').on(t.locationId, t.createdAt.desc().nullsFirst())],
);

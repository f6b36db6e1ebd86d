import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const partners = pgTable('partners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  status: text('status').notNull().default('active'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  address: text('address'),
  email: text('email').notNull(),
  package: text('package').notNull().default('Starter'),
  packageCredits: integer('package_credits'),
  url: text('url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    companyName: text('company_name').notNull(),
    status: text('status').notNull().default('inactive'),
    type: text('type').notNull(),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    timeZone: text('time_zone'),
    zip: text('zip'),
    sources: jsonb('sources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    competitorsSources: jsonb('competitors_sources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    features: jsonb('features')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    package: text('package').notNull().default('Free trial'),
    packageChangeDate: date('package_change_date', { mode: 'string' }),
    period: text('period').notNull().default('monthly'),
    locationsLimit: integer('locations_limit').notNull().default(10),
    /** Company-wide page address on each source (products and apps have one page per source), keyed by source value. */
    sourceUrls: jsonb('source_urls')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Languages the company answers reviews in (ISO 639-1), set by PATCH admin/languages; empty means the review's own. */
    languages: jsonb('languages')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Origins (https://host[:port]) allowed to frame this company's embedded pages; empty: nobody may. */
    frameAncestors: jsonb('frame_ancestors')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_partner_idx').on(t.partnerId), index('companies_name_idx').on(t.companyName)],
);

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    logoPath: text('logo_path'),
    createdAt: createdAt(),
  },
  (t) => [index('brands_company_idx').on(t.companyId)],
);

/** Regions; the spec calls them states. `language` is the region's reply-language override. */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [index('states_company_idx').on(t.companyId), index('states_brand_idx').on(t.brandId)],
);

export const locations = pgTable(
  'locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    stateId: integer('state_id').references(() => states.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The company's own code for the location (shown as "location id" on share cards). */
    locationId: text('location_id'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    timeZone: text('time_zone'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    /** Page address of this location on each review source, keyed by source value. */
    sourceUrls: jsonb('source_urls')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    facebook: jsonb('facebook')
      .$type<{ id: string; urlPart: string; fullUrl: string; initialValue: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_company_idx').on(t.companyId),
    index('locations_brand_idx').on(t.brandId),
    index('locations_state_idx').on(t.stateId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
    /** 'active' once a password is set; 'invited' until the invitation is accepted. */
    status: text('status').notNull().default('active'),
    weekStart: smallint('week_start').notNull().default(7),
    /** The interface language the user chose ('en' | 'ar'); null: not chosen, their region's default (states.language) or English. */
    language: text('language'),
    /** The digits numbers are shown in: 'latn' (0-9) or 'arab' (Arabic-Indic). */
    digits: text('digits').notNull().default('latn'),
    /** Locations a team member may see; null means all of the company's. */
    locationIds: jsonb('location_ids').$type<number[] | null>(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Access tokens issued before this time are refused (a changed or reset password ends other sessions). */
    sessionsNotBefore: timestamp('sessions_not_before', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    index('users_partner_idx').on(t.partnerId),
  ],
);

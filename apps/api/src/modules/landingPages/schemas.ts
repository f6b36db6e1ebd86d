import { FEEDBACK_LANGUAGES, SOURCES } from '@reputo/core';
import { z } from 'zod';
import { EDITABLE_TEXTS } from './texts';

const SOURCE_VALUES = new Set(SOURCES.map((s) => s.value));
const textsOfLanguage = z.object(
  Object.fromEntries(EDITABLE_TEXTS.map((k) => [k, z.string().max(500, `${k} is at most 500 characters`).optional()])),
);
const textsSchema = z.object(Object.fromEntries(FEEDBACK_LANGUAGES.map((l) => [l, textsOfLanguage.optional()])));

export const settingsSchema = z.object({
  rating_type: z.enum(['stars', 'nps']),
  primary_color: z.string(),
  logo_url: z.string().nullable(),
  texts: z.record(z.string(), z.record(z.string(), z.string())),
  default_texts: z.record(z.string(), z.record(z.string(), z.string())),
  source_order: z.array(z.string()),
  offer_id: z.number().nullable(),
  repeat_guard_days: z.number(),
  daily_cap_per_location: z.number().nullable(),
  updated_at: z.string().nullable(),
});

export const settingsPatch = z
  .object({
    rating_type: z.enum(['stars', 'nps'], { error: 'rating_type must be stars or nps' }),
    primary_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'primary_color must be a colour such as #1677ff'),
    logo: z.null({ error: 'logo may only be null (removes the logo); upload one with POST lendingPageSettings/logo' }),
    texts: textsSchema,
    source_order: z
      .array(
        z.string().refine((s) => SOURCE_VALUES.has(s) && s !== 'feedback', 'source_order holds review source values'),
      )
      .max(50),
    offer_id: z.number().int().positive().nullable(),
    repeat_guard_days: z
      .number()
      .int()
      .min(0, 'repeat_guard_days is 0 to 365')
      .max(365, 'repeat_guard_days is 0 to 365'),
    daily_cap_per_location: z
      .number()
      .int()
      .min(1, 'daily_cap_per_location is at least 1 (or null for no cap)')
      .max(100_000)
      .nullable(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatch>;

export const pageSchema = z.object({
  id: z.number(),
  kind: z.enum(['location', 'brand']),
  location_id: z.number().nullable(),
  brand_id: z.number().nullable(),
  title: z.string(),
  brand_title: z.string().nullable(),
  code: z.string(),
  url: z.string(),
  active: z.boolean(),
  qr: z.object({ png: z.string(), svg: z.string(), pdf: z.string() }),
});
export const pageListSchema = z.object({ data: z.array(pageSchema) });

const figures = {
  responses: z.number(),
  average_rating: z.number().nullable(),
  nps: z.number().nullable(),
  promoters: z.number(),
  passives: z.number(),
  detractors: z.number(),
  public_clicks: z.number(),
  clicks_by_source: z.record(z.string(), z.number()),
  private_feedback: z.number(),
};

export const statisticsSchema = z.object({
  totals: z.object(figures),
  locations: z.array(
    z.object({
      kind: z.enum(['location', 'brand']),
      location_id: z.number().nullable(),
      brand_id: z.number().nullable(),
      title: z.string(),
      brand_title: z.string().nullable(),
      ...figures,
    }),
  ),
  brands: z.array(z.object({ brand_id: z.number(), title: z.string(), ...figures })),
  months: z.array(z.object({ month: z.string(), ...figures })),
  distribution: z.object({ stars: z.record(z.string(), z.number()), nps: z.record(z.string(), z.number()) }),
});

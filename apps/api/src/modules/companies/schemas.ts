import { companyCreateSchema, companyPatchSchema, STATUSES, idSchema } from '@reputo/core';
import { z } from 'zod';
import { pagingQuery } from '../../platform/paging';

export const idParams = z.object({ id: idSchema() });

export const companyListQuery = pagingQuery.extend({
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).default('desc'),
  search: z.string().max(200).optional(),
  status: z
    .enum(STATUSES, { error: 'status must be active or inactive' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const sourceList = z.array(z.string().max(50), { error: 'sources must be a list of source values' }).max(200);

/** POST v2/api/admin/companies: the information step; the Owner may place the company under a partner. */
export const companyCreateBody = companyCreateSchema.extend({
  partner_id: idSchema('partner_id').nullable().optional(),
});

/** PATCH v2/api/admin/companies/{id}: the id plus the changed fields only. */
export const companyPatchBody = companyPatchSchema.extend({
  id: idSchema().optional(),
  partner_id: idSchema('partner_id').nullable().optional(),
  sources: sourceList.optional(),
  competitorsSources: sourceList.optional(),
  sourceUrls: z
    .record(z.string().max(50), z.string().max(2000), { error: 'sourceUrls must map source values to addresses' })
    .optional(),
});
export type CompanyPatchBody = z.infer<typeof companyPatchBody>;

export const companyView = z.object({
  id: z.number(),
  company_name: z.string(),
  status: z.string(),
  type: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  timeZone: z.string().nullable(),
  zip: z.string().nullable(),
  sources: z.array(z.string()),
  competitorsSources: z.array(z.string()),
  sourceUrls: z.record(z.string(), z.string()),
  features: z.array(z.string()),
  package: z.string(),
  packageChangeDate: z.string().nullable(),
  period: z.string(),
  locationsLimit: z.number(),
  languages: z.array(z.string()),
  accessToken: z.string().nullable(),
  partner_id: z.number().nullable(),
  partner_name: z.string().nullable(),
  locations_count: z.number(),
  locationsTitle: z.string(),
  created_at: z.string(),
});
export type CompanyView = z.infer<typeof companyView>;

export const companyListItem = z.object({
  id: z.number(),
  company_name: z.string(),
  status: z.string(),
  type: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  package: z.string(),
  partner_id: z.number().nullable(),
  partner_name: z.string().nullable(),
  locations_count: z.number(),
  created_at: z.string(),
});

export const companyUser = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
});

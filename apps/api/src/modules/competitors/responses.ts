import { z } from 'zod';
import { benchmarkFigures } from '../dashboard/responses';
import { comparedPeriodsWithDays, pageFields } from '../statistics/responses';

/** The competitor screens' answers, as the services build them (the serializer drops what is not named here). */

const n = z.number();
const nullableNumber = z.number().nullable();

export const competitorSchema = z.object({
  id: n,
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  locations: z.array(
    z.object({
      id: n,
      location_id: n,
      location_title: z.string().nullable(),
      title: z.string(),
      address: z.string().nullable(),
      /** Page address of the branch per competitor source. */
      sources: z.record(z.string(), z.string()),
    }),
  ),
});

export const competitorPageSchema = z.object({ ...pageFields, data: z.array(competitorSchema) });

const mentions = z.object({ mentions: n, sentiment_score: nullableNumber });

export const benchmarkSchema = z.object({
  ...comparedPeriodsWithDays,
  competitor_sources: z.array(z.object({ value: z.string(), title: z.string() })),
  limits: z.object({ sources: n, per_location: n }),
  summary: z.object({
    own: benchmarkFigures,
    competitors: benchmarkFigures,
    gap: nullableNumber,
    response_rate_gap: nullableNumber,
  }),
  topics: z.array(z.object({ topic: z.string(), title: z.string(), own: mentions, competitors: mentions })),
  locations: z.array(
    z.object({
      location_id: n,
      title: z.string(),
      code: z.string().nullable(),
      brand: z.string().nullable(),
      state: z.string().nullable(),
      own: benchmarkFigures.extend({ previous_average: nullableNumber }),
      competitors_total: benchmarkFigures,
      gap: nullableNumber,
      rank: nullableNumber,
      of: n,
      competitors: z.array(
        z.object({
          competitor_id: n,
          competitor_location_id: n,
          name: z.string(),
          title: z.string(),
          reviews: n,
          average: nullableNumber,
          response_rate: nullableNumber,
        }),
      ),
    }),
  ),
});

const treeLocation = z.object({ id: n, title: z.string(), locationId: z.string().nullable(), competitors: n });

export const competitorBrandsSchema = z.object({
  data: z.array(
    z.object({
      id: n,
      title: z.string(),
      states: z.array(z.object({ id: n, title: z.string(), locations: z.array(treeLocation) })),
      locations: z.array(treeLocation),
    }),
  ),
  other: z.array(treeLocation),
  limits: z.object({ per_location: n, sources: n }),
});

export const uploadFieldsSchema = z.object({
  fields: z.array(z.object({ key: z.string(), title: z.string(), required: z.boolean(), description: z.string() })),
});

export const uploadReportSchema = z.object({
  imported: n,
  skipped: n,
  rejected: z.array(z.object({ line: n, reason: z.string() })),
});

/**
 * The inbound review API (`POST /v2/public/reviews`): a company's own systems send the reviews of
 * sources we have no connector for. Idempotent by (source, source_review_id) within the company.
 * See README.md in this folder.
 */
import { SOURCES, idSchema } from '@reputo/core';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { locations, reviews } from '../../db/schema';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import { notifyNewReviews } from '../notifications/service';
import { insertReviewRows } from '../reviews/repository';
import { enqueueReviewEvents } from '../webhooks/outbox.repository';

const SOURCE_VALUES = new Set(SOURCES.map((s) => s.value));
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/;
/** A review may be dated up to a day ahead (time zones), never further. */
const FUTURE_SLACK_MS = 86_400_000;

/** YYYY-MM-DD (a UTC day) or an ISO 8601 date-time with its offset; null when it is neither. */
export function readReviewDate(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  // 2025-02-30 parses as 2 March: the day must be the one written.
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (day.getUTCMonth() !== Number(m[2]) - 1 || day.getUTCDate() !== Number(m[3])) return null;
  return new Date(t);
}

const optionalText = (max: number, name: string) =>
  z
    .string()
    .trim()
    .max(max, `${name} is at most ${max.toLocaleString('en')} characters`)
    .optional();

export const inboundReviewBody = z
  .object({
    company: idSchema('company').optional(),
    source: z
      .string({ error: 'source is required' })
      .refine(
        (s) => SOURCE_VALUES.has(s),
        "source must be a source value of Reputo's catalogue, such as yelp or trustpilot",
      ),
    source_review_id: z
      .string({ error: 'source_review_id is required' })
      .trim()
      .min(1, 'source_review_id is required')
      .max(200, 'source_review_id is at most 200 characters'),
    location_id: idSchema('location_id').optional(),
    location_code: z.string().trim().min(1).max(200).optional(),
    rating: z
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5')
      .nullable()
      .optional(),
    title: optionalText(500, 'title'),
    text: optionalText(10_000, 'text'),
    author_name: optionalText(200, 'author_name'),
    date: z
      .string({ error: 'date is required' })
      .refine(
        (v) => readReviewDate(v) !== null,
        'date must be YYYY-MM-DD or an ISO 8601 date-time such as 2025-04-23T10:15:00Z',
      )
      .refine((v) => (readReviewDate(v)?.getTime() ?? 0) <= Date.now() + FUTURE_SLACK_MS, 'date is in the future'),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'language must be a language code such as en or pt-BR')
      .optional(),
    url: z
      .string()
      .max(2000)
      .regex(/^https?:\/\/\S+$/i, 'url must start with http:// or https://')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.rating === undefined || b.rating === null) && !b.text)
      ctx.addIssue({ code: 'custom', path: ['rating'], message: 'A review needs a rating or a text' });
    if (b.location_id !== undefined && b.location_code !== undefined)
      ctx.addIssue({ code: 'custom', path: ['location_code'], message: 'Pass location_id or location_code, not both' });
  });

export type InboundReview = z.infer<typeof inboundReviewBody>;

/** The company's location the review names (by our id or by the company's own code), or its only one. */
async function locationOf(db: Db, companyId: number, body: InboundReview): Promise<number | null> {
  if (body.location_id !== undefined || body.location_code !== undefined) {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          eq(locations.companyId, companyId),
          body.location_id !== undefined
            ? eq(locations.id, body.location_id)
            : sql`lower(${locations.locationId}) = lower(${body.location_code})`,
        ),
      )
      .limit(2);
    if (!row) throw notFound('No such location');
    return row.id;
  }
  const all = await db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, companyId)).limit(2);
  if (all.length > 1) {
    const message = 'Pass location_id or location_code: the company has several locations';
    throw badRequest(message, [{ field: 'location_id', message }]);
  }
  return all[0]?.id ?? null;
}

/**
 * Stores the review unless the company already has one with this source and source id; answers its
 * id and whether it was created. A new review goes the way of an upload's: the daily rollups in the
 * same transaction, then the instant notification mails and the review-bombing check as jobs.
 */
export async function saveInboundReview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: number,
  body: InboundReview,
): Promise<{ id: number; created: boolean }> {
  return storeReview(deps, companyId, await locationOf(deps.db, companyId, body), body);
}

/**
 * `saveInboundReview` once the location is known (or null): the landing pages' private feedback
 * comes this way too, from a brand's page that names no location.
 */
export async function storeReview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyId: number,
  locationId: number | null,
  body: Omit<InboundReview, 'company' | 'location_id' | 'location_code'>,
): Promise<{ id: number; created: boolean }> {
  const { db } = deps;
  const rating = body.rating ?? null;
  const saved = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    // Two calls racing with the same review: the second waits and finds the first's.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(72450032, hashtext(${`${companyId}|${body.source}|${body.source_review_id}`}))`,
    );
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.companyId, companyId),
          eq(reviews.source, body.source),
          eq(reviews.externalId, body.source_review_id),
          eq(reviews.isCompetitor, false),
        ),
      )
      .limit(1);
    if (existing) return { id: existing.id, created: false };
    const [id] = await insertReviewRows(tx, [
      {
        companyId,
        locationId,
        source: body.source,
        externalId: body.source_review_id,
        authorName: body.author_name || null,
        rating,
        title: body.title || null,
        text: body.text || null,
        language: body.language?.toLowerCase() ?? null,
        url: body.url ?? null,
        sentiment: rating === null ? null : rating >= 4 ? 1 : rating === 3 ? 0 : -1,
        createdAt: readReviewDate(body.date)!,
      },
    ]);
    await notifyNewReviews(tx, jobQueueFor(deps), companyId, [id!]);
    await enqueueReviewEvents(tx, companyId, 'review.created', [id!]);
    return { id: id!, created: true };
  });
  // The route's `writes` drops the company's cached reports; the started runner takes the jobs now.
  if (saved.created) jobQueueFor(deps).wake();
  return saved;
}

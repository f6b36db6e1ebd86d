import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { brands, companies, locations, reviews, states } from '../../../db/schema';
import { afterReviewsWritten } from '../../reviews/afterWrite';
import { rebuildReviewDaily, rebuildTopicDaily } from '../../reviews/rollup.repository';

/**
 * A small hand-computed world for the reporting tests, added to fixture company A (Alpha
 * Restaurants): brands B1 (regions S1, S2) and B2 (S3), locations Marina (B1/S1), Downtown (B1/S2)
 * and Riyadh (B2/S3), and reviews in March 1-10, 2025 (the period) and Feb 19-28 (the previous one).
 */
export interface ReportingWorld {
  brandB1: number;
  brandB2: number;
  stateS1: number;
  marina: number;
  downtown: number;
  riyadh: number;
  reviewIds: Record<string, number>;
}

export interface ReviewSeed {
  key: string;
  location: 'marina' | 'downtown' | 'riyadh';
  source: string;
  rating: number;
  day: string;
  text?: string;
  /** Hours until the first reply; undefined for unanswered. */
  repliedAfterHours?: number;
  competitorLocationId?: number;
}

/** The period's reviews: 8 reviews, ratings sum 26 (average 3.25), 4 replied after 2+4+10+1 hours. */
export const CURRENT: ReviewSeed[] = [
  {
    key: 'r1',
    location: 'marina',
    source: 'google',
    rating: 5,
    day: '2025-03-02',
    text: 'The food was delicious and the staff were friendly.',
    repliedAfterHours: 2,
  },
  {
    key: 'r2',
    location: 'marina',
    source: 'google',
    rating: 4,
    day: '2025-03-03',
    text: 'Service was slow but the food was tasty.',
    repliedAfterHours: 4,
  },
  {
    key: 'r3',
    location: 'marina',
    source: 'facebook',
    rating: 2,
    day: '2025-03-05',
    text: 'The washroom was dirty and the waiter was rude.',
  },
  { key: 'r4', location: 'downtown', source: 'google', rating: 3, day: '2025-03-04', repliedAfterHours: 10 },
  {
    key: 'r5',
    location: 'downtown',
    source: 'zomato',
    rating: 1,
    day: '2025-03-09',
    text: 'It is way overpriced and the food was cold.',
  },
  {
    key: 'r6',
    location: 'riyadh',
    source: 'feedback',
    rating: 5,
    day: '2025-03-06',
    text: 'Great place, lovely ambience!',
    repliedAfterHours: 1,
  },
  { key: 'r7', location: 'riyadh', source: 'feedback', rating: 4, day: '2025-03-07' },
  {
    key: 'r8',
    location: 'riyadh',
    source: 'feedback',
    rating: 2,
    day: '2025-03-08',
    text: 'We waited 40 minutes for a table.',
  },
];

/** The previous period's: 5 reviews, ratings sum 19 (average 3.8), 1 replied. */
export const PREVIOUS: ReviewSeed[] = [
  {
    key: 'p1',
    location: 'marina',
    source: 'google',
    rating: 3,
    day: '2025-02-20',
    text: 'The food was fine.',
    repliedAfterHours: 5,
  },
  { key: 'p2', location: 'downtown', source: 'google', rating: 5, day: '2025-02-25' },
  { key: 'p3', location: 'riyadh', source: 'feedback', rating: 5, day: '2025-02-21' },
  { key: 'p4', location: 'riyadh', source: 'feedback', rating: 5, day: '2025-02-22' },
  { key: 'p5', location: 'riyadh', source: 'feedback', rating: 1, day: '2025-02-23' },
];

export const PERIOD = { date_from: '2025-03-01', date_to: '2025-03-10' };

export async function createReportingWorld(db: Db, companyId: number): Promise<ReportingWorld> {
  const [b1] = await db.insert(brands).values({ companyId, title: 'Alpha Grill' }).returning();
  const [b2] = await db.insert(brands).values({ companyId, title: 'Alpha Express' }).returning();
  const [s1, s2, s3] = await db
    .insert(states)
    .values([
      { companyId, brandId: b1!.id, title: 'Dubai' },
      { companyId, brandId: b1!.id, title: 'Abu Dhabi' },
      { companyId, brandId: b2!.id, title: 'Riyadh Region' },
    ])
    .returning();
  const [marina, downtown, riyadh] = await db
    .insert(locations)
    .values([
      { companyId, brandId: b1!.id, stateId: s1!.id, title: 'Alpha Grill Marina', locationId: 'AG-001', city: 'Dubai' },
      {
        companyId,
        brandId: b1!.id,
        stateId: s2!.id,
        title: 'Alpha Grill Downtown',
        locationId: 'AG-002',
        city: 'Abu Dhabi',
      },
      {
        companyId,
        brandId: b2!.id,
        stateId: s3!.id,
        title: 'Alpha Express Riyadh',
        locationId: 'AE-001',
        city: 'Riyadh',
      },
    ])
    .returning();
  const world: ReportingWorld = {
    brandB1: b1!.id,
    brandB2: b2!.id,
    stateS1: s1!.id,
    marina: marina!.id,
    downtown: downtown!.id,
    riyadh: riyadh!.id,
    reviewIds: {},
  };
  await db
    .update(companies)
    .set({
      sources: ['google', 'facebook', 'zomato', 'tripadvisor', 'talabat'],
      competitorsSources: ['google', 'facebook', 'zomato', 'tripadvisor', 'talabat'],
    })
    .where(sql`id = ${companyId}`);
  Object.assign(world.reviewIds, await insertReviews(db, companyId, world, [...CURRENT, ...PREVIOUS]));
  return world;
}

/** Inserts reviews the way a review write does: rows, then the one after-write call in the same transaction. */
export async function insertReviews(
  db: Db,
  companyId: number,
  world: ReportingWorld,
  seeds: ReviewSeed[],
): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const s of seeds) {
      const createdAt = new Date(`${s.day}T12:00:00Z`);
      const [row] = await tx
        .insert(reviews)
        .values({
          companyId,
          locationId: world[s.location],
          source: s.source,
          externalId: s.key,
          authorName: `Author ${s.key}`,
          rating: s.rating,
          text: s.text ?? null,
          language: s.text ? 'en' : null,
          createdAt,
          isCompetitor: s.competitorLocationId !== undefined,
          competitorLocationId: s.competitorLocationId ?? null,
          respondedAt:
            s.repliedAfterHours === undefined ? null : new Date(createdAt.getTime() + s.repliedAfterHours * 3_600_000),
        })
        .returning({ id: reviews.id });
      ids[s.key] = row!.id;
    }
    await afterReviewsWritten(tx, companyId, Object.values(ids));
    return ids;
  });
}

/** Every rollup row of the company, in a stable order, for comparing with a fresh rebuild. */
export async function rollupSnapshot(db: Db, companyId: number) {
  const daily = await db.execute(
    sql`SELECT location_id, source, to_char(day, 'YYYY-MM-DD') AS day, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM review_daily WHERE company_id = ${companyId} ORDER BY 1, 2, 3, 4`,
  );
  const topics = await db.execute(
    sql`SELECT location_id, source, to_char(day, 'YYYY-MM-DD') AS day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM topic_daily WHERE company_id = ${companyId} ORDER BY 1, 2, 3, 4, 5, 6, 7`,
  );
  const monthly = await db.execute(
    sql`SELECT source, to_char(month, 'YYYY-MM-DD') AS month, is_competitor, reviews, rated, rating_sum, stars1, stars2, stars3, stars4, stars5, with_text, responded, response_seconds, positive, neutral, negative FROM review_monthly WHERE company_id = ${companyId} ORDER BY 1, 2, 3`,
  );
  const topicsMonthly = await db.execute(
    sql`SELECT source, to_char(month, 'YYYY-MM-DD') AS month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative FROM topic_monthly WHERE company_id = ${companyId} ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  const rowsOf = (r: unknown) => (r as { rows: unknown[] }).rows;
  return {
    daily: rowsOf(daily),
    monthly: rowsOf(monthly),
    topics: rowsOf(topics),
    topicsMonthly: rowsOf(topicsMonthly),
  };
}

/** The rollups as a full recomputation from raw reviews gives them. */
export async function freshRollups(db: Db, companyId: number) {
  return db.transaction(async (tx) => {
    const incremental = await rollupSnapshot(tx, companyId);
    await rebuildReviewDaily(tx, companyId);
    await rebuildTopicDaily(tx, companyId);
    const fresh = await rollupSnapshot(tx, companyId);
    return { incremental, fresh };
  });
}

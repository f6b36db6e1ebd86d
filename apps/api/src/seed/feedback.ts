import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { feedbackResponses, landingPageSettings, offers, reviews } from '../db/schema';
import { brandPages, locationPages } from '../modules/landingPages/repository';
import type { Rng } from './random';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY = 86_400_000;
/** Answers per location per month: enough for the analytics' charts, few enough to seed in a blink. */
const ANSWERS_PER_LOCATION_MONTH: [number, number] = [6, 14];
const MONTHS = 6;
/** Where people who rated went next: a share follows a public link, Google most often. */
const PUBLIC_SHARE = 0.35;

/** A star answer leaning happy (most visits go well), or a 0 to 10 answer shaped like a real NPS survey. */
function demoScore(rng: Rng, type: 'stars' | 'nps'): number {
  const r = rng.next();
  if (type === 'stars') return r < 0.5 ? 5 : r < 0.75 ? 4 : r < 0.85 ? 3 : r < 0.93 ? 2 : 1;
  return r < 0.45 ? rng.int(9, 10) : r < 0.75 ? rng.int(7, 8) : rng.int(0, 6);
}

/**
 * Demo landing pages for a company with Feedback: its settings (the first company asks stars, the
 * others 0 to 10), a page per location and brand, six months of answers with public clicks, and the
 * company's existing Feedback reviews tied to answers as the private feedback they stand for, so
 * Feedback › Analytics and the dashboard's NPS show real figures.
 */
export async function insertDemoFeedback(
  tx: Tx,
  rng: Rng,
  companyId: number,
  locationIds: number[],
  ratingType: 'stars' | 'nps',
  now: Date,
): Promise<void> {
  if (locationIds.length === 0) return;
  const db = tx as unknown as Db;
  const [offer] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.companyId, companyId), eq(offers.discountType, 'percent')))
    .limit(1);
  await tx.insert(landingPageSettings).values({
    companyId,
    ratingType,
    primaryColor: '#0f766e',
    sourceOrder: ['google', 'tripadvisor', 'facebook'],
    offerId: offer?.id ?? null,
  });
  const pages = await locationPages(db, companyId, null);
  await brandPages(db, companyId);
  const pageOf = new Map(pages.map((p) => [p.page.locationId!, p.page.id]));
  const rows: (typeof feedbackResponses.$inferInsert)[] = [];
  for (const locationId of locationIds) {
    for (let month = 0; month < MONTHS; month++) {
      const count = rng.int(...ANSWERS_PER_LOCATION_MONTH);
      for (let i = 0; i < count; i++) {
        const at = new Date(now.getTime() - (month * 30 + rng.float(0, 30)) * DAY);
        const score = demoScore(rng, ratingType);
        const clicked = rng.chance(PUBLIC_SHARE);
        rows.push({
          companyId,
          landingPageId: pageOf.get(locationId) ?? null,
          locationId,
          ratingType,
          score,
          language: rng.chance(0.3) ? 'ar' : 'en',
          publicSource: clicked ? (rng.chance(0.7) ? 'google' : rng.chance(0.5) ? 'tripadvisor' : 'facebook') : null,
          publicClickedAt: clicked ? new Date(at.getTime() + 60_000) : null,
          visitorHash: `demo-${rng.int(0, 1e9)}`,
          createdAt: at,
        });
      }
    }
  }
  if (rows.length) await tx.insert(feedbackResponses).values(rows);
  // Each Feedback review of the last months is a visitor's private feedback: its answer, same day and rating.
  await tx.execute(sql`
    INSERT INTO ${feedbackResponses}
      (company_id, landing_page_id, location_id, rating_type, score, language, review_id, contact_name, created_at)
    SELECT r.company_id, p.id, r.location_id, ${ratingType},
           CASE WHEN ${ratingType} = 'nps' THEN LEAST(10, GREATEST(0, r.rating * 2 - 1)) ELSE r.rating END,
           coalesce(r.language, 'en'), r.id, r.author_name, r.created_at
    FROM ${reviews} r
    LEFT JOIN landing_pages p ON p.location_id = r.location_id
    WHERE r.company_id = ${companyId} AND r.source = 'feedback' AND r.rating IS NOT NULL
      AND r.created_at >= ${new Date(now.getTime() - MONTHS * 30 * DAY).toISOString()}`);
}

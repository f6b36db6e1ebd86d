import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { competitorLocations, competitors } from '../db/schema';
import { rebuildReviewDaily } from '../modules/reviews/rollup.repository';
import { Rng } from './random';
import { reviewText, sentimentForTone, toneForRating } from './texts';
import { rowsOf } from '../db/rows';

/**
 * Demo reporting data: competitors of the restaurant group with two years of their reviews, so the
 * benchmark pages show real comparisons. The text analysis of the seeded reviews is not done here:
 * it took 19 s for 34,550 reviews on PGlite (the seed itself takes 30 s), so the server's start-up
 * backfill (modules/insights/backfill.ts) does it in the background once the server listens.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RIVALS = [
  {
    name: 'Burger Palace',
    mean: 3.9,
    replyRate: 0.35,
    items: ['smash burger', 'truffle fries', 'milkshake', 'chicken burger'],
  },
  {
    name: 'Al Mandi House',
    mean: 4.3,
    replyRate: 0.55,
    items: ['lamb mandi', 'chicken kabsa', 'mixed grill', 'hummus'],
  },
  {
    name: 'Spice Route Kitchen',
    mean: 3.6,
    replyRate: 0.2,
    items: ['butter chicken', 'biryani', 'garlic naan', 'paneer tikka'],
  },
  {
    name: 'Shawarma Street',
    mean: 4.0,
    replyRate: 0.4,
    items: ['chicken shawarma', 'falafel wrap', 'garlic sauce', 'fattoush'],
  },
];
const SOURCE_WEIGHTS: [string, number][] = [
  ['google', 55],
  ['tripadvisor', 15],
  ['talabat', 20],
  ['zomato', 10],
];
const DAY_MS = 86_400_000;
const SPAN_DAYS = 730;

/** A star rating around a mean: mostly near it, with a tail of unhappy guests. */
function starsAround(rng: Rng, mean: number): number {
  const v = mean + (rng.next() + rng.next() + rng.next() - 1.5) * 1.6 - (rng.chance(0.08) ? 2 : 0);
  return Math.max(1, Math.min(5, Math.round(v)));
}

async function seedRivals(tx: Tx, rng: Rng, companyId: number, now: Date, scale: number): Promise<number> {
  const locs = rowsOf<{ id: number; title: string; city: string | null }>(
    await tx.execute(sql`SELECT id, title, city FROM locations WHERE company_id = ${companyId} ORDER BY id LIMIT 16`),
  );
  const ids = new Map<string, number>();
  for (const r of RIVALS) {
    const [row] = await tx.insert(competitors).values({ companyId, name: r.name }).returning({ id: competitors.id });
    ids.set(r.name, row!.id);
  }
  const branches: { id: number; rival: (typeof RIVALS)[number]; locationId: number; place: string; city: string }[] =
    [];
  for (const [i, loc] of locs.entries()) {
    // Two or three nearby competitors per location, never more than the limit of three.
    const count = 2 + (i % 2);
    for (let k = 0; k < count; k++) {
      const rival = RIVALS[(i + k) % RIVALS.length]!;
      const place = loc.title.split(/ [-–] /).pop() ?? loc.title;
      const slug = `${rival.name}-${place}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const [row] = await tx
        .insert(competitorLocations)
        .values({
          companyId,
          competitorId: ids.get(rival.name)!,
          locationId: loc.id,
          title: `${rival.name} ${place}`,
          address: `${place}, ${loc.city ?? 'Dubai'}`,
          sourceUrls: {
            google: `https://www.google.com/maps/place/${slug}`,
            tripadvisor: `https://www.tripadvisor.com/Restaurant_Review-${slug}`,
            talabat: `https://www.talabat.com/uae/${slug}`,
          },
        })
        .returning({ id: competitorLocations.id });
      branches.push({ id: row!.id, rival, locationId: loc.id, place, city: loc.city ?? 'Dubai' });
    }
  }
  const rows: {
    locationId: number;
    branchId: number;
    source: string;
    externalId: string;
    author: string;
    rating: number;
    text: string | null;
    sentiment: number;
    createdAt: string;
    respondedAt: string | null;
  }[] = [];
  for (const b of branches) {
    const n = Math.max(3, Math.round(55 * scale * rng.float(0.6, 1.4)));
    for (let k = 0; k < n; k++) {
      const rating = starsAround(rng, b.rival.mean);
      const tone = toneForRating(rating);
      const created = new Date(now.getTime() - rng.float(0, SPAN_DAYS) * DAY_MS);
      const text = rng.chance(0.2)
        ? null
        : reviewText(
            rng,
            {
              kind: 'restaurant',
              brand: b.rival.name,
              place: b.place,
              city: b.city,
              currency: 'AED',
              items: b.rival.items,
              staff: ['Ahmed', 'Maria', 'Ravi', 'Joy'],
              channel: 'visit',
            },
            rating,
            tone,
            'en',
            { shortChance: 0.35, withTitle: false },
          ).text;
      const replied = rng.chance(b.rival.replyRate)
        ? new Date(Math.min(now.getTime(), created.getTime() + rng.float(1, 96) * 3_600_000))
        : null;
      rows.push({
        locationId: b.locationId,
        branchId: b.id,
        source: rng.weighted(SOURCE_WEIGHTS),
        externalId: `cmp-${b.id}-${k}`,
        author: `Guest ${rng.int(100, 999)}`,
        rating,
        text,
        sentiment: sentimentForTone(tone),
        createdAt: created.toISOString(),
        respondedAt: replied?.toISOString() ?? null,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    const b = rows.slice(i, i + 2000);
    const col = <V>(pick: (r: (typeof rows)[number]) => V) => sql.param(b.map(pick));
    await tx.execute(sql`
      INSERT INTO reviews (company_id, location_id, competitor_location_id, is_competitor, source, external_id, author_name, rating, text, language, sentiment, created_at, fetched_at, responded_at)
      SELECT ${companyId}::int, r.location_id, r.branch_id, true, r.source, r.external_id, r.author, r.rating, r.text, CASE WHEN r.text IS NULL THEN NULL ELSE 'en' END, r.sentiment, r.created_at, r.created_at, r.responded_at
      FROM unnest(${col((r) => r.locationId)}::int[], ${col((r) => r.branchId)}::int[], ${col((r) => r.source)}::text[], ${col((r) => r.externalId)}::text[],
        ${col((r) => r.author)}::text[], ${col((r) => r.rating)}::smallint[], ${col((r) => r.text)}::text[], ${col((r) => r.sentiment)}::smallint[],
        ${col((r) => r.createdAt)}::timestamptz[], ${col((r) => r.respondedAt)}::timestamptz[])
        AS r(location_id, branch_id, source, external_id, author, rating, text, sentiment, created_at, responded_at)`);
  }
  return rows.length;
}

export interface ReportingSeedOptions {
  /** Company ids by seed key ('saffron' is the restaurant group). */
  companyIds: Map<string, number>;
  now: Date;
  scale: number;
  log: (msg: string) => void;
}

export async function seedReporting(tx: Tx, opts: ReportingSeedOptions): Promise<number> {
  const saffron = opts.companyIds.get('saffron');
  if (!saffron) return 0;
  const n = await seedRivals(tx, new Rng(0xc0ffee), saffron, opts.now, opts.scale);
  await rebuildReviewDaily(tx, saffron);
  opts.log(`competitors: ${n} competitor reviews`);
  return n;
}

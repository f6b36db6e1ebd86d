import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { brands, locations, responses, reviewDaily, reviewMonthly, states, users } from '../../../db/schema';
import type { Fixtures } from '../../../test/fixtures';
import { insertReviewRows, refreshReplyState, type NewReview } from '../repository';
import { rebuildReviewDaily } from '../rollup.repository';
import { identitiesChanged } from '../../../platform/identityCache';

/**
 * A small known review world on top of the shared fixtures. Company A (Alpha Restaurants) has two
 * brands: Burger Bay (regions Dubai: locations Marina, Downtown; Sharjah: Sahara Centre) and
 * Noodle Nest (region Dubai: JLT). Company B has one location and one review. Reviews are written on
 * fixed UTC days so every filter has a known answer.
 */
export interface ReviewWorld {
  brandBurger: number;
  brandNoodle: number;
  stateDubai: number;
  stateSharjah: number;
  stateNoodleDubai: number;
  marina: number;
  downtown: number;
  sahara: number;
  jlt: number;
  bLocation: number;
  /** Review ids by their key in REVIEWS. */
  ids: Record<string, number>;
  bReview: number;
}

interface Spec {
  key: string;
  loc: 'marina' | 'downtown' | 'sahara' | 'jlt' | null;
  source: string;
  rating: number | null;
  text: string | null;
  day: string;
  author: string;
  reply?: string;
  sentiment?: number;
}

/** Company A's reviews: 12 own, plus one competitor review that must never show. */
export const REVIEWS: Spec[] = [
  {
    key: 'r1',
    loc: 'marina',
    source: 'google',
    rating: 5,
    text: 'Amazing burgers and friendly staff',
    day: '2024-03-01',
    author: 'Sara Ali',
    reply: 'Thank you Sara, see you soon!',
    sentiment: 1,
  },
  {
    key: 'r2',
    loc: 'marina',
    source: 'google',
    rating: 1,
    text: 'Cold fries and rude waiter',
    day: '2024-03-02',
    author: 'John Smith',
    sentiment: -1,
  },
  { key: 'r3', loc: 'marina', source: 'google', rating: 4, text: null, day: '2024-03-03', author: 'Omar K' },
  {
    key: 'r4',
    loc: 'downtown',
    source: 'facebook',
    rating: 5,
    text: 'Best milkshake in Dubai',
    day: '2024-03-04',
    author: 'Lina M',
    reply: 'We are glad you loved the milkshake',
    sentiment: 1,
  },
  {
    key: 'r5',
    loc: 'downtown',
    source: 'zomato',
    rating: 3,
    text: 'Average food, slow service',
    day: '2024-03-05',
    author: 'Raj P',
    sentiment: 0,
  },
  {
    key: 'r6',
    loc: 'sahara',
    source: 'google',
    rating: 2,
    text: 'Waited forever for a burger',
    day: '2024-03-10',
    author: 'Fatima Z',
    sentiment: -1,
  },
  {
    key: 'r7',
    loc: 'sahara',
    source: 'feedback',
    rating: 5,
    text: 'Lovely team at Sahara',
    day: '2024-03-11',
    author: 'Guest',
    sentiment: 1,
  },
  {
    key: 'r8',
    loc: 'jlt',
    source: 'google',
    rating: 5,
    text: 'Noodles were perfect',
    day: '2024-04-01',
    author: 'Mei Chen',
    reply: 'Thanks Mei, the chef says hi',
    sentiment: 1,
  },
  {
    key: 'r9',
    loc: 'jlt',
    source: 'facebook',
    rating: null,
    text: 'Recommended for noodle lovers',
    day: '2024-04-02',
    author: 'Tom B',
    sentiment: 1,
  },
  { key: 'r10', loc: 'jlt', source: 'google', rating: 3, text: '   ', day: '2024-04-03', author: 'Ann Lee' },
  {
    key: 'r11',
    loc: null,
    source: 'google',
    rating: 4,
    text: 'Ordered online, fine',
    day: '2024-04-04',
    author: 'No Location',
  },
  {
    key: 'r12',
    loc: 'marina',
    source: 'feedback',
    rating: 2,
    text: 'Table was sticky',
    day: '2024-04-05',
    author: 'Anonymous guest',
    sentiment: -1,
  },
];

export async function createReviewWorld(db: Db, fx: Fixtures): Promise<ReviewWorld> {
  const a = fx.companyA.id;
  const [burger] = await db.insert(brands).values({ companyId: a, title: 'Burger Bay' }).returning();
  const [noodle] = await db.insert(brands).values({ companyId: a, title: 'Noodle Nest' }).returning();
  const [dubai] = await db.insert(states).values({ companyId: a, brandId: burger!.id, title: 'Dubai' }).returning();
  const [sharjah] = await db.insert(states).values({ companyId: a, brandId: burger!.id, title: 'Sharjah' }).returning();
  const [noodleDubai] = await db
    .insert(states)
    .values({ companyId: a, brandId: noodle!.id, title: 'Dubai' })
    .returning();
  const loc = async (companyId: number, title: string, code: string, brandId: number | null, stateId: number | null) =>
    (await db.insert(locations).values({ companyId, title, locationId: code, brandId, stateId }).returning())[0]!.id;
  const marina = await loc(a, 'Burger Bay Marina', 'BB-001', burger!.id, dubai!.id);
  const downtown = await loc(a, 'Burger Bay Downtown', 'BB-002', burger!.id, dubai!.id);
  const sahara = await loc(a, 'Burger Bay Sahara Centre', 'BB-101', burger!.id, sharjah!.id);
  const jlt = await loc(a, 'Noodle Nest JLT', 'NN-001', noodle!.id, noodleDubai!.id);
  const bLocation = await loc(fx.companyB.id, 'Beta Bank Olaya', 'BETA-1', null, null);
  const locIds = { marina, downtown, sahara, jlt };
  const [admin] = await db.select().from(users).where(eq(users.id, fx.companyA.admin.id));

  const ids: Record<string, number> = {};
  for (const spec of REVIEWS) {
    const createdAt = new Date(`${spec.day}T10:00:00Z`);
    const row: NewReview = {
      companyId: a,
      locationId: spec.loc ? locIds[spec.loc] : null,
      source: spec.source,
      externalId: `${spec.source}-${spec.key}`,
      authorName: spec.author,
      rating: spec.rating,
      text: spec.text,
      language: 'en',
      sentiment: spec.sentiment ?? null,
      createdAt,
    };
    const [id] = await insertReviewRows(db, [row]);
    ids[spec.key] = id!;
    if (spec.reply) {
      await db.insert(responses).values({
        reviewId: id!,
        companyId: a,
        authorUserId: admin!.id,
        text: spec.reply,
        status: 'posted',
        createdAt: new Date(createdAt.getTime() + 3_600_000),
        postedAt: new Date(createdAt.getTime() + 3_600_000),
      });
      await refreshReplyState(db, id!);
    }
  }
  await insertReviewRows(db, [
    {
      companyId: a,
      locationId: marina,
      source: 'google',
      rating: 1,
      text: 'Competitor review: terrible burgers',
      createdAt: new Date('2024-03-01T12:00:00Z'),
      isCompetitor: true,
    },
  ]);
  const [bReview] = await insertReviewRows(db, [
    {
      companyId: fx.companyB.id,
      locationId: bLocation,
      source: 'google',
      rating: 4,
      text: 'Quick service at the branch',
      authorName: 'Bank Customer',
      createdAt: new Date('2024-03-01T09:00:00Z'),
    },
  ]);
  return {
    brandBurger: burger!.id,
    brandNoodle: noodle!.id,
    stateDubai: dubai!.id,
    stateSharjah: sharjah!.id,
    stateNoodleDubai: noodleDubai!.id,
    marina,
    downtown,
    sahara,
    jlt,
    bLocation,
    ids,
    bReview: bReview!,
  };
}

/** review_daily and review_monthly of a company as comparable rows (response seconds rounded to the millisecond). */
export async function rollupSnapshot(db: Db, companyId: number): Promise<string[]> {
  const daily = await db.select().from(reviewDaily).where(eq(reviewDaily.companyId, companyId));
  const monthly = await db.select().from(reviewMonthly).where(eq(reviewMonthly.companyId, companyId));
  return [...daily, ...monthly]
    .map((r) => JSON.stringify({ ...r, responseSeconds: Math.round(r.responseSeconds * 1000) / 1000 }))
    .sort();
}

/** Asserts-friendly pair: the incremental rollup and a fresh rebuild from raw reviews. */
export async function rollupVersusRebuild(
  db: Db,
  companyId: number,
): Promise<{ incremental: string[]; rebuilt: string[] }> {
  const incremental = await rollupSnapshot(db, companyId);
  await rebuildReviewDaily(db, companyId);
  const rebuilt = await rollupSnapshot(db, companyId);
  return { incremental, rebuilt };
}

export async function setCompanyFeatures(db: Db, companyId: number, features: string[]): Promise<void> {
  await db.execute(sql`UPDATE companies SET features = ${JSON.stringify(features)}::jsonb WHERE id = ${companyId}`);
  identitiesChanged(); // changed outside the API: kept company rows are stale
}

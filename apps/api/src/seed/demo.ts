import { DEMO_PASSWORD } from '../platform/demo';
import { insertMessaging } from './messaging';
import { insertDemoOffers } from './offers';
import { insertDemoContacts } from './contacts';
import { insertDemoCampaigns } from './campaigns';
import { insertDemoFeedback } from './feedback';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Db } from '../db/client';
import { apiKeys, brands, companies, locations, partners, states, templates, users } from '../db/schema';
import { rebuildReviewDaily } from '../modules/reviews/rollup.repository';
import { ARABIC_STARTER_TEMPLATES } from '../modules/reviews/defaults';
import { hashPassword } from '../platform/auth/passwords';
import { buildCustomerBase, type CompanySpec, type CustomerBase, type PartnerKey } from './companies';
import { Rng } from './random';
import { ExternalIds, generateReviews, type ReviewDraft } from './reviews';
import { seedReporting } from './competitors';
import { chunks } from '../db/chunks';
import { rowsOf } from '../db/rows';

export interface SeedOptions {
  /** The demo's "today"; reviews span the two years before it. Defaults to the current time. */
  now?: Date;
  /** Multiplies the number of reviews (1 gives about 32,000). */
  reviewsScale?: number;
  log?: (msg: string) => void;
}

export interface SeedResult {
  companies: number;
  locations: number;
  users: number;
  reviews: number;
  responses: number;
}

const SEED = 0x5eed2024;
/** Rows per INSERT of reviews and replies; larger batches measured no faster on PGlite. */
const BATCH = 2000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Fills an empty database with a realistic demo customer base: partners, companies of several types
 * in the UAE and Saudi Arabia, brands, regions, locations, team users, API keys, two years of reviews
 * with replies, and the daily rollup. Deterministic for a given `now`, except for secrets (API keys
 * and the password salt), which are always random. Runs in one transaction: all or nothing.
 */
export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const now = opts.now ?? new Date();
  const scale = opts.reviewsScale ?? 1;
  const log = opts.log ?? (() => undefined);
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) throw new Error('Demo data can only be seeded into an empty database: users already exist.');

  const t0 = performance.now();
  const lap = (what: string) => log(`seed: ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  // scrypt is slow on purpose: hash once, share the hash among all demo users.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rng = new Rng(SEED);
  const base = buildCustomerBase(rng, now);

  return db.transaction(async (tx) => {
    const partnerIds = await insertPartners(tx, base);
    const companyIds = await insertCompanies(tx, base, partnerIds);
    const locationIds = await insertTenancyTree(tx, rng, base, companyIds);
    lap(`${base.companies.length} companies, ${locationIds.size} locations`);
    const userIds = await insertUsers(tx, rng, base, { passwordHash, now, partnerIds, companyIds, locationIds });
    await insertApiKeys(tx, [...companyIds.values()], [...partnerIds.values()]);
    lap(`${userIds.size} users`);

    const ids = new ExternalIds(new Rng(SEED ^ 0x1d5));
    let reviewCount = 0;
    let responseCount = 0;
    let feedbackCompanies = 0;
    for (const company of base.companies) {
      const companyId = companyIds.get(company.key)!;
      const team = company.team.map((m) => ({ ...m, userId: userIds.get(m.email)! }));
      const drafts = generateReviews(
        new Rng(SEED ^ hashString(company.key)),
        company,
        { now, count: Math.max(1, Math.round(company.reviews * scale)), team },
        { ids },
      );
      const written = await insertReviews(
        tx,
        companyId,
        drafts,
        locationIds,
        team.map((m) => m.userId),
      );
      reviewCount += drafts.length;
      responseCount += written;
      await rebuildReviewDaily(tx, companyId);
      // Gulf customers write in Arabic too: Arabic starters beside the English ones the first use adds.
      await tx.insert(templates).values(ARABIC_STARTER_TEMPLATES.map((t) => ({ companyId, ...t })));
      if (company.features.includes('feedback')) {
        const feedbackLocations = company.locations.map((l) => locationIds.get(l.code)!).filter(Boolean);
        await insertDemoOffers(
          tx,
          new Rng(SEED ^ hashString(`${company.key}-offers`)),
          companyId,
          feedbackLocations,
          team.map((m) => m.userId),
          now,
        );
        // The first company with Feedback asks stars, the others the 0 to 10 question.
        await insertDemoFeedback(
          tx,
          new Rng(SEED ^ hashString(`${company.key}-feedback`)),
          companyId,
          feedbackLocations,
          feedbackCompanies++ === 0 ? 'stars' : 'nps',
          now,
        );
        await insertDemoContacts(
          tx,
          new Rng(SEED ^ hashString(`${company.key}-contacts`)),
          companyId,
          company.locations.flatMap((l) =>
            locationIds.has(l.code) ? [{ id: locationIds.get(l.code)!, country: l.country }] : [],
          ),
          now,
        );
        await insertDemoCampaigns(tx, new Rng(SEED ^ hashString(`${company.key}-campaigns`)), companyId, now);
      }
      if (company.features.includes('messaging')) {
        const companyLocations = company.locations.map((l) => locationIds.get(l.code)!).filter(Boolean);
        await insertMessaging(
          tx,
          new Rng(SEED ^ hashString(`${company.key}-messages`)),
          companyId,
          companyLocations,
          now,
          team.map((m) => m.userId),
        );
      }
      lap(`${company.name}: ${drafts.length} reviews, ${written} replies`);
    }
    // Competitors' reviews (their replies are theirs, so they have responded_at but no rows in responses).
    reviewCount += await seedReporting(tx, { companyIds, now, scale, log: lap });
    return {
      companies: companyIds.size,
      locations: locationIds.size,
      users: userIds.size,
      reviews: reviewCount,
      responses: responseCount,
    };
  });
}

/** FNV-1a, to give each company its own random stream: changing one company leaves the others alone. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

async function insertPartners(tx: Tx, base: CustomerBase): Promise<Map<PartnerKey, number>> {
  const rows = await tx
    .insert(partners)
    .values(
      base.partners.map((p) => ({
        name: p.name,
        status: p.status,
        startDate: p.startDate,
        type: p.type,
        address: p.address,
        email: p.email,
        package: p.package,
        packageCredits: p.packageCredits,
        url: p.url,
        createdAt: new Date(`${p.startDate}T08:00:00Z`),
      })),
    )
    .returning({ id: partners.id, name: partners.name });
  return new Map(base.partners.map((p) => [p.key, rows.find((r) => r.name === p.name)!.id]));
}

async function insertCompanies(
  tx: Tx,
  base: CustomerBase,
  partnerIds: Map<PartnerKey, number>,
): Promise<Map<string, number>> {
  const rows = await tx
    .insert(companies)
    .values(base.companies.map((c) => companyRow(c, c.partner ? partnerIds.get(c.partner)! : null)))
    .returning({ id: companies.id, name: companies.companyName });
  return new Map(base.companies.map((c) => [c.key, rows.find((r) => r.name === c.name)!.id]));
}

function companyRow(c: CompanySpec, partnerId: number | null): typeof companies.$inferInsert {
  return {
    partnerId,
    companyName: c.name,
    status: c.status,
    type: c.type,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state: c.state,
    country: c.country,
    timeZone: c.timeZone,
    zip: c.zip,
    sources: c.sources,
    competitorsSources: c.competitorsSources,
    features: c.features,
    package: c.package,
    packageChangeDate: c.packageChangeDate,
    period: c.period,
    locationsLimit: c.locationsLimit,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
  };
}

/** Brands, their regions (states) and the locations under them; returns location ids by code. */
async function insertTenancyTree(
  tx: Tx,
  rng: Rng,
  base: CustomerBase,
  companyIds: Map<string, number>,
): Promise<Map<string, number>> {
  const brandRows = base.companies.flatMap((c) =>
    c.brands.map((b) => ({ companyId: companyIds.get(c.key)!, title: b.title, createdAt: c.createdAt })),
  );
  const brandIds = new Map<string, number>();
  if (brandRows.length) {
    for (const r of await tx
      .insert(brands)
      .values(brandRows)
      .returning({ id: brands.id, companyId: brands.companyId, title: brands.title }))
      brandIds.set(`${r.companyId}|${r.title}`, r.id);
  }
  const stateRows = base.companies.flatMap((c) => {
    const companyId = companyIds.get(c.key)!;
    return c.brands.flatMap((b) =>
      b.regions.map((r) => ({
        companyId,
        brandId: brandIds.get(`${companyId}|${b.title}`)!,
        title: r.title,
        language: r.language,
        createdAt: c.createdAt,
      })),
    );
  });
  const stateIds = new Map<string, number>();
  if (stateRows.length) {
    for (const r of await tx
      .insert(states)
      .values(stateRows)
      .returning({ id: states.id, brandId: states.brandId, title: states.title }))
      stateIds.set(`${r.brandId}|${r.title}`, r.id);
  }
  const locationRows = base.companies.flatMap((c) => {
    const companyId = companyIds.get(c.key)!;
    return c.locations.map((l) => {
      const brandId = l.brand ? (brandIds.get(`${companyId}|${l.brand}`) ?? null) : null;
      const fb = l.sourceUrls.facebook;
      return {
        companyId,
        brandId,
        stateId: brandId && l.region ? (stateIds.get(`${brandId}|${l.region}`) ?? null) : null,
        title: l.title,
        locationId: l.code,
        address: l.address,
        city: l.city,
        country: l.country,
        timeZone: l.timeZone,
        latitude: l.latitude,
        longitude: l.longitude,
        sourceUrls: l.sourceUrls,
        facebook: fb
          ? [
              {
                id: rng.digits(15),
                urlPart: fb.replace('https://www.facebook.com/', ''),
                fullUrl: fb,
                initialValue: fb,
              },
            ]
          : [],
        createdAt: c.createdAt,
        updatedAt: c.createdAt,
      };
    });
  });
  const rows = await tx
    .insert(locations)
    .values(locationRows)
    .returning({ id: locations.id, code: locations.locationId });
  return new Map(rows.map((r) => [r.code!, r.id]));
}

interface UserContext {
  passwordHash: string;
  now: Date;
  partnerIds: Map<PartnerKey, number>;
  companyIds: Map<string, number>;
  locationIds: Map<string, number>;
}

/** The owner, partner users and every company's team; returns user ids by e-mail. */
async function insertUsers(tx: Tx, rng: Rng, base: CustomerBase, ctx: UserContext): Promise<Map<string, number>> {
  const isDemoAccount = (email: string) => email.endsWith('@reputo.test');
  // Demo accounts have never signed in; the rest of the team signed in over the last weeks.
  const lastLogin = (email: string) =>
    isDemoAccount(email) ? null : new Date(ctx.now.getTime() - rng.float(0.1, 25) * 86_400_000);
  const common = { passwordHash: ctx.passwordHash, status: 'active' };
  const rows: (typeof users.$inferInsert)[] = [
    {
      ...common,
      email: base.owner.email,
      firstName: base.owner.firstName,
      lastName: base.owner.lastName,
      role: 'owner',
      createdAt: new Date(ctx.now.getTime() - 1000 * 86_400_000),
    },
    ...base.partnerUsers.map((u) => ({
      ...common,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      role: 'partner',
      partnerId: ctx.partnerIds.get(u.partner)!,
      lastLoginAt: lastLogin(u.email),
    })),
    ...base.companies.flatMap((c) =>
      c.team.map((m) => ({
        ...common,
        email: m.email,
        firstName: m.firstName,
        lastName: m.lastName,
        role: m.role,
        companyId: ctx.companyIds.get(c.key)!,
        locationIds: m.locationCodes ? m.locationCodes.map((code) => ctx.locationIds.get(code)!) : null,
        lastLoginAt: lastLogin(m.email),
        createdAt: new Date(c.createdAt.getTime() + rng.int(0, 60) * 86_400_000),
      })),
    ),
  ];
  for (const r of rows) if (r.createdAt && r.createdAt > ctx.now) r.createdAt = ctx.now;
  const inserted = await tx.insert(users).values(rows).returning({ id: users.id, email: users.email });
  return new Map(inserted.map((r) => [r.email, r.id]));
}

async function insertApiKeys(tx: Tx, companyIds: number[], partnerIds: number[]): Promise<void> {
  // Keys are secrets: random on every install, never derived from the demo seed.
  const token = () => randomBytes(32).toString('base64url');
  await tx
    .insert(apiKeys)
    .values([
      ...companyIds.map((companyId) => ({ token: token(), companyId })),
      ...partnerIds.map((partnerId) => ({ token: token(), partnerId })),
    ]);
}

/** Column arrays for `INSERT ... SELECT FROM unnest(...)`: one parameter per column, not per value. */
function column<T, V>(rows: readonly T[], pick: (row: T) => V) {
  return sql.param(rows.map(pick));
}

/**
 * Inserts a company's reviews and then their replies; returns the number of replies.
 * unnest() with one array per column was 3x faster on PGlite than multi-row VALUES (1.6 s
 * against 4.4 s for 19,000 reviews), because PGlite pays per bound parameter.
 */
async function insertReviews(
  tx: Tx,
  companyId: number,
  drafts: ReviewDraft[],
  locationIds: Map<string, number>,
  teamUserIds: number[],
): Promise<number> {
  const reviewIds = new Map<string, number>();
  for (const b of chunks(drafts, BATCH)) {
    const inserted = await tx.execute(sql`
      INSERT INTO reviews (company_id, location_id, source, external_id, author_name, rating, title, text, language, sentiment, url, created_at, fetched_at, responded_at)
      SELECT ${companyId}::int, * FROM unnest(
        ${column(b, (d) => (d.locationCode ? locationIds.get(d.locationCode)! : null))}::int[],
        ${column(b, (d) => d.source)}::text[], ${column(b, (d) => d.externalId)}::text[], ${column(b, (d) => d.authorName)}::text[],
        ${column(b, (d) => d.rating)}::smallint[], ${column(b, (d) => d.title)}::text[], ${column(b, (d) => d.text)}::text[],
        ${column(b, (d) => d.language)}::text[], ${column(b, (d) => d.sentiment)}::smallint[], ${column(b, (d) => d.url)}::text[],
        ${column(b, (d) => d.createdAt.toISOString())}::timestamptz[], ${column(b, (d) => d.fetchedAt.toISOString())}::timestamptz[],
        ${column(b, (d) => d.respondedAt?.toISOString() ?? null)}::timestamptz[]
      )
      RETURNING id, source, external_id`);
    for (const r of rowsOf<{ id: number; source: string; external_id: string }>(inserted))
      reviewIds.set(`${r.source}|${r.external_id}`, r.id);
  }
  const replies = drafts.flatMap((d) =>
    d.replies.map((r) => ({ ...r, reviewId: reviewIds.get(`${d.source}|${d.externalId}`)! })),
  );
  for (const b of chunks(replies, BATCH)) {
    await tx.execute(sql`
      INSERT INTO responses (review_id, company_id, author_user_id, text, status, failure_reason, origin, created_at, posted_at)
      SELECT r.review_id, ${companyId}::int, r.author_user_id, r.text, r.status, r.failure_reason, r.origin, r.created_at, r.posted_at FROM unnest(
        ${column(b, (r) => r.reviewId)}::int[], ${column(b, (r) => teamUserIds[r.authorIndex])}::int[], ${column(b, (r) => r.text)}::text[],
        ${column(b, (r) => r.status)}::text[], ${column(b, (r) => r.failureReason)}::text[], ${column(b, (r) => r.origin)}::text[],
        ${column(b, (r) => r.createdAt.toISOString())}::timestamptz[], ${column(b, (r) => r.postedAt?.toISOString() ?? null)}::timestamptz[]
      ) AS r(review_id, author_user_id, text, status, failure_reason, origin, created_at, posted_at)`);
  }
  return replies.length;
}

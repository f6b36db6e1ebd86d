import { packageFeatures } from '@reputo/core';
import type { Db } from '../../../apps/api/src/db/client';
import { brands, companies, locations, partners, states, users } from '../../../apps/api/src/db/schema';
import type { CompanySpec, PartnerSpec } from '../../../apps/api/src/seed/companies';
import { BENCH_ACCOUNTS } from '../sets';
import type { CompanyIds } from './reviews';

/**
 * The partner, companies, brands, regions, locations and users of a data set, through the server's
 * tables (a few thousand rows: plain Drizzle inserts).
 */

const ROWS_PER_INSERT = 500;

async function insertMany<T>(rows: T[], insert: (batch: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

export async function insertPartner(db: Db, p: PartnerSpec, passwordHash: string): Promise<number> {
  const [row] = await db
    .insert(partners)
    .values({
      name: p.name,
      status: p.status,
      startDate: p.startDate,
      type: p.type,
      address: p.address,
      email: p.email,
      package: p.package,
      packageCredits: p.packageCredits,
      url: p.url,
    })
    .returning({ id: partners.id });
  await db.insert(users).values([
    {
      email: BENCH_ACCOUNTS.owner,
      passwordHash,
      firstName: 'Bench',
      lastName: 'Owner',
      role: 'owner',
      status: 'active',
    },
    {
      email: BENCH_ACCOUNTS.partner,
      passwordHash,
      firstName: 'Bench',
      lastName: 'Partner',
      role: 'partner',
      partnerId: row!.id,
      status: 'active',
    },
  ]);
  return row!.id;
}

/**
 * The one company of a single-scenario benchmark (the inbox, coupons): an Enterprise restaurant
 * company under a bench agency, with no tree; answers its id. `slug` names the partner's email.
 */
export async function insertScenarioCompany(
  db: Db,
  s: { companyName: string; slug: string; sources: string[] },
): Promise<number> {
  const [partner] = await db
    .insert(partners)
    .values({
      name: 'Bench Agency',
      type: 'Agency',
      startDate: '2025-01-01',
      email: `p@${s.slug}.bench`,
      package: 'Business',
    })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({
      partnerId: partner!.id,
      companyName: s.companyName,
      status: 'active',
      type: 'Restaurants',
      package: 'Enterprise',
      features: packageFeatures('Enterprise'),
      sources: s.sources,
    })
    .returning();
  return company!.id;
}

/** One company with its tree and team; answers the ids the review rows need. */
export async function insertCompany(
  db: Db,
  c: CompanySpec,
  partnerId: number | null,
  passwordHash: string,
): Promise<CompanyIds> {
  const [company] = await db
    .insert(companies)
    .values({
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
    })
    .returning({ id: companies.id });
  const companyId = company!.id;

  const brandIds = new Map<string, number>();
  if (c.brands.length) {
    const rows = await db
      .insert(brands)
      .values(c.brands.map((b) => ({ companyId, title: b.title })))
      .returning({ id: brands.id, title: brands.title });
    for (const r of rows) brandIds.set(r.title, r.id);
  }
  const stateIds = new Map<string, number>();
  const stateRows = c.brands.flatMap((b) =>
    b.regions.map((r) => ({ companyId, brandId: brandIds.get(b.title)!, title: r.title, language: r.language })),
  );
  if (stateRows.length) {
    const rows = await db
      .insert(states)
      .values(stateRows)
      .returning({ id: states.id, brandId: states.brandId, title: states.title });
    for (const r of rows) stateIds.set(`${r.brandId}|${r.title}`, r.id);
  }

  const locationIds = new Map<string, number>();
  await insertMany(c.locations, async (batch) => {
    const rows = await db
      .insert(locations)
      .values(
        batch.map((l) => {
          const brandId = l.brand ? (brandIds.get(l.brand) ?? null) : null;
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
          };
        }),
      )
      .returning({ id: locations.id, code: locations.locationId });
    for (const r of rows) locationIds.set(r.code!, r.id);
  });

  const team = await db
    .insert(users)
    .values(
      c.team.map((m) => ({
        email: m.email,
        passwordHash,
        firstName: m.firstName,
        lastName: m.lastName,
        role: m.role,
        companyId,
        status: 'active',
        locationIds: m.locationCodes ? m.locationCodes.map((code) => locationIds.get(code)!) : null,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const byEmail = new Map(team.map((u) => [u.email, u.id]));
  return { companyId, locations: locationIds, team: c.team.map((m) => byEmail.get(m.email)!) };
}

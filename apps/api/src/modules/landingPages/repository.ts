import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  brands,
  campaignRecipients,
  companies,
  feedbackResponses,
  landingPages,
  landingPageSettings,
  locations,
} from '../../db/schema';
import { randomCodes } from '../offers/codes';

export type SettingsRow = typeof landingPageSettings.$inferSelect;
export type SettingsValues = Partial<Omit<SettingsRow, 'companyId' | 'updatedAt'>>;
export type LandingPageRow = typeof landingPages.$inferSelect;
export type ResponseRow = typeof feedbackResponses.$inferSelect;

/** Seven symbols of the coupon alphabet (no 0/O, 1/I/L): 27 billion codes, short enough to type from a card. */
export const PAGE_CODE_LENGTH = 7;
const CODE_ROUNDS = 5;

export async function findSettings(db: Db, companyId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(landingPageSettings).where(eq(landingPageSettings.companyId, companyId));
  return row ?? null;
}

export async function upsertSettings(db: Db, companyId: number, values: SettingsValues): Promise<void> {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(landingPageSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: landingPageSettings.companyId, set });
}

export type PageKind = 'location' | 'brand';

/** The company's locations (or brands) that have no page yet get one, each with a fresh random code. */
async function createMissingPages(db: Db, companyId: number, kind: PageKind): Promise<void> {
  for (let round = 0; round < CODE_ROUNDS; round++) {
    const missing =
      kind === 'location'
        ? await db
            .select({ id: locations.id })
            .from(locations)
            .leftJoin(landingPages, eq(landingPages.locationId, locations.id))
            .where(and(eq(locations.companyId, companyId), isNull(landingPages.id)))
        : await db
            .select({ id: brands.id })
            .from(brands)
            .leftJoin(landingPages, eq(landingPages.brandId, brands.id))
            .where(and(eq(brands.companyId, companyId), isNull(landingPages.id)));
    if (missing.length === 0) return;
    const codes = randomCodes(missing.length, PAGE_CODE_LENGTH);
    // A code another page holds, or a page a racing call created, is skipped and drawn again.
    await db
      .insert(landingPages)
      .values(
        missing.map((m, i) => ({
          companyId,
          kind,
          code: codes[i]!,
          locationId: kind === 'location' ? m.id : null,
          brandId: kind === 'brand' ? m.id : null,
        })),
      )
      .onConflictDoNothing();
  }
}

export interface PageListRow {
  page: LandingPageRow;
  title: string;
  brandId: number | null;
  brandTitle: string | null;
}

/** Every location's page of the company (created when missing), limited to `locationIds` when set. */
export async function locationPages(db: Db, companyId: number, locationIds: number[] | null): Promise<PageListRow[]> {
  await createMissingPages(db, companyId, 'location');
  if (locationIds && locationIds.length === 0) return [];
  return db
    .select({ page: landingPages, title: locations.title, brandId: locations.brandId, brandTitle: brands.title })
    .from(landingPages)
    .innerJoin(locations, eq(locations.id, landingPages.locationId))
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .where(and(eq(landingPages.companyId, companyId), locationIds ? inArray(locations.id, locationIds) : undefined))
    .orderBy(asc(locations.title), asc(locations.id));
}

/** Every brand's page of the company (created when missing). */
export async function brandPages(db: Db, companyId: number): Promise<PageListRow[]> {
  await createMissingPages(db, companyId, 'brand');
  const rows = await db
    .select({ page: landingPages, title: brands.title })
    .from(landingPages)
    .innerJoin(brands, eq(brands.id, landingPages.brandId))
    .where(eq(landingPages.companyId, companyId))
    .orderBy(asc(brands.title), asc(brands.id));
  return rows.map((r) => ({ ...r, brandId: r.page.brandId, brandTitle: r.title }));
}

export async function findCompanyPage(db: Db, companyId: number, id: number): Promise<PageListRow | null> {
  const [row] = await db
    .select({
      page: landingPages,
      locationTitle: locations.title,
      brandId: sql<number | null>`coalesce(${landingPages.brandId}, ${locations.brandId})`,
      brandTitle: brands.title,
    })
    .from(landingPages)
    .leftJoin(locations, eq(locations.id, landingPages.locationId))
    .leftJoin(brands, sql`${brands.id} = coalesce(${landingPages.brandId}, ${locations.brandId})`)
    .where(and(eq(landingPages.companyId, companyId), eq(landingPages.id, id)));
  if (!row) return null;
  return {
    page: row.page,
    title: row.locationTitle ?? row.brandTitle ?? '',
    brandId: row.brandId,
    brandTitle: row.brandTitle,
  };
}

/** What the public page shows: the page, its company, location or brand, logo and source addresses. */
export interface PublicPageData {
  page: LandingPageRow;
  companyName: string;
  features: string[];
  title: string;
  brandTitle: string | null;
  brandLogoPath: string | null;
  sourceUrls: Record<string, string>;
  settings: SettingsRow | null;
}

export async function findPublicPage(db: Db, code: string): Promise<PublicPageData | null> {
  const [row] = await db
    .select({
      page: landingPages,
      companyName: companies.companyName,
      features: companies.features,
      companySourceUrls: companies.sourceUrls,
      locationTitle: locations.title,
      locationSourceUrls: locations.sourceUrls,
      brandTitle: brands.title,
      brandLogoPath: brands.logoPath,
      settings: landingPageSettings,
    })
    .from(landingPages)
    .innerJoin(companies, eq(companies.id, landingPages.companyId))
    .leftJoin(landingPageSettings, eq(landingPageSettings.companyId, landingPages.companyId))
    .leftJoin(locations, eq(locations.id, landingPages.locationId))
    .leftJoin(brands, sql`${brands.id} = coalesce(${landingPages.brandId}, ${locations.brandId})`)
    .where(and(eq(landingPages.code, code), eq(landingPages.active, true)))
    .limit(1);
  if (!row) return null;
  return {
    page: row.page,
    companyName: row.companyName,
    features: row.features,
    title: row.locationTitle ?? row.brandTitle ?? row.companyName,
    brandTitle: row.brandTitle,
    brandLogoPath: row.brandLogoPath,
    // A location's own page addresses win over the company-wide ones (a brand page has only those).
    sourceUrls: { ...row.companySourceUrls, ...(row.locationSourceUrls ?? {}) },
    settings: row.settings,
  };
}

/** The campaign recipient of an invitation's token, within the page's company. */
export async function findRecipient(db: Db, companyId: number, token: string): Promise<number | null> {
  const [row] = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.companyId, companyId), eq(campaignRecipients.token, token)))
    .limit(1);
  return row?.id ?? null;
}

type RecipientStep = 'ratedAt' | 'reviewedAt' | 'feedbackAt';

/** Stamps a step of the recipient's funnel the first time it happens. */
export async function stampRecipient(db: Db, recipientId: number | null, step: RecipientStep): Promise<void> {
  if (recipientId === null) return;
  const column = campaignRecipients[step];
  await db
    .update(campaignRecipients)
    .set({ [step]: sql`coalesce(${column}, now())` })
    .where(eq(campaignRecipients.id, recipientId));
}

export async function insertResponse(db: Db, values: typeof feedbackResponses.$inferInsert): Promise<ResponseRow> {
  const [row] = await db.insert(feedbackResponses).values(values).returning();
  return row!;
}

export async function findResponse(db: Db, id: number): Promise<ResponseRow | null> {
  const [row] = await db.select().from(feedbackResponses).where(eq(feedbackResponses.id, id));
  return row ?? null;
}

export async function updateResponse(
  db: Db,
  id: number,
  values: Partial<typeof feedbackResponses.$inferInsert>,
): Promise<void> {
  await db.update(feedbackResponses).set(values).where(eq(feedbackResponses.id, id));
}

/** Answers (or private feedback) sent from one address since a moment: the per-address limit reads it. */
export async function countFromVisitor(
  db: Db,
  visitorHash: string,
  since: Date,
  privateOnly: boolean,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(feedbackResponses)
    .where(
      and(
        eq(feedbackResponses.visitorHash, visitorHash),
        sql`${feedbackResponses.createdAt} >= ${since.toISOString()}`,
        privateOnly ? sql`${feedbackResponses.reviewId} IS NOT NULL` : undefined,
      ),
    );
  return row?.n ?? 0;
}

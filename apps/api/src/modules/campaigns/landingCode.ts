import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { landingPages, locations } from '../../db/schema';
import { randomCodes } from '../offers/codes';

/** Landing page codes: 7 symbols of the coupon alphabet (no look-alikes), 27 billion of them. */
const LANDING_CODE_LENGTH = 7;

/**
 * The code of a location's landing page, made when the location has none yet (the landing pages
 * screen may not have been opened). A recipient without a location goes to the company's first one.
 * Null when the company has no location at all.
 */
export async function landingPageCodeFor(db: Db, companyId: number, locationId: number | null): Promise<string | null> {
  let target = locationId;
  if (target === null) {
    const [first] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .orderBy(asc(locations.id))
      .limit(1);
    if (!first) return null;
    target = first.id;
  }
  const existing = async () =>
    (
      await db
        .select({ code: landingPages.code })
        .from(landingPages)
        .where(and(eq(landingPages.companyId, companyId), eq(landingPages.locationId, target)))
    )[0]?.code ?? null;
  const found = await existing();
  if (found) return found;
  // A code already taken (or a page made meanwhile by another request) conflicts: try again, then read.
  for (let i = 0; i < 5; i++) {
    const [made] = await db
      .insert(landingPages)
      .values({ companyId, kind: 'location', locationId: target, code: randomCodes(1, LANDING_CODE_LENGTH)[0]! })
      .onConflictDoNothing()
      .returning({ code: landingPages.code });
    if (made) return made.code;
    const now = await existing();
    if (now) return now;
  }
  throw new Error('no free landing page code');
}

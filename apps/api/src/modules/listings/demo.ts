import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FakeGoogle } from '../../connectors/google/fake';
import type { FakeGraph } from '../../connectors/meta/fake';
import type { Db } from '../../db/client';
import { listingDirectories, listingEdits, listings, locations, sourceConnections, users } from '../../db/schema';
import type { ListingFields } from '../../db/schema';
import type { ListingAttributes } from '@reputo/core';
import { categoryId } from './categories';
import { directoryFields, toFacebook, toGoogle, toGoogleAttributes } from './mapping';
import { fieldsOf } from './service';

const DEMO_ADMIN = 'admin@reputo.test';
/** The token the demo's Google account row holds; the demo's fake Google accepts it (registered at each start). */
const DEMO_GOOGLE_TOKEN = 'demo-listings-google-token';
const DEMO_LISTINGS = 8;
const WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const satisfies ListingFields['regularHours'][number]['day'][];

/**
 * The demo's listings (Listing Management is not empty on `npm start`): the first locations of the
 * demo Master Admin's company get full listings, mapped to the demo's fake Google places and
 * Facebook pages (modules/integrations/demo.ts names them), which are given the same values at each
 * start, except that Google shows another phone for one (out of sync) and changed the website of
 * another on its own (a rejected edit). One listing misses its description and website. The
 * hourly check at start-up then finds these states through the real connectors.
 */
export async function stockDemoListings(db: Db, google: FakeGoogle | null, graph: FakeGraph | null): Promise<void> {
  if (!google) return;
  const [admin] = await db
    .select({ companyId: users.companyId, id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ADMIN));
  const companyId = admin?.companyId;
  if (!companyId) return;
  const ours = await db
    .select()
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id))
    .limit(DEMO_LISTINGS);
  const ids = ours.map((l) => l.id);
  google.oauth.accessTokens.set(DEMO_GOOGLE_TOKEN, { user: 'owner', expiresAt: Date.now() + 365 * 86_400_000 });
  const existing = await db.select().from(listings).where(inArray(listings.locationId, ids));
  if (!existing.length) await seedListings(db, companyId, admin.id, ours);
  const saved = await db.select().from(listings).where(inArray(listings.locationId, ids));
  saved.forEach((row, i) => {
    const fields = fieldsOf({ title: row.name, address: row.address, city: row.city, listing: row });
    const place = google.locationById(`D${row.locationId}`);
    if (place) {
      place.listing = toGoogle(fields, directoryFields('google')).body;
      if (i === 1) place.listing.phoneNumbers = { primaryPhone: '+971 4 000 1111' };
      if (i === 2) place.googleUpdated = { websiteUri: 'https://maps.example/branch-site' };
      place.attributes = toGoogleAttributes(fields.attributes).attributes;
    }
    const page = graph?.reviews.pages.get(`demo-fb-${row.locationId}`);
    if (page) {
      const fb = toFacebook(fields, directoryFields('facebook'));
      page.info = { ...fb, hours: fb.hours ?? {} };
    }
  });
}

async function seedListings(
  db: Db,
  companyId: number,
  userId: number,
  ours: (typeof locations.$inferSelect)[],
): Promise<void> {
  const categories = ['Restaurant', 'Cafe', 'Bakery', 'Seafood restaurant', 'Coffee shop'].map(categoryId);
  const rows = ours.map((l, i) => ({
    locationId: l.id,
    companyId,
    name: l.title,
    address: l.address ?? `${10 + i} Al Wasl Road`,
    city: l.city ?? 'Dubai',
    postalCode: null,
    countryCode: 'AE',
    phone: `+971 4 555 01${String(i).padStart(2, '0')}`,
    website: i === 5 ? null : `https://reputo-demo.example/${l.id}`,
    primaryCategory: categories[i % categories.length]!,
    additionalCategories: i % 2 ? [categoryId('Takeout restaurant')] : [],
    regularHours: WEEK.map((day) => ({ day, open: '08:00', close: day === 'FRIDAY' ? '23:00' : '22:00' })),
    specialHours: [{ date: `${new Date().getUTCFullYear()}-12-31`, closed: false, open: '08:00', close: '18:00' }],
    description: i === 5 ? null : `${l.title}: fresh food all day, family seating and free parking.`,
    attributes: (i === 5
      ? {}
      : {
          has_wheelchair_accessible_entrance: true,
          has_wifi: true,
          has_takeout: true,
          has_delivery: i % 2 === 0,
          pay_credit_card_types_accepted: ['mastercard', 'visa'],
        }) as ListingAttributes,
  }));
  await db.transaction(async (tx) => {
    await tx.insert(listings).values(rows);
    // Google and Facebook: the account rows (location 0) and each location's place or page.
    const has = await tx
      .select({ source: sourceConnections.source, locationId: sourceConnections.locationId })
      .from(sourceConnections)
      .where(and(eq(sourceConnections.companyId, companyId)));
    const taken = new Set(has.map((h) => `${h.source}:${h.locationId}`));
    const far = new Date(Date.now() + 365 * 86_400_000);
    const conns = [
      {
        companyId,
        locationId: 0,
        source: 'google',
        account: 'accounts/demo',
        accessToken: DEMO_GOOGLE_TOKEN,
        expiresAt: far,
        accountName: 'Demo Business Profile',
      },
      ...ours.map((l) => ({
        companyId,
        locationId: l.id,
        source: 'google',
        account: `accounts/demo/locations/D${l.id}`,
        accountName: l.title,
      })),
      ...ours.slice(0, 4).map((l) => ({
        companyId,
        locationId: l.id,
        source: 'facebook',
        account: `demo-fb-${l.id}`,
        accessToken: `demo-fb-page-token-${l.id}`,
        accountName: l.title,
      })),
    ].filter((c) => !taken.has(`${c.source}:${c.locationId}`));
    if (conns.length) await tx.insert(sourceConnections).values(conns);
    // The states the first check will confirm, so the page shows them from the first second.
    const now = new Date();
    await tx.insert(listingDirectories).values([
      ...ours.map((l, i) => ({
        locationId: l.id,
        directory: 'google',
        companyId,
        status: i === 1 || i === 2 ? 'out_of_sync' : 'in_sync',
        diff: i === 1 ? [{ field: 'phone', ours: rows[1]!.phone, theirs: '+971 4 000 1111' }] : [],
        rejected:
          i === 2 ? [{ field: 'website', ours: rows[2]!.website, theirs: 'https://maps.example/branch-site' }] : [],
        checkedAt: now,
      })),
      ...ours
        .slice(0, 4)
        .map((l) => ({ locationId: l.id, directory: 'facebook', companyId, status: 'in_sync', checkedAt: now })),
    ]);
    await tx.insert(listingEdits).values({
      companyId,
      locationId: ours[0]!.id,
      userId,
      userName: 'Layla Haddad',
      fields: ['specialHours'],
      values: { specialHours: rows[0]!.specialHours },
      answers: {
        google: { status: 'done', at: now.toISOString() },
        facebook: { status: 'done', at: now.toISOString() },
      },
      createdAt: new Date(now.getTime() - 2 * 86_400_000),
    });
  });
}

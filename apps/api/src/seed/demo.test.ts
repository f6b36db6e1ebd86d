import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { testDrivers } from '../test/drivers';
import { migratedDatabase } from '../test/harness';
import { apiKeys, companies, locations, partners, states, brands, users } from '../db/schema';
import { verifyPassword } from '../platform/auth/passwords';
import { buildCustomerBase } from './companies';
import { DEMO_PASSWORD } from '../platform/demo';
import { seedDemoData, type SeedResult } from './demo';
import { Rng } from './random';
import { ExternalIds, generateReviews } from './reviews';

const NOW = new Date('2025-03-14T09:30:00Z');

/** Rows of a raw query, on either driver. */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe('demo data seed', () => {
  let database: Database;
  let result: SeedResult;

  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // PostgreSQL when the run has it (the browser tests' server seeds there too); the seed on PGlite,
    // `npm start`'s database, is main.test.ts's first start. Here on PGlite it took 214 s of a loaded CI run.
    ({ database, drop } = await migratedDatabase(testDrivers()[0]!));
    result = await seedDemoData(database.db, { now: NOW, reviewsScale: 0.05 });
  }, 300_000); // the whole demo (Feedback too): 20 s alone on PGlite, past three minutes on a loaded CI machine

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reports what it created', async () => {
    const [counts] = await rows<Record<string, number>>(
      database,
      sql`SELECT (SELECT count(*)::int FROM companies) companies, (SELECT count(*)::int FROM locations) locations, (SELECT count(*)::int FROM users) users,
                 (SELECT count(*)::int FROM reviews) reviews, (SELECT count(*)::int FROM responses) responses`,
    );
    expect(result).toEqual(counts);
    expect(result.reviews).toBeGreaterThan(1500);
  });

  it('creates the six demo accounts with their roles, tenants and password', async () => {
    const demo = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} LIKE '%@reputo.test'`);
    const byEmail = new Map(demo.map((u) => [u.email, u]));
    const [restaurant] = await database.db.select().from(companies).where(eq(companies.type, 'Restaurants'));
    const [agency] = await database.db.select().from(partners).where(eq(partners.type, 'Agency'));

    expect(byEmail.get('owner@reputo.test')).toMatchObject({ role: 'owner', companyId: null, partnerId: null });
    expect(byEmail.get('partner@reputo.test')).toMatchObject({
      role: 'partner',
      partnerId: agency.id,
      companyId: null,
    });
    expect(restaurant.partnerId).toBe(agency.id);
    for (const [email, role] of [
      ['admin', 'master_admin'],
      ['manager', 'manager'],
      ['responder', 'responder'],
      ['analyst', 'analyst'],
    ]) {
      expect(byEmail.get(`${email}@reputo.test`)).toMatchObject({ role, companyId: restaurant.id, status: 'active' });
    }
    expect(byEmail.get('manager@reputo.test')!.locationIds).toBeNull();
    for (const u of demo) expect(await verifyPassword(DEMO_PASSWORD, u.passwordHash)).toBe(true);
    expect(demo).toHaveLength(6);
  });

  it('has a team in every company and one responder limited to a few locations', async () => {
    const perCompany = await rows<{ company_id: number; n: number }>(
      database,
      sql`SELECT company_id, count(*)::int n FROM users WHERE company_id IS NOT NULL GROUP BY 1`,
    );
    expect(perCompany.length).toBe(result.companies);
    const limited = await database.db
      .select()
      .from(users)
      .where(sql`${users.locationIds} IS NOT NULL AND jsonb_typeof(${users.locationIds}) = 'array'`);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    const own = await database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.companyId, limited[0].companyId!));
    const ownIds = new Set(own.map((l) => l.id));
    expect(limited[0].locationIds!.length).toBeGreaterThan(0);
    expect(limited[0].locationIds!.length).toBeLessThan(own.length);
    for (const id of limited[0].locationIds!) expect(ownIds.has(id)).toBe(true);
  });

  it('has at least six companies of distinct types, partners, packages and API keys', async () => {
    const all = await database.db.select().from(companies);
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((c) => c.type)).size).toBe(all.length);
    expect(all.some((c) => c.status === 'inactive')).toBe(true);
    const trial = all.find((c) => c.package === 'Free trial')!;
    expect(trial.packageChangeDate).toBe('2025-04-13');
    expect(all.some((c) => c.package === 'Custom')).toBe(true);
    for (const c of all) {
      expect(c.competitorsSources.length).toBeLessThanOrEqual(4);
      expect(c.competitorsSources).not.toContain('feedback');
      for (const s of c.competitorsSources) expect(c.sources).toContain(s);
      expect(c.features).toContain('reviewFilterSearch');
      expect(c.zip).toMatch(/^\d+$/);
    }
    const restaurant = all.find((c) => c.type === 'Restaurants')!;
    expect(restaurant.package).toBe('Enterprise');
    expect(restaurant.features).toContain('listingManagement');

    const agency = (await database.db.select().from(partners).where(eq(partners.type, 'Agency')))[0];
    expect(all.filter((c) => c.partnerId === agency.id).length).toBe(3);
    const partnerTypes = (await database.db.select().from(partners)).map((p) => p.type);
    expect(new Set(partnerTypes).size).toBeGreaterThanOrEqual(2);

    const keys = await database.db.select().from(apiKeys);
    expect(keys.filter((k) => k.companyId).length).toBe(all.length);
    expect(keys.filter((k) => k.partnerId).length).toBe(partnerTypes.length);
    for (const k of keys) expect(k.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives the restaurant group 40+ locations in several brands and UAE and Saudi regions', async () => {
    const [restaurant] = await database.db.select().from(companies).where(eq(companies.type, 'Restaurants'));
    const locs = await database.db.select().from(locations).where(eq(locations.companyId, restaurant.id));
    expect(locs.length).toBeGreaterThanOrEqual(40);
    expect(locs.length).toBeLessThanOrEqual(restaurant.locationsLimit);
    expect(new Set(locs.map((l) => l.brandId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(locs.map((l) => l.timeZone))).toEqual(new Set(['Asia/Dubai', 'Asia/Riyadh']));
    for (const l of locs) {
      expect(l.locationId).toMatch(/^[A-Z]{3}-[A-Z]{3}-\d{3}$/);
      expect(l.stateId).not.toBeNull();
      expect(l.sourceUrls.google).toMatch(/^https:\/\/www\.google\.com\/maps\?cid=\d+$/);
      for (const [source, url] of Object.entries(l.sourceUrls))
        expect(url, source).toMatch(/^https:\/\/(www\.)?[a-z]+\.[a-z]+\//);
    }
    const regions = await database.db
      .select({ title: states.title })
      .from(states)
      .where(eq(states.companyId, restaurant.id));
    const titles = new Set(regions.map((r) => r.title));
    for (const r of ['Dubai', 'Abu Dhabi', 'Sharjah', 'Riyadh', 'Jeddah', 'Eastern Province'])
      expect(titles).toContain(r);
    expect(
      (await database.db.select().from(brands).where(eq(brands.companyId, restaurant.id))).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('keeps ratings, sentiment and text consistent', async () => {
    const mismatched = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int n FROM reviews WHERE rating IS NOT NULL AND sentiment <> CASE WHEN rating >= 4 THEN 1 WHEN rating = 3 THEN 0 ELSE -1 END`,
    );
    expect(mismatched[0].n).toBe(0);
    const [stats] = await rows<{
      rating_only: number;
      with_text: number;
      arabic: number;
      titled: number;
      ext_dupes: number;
    }>(
      database,
      sql`SELECT count(*) FILTER (WHERE text IS NULL AND rating IS NOT NULL)::int rating_only, count(text)::int with_text,
                 count(*) FILTER (WHERE language = 'ar')::int arabic, count(title)::int titled,
                 (SELECT count(*)::int FROM (SELECT source, external_id FROM reviews GROUP BY 1, 2 HAVING count(*) > 1) d) ext_dupes
          FROM reviews`,
    );
    expect(stats.rating_only).toBeGreaterThan(0);
    expect(stats.with_text).toBeGreaterThan(stats.rating_only);
    expect(stats.arabic).toBeGreaterThan(0);
    expect(stats.titled).toBeGreaterThan(0);
    expect(stats.ext_dupes).toBe(0);
    const [span] = await rows<{ first: string; last: string }>(
      database,
      sql`SELECT min(created_at)::text first, max(created_at)::text last FROM reviews`,
    );
    expect(new Date(span.last).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(NOW.getTime() - new Date(span.first).getTime()).toBeLessThanOrEqual(731 * 86_400_000);
  });

  it('sets responded_at to the first posted reply, and answers 40 to 60 percent of reviews', async () => {
    const wrong = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int n FROM reviews r
          LEFT JOIN (SELECT review_id, min(posted_at) first_post FROM responses WHERE status = 'posted' GROUP BY 1) p ON p.review_id = r.id
          WHERE NOT r.is_competitor AND r.responded_at IS DISTINCT FROM p.first_post`,
    );
    expect(wrong[0].n).toBe(0);
    const [share] = await rows<{ pct: number }>(
      database,
      sql`SELECT 100.0 * count(responded_at) / count(*) pct FROM reviews WHERE NOT is_competitor`,
    );
    expect(Number(share.pct)).toBeGreaterThanOrEqual(40);
    expect(Number(share.pct)).toBeLessThanOrEqual(60);
    const late = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int n FROM responses p JOIN reviews r ON r.id = p.review_id WHERE p.created_at < r.created_at OR p.posted_at > ${NOW.toISOString()}::timestamptz`,
    );
    expect(late[0].n).toBe(0);
    const authors = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int n FROM responses p JOIN users u ON u.id = p.author_user_id WHERE u.company_id <> p.company_id OR u.role = 'analyst'`,
    );
    expect(authors[0].n).toBe(0);
  });

  it('fills review_daily exactly from the raw reviews', async () => {
    const fromRollup = await rows<Record<string, string>>(
      database,
      sql`SELECT company_id, sum(reviews)::text reviews, sum(rated)::text rated, sum(rating_sum)::text rating_sum, sum(stars1)::text s1, sum(stars5)::text s5,
                 sum(with_text)::text with_text, sum(responded)::text responded, round(sum(response_seconds))::text secs,
                 sum(positive)::text pos, sum(neutral)::text neu, sum(negative)::text neg
          FROM review_daily GROUP BY 1 ORDER BY 1`,
    );
    const fromRaw = await rows<Record<string, string>>(
      database,
      sql`SELECT company_id, count(*)::text reviews, count(rating)::text rated, coalesce(sum(rating), 0)::text rating_sum,
                 count(*) FILTER (WHERE rating = 1)::text s1, count(*) FILTER (WHERE rating = 5)::text s5,
                 count(*) FILTER (WHERE coalesce(text, '') <> '')::text with_text, count(responded_at)::text responded,
                 round(coalesce(sum(extract(epoch FROM responded_at - created_at)), 0))::text secs,
                 count(*) FILTER (WHERE sentiment = 1)::text pos, count(*) FILTER (WHERE sentiment = 0)::text neu, count(*) FILTER (WHERE sentiment = -1)::text neg
          FROM reviews GROUP BY 1 ORDER BY 1`,
    );
    expect(fromRollup).toEqual(fromRaw);
    const perDay = await rows<{ n: number }>(
      database,
      sql`SELECT count(*)::int n FROM (SELECT company_id, coalesce(location_id, 0) l, source, (created_at AT TIME ZONE 'UTC')::date d, count(*) c FROM reviews GROUP BY 1, 2, 3, 4) raw
          FULL JOIN review_daily rd ON rd.company_id = raw.company_id AND rd.location_id = raw.l AND rd.source = raw.source AND rd.day = raw.d
          WHERE rd.reviews IS DISTINCT FROM raw.c`,
    );
    expect(perDay[0].n).toBe(0);
  });

  it('gives companies with Messaging unread conversations and comments, and none to the others', async () => {
    const counts = await rows<{ messaging: boolean; unread: number; comments: number }>(
      database,
      sql`SELECT c.features ? 'messaging' AS messaging,
                 (SELECT coalesce(sum(unread_count), 0)::int FROM conversations v WHERE v.company_id = c.id AND NOT v.is_read) AS unread,
                 (SELECT coalesce(sum(unread_count), 0)::int FROM social_posts p WHERE p.company_id = c.id) AS comments
          FROM companies c`,
    );
    for (const c of counts) {
      if (c.messaging) expect(c.unread + c.comments).toBeGreaterThan(0);
      else expect(c.unread + c.comments).toBe(0);
    }
    expect(counts.some((c) => c.messaging)).toBe(true);
  });

  it('gives companies with Feedback offers with codes, some redeemed at their own locations, and none to the others', async () => {
    const counts = await rows<{
      feedback: boolean;
      offers: number;
      codes: number;
      redeemed: number;
      elsewhere: number;
    }>(
      database,
      sql`SELECT c.features ? 'feedback' AS feedback,
                 (SELECT count(*)::int FROM offers o WHERE o.company_id = c.id) AS offers,
                 (SELECT count(*)::int FROM coupons k WHERE k.company_id = c.id) AS codes,
                 (SELECT count(*)::int FROM coupons k WHERE k.company_id = c.id AND k.state = 'redeemed') AS redeemed,
                 (SELECT count(*)::int FROM coupons k JOIN locations l ON l.id = k.redeemed_location_id
                   WHERE k.company_id = c.id AND l.company_id <> c.id) AS elsewhere
          FROM companies c`,
    );
    for (const c of counts) {
      if (!c.feedback) {
        expect(c.offers + c.codes).toBe(0);
        continue;
      }
      expect(c.offers).toBe(3);
      expect(c.redeemed).toBeGreaterThan(0);
      expect(c.redeemed).toBeLessThan(c.codes);
      expect(c.elsewhere).toBe(0);
    }
    expect(counts.some((c) => c.feedback)).toBe(true);
  });

  it('gives companies with Feedback contact lists, suppressions and starter templates, and none to the others', async () => {
    const counts = await rows<{
      feedback: boolean;
      lists: number;
      contacts: number;
      bad_phones: number;
      members: number;
      suppressed: number;
      templates: number;
    }>(
      database,
      sql`SELECT c.features ? 'feedback' AS feedback,
                 (SELECT count(*)::int FROM contact_lists l WHERE l.company_id = c.id) AS lists,
                 (SELECT count(*)::int FROM contacts k WHERE k.company_id = c.id) AS contacts,
                 (SELECT count(*)::int FROM contacts k WHERE k.company_id = c.id AND k.phone !~ '^[+][1-9][0-9]{7,14}$') AS bad_phones,
                 (SELECT count(*)::int FROM contact_list_members m JOIN contact_lists l ON l.id = m.list_id WHERE l.company_id = c.id) AS members,
                 (SELECT count(*)::int FROM suppressions s WHERE s.company_id = c.id) AS suppressed,
                 (SELECT count(*)::int FROM campaign_templates t WHERE t.company_id = c.id) AS templates
          FROM companies c`,
    );
    for (const c of counts) {
      if (!c.feedback) {
        expect(c.lists + c.contacts + c.suppressed + c.templates).toBe(0);
        continue;
      }
      expect(c.lists).toBe(3);
      expect(c.contacts).toBeGreaterThanOrEqual(300);
      expect(c.bad_phones).toBe(0);
      expect(c.members).toBeGreaterThan(c.contacts / 2);
      expect(c.suppressed).toBeGreaterThan(3);
      expect(c.templates).toBe(4);
    }
    expect(counts.some((c) => c.feedback)).toBe(true);
  });

  it('gives companies with Feedback two past campaigns, one email and one SMS, with recipients at every step', async () => {
    const found = await rows<{ feedback: boolean; channels: string[] | null; steps: Record<string, number> | null }>(
      database,
      sql`SELECT c.features ? 'feedback' AS feedback,
                 (SELECT array_agg(channel ORDER BY channel) FROM campaigns k WHERE k.company_id = c.id AND k.status = 'sent') AS channels,
                 (SELECT jsonb_build_object('delivered', count(delivered_at), 'opened', count(opened_at), 'clicked', count(clicked_at),
                    'rated', count(rated_at), 'reviewed', count(reviewed_at), 'feedback', count(feedback_at),
                    'unsubscribed', count(unsubscribed_at), 'failed', count(*) FILTER (WHERE state = 'failed'))
                  FROM campaign_recipients r WHERE r.company_id = c.id) AS steps
          FROM companies c`,
    );
    for (const c of found) {
      if (!c.feedback) {
        expect(c.channels).toBeNull();
        continue;
      }
      expect(c.channels).toEqual(['email', 'sms']);
      for (const [step, n] of Object.entries(c.steps!)) expect(n, step).toBeGreaterThan(0);
    }
  });

  it('gives companies with Feedback landing pages and answers over months, some clicked through, some private feedback', async () => {
    const counts = await rows<{
      feedback: boolean;
      locations: number;
      pages: number;
      answers: number;
      months: number;
      clicked: number;
      private: number;
    }>(
      database,
      sql`SELECT c.features ? 'feedback' AS feedback,
                 (SELECT count(*)::int FROM locations l WHERE l.company_id = c.id) AS locations,
                 (SELECT count(*)::int FROM landing_pages p WHERE p.company_id = c.id AND p.kind = 'location') AS pages,
                 (SELECT count(*)::int FROM feedback_responses f WHERE f.company_id = c.id) AS answers,
                 (SELECT count(DISTINCT date_trunc('month', f.created_at))::int FROM feedback_responses f WHERE f.company_id = c.id) AS months,
                 (SELECT count(*)::int FROM feedback_responses f WHERE f.company_id = c.id AND f.public_source IS NOT NULL) AS clicked,
                 (SELECT count(*)::int FROM feedback_responses f JOIN reviews r ON r.id = f.review_id
                   WHERE f.company_id = c.id AND r.source = 'feedback' AND r.company_id = c.id) AS private
          FROM companies c`,
    );
    for (const c of counts) {
      if (!c.feedback) {
        expect(c.pages + c.answers).toBe(0);
        continue;
      }
      expect(c.pages).toBe(c.locations);
      expect(c.months).toBeGreaterThanOrEqual(6);
      expect(c.clicked).toBeGreaterThan(0);
      expect(c.clicked).toBeLessThan(c.answers);
      expect(c.private).toBeGreaterThan(0);
    }
  });

  it('refuses to seed a database that already has users', async () => {
    await expect(seedDemoData(database.db, { now: NOW, reviewsScale: 0.01 })).rejects.toThrow(/users already exist/);
  });
});

describe('demo data generator', () => {
  it('is deterministic for a given date', () => {
    const run = () => {
      const base = buildCustomerBase(new Rng(7), NOW);
      const company = base.companies[0];
      const team = company.team.map((m) => ({ firstName: m.firstName, role: m.role, locationCodes: m.locationCodes }));
      return generateReviews(
        new Rng(11),
        company,
        { now: NOW, count: 300, team },
        { ids: new ExternalIds(new Rng(13)) },
      );
    };
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });
});

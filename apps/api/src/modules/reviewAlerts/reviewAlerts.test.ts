import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { locations, outboundEvents, reviewAlerts, users, webhookEndpoints } from '../../db/schema';
import { identitiesChanged } from '../../platform/identityCache';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { listOutbox } from '../outbox/repository';
import { notifyNewReviews } from '../notifications/service';
import { insertReviewRows, type NewReview } from '../reviews/repository';
import { baselineOf, negBinomialUpperTail, poissonUpperTail, testWindow } from './detector';
import { ALERT_CHECK_SLICE_MS } from './queue';
import { seeded } from './seeded';
import { checkReviewAlerts } from './service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function addLocation(db: Db, companyId: number, title: string): Promise<number> {
  const [row] = await db.insert(locations).values({ companyId, title }).returning({ id: locations.id });
  return row!.id;
}

function review(companyId: number, locationId: number, rating: number, at: Date, i: number): NewReview {
  return {
    companyId,
    locationId,
    source: 'google',
    externalId: `g-${locationId}-${at.getTime()}-${i}`,
    authorName: `Reviewer ${i}`,
    rating,
    text: rating <= 2 ? `Terrible visit number ${i}` : `Fine visit ${i}`,
    sentiment: rating >= 4 ? 1 : rating === 3 ? 0 : -1,
    createdAt: at,
  };
}

describe('review-bombing statistics', () => {
  it('computes the Poisson upper tail', () => {
    expect(poissonUpperTail(0, 3)).toBe(1);
    expect(poissonUpperTail(1, 2)).toBeCloseTo(1 - Math.exp(-2), 12);
    // P(X >= 14 | 5) = 1 - sum_{i<14} e^-5 5^i / i! = 0.000697990 (R: ppois(13, 5, lower.tail = FALSE)).
    expect(poissonUpperTail(14, 5)).toBeCloseTo(0.00069799, 8);
    expect(poissonUpperTail(5, 0)).toBe(0);
  });

  it('computes the negative binomial upper tail', () => {
    // scipy.stats.nbinom.sf(2, n=2, p=0.5): mean 2, alpha 0.5.
    expect(negBinomialUpperTail(3, 2, 0.5)).toBeCloseTo(0.3125, 12);
    // alpha 0 is Poisson; a tiny alpha is nearly Poisson.
    expect(negBinomialUpperTail(14, 5, 0)).toBe(poissonUpperTail(14, 5));
    expect(negBinomialUpperTail(14, 5, 1e-9)).toBeCloseTo(poissonUpperTail(14, 5), 8);
    // Over-dispersion fattens the tail.
    expect(negBinomialUpperTail(14, 5, 0.3)).toBeGreaterThan(10 * poissonUpperTail(14, 5));
  });

  it('expects the busiest weekday, so a usual busy Saturday is no burst', () => {
    const counts = new Map<string, number>();
    // Eight weeks: 1 a day on weekdays, 6 on Saturdays.
    const windowStart = new Date('2025-06-14T06:00:00Z'); // a Saturday
    for (let i = 1; i <= 56; i++) {
      const d = new Date(Date.UTC(2025, 5, 14) - i * DAY);
      counts.set(d.toISOString().slice(0, 10), d.getUTCDay() === 6 ? 6 : 1);
    }
    const baseline = baselineOf(counts, windowStart);
    expect(baseline.byWeekday[6]).toBeCloseTo(49 / 8);
    const end = new Date(windowStart.getTime() + DAY);
    expect(baseline.dispersion).toBe(0);
    expect(testWindow(12, baseline, windowStart, end).burst).toBe(false);
    expect(testWindow(30, baseline, windowStart, end).burst).toBe(true);
    // Never below the minimum count, however quiet the location.
    expect(testWindow(4, baselineOf(new Map(), windowStart), windowStart, end).burst).toBe(false);
    expect(testWindow(5, baselineOf(new Map(), windowStart), windowStart, end).burst).toBe(true);
  });
});

describeEachDatabase('Review-bombing alerts', (use) => {
  let bombed: number;
  let other: number;
  let burstIds: number[];

  beforeAll(async () => {
    const { database, fx } = use();
    const db = database.db;
    bombed = await addLocation(db, fx.companyA.id, 'Burst Boulevard');
    other = await addLocation(db, fx.companyA.id, 'Quiet Quay');
    // Eight weeks of ordinary life: a low rating every third day, good ones daily.
    const now = Date.now();
    const history: NewReview[] = [];
    for (let d = 2; d <= 58; d++) {
      const at = new Date(now - d * DAY);
      history.push(review(fx.companyA.id, bombed, 5, at, d));
      if (d % 3 === 0) history.push(review(fx.companyA.id, bombed, 2, new Date(at.getTime() + HOUR), d));
    }
    await insertReviewRows(db, history);
  });

  it('raises exactly one alert for a burst, listing its reviews, mailed to the admins and kept as an outbound event', async () => {
    const { database, app, fx } = use();
    const db = database.db;
    const now = Date.now();
    // A webhook of the company subscribed to alerts: the alert is an event for it (without one, no event row).
    await db.insert(webhookEndpoints).values({
      companyId: fx.companyA.id,
      url: 'https://93.184.216.34/hook',
      events: ['review.alert'],
      secret: 'not used here',
    });
    const burst = Array.from({ length: 9 }, (_, i) =>
      review(fx.companyA.id, bombed, i % 2 ? 1 : 2, new Date(now - (3 * HOUR - i * 10 * 60_000)), 1000 + i),
    );
    // Written as an upload writes: the notification path queues the company's check.
    await db.transaction(async (tx) => {
      burstIds = await insertReviewRows(tx as unknown as Db, burst);
      await notifyNewReviews(tx as unknown as Db, jobQueueFor({ db }), fx.companyA.id, burstIds);
    });
    // The company's check is due once the 2-second slice of the write is over.
    await new Promise((resolve) => setTimeout(resolve, ALERT_CHECK_SLICE_MS + 50));
    await jobQueueFor({ db }).runDue();
    let alerts = await db.select().from(reviewAlerts).where(eq(reviewAlerts.companyId, fx.companyA.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ locationId: bombed, lowCount: 9, reviewIds: burstIds });
    expect(alerts[0]!.pValue).toBeLessThan(0.001);

    // The same burst checked again, and growing: still one alert, now with the new reviews too.
    expect(await checkReviewAlerts(app.deps, { companyId: fx.companyA.id })).toEqual([]);
    const more = await insertReviewRows(db, [review(fx.companyA.id, bombed, 1, new Date(now - 60_000), 2000)]);
    expect(await checkReviewAlerts(app.deps, { now: new Date(now + 2 * HOUR) })).toEqual([]);
    alerts = await db.select().from(reviewAlerts).where(eq(reviewAlerts.companyId, fx.companyA.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.reviewIds).toEqual([...burstIds, ...more]);

    const events = await db.select().from(outboundEvents).where(eq(outboundEvents.companyId, fx.companyA.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'review.alert',
      deliveredAt: null,
      payload: { event: 'review.alert', location_id: bombed, location_title: 'Burst Boulevard', review_ids: burstIds },
    });

    const mails = await listOutbox(db, { to: 'admin@alpha.test', limit: 5 });
    const alertMails = mails.filter((m) => m.subject.startsWith('Possible review bombing at Burst Boulevard'));
    expect(alertMails).toHaveLength(1);
    expect(alertMails[0]!.text).toContain('Terrible visit number 1000');
    expect(await listOutbox(db, { to: 'manager@alpha.test', limit: 5 })).toEqual([]);
  });

  it('lists alerts in the app and acknowledges them; another tenant and a limited member get 404', async () => {
    const { app, database, fx } = use();
    const acknowledge = (token: string, id: number) =>
      app.inject({
        method: 'PATCH',
        url: `/v2/api/reviewAlerts/${id}`,
        headers: bearer(token),
        payload: { acknowledged: true },
      });
    const admin = (await signIn(app, 'admin@alpha.test')).access_token;
    const list = await app.inject({ url: '/v2/api/reviewAlerts', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body).toMatchObject({ total: 1, page: 1, per_page: 20, total_pages: 1 });
    const alert = body.data[0];
    expect(alert).toMatchObject({ location_id: bombed, location_title: 'Burst Boulevard', acknowledged: false });
    expect(alert.reviews.slice(0, 9).map((r: { id: number }) => r.id)).toEqual(burstIds);

    // Company B's admin: the id answers as a missing one, the list is empty.
    const beta = (await signIn(app, 'admin@beta.test')).access_token;
    const foreign = await acknowledge(beta, alert.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual((await acknowledge(beta, 99999999)).json());
    expect((await app.inject({ url: '/v2/api/reviewAlerts?status=all', headers: bearer(beta) })).json().total).toBe(0);

    // A manager limited to another location sees nothing of it.
    await database.db
      .update(users)
      .set({ locationIds: [other] })
      .where(eq(users.id, fx.companyA.manager.id));
    identitiesChanged();
    const manager = (await signIn(app, 'manager@alpha.test')).access_token;
    expect((await app.inject({ url: '/v2/api/reviewAlerts', headers: bearer(manager) })).json().total).toBe(0);
    const hidden = await acknowledge(manager, alert.id);
    expect(hidden.statusCode).toBe(404);

    // An analyst reads but may not acknowledge.
    const analyst = (await signIn(app, 'analyst@alpha.test')).access_token;
    expect((await app.inject({ url: '/v2/api/reviewAlerts', headers: bearer(analyst) })).json().total).toBe(1);
    const refused = await acknowledge(analyst, alert.id);
    expect(refused.statusCode).toBe(403);

    const acked = await acknowledge(admin, alert.id);
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ id: alert.id, acknowledged: true });
    expect((await app.inject({ url: '/v2/api/reviewAlerts', headers: bearer(admin) })).json().total).toBe(0);
    const all = await app.inject({ url: '/v2/api/reviewAlerts?status=acknowledged', headers: bearer(admin) });
    expect(all.json().data.map((a: { id: number }) => a.id)).toEqual([alert.id]);
    expect((await app.inject({ url: '/v2/api/reviewAlerts?status=maybe', headers: bearer(admin) })).statusCode).toBe(
      400,
    );
  });

  // 13,500 reviews and 1,460 checks: seconds alone, more under a loaded CI machine. The statistics do
  // not depend on the database (the SQL is the other tests' on both), so the year runs once: on
  // PostgreSQL when the suite has it (18 s under CI load; PGlite took 39 s), else on PGlite.
  it(
    'raises none over a year of ordinary weekly ups and downs, and one for a burst in it',
    { timeout: 120_000 },
    async (ctx) => {
      const { database, app, fx, driver } = use();
      if (driver === 'pglite' && process.env.TEST_DATABASE_URL) ctx.skip();
      const db = database.db;
      const companyId = fx.companyC.id;
      const steady = await addLocation(db, companyId, 'Steady Street');
      const busy = await addLocation(db, companyId, 'Busy Boulevard');
      const rnd = seeded(20261127);
      // Busy weekends: Sunday..Saturday factors of the daily volume, with day-to-day noise on the rate
      // (log-normal) and Poisson counts on top. Steady Street: 3 low ratings on an average day (and
      // three times as many good ones), noise sd 0.25; Busy Boulevard: 20 low ratings a day, sd 0.3.
      const weekly = [1.3, 0.8, 0.8, 0.9, 1.0, 1.3, 1.7];
      const first = Date.UTC(2025, 0, 1);
      const days = 56 + 365;
      const rows: NewReview[] = [];
      const places = [
        { id: steady, low: 3, good: 9, sd: 0.25 },
        { id: busy, low: 20, good: 0, sd: 0.3 },
      ];
      for (let d = 0; d < days; d++) {
        const dayStart = first + d * DAY;
        for (const place of places) {
          const noise = weekly[new Date(dayStart).getUTCDay()]! * Math.exp(place.sd * rnd.normal() - place.sd ** 2 / 2);
          const low = rnd.poisson(place.low * noise);
          const good = rnd.poisson(place.good * noise);
          for (let i = 0; i < low + good; i++)
            rows.push(
              review(
                companyId,
                place.id,
                i < low ? 1 + (i % 2) : 4 + (i % 2),
                new Date(dayStart + rnd.next() * DAY),
                d * 1000 + i,
              ),
            );
        }
      }
      await insertReviewRows(db, rows);
      const raisedAt: string[] = [];
      for (let t = first + 56 * DAY; t < first + days * DAY; t += 6 * HOUR) {
        const raised = await checkReviewAlerts(app.deps, { now: new Date(t), companyId });
        if (raised.length) raisedAt.push(new Date(t).toISOString());
      }
      expect(raisedAt).toEqual([]);

      // A burst in the middle of that year: 40 one-star reviews in two hours on an ordinary Tuesday.
      const at = Date.UTC(2025, 8, 16, 10);
      const burst = await insertReviewRows(
        db,
        Array.from({ length: 40 }, (_, i) => review(companyId, steady, 1, new Date(at + i * 3 * 60_000), 900_000 + i)),
      );
      const found: number[] = [];
      for (let t = at; t < at + 2 * DAY; t += 6 * HOUR)
        for (const a of await checkReviewAlerts(app.deps, { now: new Date(t + 3 * HOUR), companyId })) found.push(a.id);
      expect(found).toHaveLength(1);
      const [alert] = await db.select().from(reviewAlerts).where(eq(reviewAlerts.companyId, companyId));
      expect(alert!.reviewIds).toEqual(expect.arrayContaining(burst));
      const count = await db.execute(sql`SELECT count(*)::int AS n FROM review_alerts WHERE company_id = ${companyId}`);
      expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    },
  );
});

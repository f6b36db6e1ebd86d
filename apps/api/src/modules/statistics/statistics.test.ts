import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { reviews } from '../../db/schema';
import { analyzeWaitingReviews } from '../insights/backfill';
import { afterReviewsWritten } from '../reviews/afterWrite';
import { applyRollupChange, rollupKeysOf, type RollupFacts } from '../reviews/rollup.repository';
import { insertReviewRows } from '../reviews/repository';
import { reputationScore } from './metrics';
import { createReportingWorld, freshRollups, insertReviews, PERIOD, type ReportingWorld } from './test/reportingData';
import { identitiesChanged } from '../../platform/identityCache';
import { dataChanged } from '../../platform/dataChanges';

describe('reporting formulas', () => {
  it('reputation score weighs rating, sentiment, response rate, volume and recency', () => {
    const r = reputationScore({
      sums: {
        reviews: 10,
        rated: 10,
        ratingSum: 40,
        stars: [0, 0, 2, 6, 2],
        withText: 5,
        responded: 5,
        responseSeconds: 0,
        positive: 6,
        neutral: 2,
        negative: 2,
      },
      locations: 1,
      days: 30,
      daysSinceLastReview: 3,
    });
    // rating (4-1)/4 = 75; sentiment (0.4+1)/2 = 70; response 50; volume 10/10 = 100; recency 100 - 10 = 90
    expect(r.parts.rating.score).toBe(75);
    expect(r.parts.sentiment.score).toBe(70);
    expect(r.parts.volume.score).toBe(100);
    expect(r.parts.recency.score).toBe(90);
    expect(r.score).toBe(Math.round(0.4 * 75 + 0.2 * 70 + 0.15 * 50 + 0.15 * 100 + 0.1 * 90));
  });
});

describeEachDatabase('Statistics and dashboard on a hand-computed data set', (use) => {
  let world: ReportingWorld;
  let token: string;
  const get = async (url: string, query: Record<string, string> = {}, as = token) => {
    const res = await use().app.inject({ method: 'GET', url, query: { ...PERIOD, ...query }, headers: bearer(as) });
    return res;
  };
  const json = async (url: string, query: Record<string, string> = {}) => {
    const res = await get(url, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    const env = use();
    world = await createReportingWorld(env.database.db, env.fx.companyA.id);
    token = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('reviews/average: average, stars, per source and the previous period of the same length', async () => {
    const body = await json('/v2/api/statistics/reviews/average');
    expect(body.period).toEqual({ from: '2025-03-01', to: '2025-03-10' });
    expect(body.previous_period).toEqual({ from: '2025-02-19', to: '2025-02-28' });
    expect(body.average).toBe(3.25);
    expect(body.previous_average).toBe(3.8);
    expect(body.change).toBe(-0.55);
    expect(body.stars).toEqual({ 1: 1, 2: 2, 3: 1, 4: 2, 5: 2 });
    const google = body.sources.find((s: { source: string }) => s.source === 'google');
    expect(google).toMatchObject({ title: 'Google', average: 4, rated: 3, previous_average: 4 });
  });

  it('reviews/volume: counts, response rate and time against the previous period', async () => {
    const body = await json('/v2/api/statistics/reviews/volume');
    expect(body).toMatchObject({
      reviews: 8,
      previous_reviews: 5,
      change: 3,
      change_percent: 60,
      responded: 4,
      response_rate: 50,
      previous_response_rate: 20,
      response_rate_change: 30,
      with_text: 6,
    });
    expect(body.avg_response_hours).toBe(4.3); // (2 + 4 + 10 + 1) / 4 = 4.25 hours
    expect(body.previous_avg_response_hours).toBe(5);
    expect(body.sentiment.positive + body.sentiment.neutral + body.sentiment.negative).toBe(8);
  });

  it('filters by source, location, brand and region', async () => {
    expect((await json('/v2/api/statistics/reviews/average', { sources: 'google' })).average).toBe(4);
    expect((await json('/v2/api/statistics/reviews/average', { locations: String(world.downtown) })).average).toBe(2);
    expect((await json('/v2/api/statistics/reviews/volume', { brands: String(world.brandB2) })).reviews).toBe(3);
    expect((await json('/v2/api/statistics/reviews/volume', { states: String(world.stateS1) })).reviews).toBe(3);
  });

  it("some locations' all time starts at their first review, and their score's recency counts from their newest", async () => {
    const allTime = async (url: string, locations: number[]) => {
      const res = await use().app.inject({
        method: 'GET',
        url,
        query: { date_to: PERIOD.date_to, locations: locations.join(',') },
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    // Downtown's reviews: February 25, March 4 and 9; Marina's from February 20 to March 5.
    expect((await allTime('/v2/api/statistics/reviews/average', [world.downtown])).period.from).toBe('2025-02-25');
    expect((await allTime('/v2/api/statistics/reviews/average', [world.downtown, world.marina])).period.from).toBe(
      '2025-02-20',
    );
    const marina = await json('/v2/api/dashboard/reputationScore', { locations: String(world.marina) });
    expect(marina.parts.recency.value).toBe(5); // newest review March 5, period ends March 10
    const both = await json('/v2/api/dashboard/reputationScore', { locations: `${world.marina},${world.downtown}` });
    expect(both.parts.recency.value).toBe(1);
  });

  it('rankings list the locations under any ticked brand, region or location, with their names and tree', async () => {
    const ranked = async (query: Record<string, string>) =>
      (await json('/v2/api/statistics/locations/performing', query)).data.map(
        (r: { title: string; code: string; city: string; brand: string; state: string }) => [
          r.title,
          r.code,
          r.city,
          r.brand,
          r.state,
        ],
      );
    expect(await ranked({ brands: String(world.brandB2) })).toEqual([
      ['Alpha Express Riyadh', 'AE-001', 'Riyadh', 'Alpha Express', 'Riyadh Region'],
    ]);
    expect(await ranked({ states: String(world.stateS1) })).toEqual([
      ['Alpha Grill Marina', 'AG-001', 'Dubai', 'Alpha Grill', 'Dubai'],
    ]);
    // Ticked nodes add up: a brand and a location of another brand.
    expect(await ranked({ brands: String(world.brandB2), locations: String(world.downtown) })).toEqual([
      ['Alpha Express Riyadh', 'AE-001', 'Riyadh', 'Alpha Express', 'Riyadh Region'],
      ['Alpha Grill Downtown', 'AG-002', 'Abu Dhabi', 'Alpha Grill', 'Abu Dhabi'],
    ]);
  });

  it('locations: performing, improved and lowest-reviews rankings with previous figures', async () => {
    const performing = await json('/v2/api/statistics/locations/performing');
    expect(performing.data.map((r: { title: string; average: number }) => [r.title, r.average])).toEqual([
      // Equal averages and volumes: by title.
      ['Alpha Express Riyadh', 3.67],
      ['Alpha Grill Marina', 3.67],
      ['Alpha Grill Downtown', 2],
    ]);
    const improved = await json('/v2/api/statistics/locations/improved');
    expect(
      improved.data.map((r: { title: string; change: { average: number } }) => [r.title, r.change.average]),
    ).toEqual([
      ['Alpha Grill Marina', 0.67],
      ['Alpha Express Riyadh', 0],
      ['Alpha Grill Downtown', -3],
    ]);
    const lowest = await json('/v2/api/statistics/locations/lowest-reviews', { limit: '1' });
    expect(lowest.data).toHaveLength(1);
    expect(lowest.data[0]).toMatchObject({
      title: 'Alpha Grill Downtown',
      average: 2,
      reviews: 2,
      responded: 1,
      response_rate: 50,
      previous: { reviews: 1, average: 5 },
    });
  });

  it("locations: the ranking table pages and sorts on the server, keeping each location's rank", async () => {
    const all = (await json('/v2/api/statistics/locations/performing')).data as {
      title: string;
      rank: number;
      reviews: number;
      response_rate: number | null;
    }[];
    const byReviews = [...all].sort((a, b) => b.reviews - a.reviews || a.rank - b.rank);
    const pages = [];
    for (const page of ['1', '2', '3'])
      pages.push(
        await json('/v2/api/statistics/locations/performing', { page, per_page: '1', sort: 'reviews', order: 'desc' }),
      );
    expect(pages.map((p) => [p.page, p.per_page, p.total, p.total_pages])).toEqual([
      [1, 1, 3, 3],
      [2, 1, 3, 3],
      [3, 1, 3, 3],
    ]);
    expect(pages.map((p) => [p.data[0].title, p.data[0].rank])).toEqual(byReviews.map((r) => [r.title, r.rank]));
    const byTitle = await json('/v2/api/statistics/locations/performing', { sort: 'title', order: 'desc' });
    expect(byTitle.data.map((r: { title: string }) => r.title)).toEqual(
      all
        .map((r) => r.title)
        .sort()
        .reverse(),
    );
    // Ascending by response rate: the lowest first, and a location without reviews would come last.
    const byRate = await json('/v2/api/statistics/locations/performing', { sort: 'response_rate' });
    const rates = byRate.data.map((r: { response_rate: number | null }) => r.response_rate);
    expect(rates).toEqual([...rates].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
    const past = await json('/v2/api/statistics/locations/performing', { page: '9' });
    expect([past.total, past.data]).toEqual([3, []]);
    const bad = await get('/v2/api/statistics/locations/performing', { sort: 'colour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toContain('sort must be one of rank, title');
    expect(
      (await get('/v2/api/statistics/locations/performing', { per_page: '1001' })).json().error_description,
    ).toContain('per_page must be between 1 and 1000');
  });

  it("trends: weeks start on the user's week start, empty buckets included", async () => {
    const sunday = await json('/v2/api/statistics/trends', { interval: 'week' });
    expect(sunday.week_start).toBe(7);
    expect(sunday.points.map((p: { date: string; reviews: number }) => [p.date, p.reviews])).toEqual([
      ['2025-02-23', 0],
      ['2025-03-02', 7],
      ['2025-03-09', 1],
    ]);
    await use().database.db.update(users).set({ weekStart: 1 }).where(eq(users.id, use().fx.companyA.admin.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const monday = await json('/v2/api/statistics/trends', { interval: 'week' });
    expect(monday.points.map((p: { date: string; reviews: number }) => [p.date, p.reviews])).toEqual([
      ['2025-02-24', 1],
      ['2025-03-03', 7],
      ['2025-03-10', 0],
    ]);
    await use().database.db.update(users).set({ weekStart: 7 }).where(eq(users.id, use().fx.companyA.admin.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const daily = await json('/v2/api/statistics/trends');
    expect(daily.interval).toBe('day');
    expect(daily.points).toHaveLength(10);
    expect(daily.previous_points).toHaveLength(10);
    expect(daily.points.find((p: { date: string }) => p.date === '2025-03-09')).toMatchObject({
      reviews: 1,
      average: 1,
    });
  });

  it("dashboard: NPS from the landing pages' answers, reputation score with its parts", async () => {
    const env = use();
    // Answers on the NPS scale and on stars: 10 promotes, 4 stars is passive, 3 detracts; the previous period 5, 5, 1 stars.
    const answers: [string, number, string][] = [
      ['nps', 10, '2025-03-06'],
      ['stars', 4, '2025-03-07'],
      ['nps', 3, '2025-03-08'],
      ['stars', 5, '2025-02-21'],
      ['stars', 5, '2025-02-22'],
      ['stars', 1, '2025-02-23'],
    ];
    for (const [type, score, day] of answers)
      await env.database.db.execute(
        sql`INSERT INTO feedback_responses (company_id, location_id, rating_type, score, created_at)
            VALUES (${env.fx.companyA.id}, ${world.riyadh}, ${type}, ${score}, ${`${day}T12:00:00Z`})`,
      );
    dataChanged(env.fx.companyA.id, ['reviews']);
    const nps = await json('/v2/api/dashboard/netPromoterScore');
    expect(nps).toMatchObject({
      nps: 0,
      promoters: 1,
      passives: 1,
      detractors: 1,
      responses: 3,
      previous_nps: 33,
      change: -33,
    });
    const rep = await json('/v2/api/dashboard/reputationScore');
    expect(rep.parts.rating.value).toBe(3.25);
    expect(rep.parts.responseRate.value).toBe(50);
    expect(rep.parts.recency.value).toBe(1); // newest review March 9, period ends March 10
    expect(rep.score).toBeGreaterThan(0);
    expect(rep.score).toBeLessThanOrEqual(100);
    expect(rep.formula).toContain('40% rating');
    const feedback = await json('/v2/api/dashboard/feedback');
    expect(feedback).toMatchObject({
      reviews: 3,
      average: 3.67,
      unanswered: 2,
      previous_reviews: 3,
      answers: 3,
      nps: 0,
    });
    expect(feedback.latest.map((r: { rating: number }) => r.rating)).toEqual([2, 4, 5]);
    const other = await json('/v2/api/dashboard/other');
    expect(other).toMatchObject({ reviews: 8, unanswered: 4, response_rate: 50 });
    // Each widget's previous figures are the previous period's: as the volume report and the previous
    // period asked alone give them.
    const volume = await json('/v2/api/statistics/reviews/volume');
    expect(other.previous_reviews).toBe(volume.previous_reviews);
    expect(other.previous_reviews).not.toBe(other.reviews);
    const previous = { date_from: rep.previous_period.from, date_to: rep.previous_period.to };
    expect(rep.previous_score).toBe((await json('/v2/api/dashboard/reputationScore', previous)).score);
    expect(feedback.previous_average).toBe((await json('/v2/api/dashboard/feedback', previous)).average);
  });

  it('export: the Excel file has the same figures as the screen, and opens as a download with access_token', async () => {
    const env = use();
    const res = await env.app.inject({
      method: 'GET',
      url: '/v2/api/statistics/export',
      query: { ...PERIOD, report: 'ranking', access_token: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ranking-2025-03-01-2025-03-10.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const rows = wb
      .getWorksheet('Locations')!
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    const screen = (await json('/v2/api/statistics/locations/performing')).data;
    const table = rows.slice(rows.findIndex((r) => r[0] === 'Rank') + 1);
    expect(table.map((r) => [r[1], r[5], r[6]])).toEqual(
      screen.map((r: { title: string; reviews: number; average: number }) => [r.title, r.reviews, r.average]),
    );
    const anonymous = await env.app.inject({ method: 'GET', url: '/v2/api/statistics/export', query: PERIOD });
    expect(anonymous.statusCode).toBe(401);
    const stats = await env.app.inject({
      method: 'GET',
      url: '/v2/api/statistics/export',
      query: { ...PERIOD },
      headers: bearer(token),
    });
    const full = new ExcelJS.Workbook();
    await full.xlsx.load(stats.rawPayload as unknown as ExcelJS.Buffer);
    expect(full.worksheets.map((w) => w.name)).toEqual(['Summary', 'Sources', 'Trend', 'Locations']);
  });

  it('whole months read review_monthly and agree with the daily rollup to the last review', async () => {
    const all = [world.marina, world.downtown, world.riyadh].join(',');
    for (const range of [
      { date_from: '2025-02-01', date_to: '2025-03-31' },
      { date_from: '2025-02-15', date_to: '2025-04-10' },
      { date_from: '2025-01-01', date_to: '2025-06-30' },
    ]) {
      // A location filter forces review_daily; without it whole months come from review_monthly.
      const monthly = await json('/v2/api/statistics/reviews/volume', range);
      const daily = await json('/v2/api/statistics/reviews/volume', { ...range, locations: all });
      expect(monthly.reviews).toBe(13);
      expect({ ...monthly, sources: monthly.sources }).toEqual(daily);
      const avgM = await json('/v2/api/statistics/reviews/average', range);
      const avgD = await json('/v2/api/statistics/reviews/average', { ...range, locations: all });
      expect(avgM).toEqual(avgD);
      const trendM = await json('/v2/api/statistics/trends', { ...range, interval: 'month' });
      const trendD = await json('/v2/api/statistics/trends', { ...range, interval: 'month', locations: all });
      expect(trendM.points).toEqual(trendD.points);
    }
  });

  it('bad filters answer 400 with a clear message', async () => {
    const res = await get('/v2/api/statistics/trends', { date_from: '2025-03-10', date_to: '2025-03-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Start date cannot be after end date.');
    const bad = await get('/v2/api/statistics/trends', { interval: 'year' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toContain('interval must be day, week or month');
  });

  it('another company sees none of these figures, and a member limited to one location sees only it', async () => {
    const env = use();
    const beta = (await signIn(env.app, 'admin@beta.test')).access_token;
    const other = await get('/v2/api/statistics/reviews/volume', {}, beta);
    expect(other.json().reviews).toBe(0);
    // A location named alone is read by its id within the acting company's rows: another company's finds none.
    const foreign = { locations: String(world.marina) };
    expect((await get('/v2/api/statistics/reviews/volume', foreign, beta)).json().reviews).toBe(0);
    expect((await get('/v2/api/dashboard/other', foreign, beta)).json().reviews).toBe(0);
    expect((await get('/v2/api/reviews', foreign, beta)).json().total_reviews_count).toBe(0);
    const foreignScore = (await get('/v2/api/dashboard/reputationScore', foreign, beta)).json();
    expect(foreignScore.score).toBeNull();
    expect((await get('/v2/api/statistics/reviews/volume', foreign)).json().reviews).toBeGreaterThan(0);
    // The ranking's locations come from the company's own directory: another company's id names none.
    const foreignRanking = await get(
      '/v2/api/statistics/locations/performing',
      { locations: String(world.marina) },
      beta,
    );
    expect(foreignRanking.json().data).toEqual([]);
    await env.database.db
      .update(users)
      .set({ locationIds: [world.marina] })
      .where(eq(users.id, env.fx.companyA.analyst.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const analyst = (await signIn(env.app, 'analyst@alpha.test')).access_token;
    expect((await get('/v2/api/statistics/reviews/volume', {}, analyst)).json().reviews).toBe(3);
    const ranking = (await get('/v2/api/statistics/locations/performing', {}, analyst)).json();
    expect(ranking.data.map((r: { title: string }) => r.title)).toEqual(['Alpha Grill Marina']);
  });

  it('rollups equal a fresh computation after inserts, edits, replies and deletes', async () => {
    const env = use();
    const db = env.database.db;
    const companyId = env.fx.companyA.id;
    const added = await insertReviews(db, companyId, world, [
      {
        key: 'n1',
        location: 'marina',
        source: 'google',
        rating: 1,
        day: '2025-03-10',
        text: 'Cold food and rude staff.',
      },
      {
        key: 'n2',
        location: 'riyadh',
        source: 'zomato',
        rating: 5,
        day: '2025-03-10',
        text: 'Excellent service, very quick.',
      },
    ]);
    let check = await freshRollups(db, companyId);
    expect(check.incremental).toEqual(check.fresh);

    // An edit that moves a review to another day and location, and changes its text and stars.
    await db.transaction(async (tx) => {
      const before = await rollupKeysOf(tx, companyId, [added.n1!]);
      await tx.execute(
        sql`UPDATE reviews SET rating = 3, text = 'The food was ok, the price was fair.', created_at = '2025-03-08T09:00:00Z', location_id = ${world.downtown} WHERE id = ${added.n1!}`,
      );
      await afterReviewsWritten(tx, companyId, [added.n1!], before);
    });
    // A reply.
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE reviews SET responded_at = created_at + interval '3 hours' WHERE id = ${added.n2!}`);
      await afterReviewsWritten(tx, companyId, [added.n2!]);
    });
    check = await freshRollups(db, companyId);
    expect(check.incremental).toEqual(check.fresh);

    // A delete.
    await db.transaction(async (tx) => {
      const before = await rollupKeysOf(tx, companyId, [added.n2!]);
      await tx.execute(sql`DELETE FROM reviews WHERE id = ${added.n2!}`);
      await afterReviewsWritten(tx, companyId, [added.n2!], before);
    });
    check = await freshRollups(db, companyId);
    expect(check.incremental).toEqual(check.fresh);
    expect((await json('/v2/api/statistics/reviews/volume')).reviews).toBe(9);
  });

  it('rollups stay exact for writes that keep review_daily by deltas: triggers for deletes and moves, the analyze job for new reviews', async () => {
    const env = use();
    const db = env.database.db;
    const companyId = env.fx.companyA.id;
    const facts = { companyId, source: 'google', isCompetitor: false, respondedAt: null };
    // Inserted as uploads do (rows and their rollups in one statement), no text analysis yet.
    const ids = await db.transaction((tx) =>
      insertReviewRows(tx, [
        {
          ...facts,
          locationId: world.marina,
          rating: 2,
          text: 'The food was cold and the waiter was rude.',
          createdAt: new Date('2025-03-07T10:00:00Z'),
        },
        {
          ...facts,
          locationId: world.riyadh,
          rating: 5,
          text: 'Spotless place and friendly staff.',
          createdAt: new Date('2025-03-07T11:00:00Z'),
        },
      ]),
    );
    expect(await analyzeWaitingReviews(db)).toBe(2);
    let check = await freshRollups(db, companyId);
    expect(check.incremental).toEqual(check.fresh);

    // A move to another day and location, then a delete, each with delta counters only.
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(reviews).where(eq(reviews.id, ids[0]!));
      const [after] = await tx
        .update(reviews)
        .set({ locationId: world.downtown, createdAt: new Date('2025-03-05T10:00:00Z') })
        .where(eq(reviews.id, ids[0]!))
        .returning();
      await applyRollupChange(tx, before as RollupFacts, after as RollupFacts);
    });
    await db.transaction(async (tx) => {
      const [gone] = await tx.select().from(reviews).where(eq(reviews.id, ids[1]!));
      await tx.delete(reviews).where(eq(reviews.id, ids[1]!));
      await applyRollupChange(tx, gone as RollupFacts, null);
    });
    check = await freshRollups(db, companyId);
    expect(check.incremental).toEqual(check.fresh);
  });
});

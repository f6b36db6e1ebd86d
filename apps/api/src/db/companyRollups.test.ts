import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from './client';
import {
  rebuildReviewDaily,
  rebuildTopicDaily,
  rebuildTopicRollupsBySlice,
} from '../modules/reviews/rollup.repository';
import { topicRollupRows, topicRollupsAndRebuilt } from '../modules/reviews/test/topicRollups';
import { createReportingWorld, type ReportingWorld } from '../modules/statistics/test/reportingData';
import { jobQueueFor } from '../platform/jobs';
import { describeOnBothDatabases } from '../test/harness';
import { bearer, getJson, signIn } from '../test/http';
import { rowsOf } from './rows';

/**
 * review_company_daily and topic_company_daily (migration 0010) must always equal review_daily and
 * topic_daily summed over locations, review_location_monthly (migration 0012) review_daily summed
 * per location and month, review_location_source_monthly (migration 0040) per location, source and
 * month, topic_location_monthly (migration 0038) topic_daily's topics summed per
 * location and month, and the running sums (migration 0039) review_daily added up to each day and
 * month, whatever writes those, because reports read them instead. Checked after the server's own writes (reply, feedback delete, upload, rebuild),
 * and end to end: a report read company-wide answers exactly what the per-location read answers.
 */

/** Differences between the company-wide tables and the per-location ones summed (empty when exact). */
async function differences(db: Db): Promise<unknown[]> {
  const reviewsDiff = rowsOf(
    await db.execute(sql`
    SELECT coalesce(a.company_id, b.company_id) AS company_id, coalesce(a.source, b.source) AS source, coalesce(a.day, b.day)::text AS day, a.reviews AS company_wide, b.reviews AS summed
    FROM review_company_daily a
    FULL JOIN (SELECT company_id, source, day, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum, sum(stars1) AS stars1,
        sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(negative) AS negative
      FROM review_daily GROUP BY 1, 2, 3, 4) b
      ON a.company_id = b.company_id AND a.source = b.source AND a.day = b.day AND a.is_competitor = b.is_competitor
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.reviews <> b.reviews OR a.rated <> b.rated OR a.rating_sum <> b.rating_sum OR a.stars1 <> b.stars1
      OR a.stars5 <> b.stars5 OR a.with_text <> b.with_text OR a.responded <> b.responded OR a.negative <> b.negative
      OR abs(a.response_seconds - b.response_seconds) > 0.001`),
  );
  const topicsDiff = rowsOf(
    await db.execute(sql`
    SELECT coalesce(a.topic, b.topic) AS topic, coalesce(a.day, b.day)::text AS day, a.mentions AS company_wide, b.mentions AS summed
    FROM topic_company_daily a
    FULL JOIN (SELECT company_id, source, day, is_competitor, kind, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive, sum(negative) AS negative
      FROM topic_daily GROUP BY 1, 2, 3, 4, 5, 6, 7) b
      ON a.company_id = b.company_id AND a.source = b.source AND a.day = b.day AND a.is_competitor = b.is_competitor AND a.kind = b.kind AND a.topic = b.topic AND a.subtopic = b.subtopic
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.mentions <> b.mentions OR a.positive <> b.positive OR a.negative <> b.negative`),
  );
  const locationMonthsDiff = rowsOf(
    await db.execute(sql`
    SELECT coalesce(a.location_id, b.location_id) AS location_id, coalesce(a.month, b.month)::text AS month, a.reviews AS monthly, b.reviews AS summed
    FROM review_location_monthly a
    FULL JOIN (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated, sum(rating_sum) AS rating_sum,
        sum(stars1) AS stars1, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded, sum(response_seconds) AS response_seconds, sum(negative) AS negative
      FROM review_daily GROUP BY 1, 2, 3, 4) b
      ON a.company_id = b.company_id AND a.location_id = b.location_id AND a.month = b.month AND a.is_competitor = b.is_competitor
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.reviews <> b.reviews OR a.rated <> b.rated OR a.rating_sum <> b.rating_sum OR a.stars1 <> b.stars1
      OR a.stars5 <> b.stars5 OR a.with_text <> b.with_text OR a.responded <> b.responded OR a.negative <> b.negative
      OR abs(a.response_seconds - b.response_seconds) > 0.001`),
  );
  const locationSourceMonthsDiff = rowsOf(
    await db.execute(sql`
    SELECT coalesce(a.location_id, b.location_id) AS location_id, coalesce(a.source, b.source) AS source, coalesce(a.month, b.month)::text AS month,
      a.reviews AS monthly, b.reviews AS summed
    FROM review_location_source_monthly a
    FULL JOIN (SELECT company_id, location_id, source, date_trunc('month', day)::date AS month, is_competitor, sum(reviews) AS reviews, sum(rated) AS rated,
        sum(rating_sum) AS rating_sum, sum(stars1) AS stars1, sum(stars2) AS stars2, sum(stars5) AS stars5, sum(with_text) AS with_text, sum(responded) AS responded,
        sum(response_seconds) AS response_seconds, sum(positive) AS positive, sum(negative) AS negative
      FROM review_daily GROUP BY 1, 2, 3, 4, 5) b
      ON a.company_id = b.company_id AND a.location_id = b.location_id AND a.source = b.source AND a.month = b.month AND a.is_competitor = b.is_competitor
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.reviews <> b.reviews OR a.rated <> b.rated OR a.rating_sum <> b.rating_sum OR a.stars1 <> b.stars1
      OR a.stars2 <> b.stars2 OR a.stars5 <> b.stars5 OR a.with_text <> b.with_text OR a.responded <> b.responded OR a.positive <> b.positive
      OR a.negative <> b.negative OR abs(a.response_seconds - b.response_seconds) > 0.001`),
  );
  const topicMonthsDiff = rowsOf(
    await db.execute(sql`
    SELECT coalesce(a.location_id, b.location_id) AS location_id, coalesce(a.month, b.month)::text AS month, coalesce(a.topic, b.topic) AS topic, a.mentions AS monthly, b.mentions AS summed
    FROM topic_location_monthly a
    FULL JOIN (SELECT company_id, location_id, date_trunc('month', day)::date AS month, is_competitor, topic, subtopic, sum(mentions) AS mentions, sum(positive) AS positive,
        sum(neutral) AS neutral, sum(negative) AS negative
      FROM topic_daily WHERE kind = 'topic' GROUP BY 1, 2, 3, 4, 5, 6) b
      ON a.company_id = b.company_id AND a.location_id = b.location_id AND a.month = b.month AND a.is_competitor = b.is_competitor AND a.topic = b.topic AND a.subtopic = b.subtopic
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.mentions <> b.mentions OR a.positive <> b.positive OR a.neutral <> b.neutral OR a.negative <> b.negative`),
  );
  // The running sums (migration 0039): every day from a location's first review day in a month to
  // the month's end holds the month to that day, and every month from its first in a year to
  // December the year to that month's end; computed here from review_daily directly.
  const runningDiff = rowsOf(
    await db.execute(sql`
    WITH mtd AS (
      SELECT k.company_id, k.is_competitor, k.location_id, g.day::date AS day, sum(d.reviews) AS reviews, sum(d.rated) AS rated, sum(d.rating_sum) AS rating_sum,
        sum(d.stars1) AS stars1, sum(d.stars5) AS stars5, sum(d.responded) AS responded, sum(d.response_seconds) AS response_seconds, sum(d.negative) AS negative
      FROM (SELECT company_id, is_competitor, location_id, date_trunc('month', day)::date AS month, min(day) AS first FROM review_daily GROUP BY 1, 2, 3, 4) k
      CROSS JOIN generate_series(k.first, k.month + interval '1 month - 1 day', interval '1 day') AS g(day)
      JOIN review_daily d ON d.company_id = k.company_id AND d.is_competitor = k.is_competitor AND d.location_id = k.location_id AND d.day >= k.month AND d.day <= g.day
      GROUP BY 1, 2, 3, 4
    ), ytd AS (
      SELECT k.company_id, k.is_competitor, k.location_id, g.month::date AS day, sum(d.reviews) AS reviews, sum(d.rated) AS rated, sum(d.rating_sum) AS rating_sum,
        sum(d.stars1) AS stars1, sum(d.stars5) AS stars5, sum(d.responded) AS responded, sum(d.response_seconds) AS response_seconds, sum(d.negative) AS negative
      FROM (SELECT company_id, is_competitor, location_id, date_trunc('year', day)::date AS year, date_trunc('month', min(day))::date AS first FROM review_daily GROUP BY 1, 2, 3, 4) k
      CROSS JOIN generate_series(k.first, k.year + interval '11 months', interval '1 month') AS g(month)
      JOIN review_daily d ON d.company_id = k.company_id AND d.is_competitor = k.is_competitor AND d.location_id = k.location_id AND d.day >= k.year
        AND d.day < g.month + interval '1 month'
      GROUP BY 1, 2, 3, 4
    )
    SELECT 'mtd' AS running, coalesce(a.location_id, b.location_id) AS location_id, coalesce(a.day, b.day)::text AS day, a.reviews AS kept, b.reviews AS summed
    FROM review_location_mtd a FULL JOIN mtd b
      ON a.company_id = b.company_id AND a.is_competitor = b.is_competitor AND a.location_id = b.location_id AND a.day = b.day
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.reviews <> b.reviews OR a.rated <> b.rated OR a.rating_sum <> b.rating_sum OR a.stars1 <> b.stars1
      OR a.stars5 <> b.stars5 OR a.responded <> b.responded OR a.negative <> b.negative OR abs(a.response_seconds - b.response_seconds) > 0.001
    UNION ALL
    SELECT 'ytd', coalesce(a.location_id, b.location_id), coalesce(a.month, b.day)::text, a.reviews, b.reviews
    FROM review_location_ytd a FULL JOIN ytd b
      ON a.company_id = b.company_id AND a.is_competitor = b.is_competitor AND a.location_id = b.location_id AND a.month = b.day
    WHERE a.company_id IS NULL OR b.company_id IS NULL OR a.reviews <> b.reviews OR a.rated <> b.rated OR a.rating_sum <> b.rating_sum OR a.stars1 <> b.stars1
      OR a.stars5 <> b.stars5 OR a.responded <> b.responded OR a.negative <> b.negative OR abs(a.response_seconds - b.response_seconds) > 0.001`),
  );
  return [
    ...reviewsDiff,
    ...topicsDiff,
    ...locationMonthsDiff,
    ...locationSourceMonthsDiff,
    ...topicMonthsDiff,
    ...runningDiff,
  ];
}

describeOnBothDatabases('company-wide and per-location monthly rollups', (use) => {
  let world: ReportingWorld;
  let admin: string;

  const get = (url: string, query: Record<string, string> = {}, token = admin) => getJson(use().app, token, url, query);

  beforeAll(async () => {
    const env = use();
    world = await createReportingWorld(env.database.db, env.fx.companyA.id);
    admin = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('hold the per-location rollups summed, after the server writes them: reply, feedback delete, upload, rebuild', async () => {
    const env = use();
    const db = env.database.db;
    const companyId = env.fx.companyA.id;
    for (const table of [
      sql`review_company_daily`,
      sql`review_location_monthly`,
      sql`review_location_source_monthly`,
      sql`topic_location_monthly`,
      sql`review_location_mtd`,
      sql`review_location_ytd`,
    ]) {
      const [total] = rowsOf<{ n: string }>(
        await db.execute(sql`SELECT count(*) AS n FROM ${table} WHERE company_id = ${companyId}`),
      );
      expect(Number(total!.n)).toBeGreaterThan(0);
    }
    expect(await differences(db)).toEqual([]);

    const reply = await env.app.inject({
      method: 'POST',
      url: '/v2/api/responses/create',
      headers: bearer(admin),
      payload: { reviewId: world.reviewIds.r5, text: 'We are sorry, we will make it right.', status: 'posted' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await differences(db)).toEqual([]);

    const removed = await env.app.inject({
      method: 'DELETE',
      url: `/v2/api/reviews/${world.reviewIds.r8}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await differences(db)).toEqual([]);

    const csv = [
      'source,date,rating,text,location_id',
      'google,2025-03-04,1,The soup was cold and salty,AG-001',
      'zomato,2025-03-31,5,Lovely staff,AE-001',
      'google,2025-04-01,4,,AG-002',
      // Earlier years: the running sums cross years (migration 0039).
      'google,2024-12-30,2,Slow service at the counter,AG-001',
      'zomato,2023-11-15,5,Great breakfast,AE-001',
    ].join('\n');
    const upload = await env.app.inject({
      method: 'POST',
      url: '/v2/api/reviews/upload',
      headers: bearer(admin),
      payload: { fileName: 'more.csv', content: Buffer.from(csv).toString('base64') },
    });
    expect(upload.statusCode, upload.body).toBe(202);
    // The upload starts in the background at once; wait for its report, as the web app does.
    let status = 'running';
    for (let i = 0; i < 100 && status === 'running'; i++) {
      await jobQueueFor({ db }).runDue();
      status = (await get(`/v2/api/reviews/upload/${upload.json().id}`)).status;
      if (status === 'running') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('done');
    await jobQueueFor({ db }).runDue();
    const [uploaded] = rowsOf<{ n: string }>(
      await db.execute(
        sql`SELECT count(*) AS n FROM reviews WHERE company_id = ${companyId} AND created_at >= '2025-03-31'`,
      ),
    );
    expect(Number(uploaded!.n)).toBe(2);
    expect(await differences(db)).toEqual([]);

    // A bulk load writes reviews without their rollups: the rebuild takes them in everywhere.
    await db.execute(sql`INSERT INTO reviews (company_id, location_id, source, rating, text, created_at)
      VALUES (${companyId}, ${world.marina}, 'google', 2, 'Loaded in bulk', '2022-07-07T10:00:00Z')`);
    await rebuildReviewDaily(db, companyId);
    await rebuildTopicDaily(db, companyId);
    expect(await differences(db)).toEqual([]);
    const bulkDay = await get('/v2/api/statistics/reviews/volume', { date_from: '2022-07-01', date_to: '2022-07-31' });
    expect(bulkDay.reviews).toBe(1);
  });

  it('answer reports exactly as the per-location daily rows do (the ends of monthly plans, week series, insights, rankings, benchmarks)', async () => {
    const all = [world.marina, world.downtown, world.riyadh].join(',');
    // Without a location filter the days are read from the company-wide tables; with every location named, from the per-location ones.
    for (const range of [
      { date_from: '2025-02-15', date_to: '2025-04-10' },
      { date_from: '2025-03-02', date_to: '2025-03-09' },
    ]) {
      for (const [url, extra] of [
        ['/v2/api/statistics/reviews/volume', {}],
        ['/v2/api/statistics/reviews/average', {}],
        ['/v2/api/statistics/trends', { interval: 'week' }],
        ['/v2/api/statistics/trends', { interval: 'day' }],
        ['/v2/api/dashboard/netPromoterScore', { interval: 'week' }],
        ['/v2/api/dashboard/reputationScore', {}],
        ['/v3/insights/primary', {}],
        ['/v3/insights/secondary', {}],
        ['/v3/insights/words', {}],
        ['/v3/insights/trend', { interval: 'week' }],
      ] as [string, Record<string, string>][]) {
        const companyWide = await get(url, { ...range, ...extra });
        const perLocation = await get(url, { ...range, ...extra, locations: all });
        expect(companyWide, `${url} ${JSON.stringify(range)}`).toEqual(perLocation);
      }
    }
    // Rankings without a source filter read whole months per location; naming every source makes them read review_daily alone.
    const env = use();
    const sources = rowsOf<{ source: string }>(
      await env.database.db.execute(
        sql`SELECT DISTINCT source FROM review_daily WHERE company_id = ${env.fx.companyA.id}`,
      ),
    ).map((r) => r.source);
    expect(sources.length).toBeGreaterThan(1);
    const ranges: Record<string, string>[] = [
      { date_from: '2025-02-15', date_to: '2025-04-10' },
      { date_from: '2025-03-02', date_to: '2025-03-09' },
      { date_from: '2025-01-01', date_to: '2025-03-31' },
      {},
    ];
    // Rankings read running sums (migration 0039): ranges that end a month or a year, start one, cross
    // years, lie in one month or hold no day at all, for every location and for some.
    const rankingRanges: Record<string, string>[] = [
      ...ranges,
      { date_from: '2024-12-15', date_to: '2025-03-31' },
      { date_from: '2025-01-01', date_to: '2025-02-14' },
      { date_from: '2023-06-01', date_to: '2025-12-31' },
      { date_from: '2025-03-01', date_to: '2025-03-31' },
      { date_from: '2025-02-28', date_to: '2025-03-01' },
      { date_from: '2025-02-14', date_to: '2025-04-30', locations: [world.marina, world.riyadh].join(',') },
      { date_to: '2025-03-15' },
    ];
    for (const range of rankingRanges) {
      for (const url of [
        '/v2/api/statistics/locations/performing',
        '/v2/api/statistics/locations/improved',
        '/v2/api/statistics/locations/lowest-reviews',
        '/v2/api/competitor/pageData',
      ]) {
        const monthly = await get(url, range);
        const daily = await get(url, { ...range, sources: sources.join(',') });
        expect(monthly, `${url} ${JSON.stringify(range)}`).toEqual(daily);
      }
    }
    // Some locations and every source: whole months per location and the ends from review_daily and
    // topic_daily, totals from the running sums (ranges that cross a year, start one, or span a month
    // end); naming every source reads review_daily and topic_daily alone.
    const some = [world.marina, world.downtown].join(',');
    for (const range of [
      ...ranges,
      { date_from: '2024-12-15', date_to: '2025-03-31' },
      { date_from: '2025-01-01', date_to: '2025-02-14' },
      { date_from: '2025-02-28', date_to: '2025-03-01' },
    ]) {
      for (const [url, extra] of [
        ['/v2/api/statistics/reviews/volume', {}],
        ['/v2/api/statistics/reviews/average', {}],
        ['/v2/api/statistics/trends', { interval: 'month' }],
        ['/v2/api/dashboard/reputationScore', {}],
        ['/v2/api/dashboard/other', {}],
        ['/v3/insights/primary', {}],
        ['/v3/insights/secondary', {}],
        ['/v3/insights/trend', { interval: 'month' }],
        ['/v3/insights/words', {}],
        ['/v2/api/reviews', {}],
      ] as [string, Record<string, string>][]) {
        const monthly = await get(url, { ...range, ...extra, locations: some });
        const daily = await get(url, { ...range, ...extra, locations: some, sources: sources.join(',') });
        expect(monthly, `${url} ${JSON.stringify(range)}`).toEqual(daily);
      }
    }
    // Some locations and some sources: the review list's total reads review_location_source_monthly
    // (migration 0040) and the ends from review_daily; a second per-review filter makes it count the
    // reviews themselves, so with and without text added up is the truth.
    const total = async (query: Record<string, string>) => (await get('/v2/api/reviews', query)).total_reviews_count;
    let counts = 0;
    for (const range of ranges) {
      for (const [sourceList, ratings] of [
        [sources[0]!, '1,2'],
        [sources.slice(0, 2).join(','), '4,5'],
        [sources.join(','), '3'],
      ]) {
        const query = { ...range, locations: some, sources: sourceList!, ratings: ratings! };
        const counted =
          (await total({ ...query, with_text: 'true' })) + (await total({ ...query, with_text: 'false' }));
        expect(await total(query), `${JSON.stringify(query)}`).toBe(counted);
        counts += counted;
      }
    }
    expect(counts).toBeGreaterThan(10);
    const ranked = await get('/v2/api/statistics/locations/performing', {
      date_from: '2025-01-01',
      date_to: '2025-04-10',
    });
    expect(ranked.data.filter((r: { reviews: number }) => r.reviews > 0).length).toBeGreaterThan(1);
    const volume = await get('/v2/api/statistics/reviews/volume', { date_from: '2025-02-15', date_to: '2025-04-10' });
    expect(volume.reviews).toBeGreaterThan(10);
  });

  it("never show one company another company's rows", async () => {
    const env = use();
    const beta = (await signIn(env.app, 'admin@beta.test')).access_token;
    const range = { date_from: '2025-02-15', date_to: '2025-04-10' };
    expect((await get('/v2/api/statistics/reviews/volume', range, beta)).reviews).toBe(0);
    expect(
      (await get('/v2/api/statistics/trends', { ...range, interval: 'week' }, beta)).points.every(
        (p: { reviews: number }) => p.reviews === 0,
      ),
    ).toBe(true);
  });

  it('follow updates of the daily rows that move them to other days and back, emptying every key they leave (migration 0045)', async () => {
    const env = use();
    const db = env.database.db;
    const companyId = env.fx.companyA.id;
    const [before] = rowsOf<{ n: string }>(
      await db.execute(
        sql`SELECT count(*) AS n FROM review_company_daily WHERE company_id = ${companyId} AND day < '2000-01-01'`,
      ),
    );
    expect(Number(before!.n)).toBe(0);
    // One location first (the company's days it shares with others lose some reviews and keep the
    // rest), then the others (their days are left empty), then all back.
    const marina = sql`location_id = ${world.marina}`;
    const others = sql`location_id <> ${world.marina}`;
    for (const [shift, which] of [
      [-3650, marina],
      [-3650, others],
      [3650, sql`true`],
    ] as const) {
      await db.execute(
        sql`UPDATE review_daily SET day = day + ${shift}::int WHERE company_id = ${companyId} AND ${which}`,
      );
      await db.execute(
        sql`UPDATE topic_daily SET day = day + ${shift}::int WHERE company_id = ${companyId} AND ${which}`,
      );
      expect(await differences(db)).toEqual([]);
    }
    // A change that keeps the keys' reviews and mentions: every key is changed in place.
    await db.execute(sql`UPDATE review_daily SET responded = 0, response_seconds = 0 WHERE company_id = ${companyId}`);
    await db.execute(
      sql`UPDATE topic_daily SET neutral = neutral + positive, positive = 0 WHERE company_id = ${companyId}`,
    );
    expect(await differences(db)).toEqual([]);
    const [after] = rowsOf<{ n: string }>(
      await db.execute(
        sql`SELECT count(*) AS n FROM review_company_daily WHERE company_id = ${companyId} AND day < '2016-01-01'`,
      ),
    );
    expect(Number(after!.n)).toBe(0);
  });

  it('are rebuilt a few locations at a time, as the first start does after its analysis, to what a whole rebuild gives', async () => {
    const env = use();
    const db = env.database.db;
    const companyId = env.fx.companyA.id;
    await rebuildTopicDaily(db, companyId);
    const before = await topicRollupRows(db, companyId);
    // A bulk analysis writes review_topics and leaves the rollups to the rebuild: one review loses
    // its topics, another of another location gains one.
    await db.execute(sql`DELETE FROM review_topics WHERE review_id = ${world.reviewIds.r1}`);
    await db.execute(sql`INSERT INTO review_topics (review_id, company_id, kind, topic, subtopic, sentiment)
      VALUES (${world.reviewIds.r5}, ${companyId}, 'topic', 'Parking', '', -1)`);
    await rebuildTopicRollupsBySlice(db, companyId, 3);
    const { kept, rebuilt } = await topicRollupsAndRebuilt(db, companyId);
    expect(kept).not.toEqual(before);
    expect(kept.daily.some((r) => (r as { topic: string }).topic === 'Parking')).toBe(true);
    expect(kept).toEqual(rebuilt);
    expect(await differences(db)).toEqual([]);
  });
});

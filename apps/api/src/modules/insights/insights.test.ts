import { sql } from 'drizzle-orm';
import { readWorkbook } from '../../test/workbook';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeText } from '../../platform/nlp/analyze';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReportingWorld, PERIOD } from '../statistics/test/reportingData';
import { dataChanged } from '../../platform/dataChanges';
import { insertReviewRows } from '../reviews/repository';
import { analyzeWaitingReviews } from './backfill';

const topicsOf = (text: string, type = 'Restaurants') =>
  analyzeText(text, type).topics.map((t) => `${t.topic}${t.subtopic ? `/${t.subtopic}` : ''}:${t.sentiment}`);

describe('text analysis (wink-nlp)', () => {
  it('finds topics and sub-topics with the sentiment of the sentences that mention them', () => {
    expect(topicsOf('The food was delicious and the staff were friendly.')).toEqual([
      'food:1',
      'food/taste:1',
      'staff:1',
      'staff/friendliness:1',
    ]);
    expect(topicsOf('The washroom was dirty and the waiter was rude.')).toEqual([
      'service:-1',
      'service/waiters:-1',
      'staff:-1',
      'staff/friendliness:-1',
      'cleanliness:-1',
      'cleanliness/washroom:-1',
    ]);
    expect(topicsOf('Service was slow but the food was tasty.')).toEqual([
      'service:-1',
      'service/speed:-1',
      'food:1',
      'food/taste:1',
    ]);
    expect(topicsOf('It is way overpriced and the food was cold.')).toEqual([
      'food:-1',
      'food/temperature:-1',
      'price:-1',
      'price/value:-1',
    ]);
  });

  it('keeps the sentiment of each sentence to its own topics, and honours negation', () => {
    expect(
      topicsOf('The rooms were spotless. Check-in took forever and the reception staff were rude.', 'Hotels'),
    ).toEqual(expect.arrayContaining(['rooms:1', 'checkin:-1', 'staff:-1', 'cleanliness:1']));
    expect(analyzeText('The service was not slow at all.', 'Restaurants').sentiment).toBe(1);
  });

  it('uses the topics of the company type and skips texts that are not English', () => {
    expect(topicsOf('The app keeps crashing after the update.', 'Banks')).toContain('app:-1');
    expect(analyzeText('الطعام رائع والخدمة ممتازة', 'Restaurants')).toEqual({
      score: null,
      sentiment: null,
      topics: [],
      words: [],
    });
    expect(analyzeText('Cold food, rude staff.', 'Restaurants').words.map((w) => w.word)).toEqual(
      expect.arrayContaining(['food', 'rude', 'staff']),
    );
  });
});

describeEachDatabase('Insights v3 on a hand-computed data set', (use) => {
  let token: string;
  const get = (url: string, query: Record<string, string> = {}, as = token) =>
    use().app.inject({ method: 'GET', url, query: { ...PERIOD, ...query }, headers: bearer(as) });
  const getIn = (language: string, url: string, query: Record<string, string> = {}) =>
    use().app.inject({
      method: 'GET',
      url,
      query: { ...PERIOD, ...query },
      headers: { ...bearer(token), 'accept-language': language },
    });

  beforeAll(async () => {
    const env = use();
    await createReportingWorld(env.database.db, env.fx.companyA.id);
    token = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('categories: the topics of the company type', async () => {
    const res = await get('/v3/insights/categories');
    expect(res.statusCode).toBe(200);
    const food = res.json().data.find((c: { key: string }) => c.key === 'food');
    expect(food.title).toBe('Food');
    expect(food.subtopics.map((s: { key: string }) => s.key)).toContain('taste');
  });

  it('primary: mentions per topic with sentiment, share of reviews with text and the previous period', async () => {
    const body = (await get('/v3/insights/primary')).json();
    expect(body.reviews_with_text).toBe(6);
    const by = (k: string) => body.data.find((t: { topic: string }) => t.topic === k);
    // food: r1 (+), r2, r5 (-); previous period: p1
    expect(by('food')).toMatchObject({ title: 'Food', mentions: 3, share: 50, previous_mentions: 1 });
    expect(by('food')).toMatchObject({ positive: 2, negative: 1 }); // delicious, tasty; cold
    expect(by('cleanliness')).toMatchObject({ mentions: 1, negative: 1, sentiment_score: -1, previous_mentions: 0 });
    expect(by('staff')).toMatchObject({ mentions: 2, positive: 1, negative: 1 }); // friendly (r1), rude waiter (r3)
    expect(by('price')).toMatchObject({ mentions: 1, negative: 1 });
    expect(body.data[0].topic).toBe('food');
  });

  it('secondary: sub-topics of one topic', async () => {
    const body = (await get('/v3/insights/secondary', { topic: 'food' })).json();
    const by = (k: string) => body.data.find((t: { subtopic: string }) => t.subtopic === k);
    expect(by('taste').mentions).toBe(2); // delicious (r1), tasty (r2)
    expect(by('temperature')).toMatchObject({ mentions: 1, negative: 1, title: 'Food temperature' });
    expect(body.data.every((t: { topic: string }) => t.topic === 'food')).toBe(true);
  });

  it('words: the most used, positive and negative words', async () => {
    const body = (await get('/v3/insights/words')).json();
    expect(body.data[0]).toMatchObject({ word: 'food', mentions: 3 });
    expect(body.negative.map((w: { word: string }) => w.word)).toEqual(
      expect.arrayContaining(['dirty', 'rude', 'cold']),
    );
    expect(body.positive.map((w: { word: string }) => w.word)).toEqual(
      expect.arrayContaining(['delicious', 'friendly']),
    );
  });

  it('trend: mentions per topic and bucket', async () => {
    const body = (await get('/v3/insights/trend', { topics: 'food,cleanliness', interval: 'week' })).json();
    expect(body.topics.map((t: { key: string }) => t.key)).toEqual(['food', 'cleanliness']);
    const total = body.points.reduce(
      (a: number, p: { topics: Record<string, { mentions: number }> }) => a + p.topics.food!.mentions,
      0,
    );
    expect(total).toBe(3);
  });

  it("titles topics in the request's language: Arabic with Accept-Language ar, English without", async () => {
    type Titled = { key: string; topic?: string; title: string };
    const titleOf = (rows: Titled[], key: string) => rows.find((r) => r.key === key)?.title;
    // Arabic first: the English answer to the same address must not be the cached Arabic one.
    const arPrimary = (await getIn('ar', '/v3/insights/primary')).json();
    expect(titleOf(arPrimary.data, 'food')).toBe('الطعام');
    expect(titleOf(arPrimary.data, 'staff')).toBe('الموظفون');
    expect(titleOf((await get('/v3/insights/primary')).json().data, 'food')).toBe('Food');
    expect(titleOf((await getIn('ar-AE,en;q=0.5', '/v3/insights/primary')).json().data, 'food')).toBe('الطعام');

    const arSecondary = (await getIn('ar', '/v3/insights/secondary', { topic: 'food' })).json();
    expect(titleOf(arSecondary.data, 'temperature')).toBe('درجة حرارة الطعام');
    const enSecondary = (await get('/v3/insights/secondary', { topic: 'food' })).json();
    expect(titleOf(enSecondary.data, 'temperature')).toBe('Food temperature');

    const trendQuery = { topics: 'food,waiting', interval: 'week' };
    const arTrend = (await getIn('ar', '/v3/insights/trend', trendQuery)).json();
    expect(arTrend.topics).toEqual([
      { key: 'food', title: 'الطعام' },
      { key: 'waiting', title: 'وقت الانتظار' },
    ]);
    expect((await get('/v3/insights/trend', trendQuery)).json().topics[1]).toEqual({
      key: 'waiting',
      title: 'Waiting time',
    });

    const arCategories = (await getIn('ar', '/v3/insights/categories')).json().data as (Titled & {
      subtopics: Titled[];
    })[];
    const food = arCategories.find((c) => c.key === 'food')!;
    expect(food.title).toBe('الطعام');
    expect(titleOf(food.subtopics, 'taste')).toBe('المذاق');
    expect(arCategories.every((c) => /[\u0600-\u06FF]/.test(c.title))).toBe(true);

    // The dashboard's highlights name the same topics (food: 3 mentions, enough to be scored).
    const premium = async (language?: string) => {
      const res = language
        ? await getIn(language, '/v2/api/dashboard/premium')
        : await get('/v2/api/dashboard/premium');
      const { praised, criticised } = res.json().topics as { praised: Titled[]; criticised: Titled[] };
      return [...praised, ...criticised].find((r) => r.topic === 'food')?.title;
    };
    expect(await premium('ar')).toBe('الطعام');
    expect(await premium()).toBe('Food');
  });

  it('dashboard highlights: a topic spoken well of is praised, never criticised, and none is in both lists', async () => {
    const body = (await get('/v2/api/dashboard/premium')).json();
    type Scored = { topic: string; sentiment_score: number };
    const { praised, criticised } = body.topics as { praised: Scored[]; criticised: Scored[] };
    // food: 2 positive, 1 negative (the only topic with the 3 mentions a highlight needs)
    expect(praised.map((t) => t.topic)).toEqual(['food']);
    expect(praised[0]!.sentiment_score).toBeGreaterThan(0);
    expect(criticised).toEqual([]);
  });

  it("export: the sheets, headers, intro and topic titles follow the download's language (?lang=)", async () => {
    const topicsSheet = async (query: Record<string, string>) => {
      const res = await use().app.inject({
        method: 'GET',
        url: '/v3/insights/export',
        query: { ...PERIOD, access_token: token, ...query },
      });
      expect(res.statusCode).toBe(200);
      const { rows, ...workbook } = await readWorkbook(res.rawPayload);
      return {
        ...workbook,
        headers: [rows(0)[2], rows(2)[2]],
        topics: rows(0).map((r) => r[0]),
        subtopics: rows(1).map((r) => [r[0], r[1]]),
      };
    };
    const ar = await topicsSheet({ lang: 'ar' });
    expect(ar.sheets).toEqual(['المواضيع', 'المواضيع الفرعية', 'الكلمات']);
    expect(ar.rightToLeft).toBe(true);
    expect(ar.intro[0]).toMatch(/^تقرير الرؤى: /);
    expect(ar.intro[1]).toMatch(/^الفترة من 01\/03\/2025 إلى 10\/03\/2025؛ المراجعات المكتوبة: \d+$/);
    expect(ar.headers[0]).toEqual(
      expect.arrayContaining(['الموضوع', 'الإشارات', 'نسبة المراجعات %', 'الانطباع (-1..1)']),
    );
    expect(ar.headers[1]).toEqual(['الكلمة', 'الإشارات', 'في جمل إيجابية', 'في جمل سلبية', 'الانطباع (-1..1)']);
    expect(ar.topics).toEqual(expect.arrayContaining(['الطعام', 'الموظفون', 'النظافة']));
    expect(ar.topics).not.toContain('Food');
    expect(ar.subtopics).toContainEqual(['الطعام', 'درجة حرارة الطعام']);
    const en = await topicsSheet({});
    expect(en.sheets).toEqual(['Topics', 'Sub-topics', 'Words']);
    expect(en.rightToLeft).toBe(false);
    expect(en.intro[0]).toMatch(/^Insights report: /);
    expect(en.intro[1]).toMatch(/^Period 2025-03-01 to 2025-03-10; \d+ reviews with text$/);
    expect(en.headers[1]).toEqual([
      'Word',
      'Mentions',
      'In positive sentences',
      'In negative sentences',
      'Sentiment (-1..1)',
    ]);
    expect(en.topics).toEqual(expect.arrayContaining(['Food', 'Staff', 'Cleanliness']));
    expect(en.subtopics).toContainEqual(['Food', 'Food temperature']);
  });

  it('whole months read topic_monthly and agree with topic_daily', async () => {
    const all = {
      locations: (
        (await use().database.db.execute(
          sql`SELECT string_agg(id::text, ',') AS ids FROM locations WHERE company_id = ${use().fx.companyA.id}`,
        )) as unknown as { rows: { ids: string }[] }
      ).rows[0]!.ids,
    };
    for (const range of [
      { date_from: '2025-02-01', date_to: '2025-03-31' },
      { date_from: '2025-02-10', date_to: '2025-04-30' },
    ]) {
      for (const url of ['/v3/insights/primary', '/v3/insights/secondary', '/v3/insights/words']) {
        const monthly = (await get(url, range)).json();
        const daily = (await get(url, { ...range, ...all })).json();
        expect(monthly.data.length).toBeGreaterThan(0);
        expect(monthly).toEqual(daily);
      }
      const trendM = (await get('/v3/insights/trend', { ...range, interval: 'month', topics: 'food,staff' })).json();
      const trendD = (
        await get('/v3/insights/trend', { ...range, ...all, interval: 'month', topics: 'food,staff' })
      ).json();
      expect(trendM.points).toEqual(trendD.points);
      expect(
        trendM.points.reduce(
          (a: number, p: { topics: { food: { mentions: number } } }) => a + p.topics.food.mentions,
          0,
        ),
      ).toBe(4);
    }
  });

  it('the Insights Report feature gates every call (the Owner always passes)', async () => {
    const env = use();
    const beta = (await signIn(env.app, 'admin@beta.test')).access_token;
    const denied = await get('/v3/insights/primary', {}, beta);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error_description).toContain('insightsReport');
    const owner = (await signIn(env.app, 'owner@fixture.test')).access_token;
    const asBeta = await get('/v3/insights/primary', { ownerAsCompany: String(env.fx.companyB.id) }, owner);
    expect(asBeta.statusCode).toBe(200);
    expect(asBeta.json().data).toEqual([]);
    expect((await get('/v3/insights/primary', { topics: 'Bad Topic!' })).statusCode).toBe(400);
  });

  it('tells how many reviews still wait for text analysis, until the job has analysed them', async () => {
    const { database, fx } = use();
    const waiting = async () => [
      (await get('/v3/insights/primary')).json().reviews_waiting_analysis,
      (await get('/v3/insights/secondary', { topic: 'food' })).json().reviews_waiting_analysis,
      (await get('/v3/insights/words')).json().reviews_waiting_analysis,
    ];
    expect(await waiting()).toEqual([0, 0, 0]);
    // Stored without analysis, as the first start's seed, a bulk load or an import stores them.
    await insertReviewRows(
      database.db,
      Array.from({ length: 3 }, (_, i) => ({
        companyId: fx.companyA.id,
        source: 'google',
        rating: 2,
        text: `Visit ${i}: the food was cold.`,
        createdAt: new Date(Date.UTC(2020, 0, 1 + i, 12)),
      })),
    );
    dataChanged(fx.companyA.id, ['reviews']);
    expect(await waiting()).toEqual([3, 3, 3]);
    expect(await analyzeWaitingReviews(database.db)).toBe(3);
    expect(await waiting()).toEqual([0, 0, 0]);
  });
});

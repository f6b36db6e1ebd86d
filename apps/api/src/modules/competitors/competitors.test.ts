import ExcelJS from 'exceljs';
import { readWorkbook } from '../../test/workbook';
import { COMPETITOR_SOURCES_MESSAGE } from '@reputo/core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import {
  createReportingWorld,
  freshRollups,
  insertReviews,
  PERIOD,
  type ReportingWorld,
} from '../statistics/test/reportingData';
import { PER_LOCATION_MESSAGE } from './service';

const GOOGLE = 'https://www.google.com/maps/place/Burger+Palace+Marina';
const TRIP = 'https://www.tripadvisor.com/Restaurant_Review-Burger_Palace';

describeEachDatabase('Competitors: CRUD, limits, benchmark, upload and export', (use) => {
  let world: ReportingWorld;
  let admin: string;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    opts: { body?: unknown; query?: Record<string, string>; token?: string; headers?: Record<string, string> } = {},
  ) =>
    use().app.inject({
      method,
      url,
      payload: opts.body as object | undefined,
      query: opts.query,
      headers: { ...bearer(opts.token ?? admin), ...opts.headers },
    });

  beforeAll(async () => {
    const env = use();
    world = await createReportingWorld(env.database.db, env.fx.companyA.id);
    admin = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('creates, reads, renames and lists a competitor with branches at own locations', async () => {
    const created = await call('POST', '/v2/api/competitor', {
      body: {
        name: 'Burger Palace',
        locations: [
          { location_id: world.marina, title: 'Burger Palace Marina', sources: { google: GOOGLE, tripadvisor: TRIP } },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json();
    expect(c.locations[0]).toMatchObject({
      location_id: world.marina,
      location_title: 'Alpha Grill Marina',
      sources: { google: GOOGLE, tripadvisor: TRIP },
    });
    expect((await call('GET', `/v2/api/competitor/${c.id}`)).json().name).toBe('Burger Palace');
    const renamed = await call('PATCH', `/v2/api/competitor/${c.id}`, { body: { name: 'Burger Palace Co' } });
    expect(renamed.json().name).toBe('Burger Palace Co');
    expect(renamed.json().locations).toHaveLength(1);
    const list = (await call('GET', '/v2/api/competitor')).json();
    expect(list).toMatchObject({ total: 1, page: 1, total_pages: 1 });
  });

  it('answers the limits with the spec messages: 4 sources, 3 competitors per location, valid addresses, names', async () => {
    const five = {
      google: GOOGLE,
      tripadvisor: TRIP,
      facebook: 'https://www.facebook.com/bp',
      zomato: 'https://www.zomato.com/dubai/bp',
      talabat: 'https://www.talabat.com/uae/bp',
    };
    const tooMany = await call('POST', '/v2/api/competitor', {
      body: { name: 'Five Sources', locations: [{ location_id: world.downtown, sources: five }] },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error_description).toBe(COMPETITOR_SOURCES_MESSAGE);
    const notCompetitorSource = await call('POST', '/v2/api/competitor', {
      body: {
        name: 'Booked',
        locations: [{ location_id: world.downtown, sources: { booking: 'https://www.booking.com/hotel/x.html' } }],
      },
    });
    expect(notCompetitorSource.json().error_description).toBe(
      "Booking is not one of the company's competitor sources.",
    );
    const badUrl = await call('POST', '/v2/api/competitor', {
      body: {
        name: 'Bad Url',
        locations: [{ location_id: world.downtown, sources: { google: 'https://evil.example/maps' } }],
      },
    });
    expect(badUrl.json().error_description).toBe('Enter a valid Google address.');
    const space = await call('POST', '/v2/api/competitor', { body: { name: ' Leading', locations: [] } });
    expect(space.json().error_description).toBe('The field cannot start with a space!');
    for (const name of ['Rival Two', 'Rival Three']) {
      expect(
        (await call('POST', '/v2/api/competitor', { body: { name, locations: [{ location_id: world.marina }] } }))
          .statusCode,
      ).toBe(201);
    }
    const fourth = await call('POST', '/v2/api/competitor', {
      body: { name: 'Rival Four', locations: [{ location_id: world.marina }] },
    });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().error_description).toBe(PER_LOCATION_MESSAGE);
  });

  it('roles and tenants: a Responder cannot change competitors, another company sees 404, a company without the feature 403', async () => {
    const env = use();
    const list = (await call('GET', '/v2/api/competitor')).json();
    const id = list.data[0].id as number;
    const responder = (await signIn(env.app, 'responder@alpha.test')).access_token;
    expect((await call('GET', `/v2/api/competitor/${id}`, { token: responder })).statusCode).toBe(200);
    expect((await call('DELETE', `/v2/api/competitor/${id}`, { token: responder })).statusCode).toBe(403);
    const beta = (await signIn(env.app, 'admin@beta.test')).access_token;
    expect((await call('GET', '/v2/api/competitor', { token: beta })).statusCode).toBe(403);
    const owner = (await signIn(env.app, 'owner@fixture.test')).access_token;
    const asBeta = { ownerAsCompany: String(env.fx.companyB.id) };
    const foreign = await call('GET', `/v2/api/competitor/${id}`, { token: owner, query: asBeta });
    expect(foreign.statusCode).toBe(404);
    expect((await call('DELETE', `/v2/api/competitor/${id}`, { token: owner, query: asBeta })).statusCode).toBe(404);
    expect((await call('GET', '/v2/api/competitor/99999999')).statusCode).toBe(404);
    const foreignLocation = await call('POST', '/v2/api/competitor', {
      token: owner,
      query: asBeta,
      body: { name: 'Sneaky', locations: [{ location_id: world.marina }] },
    });
    expect(foreignLocation.statusCode).toBe(404);
  });

  it('benchmarks own locations against competitor reviews that went through the same pipeline', async () => {
    const env = use();
    const bp = (await call('GET', '/v2/api/competitor'))
      .json()
      .data.find((c: { name: string }) => c.name === 'Burger Palace Co');
    const branch = bp.locations[0].id as number;
    await insertReviews(env.database.db, env.fx.companyA.id, world, [
      {
        key: 'c1',
        location: 'marina',
        source: 'google',
        rating: 5,
        day: '2025-03-02',
        text: 'The burgers were delicious.',
        competitorLocationId: branch,
        repliedAfterHours: 3,
      },
      {
        key: 'c2',
        location: 'marina',
        source: 'google',
        rating: 2,
        day: '2025-03-04',
        text: 'The staff were rude.',
        competitorLocationId: branch,
      },
      {
        key: 'c3',
        location: 'marina',
        source: 'tripadvisor',
        rating: 2,
        day: '2025-03-05',
        competitorLocationId: branch,
      },
    ]);
    const data = (await call('GET', '/v2/api/competitor/pageData', { query: PERIOD })).json();
    const marina = data.locations.find((l: { location_id: number }) => l.location_id === world.marina);
    expect(marina.own).toMatchObject({ reviews: 3, average: 3.67, response_rate: 66.7 });
    expect(marina.competitors_total).toMatchObject({ reviews: 3, average: 3, response_rate: 33.3 });
    expect(marina.gap).toBe(0.67);
    expect(marina.rank).toBe(1);
    expect(
      marina.competitors.find((c: { competitor_location_id: number }) => c.competitor_location_id === branch),
    ).toMatchObject({ reviews: 3, average: 3 });
    expect(data.limits).toEqual({ sources: 4, per_location: 3 });
    expect(data.competitor_sources.map((s: { value: string }) => s.value)).toEqual([
      'google',
      'facebook',
      'zomato',
      'tripadvisor',
    ]);
    expect(data.topics.find((t: { topic: string }) => t.topic === 'staff').competitors.mentions).toBe(1);
    // The company's own reports never count competitor reviews.
    expect((await call('GET', '/v2/api/statistics/reviews/volume', { query: PERIOD })).json().reviews).toBe(8);
    const tree = (await call('GET', '/v2/api/competitor/brands')).json();
    const grill = tree.data.find((b: { title: string }) => b.title === 'Alpha Grill');
    expect(grill.states.find((s: { title: string }) => s.title === 'Dubai').locations[0]).toMatchObject({
      id: world.marina,
      competitors: 3,
    });

    const xlsx = await call('GET', '/v2/api/competitor/export', { query: PERIOD });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Benchmark')!;
    const rows = sheet
      .getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows.find((r) => r[0] === 'Alpha Grill Marina')).toEqual([
      'Alpha Grill Marina',
      'Alpha Grill',
      'Dubai',
      3,
      3.67,
      66.7,
      3,
      3,
      33.3,
      0.67,
      '1 of 2',
    ]); // the two rivals without reviews are not ranked

    // Topic titles in the request's language, on the screen (the Arabic answer is cached apart) and in the export.
    type Topic = { topic: string; title: string };
    const arTopics = (
      await call('GET', '/v2/api/competitor/pageData', { query: PERIOD, headers: { 'accept-language': 'ar' } })
    ).json().topics as Topic[];
    expect(arTopics.find((t) => t.topic === 'staff')?.title).toBe('الموظفون');
    expect(arTopics.find((t) => t.topic === 'food')?.title).toBe('الطعام');
    expect(data.topics.find((t: Topic) => t.topic === 'staff').title).toBe('Staff');
    const again = (await call('GET', '/v2/api/competitor/pageData', { query: PERIOD })).json().topics as Topic[];
    expect(again.find((t) => t.topic === 'staff')?.title).toBe('Staff');
    // The workbook in the download's language: sheets, intro, headers and ranks too, right to left in Arabic.
    const book = async (query: Record<string, string>) => {
      const res = await call('GET', '/v2/api/competitor/export', { query: { ...PERIOD, ...query } });
      const { rows, ...workbook } = await readWorkbook(res.rawPayload);
      return {
        ...workbook,
        headers: rows(1)[2],
        marina: rows(0).find((r) => r[0] === 'Alpha Grill Marina'),
        topics: rows(2).map((r) => r[0]),
      };
    };
    const ar = await book({ lang: 'ar' });
    expect(ar.sheets).toEqual(['المقارنة', 'المنافسون', 'المواضيع']);
    expect(ar.rightToLeft).toBe(true);
    expect(ar.intro).toEqual([
      'مقارنة المنافسين: Alpha Restaurants',
      `الفترة من ${PERIOD.date_from.split('-').reverse().join('/')} إلى ${PERIOD.date_to.split('-').reverse().join('/')}`,
    ]);
    expect(ar.headers).toEqual(['موقعك', 'المنافس', 'الفرع', 'المراجعات', 'التقييم', 'معدل الرد %']);
    expect(ar.marina?.at(-1)).toBe('1 من 2');
    expect(ar.topics).toEqual(expect.arrayContaining(['الموظفون', 'الطعام']));
    const en = await book({});
    expect(en.sheets).toEqual(['Benchmark', 'Competitors', 'Topics']);
    expect(en.rightToLeft).toBe(false);
    expect(en.intro).toEqual([
      'Competitor benchmark: Alpha Restaurants',
      `Period ${PERIOD.date_from} to ${PERIOD.date_to}`,
    ]);
    expect(en.headers).toEqual(['Your location', 'Competitor', 'Branch', 'Reviews', 'Rating', 'Response rate %']);
    expect(en.marina?.at(-1)).toBe('1 of 2');
    expect(en.topics).toEqual(expect.arrayContaining(['Staff', 'Food']));

    // The dashboard's premium widget reads only what it shows: the page's summary, and the locations
    // ahead of and behind their competitors by the page's own gaps.
    const page = (await call('GET', '/v2/api/competitor/pageData', { query: PERIOD })).json();
    const premium = await call('GET', '/v2/api/dashboard/premium', { query: PERIOD });
    expect(premium.statusCode, premium.body).toBe(200);
    const gaps = (page.locations as { gap: number | null }[]).map((l) => l.gap);
    expect(premium.json().competitors).toEqual({
      ...page.summary,
      locations: page.locations.length,
      ahead: gaps.filter((g) => g !== null && g > 0).length,
      behind: gaps.filter((g) => g !== null && g < 0).length,
    });
    expect(premium.json().competitors.ahead).toBeGreaterThan(0);

    // Removing the competitor removes its reviews; the rollups stay exact.
    expect((await call('DELETE', `/v2/api/competitor/${bp.id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/v2/api/competitor/pageData', { query: PERIOD })).json();
    expect(after.summary.competitors.reviews).toBe(0);
    const check = await freshRollups(env.database.db, env.fx.companyA.id);
    expect(check.incremental).toEqual(check.fresh);
  });

  it('uploads branches from CSV: imported, duplicates skipped, bad rows reported by line; example file and fields', async () => {
    const fields = (await call('GET', '/v2/api/competitor/upload/fields'))
      .json()
      .fields.map((f: { title: string }) => f.title);
    expect(fields).toEqual([
      'Competitor name',
      'Location ID',
      'Branch name',
      'Address',
      'Google URL',
      'Facebook URL',
      'Zomato URL',
      'TripAdvisor URL',
    ]);
    const csv = [
      'Competitor name,Location ID,Branch name,Address,Google URL',
      'Shawarma Street,AG-002,Shawarma Street Downtown,"Downtown, Abu Dhabi",https://www.google.com/maps/place/Shawarma',
      'Shawarma Street,AG-002,Shawarma Street Downtown,,',
      'Shawarma Street,NOPE-1,Somewhere,,',
      'Shawarma Street,AE-001,Shawarma Street Riyadh,,https://bad.example/x',
      'Shawarma Street,,Nowhere,,',
    ].join('\n');
    const res = await call('POST', '/v2/api/competitor/upload', {
      body: { filename: 'competitors.csv', content: Buffer.from(csv).toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 1,
      skipped: 1,
      rejected: [
        { line: 4, reason: 'Location NOPE-1 is not one of your locations.' },
        { line: 5, reason: 'Google URL is not a valid Google address.' },
        { line: 6, reason: 'Location (empty) is not one of your locations.' },
      ],
    });
    const arabic = await call('POST', '/v2/api/competitor/upload', {
      body: { filename: 'competitors.csv', content: Buffer.from(csv).toString('base64') },
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json().rejected).toEqual([
      { line: 4, reason: 'الموقع NOPE-1 ليس من مواقعك.' },
      { line: 5, reason: 'Google URL ليس عنوان Google صالحًا.' },
      { line: 6, reason: 'خانة الموقع فارغة؛ اكتب أحد مواقعك.' },
    ]);
    const missing = await call('POST', '/v2/api/competitor/upload', {
      body: { filename: 'c.csv', content: Buffer.from('Name\nx').toString('base64') },
    });
    expect(missing.json().error_description).toContain('Missing columns: Competitor name, Location ID');
    const example = await call('GET', '/v2/api/competitor/upload/example');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(example.rawPayload as unknown as ExcelJS.Buffer);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(fields);
    // In Arabic: the columns' descriptions and the help sheet; the column names stay the file's English.
    const ar = { headers: { 'accept-language': 'ar' } };
    const arFields = (await call('GET', '/v2/api/competitor/upload/fields', ar)).json().fields as {
      title: string;
      description: string;
    }[];
    expect(arFields.map((f) => f.title)).toEqual(fields);
    expect(arFields[3]!.description).toBe('عنوان الفرع.');
    for (const f of arFields) expect(f.description, f.title).toMatch(/\p{Script=Arabic}/u);
    const arExample = await readWorkbook((await call('GET', '/v2/api/competitor/upload/example', ar)).rawPayload);
    expect(arExample.sheets).toEqual(['Competitors', 'تعليمات']);
    expect(arExample.rightToLeft).toBe(true);
    expect(arExample.rows(1)[1]).toEqual(['Competitor name', 'نعم', arFields[0]!.description]);
  });
});

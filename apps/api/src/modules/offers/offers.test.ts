import { packageFeatures } from '@reputo/core';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { describeOnBothDatabases } from '../../test/harness';
import { bearer, multipart, PNG, signIn } from '../../test/http';
import { readWorkbook } from '../../test/workbook';
import { rotateKey } from '../apiKeys/repository';
import { insertUser } from '../users/repository';
import { createReviewWorld, setCompanyFeatures, type ReviewWorld } from '../reviews/test/world';
import { CODE_ALPHABET } from './codes';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const offerBody = {
  title: 'Free dessert with any burger',
  description: 'Thank you for your feedback',
  terms: 'One per visit. Not valid with other offers.',
  discount_type: 'free_item',
  free_item: 'dessert',
  valid_from: '2026-01-01',
  valid_to: '2099-12-31',
  limit_per_customer: 1,
};

const CODE_RE = new RegExp(`^[${CODE_ALPHABET}]+$`);

describeOnBothDatabases('Offers and coupons', (use, { itOnce }) => {
  let world: ReviewWorld;
  const tokens: Record<string, string> = {};
  let companyKey: string;
  let bKey: string;

  beforeAll(async () => {
    const { app, fx, database } = use();
    world = await createReviewWorld(database.db, fx);
    // Company B gets the Feedback feature, so its refusals come from tenancy (404), not the feature.
    await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    for (const [name, email] of [
      ['admin', 'admin@alpha.test'],
      ['manager', 'manager@alpha.test'],
      ['responder', 'responder@alpha.test'],
      ['analyst', 'analyst@alpha.test'],
      ['b', 'admin@beta.test'],
      ['owner', 'owner@fixture.test'],
    ] as const)
      tokens[name] = (await signIn(app, email)).access_token;
    companyKey = (await rotateKey(database.db, { companyId: fx.companyA.id })).token;
    bKey = (await rotateKey(database.db, { companyId: fx.companyB.id })).token;
  });

  const call = (who: string, method: Method, url: string, payload?: object) =>
    use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  async function newOffer(body: object = offerBody): Promise<number> {
    const res = await call('admin', 'POST', '/v2/api/offer/create', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function generate(offerId: number, count: number, length = 8) {
    const res = await call('admin', 'POST', `/v2/api/offer/${offerId}/generate`, { count, length });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { generated: number; took_ms: number };
  }

  async function codesOf(offerId: number): Promise<string[]> {
    const r = await use().database.db.execute(sql`SELECT code FROM coupons WHERE offer_id = ${offerId} ORDER BY id`);
    return rowsOf<{ code: string }>(r).map((x) => x.code);
  }

  itOnce('creates, reads, lists with counts, changes and deletes an offer', async () => {
    const created = await call('admin', 'POST', '/v2/api/offer/create', {
      ...offerBody,
      location_ids: [world.marina],
      brand_ids: [world.brandBurger],
    });
    expect(created.statusCode).toBe(201);
    const offer = created.json();
    expect(offer).toMatchObject({
      title: offerBody.title,
      discount_type: 'free_item',
      discount_value: null,
      free_item: 'dessert',
      discount_label: 'Free dessert',
      location_ids: [world.marina],
      brand_ids: [world.brandBurger],
      status: 'active',
      issued: 0,
      redeemed: 0,
      redemption_rate: null,
      image_url: null,
    });
    await generate(offer.id, 5);
    const one = await call('analyst', 'GET', `/v2/api/offer/${offer.id}`);
    expect(one.json()).toMatchObject({ id: offer.id, issued: 5, redeemed: 0, redemption_rate: 0 });

    const list = await call('analyst', 'GET', '/v2/api/offers?per_page=100&search=dessert');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ page: 1, per_page: 100 });
    expect(list.json().data.find((o: { id: number }) => o.id === offer.id)).toMatchObject({ issued: 5, redeemed: 0 });

    const changed = await call('manager', 'PATCH', `/v2/api/offer/${offer.id}`, {
      discount_type: 'percent',
      discount_value: 15,
      active: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      discount_type: 'percent',
      discount_value: 15,
      free_item: null,
      discount_label: '15% off',
      active: false,
      status: 'inactive',
      title: offerBody.title,
    });
    const inactive = await call('analyst', 'GET', '/v2/api/offers?active=false&per_page=100');
    expect(inactive.json().data.map((o: { id: number }) => o.id)).toContain(offer.id);

    const removed = await call('admin', 'DELETE', `/v2/api/offer/${offer.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Offer deleted.' });
    const other = await newOffer();
    const removedInArabic = await use().app.inject({
      method: 'DELETE',
      url: `/v2/api/offer/${other}`,
      headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
    });
    expect(removedInArabic.json()).toEqual({ message: 'حُذف العرض.' });
    expect((await call('admin', 'GET', `/v2/api/offer/${offer.id}`)).statusCode).toBe(404);
    expect(await codesOf(offer.id)).toEqual([]);
  });

  itOnce('refuses invalid offers field by field', async () => {
    const noValue = await call('admin', 'POST', '/v2/api/offer/create', { title: 'X', discount_type: 'percent' });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json()).toMatchObject({
      error: 'invalid_request',
      details: [{ field: 'discount_value', message: 'A percent discount needs a value from 1 to 100' }],
    });
    const tooMuch = await call('admin', 'POST', '/v2/api/offer/create', {
      title: 'X',
      discount_type: 'percent',
      discount_value: 120,
    });
    expect(tooMuch.statusCode).toBe(400);
    const dates = await call('admin', 'POST', '/v2/api/offer/create', {
      title: 'X',
      discount_type: 'amount',
      discount_value: 5,
      valid_from: '2026-05-01',
      valid_to: '2026-04-01',
    });
    expect(dates.json().details).toEqual([{ field: 'valid_to', message: 'valid_to must not be before valid_from' }]);
    const noTitle = await call('admin', 'POST', '/v2/api/offer/create', { discount_type: 'amount', discount_value: 5 });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().details[0]).toMatchObject({ field: 'title', message: 'Missing offer title!' });
    // A change is checked against the offer as it would become.
    const id = await newOffer({ title: 'Five off', discount_type: 'amount', discount_value: 5 });
    const bad = await call('admin', 'PATCH', `/v2/api/offer/${id}`, { discount_type: 'free_item' });
    expect(bad.json().details).toEqual([{ field: 'free_item', message: 'A free-item offer needs the item' }]);
    const badDate = await call('admin', 'PATCH', `/v2/api/offer/${id}`, { valid_from: '2026-13-40' });
    expect(badDate.statusCode).toBe(400);
  });

  itOnce('lets every role read, the full-settings roles change and staff (not Analysts) redeem', async () => {
    const id = await newOffer();
    const [code] = await codesOf(id).then(async (c) => (c.length ? c : (await generate(id, 2), codesOf(id))));
    for (const who of ['admin', 'manager', 'responder', 'analyst'])
      expect((await call(who, 'GET', '/v2/api/offers')).statusCode, who).toBe(200);
    // The Owner and the partner act inside the company.
    const asA = `ownerAsCompany=${use().fx.companyA.id}`;
    expect((await call('owner', 'GET', `/v2/api/offers?${asA}`)).statusCode).toBe(200);
    expect((await call('owner', 'PATCH', `/v2/api/offer/${id}?${asA}`, { limit_per_customer: 2 })).statusCode).toBe(
      200,
    );
    for (const who of ['responder', 'analyst']) {
      expect((await call(who, 'POST', '/v2/api/offer/create', offerBody)).statusCode, who).toBe(403);
      expect((await call(who, 'PATCH', `/v2/api/offer/${id}`, { title: 'x' })).statusCode, who).toBe(403);
      expect((await call(who, 'DELETE', `/v2/api/offer/${id}`)).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `/v2/api/offer/${id}/generate`, { count: 1 })).statusCode, who).toBe(403);
    }
    expect(
      (await call('analyst', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina })).statusCode,
    ).toBe(403);
    const redeemed = await call('responder', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({
      code,
      state: 'redeemed',
      redeemed_location_id: world.marina,
      redeemed_location_title: 'Burger Bay Marina',
      redeemed_by: 'responder Tester',
    });
  });

  itOnce('is gated by the Feedback feature', async () => {
    const { database, fx } = use();
    await setCompanyFeatures(database.db, fx.companyB.id, packageFeatures('Starter'));
    try {
      const res = await call('b', 'GET', '/v2/api/offers');
      expect(res.statusCode).toBe(403);
      expect(
        (await call('b', 'POST', '/v2/api/coupons/redeem', { code: 'ABC', location_id: world.bLocation })).statusCode,
      ).toBe(403);
    } finally {
      await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    }
  });

  itOnce("answers 404 for another company's offers, codes and locations", async () => {
    const id = await newOffer();
    await generate(id, 3);
    const [code] = await codesOf(id);
    expect((await call('b', 'GET', `/v2/api/offer/${id}`)).statusCode).toBe(404);
    expect((await call('b', 'PATCH', `/v2/api/offer/${id}`, { title: 'mine' })).statusCode).toBe(404);
    expect((await call('b', 'DELETE', `/v2/api/offer/${id}`)).statusCode).toBe(404);
    expect((await call('b', 'POST', `/v2/api/offer/${id}/generate`, { count: 1 })).statusCode).toBe(404);
    expect(
      (
        await call('b', 'POST', '/v2/api/offer/upload', {
          offer_id: id,
          filename: 'c.csv',
          content: 'Q29kZQpBQkMxMjM=',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('b', 'GET', `/v2/api/coupons/export?offer_id=${id}`)).statusCode).toBe(404);
    const list = await call('b', 'GET', '/v2/api/offers?per_page=100');
    expect(list.json().data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await call('b', 'GET', `/v2/api/coupons?code=${code}`)).json().total).toBe(0);
    expect((await call('b', 'GET', `/v2/api/coupons/${code}`)).statusCode).toBe(404);
    const redeemHere = await call('b', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.bLocation });
    expect(redeemHere.statusCode).toBe(404);
    expect(redeemHere.json()).toEqual({ error: 'not_found', error_description: 'No such code' });
    const redeemThere = await call('b', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina });
    expect(redeemThere.json()).toEqual({ error: 'not_found', error_description: 'No such location' });
    const foreignPlace = await call('admin', 'POST', '/v2/api/offer/create', {
      ...offerBody,
      location_ids: [world.bLocation],
    });
    expect(foreignPlace.statusCode).toBe(400);
    expect(foreignPlace.json().details[0].field).toBe('location_ids');
    // Through the public API with B's key, A's code is unknown too.
    const pub = await use().app.inject({
      method: 'POST',
      url: '/v2/public/coupons/redeem',
      headers: { 'x-api-key': bKey },
      payload: { code, location_id: world.bLocation },
    });
    expect(pub.statusCode).toBe(404);
    expect((await codesOf(id)).length).toBe(3);
  });

  it('generates 10,000 distinct codes of the alphabet and the chosen length', async () => {
    const id = await newOffer();
    const { generated, took_ms } = await generate(id, 10_000, 7);
    expect(generated).toBe(10_000);
    const codes = await codesOf(id);
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes).size).toBe(10_000);
    expect(codes.every((c) => c.length === 7 && CODE_RE.test(c))).toBe(true);
    console.info(`[${use().driver}] 10,000 codes in ${took_ms} ms`);
    const tooShort = await call('admin', 'POST', `/v2/api/offer/${id}/generate`, { count: 10, length: 5 });
    expect(tooShort.json().details[0]).toMatchObject({ field: 'length', message: 'length is at least 6' });
    const tooMany = await call('admin', 'POST', `/v2/api/offer/${id}/generate`, { count: 100_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toMatchObject({ field: 'count', message: 'count is at most 100000' });
  });

  it('generates 100,000 distinct codes (PostgreSQL; PGlite runs the 10,000 case)', async (ctx) => {
    if (use().driver !== 'pg') return ctx.skip();
    const id = await newOffer();
    const { generated, took_ms } = await generate(id, 100_000);
    expect(generated).toBe(100_000);
    const r = await use().database.db.execute(
      sql`SELECT count(*)::int AS n, count(DISTINCT code)::int AS d FROM coupons WHERE offer_id = ${id}`,
    );
    expect(rowsOf<{ n: number; d: number }>(r)[0]).toEqual({ n: 100_000, d: 100_000 });
    // The 5-second goal is bench/src/coupons.ts's to judge (DESIGN: timing goals live in bench/); logged here.
    console.info(`[pg] 100,000 codes in ${took_ms} ms`);
  });

  it('of 100 simultaneous redemptions of one code exactly one succeeds', async () => {
    const id = await newOffer();
    await generate(id, 1);
    const [code] = await codesOf(id);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2
          ? call('responder', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina })
          : use().app.inject({
              method: 'POST',
              url: '/v2/public/coupons/redeem',
              headers: { 'x-api-key': companyKey },
              payload: { code: code!.toLowerCase(), location_code: 'BB-001' },
            }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ error: 'already_redeemed' });
    const r = await use().database.db.execute(sql`SELECT state FROM coupons WHERE code = ${code}`);
    expect(rowsOf<{ state: string }>(r)).toEqual([{ state: 'redeemed' }]);
  });

  it('answers clear errors for unknown, expired, inactive, early and wrong-place codes', async () => {
    const redeem = (code: string, location_id = world.marina) =>
      call('admin', 'POST', '/v2/api/coupons/redeem', { code, location_id });
    expect((await redeem('NOPE2345')).json()).toEqual({ error: 'not_found', error_description: 'No such code' });
    const cases: [object, number, string][] = [
      [{ valid_from: '2020-01-01', valid_to: '2020-12-31' }, 422, 'coupon_expired'],
      [{ active: false }, 422, 'offer_inactive'],
      [{ valid_from: '2099-01-01', valid_to: null }, 422, 'offer_not_started'],
      [{ location_ids: [world.downtown] }, 422, 'wrong_location'],
      [{ brand_ids: [world.brandNoodle] }, 422, 'wrong_location'],
    ];
    for (const [change, status, error] of cases) {
      const id = await newOffer({ ...offerBody, ...change });
      await generate(id, 1);
      const [code] = await codesOf(id);
      const res = await redeem(code!);
      expect(res.statusCode, JSON.stringify(change)).toBe(status);
      expect(res.json().error).toBe(error);
    }
    const expiredId = await newOffer({ ...offerBody, valid_from: '2020-01-01', valid_to: '2020-12-31' });
    await generate(expiredId, 2);
    const found = await call('analyst', 'GET', `/v2/api/coupons?offer_id=${expiredId}&state=expired`);
    expect(found.json().total).toBe(2);
    expect(found.json().data[0]).toMatchObject({ state: 'expired', valid_to: '2020-12-31' });
    // Another company's location is refused as unknown, and so is one the user is not given.
    expect((await redeem('NOPE2345', world.bLocation)).json().error_description).toBe('No such location');
    const { app, database, fx } = use();
    const hash = await database.db.execute(sql`SELECT password_hash FROM users WHERE email = 'responder@alpha.test'`);
    await insertUser(database.db, {
      email: 'till@alpha.test',
      role: 'responder',
      passwordHash: rowsOf<{ password_hash: string }>(hash)[0]!.password_hash,
      companyId: fx.companyA.id,
      locationIds: [world.downtown],
    });
    const tillToken = (await signIn(app, 'till@alpha.test')).access_token;
    const id = await newOffer();
    await generate(id, 1);
    const [code] = await codesOf(id);
    const atMarina = await app.inject({
      method: 'POST',
      url: '/v2/api/coupons/redeem',
      headers: bearer(tillToken),
      payload: { code, location_id: world.marina },
    });
    expect(atMarina.json()).toEqual({ error: 'not_found', error_description: 'No such location' });
    const atDowntown = await app.inject({
      method: 'POST',
      url: '/v2/api/coupons/redeem',
      headers: bearer(tillToken),
      payload: { code, location_id: world.downtown },
    });
    expect(atDowntown.json()).toMatchObject({ state: 'redeemed', redeemed_location_id: world.downtown });
  });

  it('finds codes by their beginning and by exact code, case and dashes ignored', async () => {
    const id = await newOffer();
    await generate(id, 3);
    const [code] = await codesOf(id);
    const typed = `${code!.slice(0, 4).toLowerCase()}-${code!.slice(4)}`;
    const exact = await call('analyst', 'GET', `/v2/api/coupons/${encodeURIComponent(typed)}`);
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({
      code,
      offer_id: id,
      state: 'issued',
      source: 'generated',
      discount_label: 'Free dessert',
    });
    const prefix = await call('analyst', 'GET', `/v2/api/coupons?code=${code!.slice(0, 5).toLowerCase()}`);
    expect(prefix.json().data.map((c: { code: string }) => c.code)).toContain(code);
  });

  itOnce('redeems through the public API with the company key, metered, recording the key', async () => {
    const id = await newOffer();
    await generate(id, 2);
    const [first, second] = await codesOf(id);
    const pub = (payload: object, key: string | null = companyKey) =>
      use().app.inject({
        method: 'POST',
        url: '/v2/public/coupons/redeem',
        headers: key ? { 'x-api-key': key } : {},
        payload,
      });
    expect((await pub({ code: first, location_id: world.marina }, null)).statusCode).toBe(401);
    expect((await pub({ code: first, location_id: world.marina }, 'wrong-key')).statusCode).toBe(401);
    expect((await pub({ code: first })).statusCode).toBe(400);
    const check = await use().app.inject({
      method: 'GET',
      url: `/v2/public/coupons/${first}`,
      headers: { 'x-api-key': companyKey },
    });
    expect(check.json()).toMatchObject({ code: first, state: 'issued' });
    const ok = await pub({ code: first, location_code: 'bb-002' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      state: 'redeemed',
      redeemed_location_id: world.downtown,
      redeemed_by: 'API key',
    });
    const again = await pub({ code: first, location_id: world.marina });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toMatch(
      /^This code was already redeemed on \d{4}-\d{2}-\d{2} at Burger Bay Downtown\.$/,
    );
    expect((await pub({ code: second, location_code: 'BETA-1' })).statusCode).toBe(404);
    const usage = await use().database.db.execute(
      sql`SELECT coalesce(sum(calls), 0)::int AS n FROM api_usage u JOIN api_keys k ON k.id = u.api_key_id WHERE k.company_id = ${use().fx.companyA.id}`,
    );
    expect(rowsOf<{ n: number }>(usage)[0]!.n).toBeGreaterThan(0);
  });

  itOnce("serves the customer's coupon page by its signed token, and nothing for a forged one", async () => {
    const id = await newOffer({ ...offerBody, title: 'Page offer' });
    await generate(id, 2);
    const [code, other] = await codesOf(id);
    const coupon = (await call('analyst', 'GET', `/v2/api/coupons/${code}`)).json();
    expect(coupon.page_path).toMatch(/^\/coupon\/[0-9a-z]+-[A-Za-z0-9_-]{22}$/);
    const token = coupon.page_path.slice('/coupon/'.length);
    const page = await use().app.inject({ method: 'GET', url: `/v2/api/coupon/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      code,
      state: 'issued',
      redeemed_at: null,
      company_name: 'Alpha Restaurants',
      offer_title: 'Page offer',
      description: offerBody.description,
      terms: offerBody.terms,
      discount_label: 'Free dessert',
      image_url: null,
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
      active: true,
    });
    const [idPart, mac] = token.split('-');
    // Another coupon's id with this MAC, a changed MAC and a malformed token are all unknown.
    const otherId = (await call('analyst', 'GET', `/v2/api/coupons/${other}`)).json().id as number;
    for (const forged of [`${otherId.toString(36)}-${mac}`, `${idPart}-${'A'.repeat(22)}`, 'x', `${idPart}-${mac}x`]) {
      const res = await use().app.inject({ method: 'GET', url: `/v2/api/coupon/${forged}` });
      expect(res.statusCode, forged).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', error_description: 'No such coupon' });
    }
    await call('admin', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina });
    const after = await use().app.inject({ method: 'GET', url: `/v2/api/coupon/${token}` });
    expect(after.json()).toMatchObject({ state: 'redeemed' });
  });

  itOnce(
    "writes a coupon's discount in the request's language: Arabic with Accept-Language ar, English without",
    async () => {
      const cases = [
        [offerBody, 'Free dessert', 'dessert مجانًا'],
        [{ ...offerBody, discount_type: 'percent', discount_value: 15, free_item: null }, '15% off', 'خصم 15%'],
        [{ ...offerBody, discount_type: 'amount', discount_value: 5.5, free_item: null }, '5.50 off', 'خصم 5.50'],
      ] as const;
      const get = (url: string, headers: Record<string, string> = {}, who = 'analyst') =>
        use().app.inject({ method: 'GET', url, headers: { ...bearer(tokens[who]!), ...headers } });
      const ar = { 'accept-language': 'ar' };
      for (const [body, english, arabic] of cases) {
        const id = await newOffer({ ...body, title: `Language ${english}` });
        await generate(id, 2);
        const [code, second] = await codesOf(id);
        expect((await get(`/v2/api/coupons/${code}`)).json().discount_label).toBe(english);
        const coupon = (await get(`/v2/api/coupons/${code}`, ar)).json();
        expect(coupon.discount_label).toBe(arabic);
        expect((await get(`/v2/api/coupons?offer_id=${id}`, ar)).json().data[0].discount_label).toBe(arabic);
        // The customer's coupon page follows the customer's browser.
        const page = (headers: Record<string, string>) =>
          use().app.inject({ method: 'GET', url: `/v2/api${coupon.page_path}`, headers });
        expect((await page({})).json().discount_label).toBe(english);
        expect((await page({ 'accept-language': 'ar-AE,ar;q=0.9' })).json().discount_label).toBe(arabic);
        const redeemed = await use().app.inject({
          method: 'POST',
          url: '/v2/api/coupons/redeem',
          headers: { ...bearer(tokens.admin!), ...ar },
          payload: { code: second, location_id: world.marina },
        });
        expect(redeemed.json().discount_label).toBe(arabic);
        // The offer answers English: the web writes its discount from discount_type and discount_value.
        expect((await get(`/v2/api/offer/${id}`, ar)).json().discount_label).toBe(english);
        const discounts = async (lang: string) => {
          const res = await get(`/v2/api/coupons/export?offer_id=${id}&lang=${lang}`);
          return (await readWorkbook(res.rawPayload))
            .rows(0)
            .slice(1)
            .map((r) => r[2]);
        };
        expect(await discounts('ar')).toEqual([arabic, arabic]);
        expect(await discounts('en')).toEqual([english, english]);
      }
    },
  );

  itOnce('sets an offer image (an image, at most 5 MB), served back and shown on the coupon page', async () => {
    const id = await newOffer({ ...offerBody, title: 'Pictured' });
    const post = (body: ReturnType<typeof multipart>, who = 'admin') =>
      use().app.inject({
        method: 'POST',
        url: `/v2/api/offer/${id}/image`,
        headers: { ...bearer(tokens[who]!), ...body.headers },
        payload: body.payload,
      });
    const saved = await post(multipart('file', 'offer.png', 'image/png', PNG));
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().image_url as string;
    expect(url).toMatch(/^\/v2\/api\/uploads\/offers\/[0-9a-f]{24}\.png$/);
    const served = await use().app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const text = await post(multipart('file', 'offer.png', 'image/png', Buffer.from('not an image')));
    expect(text.json()).toMatchObject({ error_description: 'The offer image must be an image file!' });
    const big = await post(multipart('file', 'big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5_242_881)])));
    expect(big.statusCode).toBe(413);
    expect((await post(multipart('file', 'offer.png', 'image/png', PNG), 'responder')).statusCode).toBe(403);
    expect((await post(multipart('file', 'offer.png', 'image/png', PNG), 'b')).statusCode).toBe(404);
    expect((await call('analyst', 'GET', `/v2/api/offer/${id}`)).json().image_url).toBe(url);
  });

  describe('uploads', () => {
    const upload = (offer_id: number, filename: string, content: Buffer) =>
      call('admin', 'POST', '/v2/api/offer/upload', { offer_id, filename, content: content.toString('base64') });

    it('imports a CSV of codes, reporting duplicates and bad rows by line', async () => {
      const id = await newOffer();
      await generate(id, 1);
      const [existing] = await codesOf(id);
      const csv = [
        'Code,Name,Email,Phone',
        'pos-0001,Layla Nasser,layla@example.com,+971501234567', // line 2
        'POS0002,,,', // 3
        'POS0001,Again,,', // 4: repeats line 2 (dash and case ignored)
        ',No code,,', // 5
        'AB,,,', // 6: too short
        'POS0003,,not-an-email,', // 7
        `${existing},,,`, // 8: already one of the company's codes
        ',,,', // empty line: ignored
        'POS 0004,,,', // 10
      ].join('\n');
      const res = await upload(id, 'codes.csv', Buffer.from(csv));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        imported: 3,
        duplicates: [
          { line: 4, code: 'POS0001', reason: 'Repeats line 2.' },
          { line: 8, code: existing, reason: 'This code already exists.' },
        ],
        rejected: [
          { line: 5, reason: 'Code is missing.' },
          { line: 6, reason: 'Code AB must be 3 to 32 letters and digits.' },
          { line: 7, reason: 'Email not-an-email is not an email address.' },
        ],
      });
      const one = await call('admin', 'GET', '/v2/api/coupons/POS0001');
      expect(one.json()).toMatchObject({
        source: 'upload',
        contact: { name: 'Layla Nasser', email: 'layla@example.com', phone: '+971501234567' },
      });
      // The same file again: every good row is now a duplicate.
      const again = await upload(id, 'codes.csv', Buffer.from(csv));
      expect(again.json().imported).toBe(0);
      expect(again.json().duplicates.map((d: { line: number }) => d.line)).toEqual([2, 3, 4, 8, 10]);
      // In Arabic the rows' reasons are Arabic.
      const arabic = await use().app.inject({
        method: 'POST',
        url: '/v2/api/offer/upload',
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
        payload: { offer_id: id, filename: 'codes.csv', content: Buffer.from(csv).toString('base64') },
      });
      expect(arabic.json().duplicates.slice(0, 3)).toEqual([
        { line: 2, code: 'POS0001', reason: 'هذا الرمز موجود بالفعل.' },
        { line: 3, code: 'POS0002', reason: 'هذا الرمز موجود بالفعل.' },
        { line: 4, code: 'POS0001', reason: 'مكرر في السطر 2.' },
      ]);
      expect(arabic.json().rejected).toEqual([
        { line: 5, reason: 'الرمز مفقود.' },
        { line: 6, reason: 'يجب أن يتكوّن الرمز AB من 3 إلى 32 حرفًا ورقمًا.' },
        { line: 7, reason: 'not-an-email ليس عنوان بريد إلكتروني صالحًا.' },
      ]);
      const noColumn = await upload(id, 'codes.csv', Buffer.from('Coupon\nABC123'));
      expect(noColumn.statusCode).toBe(400);
      expect(noColumn.json().error_description).toMatch(/^Missing column: Code\./);
    });

    itOnce('imports the example .xlsx as downloaded', async () => {
      const example = await use().app.inject({
        method: 'GET',
        url: `/v2/api/offer/upload/example?access_token=${tokens.admin}`,
      });
      expect(example.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(example.rawPayload as unknown as ExcelJS.Buffer);
      expect(wb.getWorksheet('Codes')!.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Email', 'Phone']);
      expect(wb.worksheets[1]!.name).toBe('Help');
      // In Arabic the help sheet explains the (English) columns in Arabic, right to left.
      const arExample = new ExcelJS.Workbook();
      await arExample.xlsx.load(
        (await use().app.inject({ url: `/v2/api/offer/upload/example?access_token=${tokens.admin}&lang=ar` }))
          .rawPayload as unknown as ExcelJS.Buffer,
      );
      expect(arExample.worksheets.map((w) => w.name)).toEqual(['Codes', 'تعليمات']);
      expect(arExample.worksheets[1]!.getRow(3).values).toEqual([
        undefined,
        'Name',
        'لا',
        'الشخص الذي أُعطي الرمز (اختياري).',
      ]);
      const id = await newOffer();
      const res = await upload(id, 'example.xlsx', example.rawPayload);
      expect(res.json()).toEqual({ imported: 2, duplicates: [], rejected: [] });
      expect((await codesOf(id)).sort()).toEqual(['SUMMER25A7', 'SUMMER25B3']);
    });
  });

  itOnce('exports offers and coupons as Excel workbooks', async () => {
    const id = await newOffer({ ...offerBody, title: 'Export me' });
    await generate(id, 4);
    const [code] = await codesOf(id);
    await call('admin', 'POST', '/v2/api/coupons/redeem', { code, location_id: world.marina });

    const offersFile = await use().app.inject({
      method: 'GET',
      url: `/v2/api/offers/export?access_token=${tokens.analyst}`,
    });
    expect(offersFile.statusCode).toBe(200);
    expect(offersFile.headers['content-disposition']).toMatch(/offers-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(offersFile.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.getWorksheet('Offers')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r[0] === 'Offer');
    expect(rows[header]).toEqual([
      'Offer',
      'Discount',
      'Status',
      'Valid from',
      'Valid to',
      'Limit per customer',
      'Issued',
      'Redeemed',
      'Redemption rate %',
      'Created',
    ]);
    const mine = rows.find((r) => r[0] === 'Export me')!;
    expect(mine.slice(0, 9)).toEqual(['Export me', 'Free dessert', 'active', '2026-01-01', '2099-12-31', 1, 4, 1, 25]);
    const sheetRows = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)!.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
      return out;
    };
    expect(sheetRows('By location')).toContainEqual(['Export me', 'Burger Bay Marina', 1]);
    const month = new Date().toISOString().slice(0, 7);
    expect(sheetRows('By month')).toContainEqual(['Export me', month, 4, 1, 25]);

    const couponsFile = await use().app.inject({
      method: 'GET',
      url: `/v2/api/coupons/export?offer_id=${id}`,
      headers: bearer(tokens.analyst!),
    });
    expect(couponsFile.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(couponsFile.rawPayload as unknown as ExcelJS.Buffer);
    const cs = wb2.getWorksheet('Coupons')!;
    expect(cs.rowCount).toBe(5);
    expect((cs.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Code', 'Offer', 'Discount', 'State']);
    const redeemedRow = [2, 3, 4, 5]
      .map((n) => (cs.getRow(n).values as unknown[]).slice(1))
      .find((r) => r[0] === code)!;
    expect(redeemedRow.slice(0, 5)).toEqual([code, 'Export me', 'Free dessert', 'redeemed', 'generated']);
    expect(redeemedRow[11]).toBe('Burger Bay Marina');
    expect(redeemedRow[12]).toBe('Amira Haddad');
  });
});

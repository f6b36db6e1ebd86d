import { lastDays, MSG } from '@reputo/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { rotateKey } from '../apiKeys/repository';
import { sheetRows, tableFrom } from '../companies/test/xlsx';

const VALID = {
  name: 'Nova Agency',
  startDate: '2025-03-01',
  email: 'hello@nova.test',
  status: 'active',
  type: 'Agency',
  address: 'Dubai Design District',
};

describeEachDatabase('Partners', (use) => {
  async function as(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: bearer(access_token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return Object.assign(call, { token: access_token });
  }
  const messages = (res: { json: () => { details: { field: string; message: string }[] } }) =>
    Object.fromEntries(res.json().details.map((d) => [d.field, d.message]));

  it('creates a partner with an API key and a fixed url; every rule has the spec message', async () => {
    const owner = await as('owner@fixture.test');
    const missing = await owner('POST', '/v2/api/partner', {});
    expect(messages(missing)).toMatchObject({
      name: MSG.missingPartnerName,
      startDate: MSG.missingStatusDate,
      email: MSG.missingEmail,
      status: MSG.missingStatus,
      type: MSG.missingPartnerType,
      address: MSG.missingAddress,
    });
    expect((await owner('POST', '/v2/api/partner', { ...VALID, email: 'nova.test' })).json().error_description).toBe(
      MSG.partnerEmailNotValid,
    );
    expect((await owner('POST', '/v2/api/partner', { ...VALID, package: 'Custom' })).json().error_description).toBe(
      MSG.packageCreditsRequired,
    );
    expect(
      (await owner('POST', '/v2/api/partner', { ...VALID, package: 'Starter', settings: { packageCredits: 5 } })).json()
        .error_description,
    ).toBe(MSG.packageCreditsOnlyCustom);
    expect((await owner('POST', '/v2/api/partner', { ...VALID, type: 'Bakery' })).json().error_description).toBe(
      MSG.missingPartnerType,
    );
    const res = await owner('POST', '/v2/api/partner', {
      ...VALID,
      package: 'Custom',
      settings: { packageCredits: 42000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Nova Agency',
      package: 'Custom',
      settings: { packageCredits: 42000 },
      apiCredits: 42000,
      url: 'http://reputo.test/signin',
      companies_count: 0,
    });
    expect(res.json().apiKey).toMatch(/^[\w-]{40,}$/);
  });

  it('edits with the id plus changed fields; credits only with Custom, and leaving Custom clears them', async () => {
    const owner = await as('owner@fixture.test');
    const created = (await owner('POST', '/v2/api/partner', { ...VALID, name: 'Edit Me' })).json();
    const url = `/v2/api/partner/${created.id}`;
    expect(created).toMatchObject({ package: 'Starter', settings: { packageCredits: 100000 } });
    expect(
      (await owner('PATCH', url, { id: created.id, settings: { packageCredits: 10 } })).json().error_description,
    ).toBe(MSG.packageCreditsOnlyCustom);
    expect((await owner('PATCH', url, { id: created.id, package: 'Custom' })).json().error_description).toBe(
      MSG.packageCreditsRequired,
    );
    const custom = (
      await owner('PATCH', url, { id: created.id, package: 'Custom', settings: { packageCredits: 777 } })
    ).json();
    expect(custom.settings.packageCredits).toBe(777);
    expect(
      (await owner('PATCH', url, { id: created.id, settings: { packageCredits: 888 } })).json().settings.packageCredits,
    ).toBe(888);
    const business = (await owner('PATCH', url, { id: created.id, package: 'Business' })).json();
    expect(business.settings.packageCredits).toBe(250000);
    expect((await owner('PATCH', url, { id: created.id, name: '' })).json().error_description).toBe(
      MSG.missingPartnerName,
    );
    expect((await owner('PATCH', url, { id: created.id, startDate: '2025-02-30' })).json().error_description).toBe(
      MSG.dateNotValid,
    );
    expect((await owner('PATCH', url, { id: created.id + 1, name: 'X' })).statusCode).toBe(400);
    expect((await owner('PATCH', url, { name: 'Edited' })).json().name).toBe('Edited');
    const rotated = (await owner('POST', `${url}/apiKey`)).json().apiKey;
    expect((await owner('GET', url)).json().apiKey).toBe(rotated);
    expect((await owner('DELETE', url)).json()).toEqual({ id: created.id, deleted: true });
    expect((await owner('GET', url)).statusCode).toBe(404);
  });

  it('lists and exports partners for the Owner only; a Partner sees only itself', async () => {
    const { fx } = use();
    const owner = await as('owner@fixture.test');
    const list = (await owner('GET', '/v2/api/admin/partners?search=fixture')).json();
    expect(list.data).toEqual([
      {
        id: fx.partner1.id,
        name: 'Fixture Agency',
        type: 'Agency',
        status: 'active',
        email: 'p1@fixture.test',
        package: 'Business',
        startDate: '2025-01-01',
        companies_count: 2,
      },
    ]);
    const exported = await owner('GET', '/v2/api/admin/partners/export?search=fixture');
    const { data } = tableFrom(await sheetRows(exported.rawPayload, 'Partners'), 'ID');
    expect(data.map((r) => r[1])).toEqual(['Fixture Agency']);
    const partner = await as('partner1@fixture.test');
    expect((await partner('GET', '/v2/api/admin/partners')).statusCode).toBe(403);
    expect((await partner('POST', '/v2/api/partner', VALID)).statusCode).toBe(403);
    expect((await partner('GET', `/v2/api/partner/${fx.partner2.id}`)).statusCode).toBe(404);
    expect((await partner('GET', `/v2/api/partner/${fx.partner1.id}`)).json().name).toBe('Fixture Agency');
    expect((await partner('GET', '/v2/api/partner')).json().id).toBe(fx.partner1.id);
    expect((await owner('GET', `/v2/api/partner?ownerAsPartner=${fx.partner2.id}`)).json().name).toBe('Other POS');
  });

  it('lists partner administrators', async () => {
    const { fx } = use();
    const owner = await as('owner@fixture.test');
    const all = (await owner('GET', '/v2/api/partner/users')).json().data;
    expect(all.map((u: { email: string }) => u.email).sort()).toEqual([
      'partner1@fixture.test',
      'partner2@fixture.test',
    ]);
    expect(
      (await owner('GET', `/v2/api/partner/users?id=${fx.partner2.id}`))
        .json()
        .data.map((u: { email: string }) => u.email),
    ).toEqual(['partner2@fixture.test']);
    const partner = await as('partner1@fixture.test');
    expect(
      (await partner('GET', '/v2/api/partner/users')).json().data.map((u: { partnerName: string }) => u.partnerName),
    ).toEqual(['Fixture Agency']);
    expect((await partner('GET', `/v2/api/partner/users?id=${fx.partner2.id}`)).statusCode).toBe(404);
  });

  it('exports Free API and Paid API usage from the metered calls, default the last 7 days', async () => {
    const { fx, app, database } = use();
    const db = database.db;
    // Partner 1 on Custom with 4 credits: its key and company A's key share them.
    await db.execute(sql`UPDATE partners SET package = 'Custom', package_credits = 4 WHERE id = ${fx.partner1.id}`);
    const partnerKey = (await rotateKey(db, { partnerId: fx.partner1.id })).token;
    const companyKey = (await rotateKey(db, { companyId: fx.companyA.id })).token;
    for (let i = 0; i < 3; i++) await app.inject({ url: '/v2/public/companies', headers: { 'x-api-key': partnerKey } });
    for (let i = 0; i < 3; i++) await app.inject({ url: '/v2/public/companies', headers: { 'x-api-key': companyKey } });
    // An old call outside the default range.
    await db.execute(
      sql`INSERT INTO api_usage (api_key_id, day, paid, calls) SELECT id, '2020-01-01', false, 50 FROM api_keys WHERE token = ${partnerKey}`,
    );

    const owner = await as('owner@fixture.test');
    const usage = (await owner('GET', `/v2/api/partner/${fx.partner1.id}/usage`)).json();
    expect(usage.range).toEqual(lastDays(7, new Date()));
    expect(usage.days).toHaveLength(7);
    expect(usage.totals).toEqual({ free: 4, paid: 2 });

    const download = (freeApi: boolean, extra = '') =>
      app.inject({
        url: `/v2/api/partner/billing/export?access_token=${owner.token}&freeApi=${freeApi}&id=${fx.partner1.id}${extra}`,
      });
    const freeRes = await download(true);
    expect(freeRes.statusCode).toBe(200);
    expect(freeRes.headers['content-disposition']).toMatch(/fixture-agency-free-api-/);
    const freeRows = await sheetRows(freeRes.rawPayload, 'Free API');
    expect(freeRows[0]).toEqual(['Free API usage: Fixture Agency']);
    const free = tableFrom(freeRows, 'Date');
    expect(free.header).toEqual(['Date', 'Account', 'API key', 'Calls']);
    expect(free.data.reduce((s, r) => s + Number(r[3]), 0)).toBe(4);
    expect(free.data.find((r) => r[1] === 'Fixture Agency (partner key)')?.[3]).toBe(3);
    expect(free.data.find((r) => r[1] === 'Alpha Restaurants')?.[3]).toBe(1);
    const paid = tableFrom(await sheetRows((await download(false)).rawPayload, 'Paid API'), 'Date');
    expect(paid.data).toHaveLength(1);
    expect(paid.data[0]!.slice(1)).toEqual(['Alpha Restaurants', `…${companyKey.slice(-6)}`, 2]);
    const old = tableFrom(
      await sheetRows((await download(true, '&dateFrom=2020-01-01&dateTo=2020-01-31')).rawPayload, 'Free API'),
      'Date',
    );
    expect(old.data).toEqual([['2020-01-01', 'Fixture Agency (partner key)', `…${partnerKey.slice(-6)}`, 50]]);
    expect((await download(true, '&dateFrom=2020-02-01&dateTo=2020-01-01')).statusCode).toBe(400);
    expect((await download(true, '&dateFrom=2020-13-01')).json().error_description).toBe(MSG.dateNotValid);
    // A Partner exports its own billing, never another's.
    const partner2 = await as('partner2@fixture.test');
    expect(
      (
        await app.inject({
          url: `/v2/api/partner/billing/export?access_token=${partner2.token}&freeApi=true&id=${fx.partner1.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});

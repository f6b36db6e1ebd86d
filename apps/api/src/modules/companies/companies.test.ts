import {
  COMPETITOR_SOURCES_MESSAGE,
  FEATURE_LABELS,
  FEATURES,
  MSG,
  packageChangeDateFor,
  SOURCE_URL_MESSAGE,
  type Feature,
} from '@reputo/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readWorkbook } from '../../test/workbook';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { sheetRows, tableFrom } from './test/xlsx';

const VALID = {
  company_name: 'Delta Diners',
  status: 'inactive',
  type: 'Restaurants',
  address1: '1 Marina Walk',
  city: 'Dubai',
  state: 'Dubai',
  country: 'United Arab Emirates',
};

describeEachDatabase('Admin companies', (use) => {
  async function as(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: bearer(access_token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
  }

  it('creates a company on a Free trial with the default sources of its type and an API key', async () => {
    const owner = await as('owner@fixture.test');
    const res = await owner('POST', '/v2/api/admin/companies', VALID);
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      company_name: 'Delta Diners',
      status: 'inactive',
      package: 'Free trial',
      partner_id: null,
      locationsTitle: 'Location',
    });
    expect(c.sources).toEqual([
      'google',
      'facebook',
      'foursquare',
      'zomato',
      'tripadvisor',
      'talabat',
      'hungerstation',
      'reserveout',
    ]);
    expect(c.packageChangeDate).toBe(packageChangeDateFor('Free trial', new Date()));
    expect(c.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(c.features).toContain('reviewFilterSearch');
    const got = await owner('GET', `/v2/api/admin/companies/${c.id}`);
    expect(got.json()).toEqual(c);
  });

  it('answers every missing required field on create with the spec message', async () => {
    const owner = await as('owner@fixture.test');
    const res = await owner('POST', '/v2/api/admin/companies', {});
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(
      res.json().details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(messages).toMatchObject({
      company_name: MSG.missingCompanyName,
      status: MSG.missingStatus,
      type: MSG.missingCompanyType,
      address1: MSG.missingAddress,
      city: MSG.missingCity,
      state: MSG.missingState,
      country: MSG.missingCountry,
    });
    const spaces = await owner('POST', '/v2/api/admin/companies', { ...VALID, company_name: '   ' });
    expect(spaces.json().error_description).toBe(MSG.fieldEmpty);
    const leading = await owner('POST', '/v2/api/admin/companies', { ...VALID, city: ' Dubai' });
    expect(leading.json().error_description).toBe(MSG.fieldLeadingSpace);
    const zip = await owner('POST', '/v2/api/admin/companies', { ...VALID, zip: '12a' });
    expect(zip.json().error_description).toBe(MSG.zipNotNumeric);
  });

  it('edits with the id plus changed fields; the time zone is required on edit', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const cleared = await owner('PATCH', `/v2/api/admin/companies/${fx.companyC.id}`, {
      id: fx.companyC.id,
      timeZone: '',
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error_description).toBe(MSG.missingTimeZone);
    const res = await owner('PATCH', `/v2/api/admin/companies/${fx.companyC.id}`, {
      id: fx.companyC.id,
      timeZone: 'Asia/Dubai',
      zip: '00000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_name: 'Gamma Apps',
      timeZone: 'Asia/Dubai',
      zip: '00000',
      locationsTitle: 'Product',
    });
    const mismatch = await owner('PATCH', `/v2/api/admin/companies/${fx.companyC.id}`, {
      id: fx.companyA.id,
      zip: '1',
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('keeps at most 4 competitor sources, never Feedback, only the company own sources', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const url = `/v2/api/admin/companies/${fx.companyA.id}`;
    const before = (await owner('GET', url)).json();
    const five = await owner('PATCH', url, {
      competitorsSources: ['google', 'facebook', 'zomato', 'tripadvisor', 'talabat'],
      sources: ['google', 'facebook', 'zomato', 'tripadvisor', 'talabat'],
    });
    expect(five.statusCode).toBe(400);
    expect(five.json().error_description).toBe(COMPETITOR_SOURCES_MESSAGE);
    expect((await owner('GET', url)).json().sources).toEqual(before.sources);
    const ok = await owner('PATCH', url, {
      sources: ['google', 'facebook', 'zomato', 'feedback'],
      competitorsSources: ['google', 'feedback', 'yelp', 'zomato'],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().competitorsSources).toEqual(['google', 'zomato']);
    // Dropping a source drops it from the competitor sources too.
    const dropped = await owner('PATCH', url, { sources: ['google', 'facebook'] });
    expect(dropped.json().competitorsSources).toEqual(['google']);
    expect((await owner('PATCH', url, { sources: ['google', 'nope'] })).json().error_description).toBe(
      'Unknown review source: nope',
    );
  });

  it('checks each source address against its source and stores nothing when one fails', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const url = `/v2/api/admin/companies/${fx.companyC.id}`;
    await owner('PATCH', url, { sources: ['google', 'trustpilot', 'chatfood', 'appstore'] });
    const bad = await owner('PATCH', url, {
      sourceUrls: {
        google: 'https://www.google.com/maps?cid=123',
        trustpilot: 'https://trustpilot.com.evil.io/review/x',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(SOURCE_URL_MESSAGE('Trustpilot'));
    expect(bad.json().details).toEqual([{ field: 'sourceUrls.trustpilot', message: SOURCE_URL_MESSAGE('Trustpilot') }]);
    expect((await owner('GET', url)).json().sourceUrls).toEqual({});
    const notOwn = await owner('PATCH', url, { sourceUrls: { yelp: 'https://www.yelp.com/biz/x' } });
    expect(notOwn.statusCode).toBe(400);
    const good = await owner('PATCH', url, {
      sourceUrls: {
        google: 'https://www.google.com/maps/place/Gamma+Apps',
        trustpilot: 'https://uk.trustpilot.com/review/gamma.example',
        chatfood:
          'https://dashboard.chatfood.io/business/0b6f7c1e-1d2a-4b3c-9d8e-1234567890ab/outlets/9a8b7c6d-5e4f-4a3b-8c2d-abcdefabcdef',
      },
    });
    expect(good.statusCode).toBe(200);
    expect(Object.keys(good.json().sourceUrls).sort()).toEqual(['chatfood', 'google', 'trustpilot']);
    const removed = await owner('PATCH', url, { sourceUrls: { chatfood: '' } });
    expect(Object.keys(removed.json().sourceUrls).sort()).toEqual(['google', 'trustpilot']);
  });

  it('lists with paging, direction, search and status; a Partner sees only its own', async () => {
    const owner = await as('owner@fixture.test');
    const all = (await owner('GET', '/v2/api/admin/companies?direction=desc&per_page=2')).json();
    expect(all).toMatchObject({ page: 1, per_page: 2 });
    expect(all.data).toHaveLength(2);
    expect(all.data[0].id).toBeGreaterThan(all.data[1].id);
    expect(all.total_pages).toBe(Math.ceil(all.count / 2));
    const search = (await owner('GET', '/v2/api/admin/companies?search=beta')).json();
    expect(search.data.map((c: { company_name: string }) => c.company_name)).toEqual(['Beta Bank']);
    const inactive = (await owner('GET', '/v2/api/admin/companies?status=inactive')).json();
    expect(inactive.data.every((c: { status: string }) => c.status === 'inactive')).toBe(true);
    expect((await owner('GET', '/v2/api/admin/companies?status=paused')).statusCode).toBe(400);
    const partner = await as('partner1@fixture.test');
    const own = (await partner('GET', '/v2/api/admin/companies?per_page=100')).json();
    expect(own.data.every((c: { partner_name: string }) => c.partner_name === 'Fixture Agency')).toBe(true);
  });

  it("answers 404 for another partner's company on every call, exactly like a missing id", async () => {
    const { fx } = use();
    const partner = await as('partner1@fixture.test');
    const b = `/v2/api/admin/companies/${fx.companyB.id}`;
    for (const [method, url, body] of [
      ['GET', b, undefined],
      ['PATCH', b, { zip: '1' }],
      ['DELETE', b, undefined],
      ['POST', `${b}/accessToken`, undefined],
      ['GET', `${b}/users`, undefined],
    ] as const) {
      const res = await partner(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', error_description: 'No such company' });
    }
    const missing = await partner('GET', '/v2/api/admin/companies/999999');
    expect(missing.json()).toEqual({ error: 'not_found', error_description: 'No such company' });
    expect((await partner('GET', '/v2/api/admin/companies/99999999999')).statusCode).toBe(400);
    // Its own company answers.
    expect((await partner('GET', `/v2/api/admin/companies/${fx.companyA.id}`)).statusCode).toBe(200);
    // A Partner's new company is its own, and it may not place one elsewhere.
    const created = await partner('POST', '/v2/api/admin/companies', VALID);
    expect(created.json().partner_id).toBe(fx.partner1.id);
    expect(
      (await partner('POST', '/v2/api/admin/companies', { ...VALID, partner_id: fx.partner2.id })).statusCode,
    ).toBe(403);
  });

  it('team roles cannot use the admin company calls', async () => {
    const { fx } = use();
    const admin = await as('admin@alpha.test');
    expect((await admin('GET', '/v2/api/admin/companies')).statusCode).toBe(403);
    expect((await admin('GET', `/v2/api/admin/companies/${fx.companyA.id}`)).statusCode).toBe(403);
  });

  it('rotates the API key, lists the team to act as, and deletes', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const created = (await owner('POST', '/v2/api/admin/companies', { ...VALID, company_name: 'Short Lived' })).json();
    const rotated = (await owner('POST', `/v2/api/admin/companies/${created.id}/accessToken`)).json();
    expect(rotated.accessToken).not.toBe(created.accessToken);
    expect((await owner('GET', `/v2/api/admin/companies/${created.id}`)).json().accessToken).toBe(rotated.accessToken);
    const users = (await owner('GET', `/v2/api/admin/companies/${fx.companyA.id}/users`)).json().data;
    expect(users.map((u: { email: string }) => u.email).sort()).toEqual([
      'admin@alpha.test',
      'analyst@alpha.test',
      'manager@alpha.test',
      'responder@alpha.test',
    ]);
    expect((await owner('DELETE', `/v2/api/admin/companies/${created.id}`)).json()).toEqual({
      id: created.id,
      deleted: true,
    });
    expect((await owner('GET', `/v2/api/admin/companies/${created.id}`)).statusCode).toBe(404);
  });

  it('exports the list to Excel for the same filter', async () => {
    const { app } = use();
    const { access_token } = await signIn(app, 'partner1@fixture.test');
    const res = await app.inject({ url: `/v2/api/admin/companies/export?access_token=${access_token}&search=alpha` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { header, data } = tableFrom(await sheetRows(res.rawPayload, 'Companies'), 'ID');
    expect(header).toContain('Company');
    expect(data.map((r) => r[1])).toEqual(['Alpha Restaurants']);
    const en = await readWorkbook(res.rawPayload);
    expect(en.intro[0]).toBe('Companies (1)');
    expect(en.rows(0)[2]!.slice(0, 4)).toEqual(['ID', 'Company', 'Type', 'Status']);
    // In Arabic: the sheet, intro lines, headings, type and status in Arabic, right to left.
    const arRes = await app.inject({
      url: `/v2/api/admin/companies/export?access_token=${access_token}&search=alpha&lang=ar`,
    });
    const ar = await readWorkbook(arRes.rawPayload);
    expect(ar.sheets).toEqual(['الشركات']);
    expect(ar.rightToLeft).toBe(true);
    expect(ar.intro[0]).toBe('الشركات (1)');
    expect(ar.rows(0)[2]!.slice(0, 4)).toEqual(['المعرّف', 'الشركة', 'النوع', 'الحالة']);
    expect(ar.rows(0)[3]!.slice(1, 4)).toEqual(['Alpha Restaurants', 'المطاعم', 'نشط']);
    // The package and the features by the names the web app's admin screens give them in Arabic,
    // joined with the Arabic comma; in English core's labels, as before.
    const webAdmin = (language: string) =>
      JSON.parse(
        readFileSync(path.join(import.meta.dirname, `../../../../web/src/i18n/locales/${language}/admin.json`), 'utf8'),
      );
    const [enAdmin, arAdmin] = [webAdmin('en'), webAdmin('ar')];
    const featureOf = (label: string): Feature => FEATURES.find((f) => FEATURE_LABELS[f] === label)!;
    const column = (heading: string) => en.rows(0)[2]!.indexOf(heading);
    const [enPackage, enFeatures] = [en.rows(0)[3]![column('Package')], en.rows(0)[3]![column('Features')]];
    const english = String(enFeatures).split(', ');
    expect(english).toEqual(english.map((label) => FEATURE_LABELS[featureOf(label)]));
    expect(ar.rows(0)[3]![column('Package')]).toBe(arAdmin.packages[String(enPackage)]);
    expect(enAdmin.packages[String(enPackage)]).toBe(enPackage);
    expect(ar.rows(0)[3]![column('Features')]).toBe(
      english.map((label) => arAdmin.features[featureOf(label)]).join('، '),
    );
  });
});

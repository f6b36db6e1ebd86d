import { LOGO_MAX_BYTES, MSG } from '@reputo/core';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, multipart, PNG, signIn } from '../../test/http';
import { createReviewWorld, type ReviewWorld } from '../reviews/test/world';

describeEachDatabase('Brands', (use) => {
  let world: ReviewWorld;
  beforeAll(async () => {
    const { database, fx } = use();
    world = await createReviewWorld(database.db, fx);
  });

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

  const uploads = () => path.join(use().config.dataDir, 'uploads', 'brands');
  const storedLogos = () => (existsSync(uploads()) ? readdirSync(uploads()).length : 0);

  it('lists brands with regions comma-ready, location counts, and hides Other brands and regions', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    await owner('POST', `/v2/api/admin/companies/${fx.companyA.id}/brands`, { title: 'Other', states: ['Dubai'] });
    await owner('PATCH', `/v2/api/admin/companies/${fx.companyA.id}/brands/${world.brandBurger}`, {
      states: ['Dubai', 'Sharjah', 'Other'],
    });
    const body = (await owner('GET', `/v2/api/admin/companies/${fx.companyA.id}/brands`)).json();
    expect(body.data.map((b: { title: string }) => b.title)).toEqual(['Burger Bay', 'Noodle Nest']);
    expect(body.data[0]).toMatchObject({ id: world.brandBurger, locations: 3, photoUrl: null, client: fx.companyA.id });
    expect(body.data[0].states.map((s: { title: string }) => s.title)).toEqual(['Dubai', 'Sharjah']);
  });

  it('creates and edits a brand; regions kept by title keep their locations', async () => {
    const owner = await as('owner@fixture.test');
    const { fx, app } = use();
    const url = `/v2/api/admin/companies/${fx.companyA.id}/brands`;
    const created = (await owner('POST', url, { title: 'Taco Town', states: 'Dubai, Abu Dhabi, dubai, ' })).json();
    expect(created.states.map((s: { title: string }) => s.title)).toEqual(['Abu Dhabi', 'Dubai']);
    expect((await owner('POST', url, { title: 'taco town' })).statusCode).toBe(409);
    expect((await owner('POST', url, { title: '  ' })).json().error_description).toBe(MSG.fieldEmpty);
    expect((await owner('POST', url, { title: 'X', states: [' Dubai'] })).json().error_description).toBe(
      MSG.fieldLeadingSpace,
    );
    const renamed = (await owner('PATCH', `${url}/${created.id}`, { id: created.id, title: 'Taco Town Grill' })).json();
    expect(renamed.title).toBe('Taco Town Grill');
    // Burger Bay: dropping Sharjah keeps Dubai's id, so Marina stays in Dubai.
    const edited = (await owner('PATCH', `${url}/${world.brandBurger}`, { states: ['Dubai', 'Ajman'] })).json();
    expect(edited.states.find((s: { title: string }) => s.title === 'Dubai').id).toBe(world.stateDubai);
    const admin = await signIn(app, 'admin@alpha.test');
    const tree = (await app.inject({ url: '/v2/api/brands/filter', headers: bearer(admin.access_token) })).json().data;
    const burger = tree.find((b: { id: number }) => b.id === world.brandBurger);
    expect(
      burger.states
        .find((s: { id: number }) => s.id === world.stateDubai)
        .locations.map((l: { id: number }) => l.id)
        .sort(),
    ).toEqual([world.marina, world.downtown].sort());
    // Sahara lost its region: it now sits under 'Other region'.
    expect(burger.states.find((s: { id: number }) => s.id === 0)).toMatchObject({
      title: 'Other region',
      locations: [{ id: world.sahara, title: 'Burger Bay Sahara Centre', locationId: 'BB-101' }],
    });
    expect((await owner('DELETE', `${url}/${created.id}`)).json()).toEqual({ id: created.id, deleted: true });
    expect((await owner('GET', `${url}/${created.id}`)).statusCode).toBe(404);
  });

  it('uploads a logo after the brand is saved, serves it back and replaces the old file', async () => {
    const owner = await as('owner@fixture.test');
    const { fx, app } = use();
    const brand = (
      await owner('POST', `/v2/api/admin/companies/${fx.companyA.id}/brands`, { title: 'Logo Brand' })
    ).json();
    const before = storedLogos();
    const upload = () =>
      app.inject({
        method: 'POST',
        url: `/v2/api/brands/logo?brand=${brand.id}&access_token=${owner.token}`,
        ...multipart('file', 'logo.png', 'image/png', PNG),
      });
    const res = await upload();
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json();
    expect(photoUrl).toMatch(/^\/v2\/api\/uploads\/brands\/[0-9a-f]{24}\.png$/);
    const served = await app.inject({ url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await owner('GET', `/v2/api/admin/companies/${fx.companyA.id}/brands/${brand.id}`)).json().photoUrl).toBe(
      photoUrl,
    );
    const second = (await upload()).json().photoUrl;
    expect(second).not.toBe(photoUrl);
    expect(storedLogos()).toBe(before + 1);
    expect((await app.inject({ url: photoUrl })).statusCode).toBe(404);
    expect((await app.inject({ url: '/v2/api/uploads/brands/..%2F..%2Fsecrets%2Fjwt' })).statusCode).toBe(404);
  });

  it('refuses oversized and non-image logos with the spec message and stores nothing', async () => {
    const owner = await as('owner@fixture.test');
    const { fx, app } = use();
    const brand = (
      await owner('POST', `/v2/api/admin/companies/${fx.companyA.id}/brands`, { title: 'Strict Brand' })
    ).json();
    const before = storedLogos();
    const post = (body: ReturnType<typeof multipart>) =>
      app.inject({
        method: 'POST',
        url: `/v2/api/brands/logo?brand=${brand.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner.token) },
      });
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]);
    const tooBig = await post(multipart('file', 'big.png', 'image/png', big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error_description).toBe(MSG.logoTooBig);
    const exactly = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    expect((await post(multipart('file', 'edge.png', 'image/png', exactly))).statusCode).toBe(200);
    const text = await post(multipart('file', 'notes.png', 'image/png', Buffer.from('just some text')));
    expect(text.statusCode).toBe(400);
    expect(text.json().error_description).toBe(MSG.logoNotImage);
    const declared = await post(multipart('file', 'logo.pdf', 'application/pdf', PNG));
    expect(declared.json().error_description).toBe(MSG.logoNotImage);
    expect((await post(multipart('other', 'logo.png', 'image/png', PNG))).statusCode).toBe(400);
    expect(storedLogos()).toBe(before + 1);
    const json = await app.inject({
      method: 'POST',
      url: `/v2/api/brands/logo?brand=${brand.id}`,
      payload: { file: 'x' },
      headers: bearer(owner.token),
    });
    expect(json.statusCode).toBe(400);
  });

  it("answers 404 for another partner's brands and companies", async () => {
    const { fx, app } = use();
    const partner2 = await as('partner2@fixture.test');
    const a = `/v2/api/admin/companies/${fx.companyA.id}/brands`;
    expect((await partner2('GET', a)).statusCode).toBe(404);
    expect((await partner2('POST', a, { title: 'Sneaky' })).statusCode).toBe(404);
    expect((await partner2('PATCH', `${a}/${world.brandBurger}`, { title: 'Sneaky' })).statusCode).toBe(404);
    expect((await partner2('DELETE', `${a}/${world.brandBurger}`)).statusCode).toBe(404);
    // A brand id of company A under company B's path is not found either.
    const owner = await as('owner@fixture.test');
    expect(
      (await owner('GET', `/v2/api/admin/companies/${fx.companyB.id}/brands/${world.brandBurger}`)).statusCode,
    ).toBe(404);
    const logo = await app.inject({
      method: 'POST',
      url: `/v2/api/brands/logo?brand=${world.brandBurger}&access_token=${partner2.token}`,
      ...multipart('file', 'a.png', 'image/png', PNG),
    });
    expect(logo.statusCode).toBe(404);
    expect(logo.json().error_description).toBe('No such brand');
  });

  it('gives company users their brands and a filter tree limited to their locations', async () => {
    const { fx, app, database } = use();
    const { sql } = await import('drizzle-orm');
    await database.db.execute(
      sql`UPDATE users SET location_ids = ${JSON.stringify([world.jlt])}::jsonb WHERE id = ${fx.companyA.analyst.id}`,
    );
    const analyst = await signIn(app, 'analyst@alpha.test');
    const tree = (await app.inject({ url: '/v2/api/brands/filter', headers: bearer(analyst.access_token) })).json()
      .data;
    expect(tree).toEqual([
      {
        id: world.brandNoodle,
        title: 'Noodle Nest',
        photoUrl: null,
        states: [
          {
            id: world.stateNoodleDubai,
            title: 'Dubai',
            locations: [{ id: world.jlt, title: 'Noodle Nest JLT', locationId: 'NN-001' }],
          },
        ],
      },
    ]);
    const brands = (await app.inject({ url: '/v2/api/brands', headers: bearer(analyst.access_token) })).json().data;
    expect(brands.map((b: { title: string }) => b.title)).toEqual(['Noodle Nest']);
    const b = await signIn(app, 'admin@beta.test');
    const bTree = (await app.inject({ url: '/v2/api/brands/filter', headers: bearer(b.access_token) })).json().data;
    expect(bTree).toEqual([
      {
        id: 0,
        title: 'Other brand',
        photoUrl: null,
        states: [
          {
            id: 0,
            title: 'Other region',
            locations: [{ id: world.bLocation, title: 'Beta Bank Olaya', locationId: 'BETA-1' }],
          },
        ],
      },
    ]);
  });
});

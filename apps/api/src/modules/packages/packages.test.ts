import { MSG, packageChangeDateFor, packageFeatures } from '@reputo/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

describeEachDatabase('Packages, features, languages and widgets', (use) => {
  async function as(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    return (method: 'GET' | 'PATCH', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: bearer(access_token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
  }

  it('lists the packages with their credits; Custom is not selectable; Review Filter & Search is locked', async () => {
    const owner = await as('owner@fixture.test');
    const body = (await owner('GET', '/v2/api/admin/packages')).json();
    const byName = Object.fromEntries(body.packages.map((p: { name: string }) => [p.name, p]));
    expect(byName.Starter).toMatchObject({ credits: 100000, selectable: true });
    expect(byName.Business.credits).toBe(250000);
    expect(byName.Enterprise.credits).toBe(750000);
    expect(byName.Custom).toMatchObject({ credits: null, selectable: false });
    expect(byName['Free trial'].selectable).toBe(true);
    expect(body.features.find((f: { value: string }) => f.value === 'reviewFilterSearch')).toEqual({
      value: 'reviewFilterSearch',
      label: 'Review Filter & Search',
      locked: true,
    });
    expect(body.freeTrialDays).toBe(30);
  });

  it('Free trial sets the change date 30 days ahead, another package today, with its features', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const trial = await owner('PATCH', '/v2/api/admin/packages', {
      client: fx.companyC.id,
      package: 'Free trial',
      packageChangeDate: '2020-01-01',
    });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({
      package: 'Free trial',
      packageChangeDate: packageChangeDateFor('Free trial', new Date()),
      features: packageFeatures('Free trial'),
    });
    const starter = (
      await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, package: 'Starter' })
    ).json();
    expect(starter).toMatchObject({
      package: 'Starter',
      packageChangeDate: new Date().toISOString().slice(0, 10),
      features: packageFeatures('Starter'),
    });
    expect(
      (await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, package: 'Gold' })).json()
        .error_description,
    ).toBe(MSG.packageNotValid);
    expect(
      (
        await owner('PATCH', '/v2/api/admin/packages', {
          client: fx.companyC.id,
          package: 'Starter',
          packageChangeDate: '2024-02-30',
        })
      ).json().error_description,
    ).toBe(MSG.dateNotValid);
  });

  it('features picked by hand make the package Custom; Custom alone is refused; Review Filter & Search stays on', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const custom = (
      await owner('PATCH', '/v2/api/admin/packages', {
        client: fx.companyC.id,
        package: 'Starter',
        features: 'directResponse,messaging',
      })
    ).json();
    expect(custom.package).toBe('Custom');
    expect(custom.features).toEqual(['reviewFilterSearch', 'directResponse', 'messaging']);
    // Exactly a fixed package's features keep that package.
    const exact = (
      await owner('PATCH', '/v2/api/admin/packages', {
        client: fx.companyC.id,
        package: 'Starter',
        features: packageFeatures('Starter'),
      })
    ).json();
    expect(exact.package).toBe('Starter');
    const direct = await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, package: 'Custom' });
    expect(direct.statusCode).toBe(400);
    expect(
      (await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, features: 'teleport' })).json()
        .error_description,
    ).toBe('Unknown feature: teleport');
  });

  it('features gate the API: turning Messaging off closes the messaging calls for the company', async () => {
    const owner = await as('owner@fixture.test');
    const { fx, app } = use();
    const admin = await signIn(app, 'admin@alpha.test');
    const count = () =>
      app.inject({ url: '/v2/api/conversations/unreadTotalCount', headers: bearer(admin.access_token) });
    expect((await count()).statusCode).toBe(200);
    await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyA.id, features: 'directResponse,feedback' });
    expect((await count()).statusCode).toBe(403);
    const me = (await app.inject({ url: '/v2/api/me', headers: bearer(admin.access_token) })).json();
    expect(me.features).toEqual(['reviewFilterSearch', 'directResponse', 'feedback']);
    expect(me.package).toBe('Custom');
    await owner('PATCH', '/v2/api/admin/packages', { client: fx.companyA.id, package: 'Enterprise' });
    expect((await count()).statusCode).toBe(200);
  });

  it('a Partner changes packages and the locations limit of its own companies but not features', async () => {
    const partner = await as('partner1@fixture.test');
    const { fx, database } = use();
    expect(
      (await partner('PATCH', '/v2/api/admin/packages', { client: fx.companyA.id, features: 'messaging' })).statusCode,
    ).toBe(403);
    expect(
      (await partner('PATCH', '/v2/api/admin/packages', { client: fx.companyB.id, package: 'Business' })).statusCode,
    ).toBe(404);
    const limited = await partner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, locationsLimit: 25 });
    expect(limited.json().locationsLimit).toBe(25);
    await database.db.execute(
      sql`INSERT INTO locations (company_id, title) VALUES (${fx.companyC.id}, 'One'), (${fx.companyC.id}, 'Two')`,
    );
    const tooLow = await partner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, locationsLimit: 1 });
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json().error_description).toBe('This company already has 2 locations; the limit cannot be lower.');
    expect(
      (await partner('PATCH', '/v2/api/admin/packages', { client: fx.companyC.id, locationsLimit: 0 })).statusCode,
    ).toBe(400);
  });

  it('sets the response languages of a company', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const res = await owner('PATCH', '/v2/api/admin/languages', {
      client: fx.companyC.id,
      languages: ['en', 'ar', 'en'],
    });
    expect(res.json()).toMatchObject({ client: fx.companyC.id, languages: ['en', 'ar'] });
    expect((await owner('GET', `/v2/api/admin/companies/${fx.companyC.id}`)).json().languages).toEqual(['en', 'ar']);
    expect(
      (await owner('PATCH', '/v2/api/admin/languages', { client: fx.companyC.id, languages: ['xx'] })).json()
        .error_description,
    ).toBe('Unknown language: xx');
    const partner2 = await as('partner2@fixture.test');
    expect(
      (await partner2('PATCH', '/v2/api/admin/languages', { client: fx.companyC.id, languages: [] })).statusCode,
    ).toBe(404);
  });

  it('lists the embeddable widgets with their addresses', async () => {
    const owner = await as('owner@fixture.test');
    const { fx } = use();
    const body = (await owner('GET', `/v2/api/admin/widgets?client=${fx.companyA.id}`)).json();
    expect(body.data.map((w: { path: string }) => w.path)).toEqual([
      '/reporting/overview',
      '/reporting/insights',
      '/reviews',
      '/settings/other/thirdPartyLogin',
    ]);
    expect(body.data[2].views[0]).toEqual({
      view: '2',
      label: 'Light',
      url: 'http://reputo.test/reviews?view=2&auth_token={auth_token}',
    });
    const partner2 = await as('partner2@fixture.test');
    expect((await partner2('GET', `/v2/api/admin/widgets?client=${fx.companyA.id}`)).statusCode).toBe(404);
  });

  it('serves the sources catalogue with a logo for every source and the defaults per type', async () => {
    const { app } = use();
    const owner = await as('owner@fixture.test');
    const body = (await owner('GET', '/v2/api/admin/sources')).json();
    expect(body.data.length).toBeGreaterThan(100);
    expect(body.data[0]).toMatchObject({
      value: 'google',
      title: 'Google',
      isAdditionalSource: false,
      positionInList: 1,
      logo: '/v2/api/admin/sources/google/logo.svg',
    });
    expect(body.data.find((s: { value: string }) => s.value === 'yelp')).toMatchObject({ isAdditionalSource: true });
    expect(body.defaultsByType.Hotels).toEqual([
      'google',
      'facebook',
      'foursquare',
      'tripadvisor',
      'booking',
      'expedia',
    ]);
    expect(body.defaultsByType.Other).toEqual(['google', 'facebook', 'foursquare']);
    expect(body.competitors).toEqual({
      max: 4,
      excluded: ['feedback'],
      message: "You can't select more than 4 sources for competitors.",
    });
    for (const s of body.data as { logo: string; title: string }[]) {
      const logo = await app.inject({ url: s.logo });
      expect(logo.statusCode, s.logo).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
      expect(logo.body).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    }
    expect((await app.inject({ url: '/v2/api/admin/sources/nope/logo.svg' })).statusCode).toBe(404);
  });
});

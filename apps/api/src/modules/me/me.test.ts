import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

describeEachDatabase('Current user and user settings', (use) => {
  async function as(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    return {
      get: (url: string) => app.inject({ url, headers: bearer(access_token) }),
      patch: (payload: Record<string, unknown>) =>
        app.inject({ method: 'PATCH', url: '/v2/api/user', headers: bearer(access_token), payload }),
    };
  }

  it('answers every field of the current user for a Master Admin', async () => {
    const { fx } = use();
    const me = (await (await as('admin@alpha.test')).get('/v2/api/me')).json();
    expect(me).toMatchObject({
      id: fx.companyA.admin.id,
      role: 'master_admin',
      firstName: 'Amira',
      lastName: 'Haddad',
      email: 'admin@alpha.test',
      userName: 'Amira Haddad',
      client: fx.companyA.id,
      companyName: 'Alpha Restaurants',
      companyType: 'Restaurants',
      companyCity: 'Dubai',
      companyState: 'Dubai',
      companyCountry: 'UAE',
      country: 'UAE',
      package: 'Enterprise',
      clientSettings: { sources: ['google', 'facebook', 'zomato'], weekStart: 7 },
      locationsTitle: 'Location',
      partnerId: fx.partner1.id,
      partnerName: 'Fixture Agency',
    });
    expect(me.features).toEqual(
      expect.arrayContaining(['reviewFilterSearch', 'messaging', 'competitorBenchmarking', 'listingManagement']),
    );
  });

  it('derives locationsTitle from the company type and has no company for the Owner', async () => {
    const { app, fx } = use();
    const owner = (await (await as('owner@fixture.test')).get('/v2/api/me')).json();
    expect(owner).toMatchObject({
      role: 'owner',
      client: null,
      companyName: null,
      locationsTitle: 'Unit',
      features: [],
    });
    // The software company has products, not locations: act as it via the Owner on a user of it.
    const { access_token } = await signIn(app, 'owner@fixture.test');
    const gammaUser = await app.inject({
      method: 'POST',
      url: `/v2/api/team?ownerAsCompany=${fx.companyC.id}`,
      headers: bearer(access_token),
      payload: { email: 'dev@gamma.test', role: 'analyst', firstName: 'Dev' },
    });
    expect(gammaUser.statusCode).toBe(201);
    const asGamma = (
      await app.inject({ url: `/v2/api/me?ownerAsUser=${gammaUser.json().id}`, headers: bearer(access_token) })
    ).json();
    expect(asGamma).toMatchObject({ locationsTitle: 'Product', companyType: 'Software', userName: 'Dev' });
  });

  it('updates one field at a time and answers the stored user', async () => {
    const user = await as('manager@alpha.test');
    expect((await user.patch({ firstName: 'Maya' })).json()).toMatchObject({
      firstName: 'Maya',
      userName: 'Maya Tester',
    });
    expect((await user.patch({ lastName: 'Maya' })).json()).toMatchObject({ lastName: 'Maya', userName: 'Maya' });
    const both = await user.patch({ firstName: 'A', lastName: 'B' });
    expect(both.statusCode).toBe(400);
    expect(both.json().error_description).toBe('Send exactly one of firstName, lastName, email or password');
  });

  it('checks the email with the spec messages and refuses one already taken', async () => {
    const user = await as('responder@alpha.test');
    expect((await user.patch({ email: '' })).json()).toMatchObject({
      error_description: 'Email is required!',
      details: [{ field: 'email', message: 'Email is required!' }],
    });
    expect((await user.patch({ email: 'not-an-email' })).json().error_description).toBe('Email is not valid!');
    const taken = await user.patch({ email: 'ADMIN@alpha.test' });
    expect(taken.statusCode).toBe(409);
    expect((await user.patch({ email: 'responder.new@alpha.test' })).json().email).toBe('responder.new@alpha.test');
  });

  it('changes the password: at least 6 characters, and the new one signs in', async () => {
    const { app } = use();
    const user = await as('analyst@alpha.test');
    const short = await user.patch({ password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error_description).toBe('Password should be at least 6 characters.');
    expect((await user.patch({ password: 'brand-new-pass' })).statusCode).toBe(200);
    await expect(signIn(app, 'analyst@alpha.test', 'brand-new-pass')).resolves.toHaveProperty('access_token');
    await expect(signIn(app, 'analyst@alpha.test')).rejects.toThrow(/400/);
  });

  it('lets nobody set the password of a user they act as', async () => {
    const { app, fx } = use();
    const { access_token } = await signIn(app, 'owner@fixture.test');
    const res = await app.inject({
      method: 'PATCH',
      url: `/v2/api/user?ownerAsUser=${fx.companyB.admin.id}`,
      headers: bearer(access_token),
      payload: { password: 'hijacked1' },
    });
    expect(res.statusCode).toBe(403);
  });
});

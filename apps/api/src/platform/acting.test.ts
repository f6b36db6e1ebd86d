import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';

describeEachDatabase('Acting context (impersonation parameters)', (use) => {
  async function client(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    return (url: string) => app.inject({ url, headers: bearer(access_token) });
  }
  const emails = (res: { json: () => { data: { email: string }[] } }) =>
    res
      .json()
      .data.map((u) => u.email)
      .sort();

  it('Owner acts as a company: company calls see that company', async () => {
    const { fx } = use();
    const get = await client('owner@fixture.test');
    const team = await get(`/v2/api/team?ownerAsCompany=${fx.companyB.id}`);
    expect(team.statusCode).toBe(200);
    expect(emails(team)).toEqual(['admin@beta.test']);
    // Without a context the Owner has no company to read.
    expect((await get('/v2/api/team')).statusCode).toBe(403);
  });

  it('ignores ownerAsCompany on /me and on the admin company paths', async () => {
    const { fx } = use();
    const get = await client('owner@fixture.test');
    const me = (await get(`/v2/api/me?ownerAsCompany=${fx.companyA.id}`)).json();
    expect(me).toMatchObject({ role: 'owner', client: null });
    const list = await get(`/v2/api/admin/companies?ownerAsCompany=${fx.companyA.id}`);
    expect(list.json().count).toBe(3);
  });

  it('Owner acts as a user and as a partner, and through the partner as its company', async () => {
    const { fx } = use();
    const get = await client('owner@fixture.test');
    expect((await get(`/v2/api/me?ownerAsUser=${fx.companyA.responder.id}`)).json()).toMatchObject({
      email: 'responder@alpha.test',
      role: 'responder',
    });
    const asPartner = await get(`/v2/api/admin/companies?ownerAsPartner=${fx.partner2.id}`);
    expect(asPartner.json().data.map((c: { company_name: string }) => c.company_name)).toEqual(['Beta Bank']);
    const chained = await get(`/v2/api/team?ownerAsPartner=${fx.partner1.id}&partnerAsCompany=${fx.companyA.id}`);
    expect(emails(chained)).toContain('admin@alpha.test');
    expect(
      (await get(`/v2/api/team?ownerAsPartner=${fx.partner2.id}&partnerAsCompany=${fx.companyA.id}`)).statusCode,
    ).toBe(403);
  });

  it('Partner acts only inside its own companies and their users', async () => {
    const { fx } = use();
    const get = await client('partner1@fixture.test');
    expect((await get(`/v2/api/team?partnerAsCompany=${fx.companyA.id}`)).statusCode).toBe(200);
    expect((await get(`/v2/api/team?partnerAsCompany=${fx.companyB.id}`)).statusCode).toBe(403);
    expect((await get(`/v2/api/me?partnerAsUser=${fx.companyA.admin.id}`)).json().email).toBe('admin@alpha.test');
    expect((await get(`/v2/api/me?partnerAsUser=${fx.companyB.admin.id}`)).statusCode).toBe(403);
    expect(
      (await get(`/v2/api/me?ownerAsCompany=${fx.companyA.id}&ownerAsUser=${fx.companyA.admin.id}`)).statusCode,
    ).toBe(403);
    expect((await get(`/v2/api/admin/companies?ownerAsPartner=${fx.partner2.id}`)).statusCode).toBe(403);
    const own = await get('/v2/api/admin/companies');
    expect(
      own
        .json()
        .data.map((c: { company_name: string }) => c.company_name)
        .sort(),
    ).toEqual(['Alpha Restaurants', 'Gamma Apps']);
  });

  it('Master Admin acts only as users of its own company', async () => {
    const { fx } = use();
    const get = await client('admin@alpha.test');
    expect((await get(`/v2/api/me?adminAsUser=${fx.companyA.analyst.id}`)).json()).toMatchObject({
      email: 'analyst@alpha.test',
      role: 'analyst',
    });
    expect((await get(`/v2/api/me?adminAsUser=${fx.companyB.admin.id}`)).statusCode).toBe(403);
    expect((await get(`/v2/api/me?partnerAsCompany=${fx.companyA.id}`)).statusCode).toBe(403);
    expect((await get(`/v2/api/me?ownerAsUser=${fx.owner.id}`)).statusCode).toBe(403);
    const manager = await client('manager@alpha.test');
    expect((await manager(`/v2/api/me?adminAsUser=${fx.companyA.analyst.id}`)).statusCode).toBe(403);
  });

  it('answers 403 for an unknown id and 400 for a value that is not an id', async () => {
    const get = await client('owner@fixture.test');
    expect((await get('/v2/api/me?ownerAsUser=999999')).statusCode).toBe(403);
    const bad = await get('/v2/api/me?ownerAsUser=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe('ownerAsUser must be a positive whole number');
  });

  it("answers 404 for another tenant's ids, exactly as for a missing one", async () => {
    const { fx, app } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const foreign = await app.inject({
      method: 'POST',
      url: `/v2/api/team/${fx.companyB.admin.id}/invite`,
      headers: bearer(access_token),
      payload: {},
    });
    const missing = await app.inject({
      method: 'POST',
      url: '/v2/api/team/987654/invite',
      headers: bearer(access_token),
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('gates a feature route by the acting company: Owner passes, a company without Messaging is refused', async () => {
    const { fx } = use();
    expect((await (await client('admin@alpha.test'))('/v2/api/conversations/unreadTotalCount')).json()).toEqual({
      unreadTotalCount: 0,
    });
    const beta = await (await client('admin@beta.test'))('/v2/api/conversations/unreadTotalCount');
    expect(beta.statusCode).toBe(403);
    expect(beta.json().error_description).toBe('The messaging feature is not enabled for this company');
    expect(
      (
        await (
          await client('owner@fixture.test')
        )(`/v2/api/conversations/unreadTotalCount?ownerAsCompany=${fx.companyB.id}`)
      ).statusCode,
    ).toBe(200);
  });

  it('limits roles: an Analyst cannot read the team, a Partner cannot list partners', async () => {
    expect((await (await client('analyst@alpha.test'))('/v2/api/team')).statusCode).toBe(403);
    expect((await (await client('partner1@fixture.test'))('/v2/api/admin/partners')).statusCode).toBe(403);
    expect((await (await client('owner@fixture.test'))('/v2/api/admin/partners')).json().count).toBe(2);
  });
});

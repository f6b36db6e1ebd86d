import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';

/**
 * The signed-in user and the acting company are kept between requests (identityCache.ts); a change
 * made through the API must still apply to the very next request of everyone it concerns, with the
 * tokens they already hold.
 */
describeEachDatabase('Identities kept between requests', (use) => {
  const tokenOf = async (email: string) => (await signIn(use().app, email)).access_token;
  const call = (token: string, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    use().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it("a changed role applies to the member's next request", async () => {
    const { fx } = use();
    const [admin, manager] = [await tokenOf('admin@alpha.test'), await tokenOf('manager@alpha.test')];
    expect((await call(manager, 'GET', '/v2/api/team')).statusCode).toBe(200);
    expect((await call(manager, 'GET', '/v2/api/me')).json().role).toBe('manager');
    const changed = await call(admin, 'PATCH', `/v2/api/team/${fx.companyA.manager.id}`, { role: 'analyst' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await call(manager, 'GET', '/v2/api/team')).statusCode).toBe(403);
  });

  it("a removed member's token stops working at once", async () => {
    const { fx } = use();
    const [admin, responder] = [await tokenOf('admin@alpha.test'), await tokenOf('responder@alpha.test')];
    expect((await call(responder, 'GET', '/v2/api/me')).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/v2/api/team/${fx.companyA.responder.id}`)).statusCode).toBe(200);
    expect((await call(responder, 'GET', '/v2/api/me')).statusCode).toBe(401);
  });

  it("a company changed by the owner shows on its members' next request", async () => {
    const { fx } = use();
    const [owner, admin] = [await tokenOf('owner@fixture.test'), await tokenOf('admin@alpha.test')];
    expect((await call(admin, 'GET', '/v2/api/me')).json().clientSettings.sources).toEqual([
      'google',
      'facebook',
      'zomato',
    ]);
    const patched = await call(owner, 'PATCH', `/v2/api/admin/companies/${fx.companyA.id}`, {
      sources: ['google', 'tripadvisor'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call(admin, 'GET', '/v2/api/me')).json().clientSettings.sources).toEqual(['google', 'tripadvisor']);
  });
});

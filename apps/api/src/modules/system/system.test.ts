import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

describeEachDatabase('System calls', (use) => {
  it('answers the version and build, liveness, and readiness with the migrations applied', async () => {
    const { app } = use();
    expect((await app.inject({ url: '/version' })).json()).toEqual({ version: '0.1.0', build: 'dev' });
    const health = await app.inject({ url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', migrations: { current: true }, reason: null });
    expect(ready.json().migrations.applied).toBe(ready.json().migrations.expected);
  });

  it('gives the web app its client settings; preset users only in demo mode', async () => {
    const { app } = use();
    const cfg = (await app.inject({ url: '/v2/api/client-config' })).json();
    expect(cfg).toMatchObject({
      clientId: 'reputo-web',
      clientSecret: 'reputo-web-secret',
      demoMode: true,
      maintenance: false,
      pusher: { embedded: true, key: 'reputo-embedded' },
    });
    expect(cfg.announcement).toContain('December 25th');
    expect(cfg.billingPortalBase).toBe('https://billing.reputo.app/p/{slug}');
    // The fixture world has none of the demo accounts, so none are offered.
    expect(cfg.presetUsers).toEqual([]);
  });

  it('signs the chat-widget identity with the server secret', async () => {
    const { app, config, fx } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const payload = (await app.inject({ url: '/api/v2/intercom/payload', headers: bearer(access_token) })).json();
    expect(payload).toMatchObject({
      user_id: String(fx.companyA.admin.id),
      email: 'admin@alpha.test',
      name: 'Amira Haddad',
      session_duration: 86400000,
      company: { name: 'Alpha Restaurants' },
    });
    expect(payload.user_hash).toBe(
      createHmac('sha256', config.intercomSecret).update(String(fx.companyA.admin.id)).digest('hex'),
    );
    expect((await app.inject({ url: '/api/v2/intercom/payload' })).statusCode).toBe(401);
  });

  it('makes a user-engagement token for the current user only', async () => {
    const { app, config, fx } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const res = await app.inject({
      url: `/v2/api/userlist/token?id=${fx.companyA.admin.id}`,
      headers: bearer(access_token),
    });
    const { payload } = await jwtVerify(res.json().token, new TextEncoder().encode(config.userlistSecret));
    expect(payload).toMatchObject({ identifier: `user-${fx.companyA.admin.id}`, email: 'admin@alpha.test' });
    expect(
      (await app.inject({ url: `/v2/api/userlist/token?id=${fx.companyB.admin.id}`, headers: bearer(access_token) }))
        .statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/v2/api/userlist/token?id=abc', headers: bearer(access_token) })).statusCode).toBe(
      400,
    );
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = (await use().app.inject({ url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v2/oauth2/token', '/v2/api/me', '/v2/api/user', '/v2/api/password/fogot']),
    );
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await use().app.inject({ url: '/v2/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', error_description: 'No route GET /v2/api/nothing-here' });
  });

  it('issues an embed token that reads the company and nothing outside the embed routes', async () => {
    const { app, fx } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const made = await app.inject({
      method: 'POST',
      url: '/v2/api/embed/token',
      headers: bearer(access_token),
      payload: { view: '2' },
    });
    const embed = { 'iframe-token': made.json().auth_token };
    expect((await app.inject({ url: '/v2/api/me', headers: embed })).json()).toMatchObject({
      client: fx.companyA.id,
      role: 'analyst',
    });
    const team = await app.inject({ url: '/v2/api/team', headers: embed });
    expect(team.statusCode).toBe(403);
    expect(team.json().error_description).toBe('Route is not accessible in iframe mode');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/v2/api/embed/token',
          headers: bearer(access_token),
          payload: { view: '4' },
        })
      ).json().error_description,
    ).toBe("view must be '2' or '3'");
  });
});

import { expect, it } from 'vitest';
import type { BuiltApp } from '../../app';
import { describeEachDatabase, secondServer } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';

const me = (app: BuiltApp, accessToken: string) => app.inject({ url: '/v2/api/me', headers: bearer(accessToken) });
const refresh = (app: BuiltApp, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: '/v2/oauth2/token',
    payload: {
      client_id: app.deps.config.oauthClientId,
      client_secret: app.deps.config.oauthClientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    },
  });

/** An old access token is answered as expired (the client then refreshes), on both servers. */
async function expectExpired(apps: BuiltApp[], accessToken: string) {
  for (const app of apps) {
    const res = await me(app, accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('expired');
  }
}

// A second server process on the same database must refuse the old tokens as well. (In one test
// process a write also drops the other app's identity cache; between real processes the cached user
// row keeps the old not-before for at most IDENTITY_CACHE_SECONDS, as the README says.)
describeEachDatabase('A new password ends the other sessions', (use) => {
  it('changing the password keeps the session that changed it and ends every other one', async () => {
    const { app, fx } = use();
    const other = await secondServer(use());
    try {
      const email = fx.companyA.manager.email;
      const here = await signIn(app, email);
      const elsewhere = await signIn(other.app, email);
      // Both servers knew the old tokens (and may keep the user row cached).
      expect((await me(other.app, here.access_token)).statusCode).toBe(200);
      expect((await me(other.app, elsewhere.access_token)).statusCode).toBe(200);

      const change = await app.inject({
        method: 'PATCH',
        url: '/v2/api/user',
        headers: bearer(here.access_token),
        payload: { password: 'changed-pass-1' },
      });
      expect(change.statusCode).toBe(200);

      await expectExpired([app, other.app], elsewhere.access_token);
      expect((await refresh(other.app, elsewhere.refresh_token)).json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Your session has ended. Please sign in again.',
      });

      // The changing session refreshes its access token (issued before the change) and goes on.
      await expectExpired([app, other.app], here.access_token);
      const renewed = await refresh(other.app, here.refresh_token);
      expect(renewed.statusCode).toBe(200);
      expect((await me(app, renewed.json().access_token)).statusCode).toBe(200);
      expect((await me(other.app, renewed.json().access_token)).statusCode).toBe(200);
      const fresh = await signIn(other.app, email, 'changed-pass-1');
      expect((await me(app, fresh.access_token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('resetting the password through the recovery link ends every session', async () => {
    const { app, fx } = use();
    const other = await secondServer(use());
    try {
      const email = fx.companyA.responder.email;
      const before = await signIn(other.app, email);
      expect((await me(other.app, before.access_token)).statusCode).toBe(200);
      await app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload: { email } });
      const token = (await lastMailTo(use(), email)).links[0]!.split('/').pop()!;
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/v2/api/password/${token}`,
            payload: { token, password: 'recovered-1' },
          })
        ).statusCode,
      ).toBe(200);

      await expectExpired([app, other.app], before.access_token);
      expect((await refresh(other.app, before.refresh_token)).statusCode).toBe(400);
      const fresh = await signIn(other.app, email, 'recovered-1');
      expect((await me(app, fresh.access_token)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

import crypto from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { createTokenSigner } from '../../platform/auth/tokens';
import { describeOnBothDatabases } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { FIXTURE_PASSWORD } from '../../test/fixtures';

describeOnBothDatabases('OAuth2 token endpoint and sessions', (use, { itOnce }) => {
  const tokenCall = (payload: Record<string, unknown>) => {
    const { app } = use();
    return app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      payload: {
        client_id: app.deps.config.oauthClientId,
        client_secret: app.deps.config.oauthClientSecret,
        ...payload,
      },
    });
  };
  const revoke = (payload: Record<string, unknown>) => {
    const { app } = use();
    return app.inject({
      method: 'POST',
      url: '/v2/oauth2/revoke',
      payload: {
        client_id: app.deps.config.oauthClientId,
        client_secret: app.deps.config.oauthClientSecret,
        ...payload,
      },
    });
  };

  it('signs in with the password grant and the access token opens /me', async () => {
    const { app, fx } = use();
    const res = await tokenCall({ grant_type: 'password', email: fx.companyA.admin.email, password: FIXTURE_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    const me = await app.inject({ url: '/v2/api/me', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('admin@alpha.test');
  });

  itOnce('accepts the email in any letter case and as a form-encoded body', async () => {
    const { app, fx } = use();
    const res = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: app.deps.config.oauthClientId,
        client_secret: app.deps.config.oauthClientSecret,
        grant_type: 'password',
        email: fx.companyA.manager.email.toUpperCase(),
        password: FIXTURE_PASSWORD,
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
  });

  itOnce('refuses a wrong password or unknown email with the same message', async () => {
    const wrong = await tokenCall({ grant_type: 'password', email: 'admin@alpha.test', password: 'nope-nope' });
    const unknown = await tokenCall({ grant_type: 'password', email: 'nobody@alpha.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'The email or password is incorrect.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  itOnce(
    'does the same password work for an unknown email as for a real one, so timing does not tell which exist',
    async () => {
      // Watches Node's scrypt (it still runs): which derivations, with which cost, each sign-in makes.
      const scrypt = vi.spyOn(crypto, 'scrypt');
      const derivations = () =>
        scrypt.mock.calls.map(([, salt, keyLength, options]) => ({
          saltBytes: Buffer.from(salt as Buffer).length,
          keyLength,
          options,
        }));
      try {
        await tokenCall({ grant_type: 'password', email: 'admin@alpha.test', password: 'nope-nope' });
        const known = derivations();
        scrypt.mockClear();
        await tokenCall({ grant_type: 'password', email: 'nobody@alpha.test', password: 'nope-nope' });
        expect(known).toHaveLength(1);
        expect(derivations()).toEqual(known);
      } finally {
        scrypt.mockRestore();
      }
    },
  );

  itOnce('checks client_id and client_secret', async () => {
    const { app } = use();
    const res = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      payload: {
        client_id: 'reputo-web',
        client_secret: 'guess',
        grant_type: 'password',
        email: 'admin@alpha.test',
        password: FIXTURE_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  itOnce('answers bad input with a 4xx and a clear message, never a 5xx', async () => {
    const { app } = use();
    expect((await tokenCall({ grant_type: 'password', password: 'x' })).json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'email is required',
    });
    expect((await tokenCall({ grant_type: 'client_credentials' })).json()).toMatchObject({
      error: 'unsupported_grant_type',
    });
    // RFC 6749 section 5.2: no client authentication is invalid_client, 401.
    const noClient = await app.inject({ method: 'POST', url: '/v2/oauth2/token', payload: { grant_type: 'password' } });
    expect(noClient.statusCode).toBe(401);
    expect(noClient.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication is required: client_id and client_secret, or HTTP Basic',
    });
    const badJson = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error_description).toEqual(expect.any(String));
    expect(badJson.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('rotates refresh tokens: the new pair works, the old refresh token works once only', async () => {
    const { app, fx } = use();
    const first = await signIn(app, fx.companyA.manager.email);
    const refreshed = await tokenCall({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      email: fx.companyA.manager.email,
    });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await app.inject({ url: '/v2/api/me', headers: bearer(second.access_token) })).statusCode).toBe(200);

    // Replaying the used token revokes the family: the newer token stops working too.
    const replay = await tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Your session has ended. Please sign in again.',
    });
    const afterReplay = await tokenCall({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(afterReplay.statusCode).toBe(400);
  });

  itOnce('refuses a refresh with another user email or an unknown token', async () => {
    const { app, fx } = use();
    const pair = await signIn(app, fx.companyA.responder.email);
    expect(
      (await tokenCall({ grant_type: 'refresh_token', refresh_token: pair.refresh_token, email: 'admin@alpha.test' }))
        .statusCode,
    ).toBe(400);
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: 'made-up-token' })).json().error).toBe(
      'invalid_grant',
    );
  });

  itOnce('sign-out revokes the refresh token (RFC 7009 `token`, or the older `refresh_token`)', async () => {
    const { app, fx } = use();
    for (const field of ['token', 'refresh_token']) {
      const pair = await signIn(app, fx.companyA.analyst.email);
      const out = await revoke({ [field]: pair.refresh_token });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ revoked: true });
      expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).statusCode).toBe(
        400,
      );
    }
  });

  itOnce(
    'revocation answers 200 for an unknown token, ends the session of an access token, and wants the client',
    async () => {
      const { app, fx } = use();
      expect((await revoke({ token: 'never-issued', token_type_hint: 'refresh_token' })).statusCode).toBe(200);
      const pair = await signIn(app, fx.companyA.analyst.email);
      expect((await revoke({ token: pair.access_token, token_type_hint: 'access_token' })).statusCode).toBe(200);
      expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).json().error).toBe(
        'invalid_grant',
      );
      const anonymous = await app.inject({ method: 'POST', url: '/v2/oauth2/revoke', payload: { token: 'x' } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toBe('invalid_client');
      expect((await revoke({})).json()).toMatchObject({
        error: 'invalid_request',
        error_description: 'token is required',
      });
    },
  );

  itOnce('authenticates the client with HTTP Basic as well as in the body (RFC 6749 section 2.3.1)', async () => {
    const { app, fx } = use();
    const { oauthClientId: id, oauthClientSecret: secret } = app.deps.config;
    const basic = (user: string, pass: string) => ({
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(user)}:${encodeURIComponent(pass)}`).toString('base64')}`,
    });
    const grant = { grant_type: 'password', username: fx.companyA.admin.email, password: FIXTURE_PASSWORD };
    const ok = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      headers: basic(id, secret),
      payload: grant,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token_type).toBe('Bearer');
    const wrong = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      headers: basic(id, 'guess'),
      payload: grant,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Unknown client or wrong client secret',
    });
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const both = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      headers: basic(id, secret),
      payload: { ...grant, client_id: id, client_secret: secret },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('invalid_request');
    const revoked = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/revoke',
      headers: basic(id, secret),
      payload: { token: ok.json().refresh_token },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await tokenCall({ grant_type: 'refresh_token', refresh_token: ok.json().refresh_token })).statusCode).toBe(
      400,
    );
  });

  itOnce('tells caches not to store token answers, successes and errors alike (RFC 6749 section 5.1)', async () => {
    const { fx } = use();
    const answers = [
      await tokenCall({ grant_type: 'password', email: fx.companyA.admin.email, password: FIXTURE_PASSWORD }),
      await tokenCall({ grant_type: 'password', email: fx.companyA.admin.email, password: 'nope-nope' }),
      await tokenCall({ grant_type: 'refresh_token' }),
      await revoke({ token: 'never-issued' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 400, 200]);
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.pragma).toBe('no-cache');
    }
  });

  itOnce('answers an expired access token with status 400 and the plain body expired', async () => {
    const { app, fx, config } = use();
    const expired = await createTokenSigner(config.jwtSecret, -60).signAccess(fx.companyA.admin.id);
    const res = await app.inject({ url: '/v2/api/me', headers: bearer(expired) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('expired');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
  });

  itOnce('answers a forged, foreign or missing token with 401', async () => {
    const { app, fx } = use();
    const forged = await createTokenSigner('x'.repeat(40), 900).signAccess(fx.owner.id);
    expect((await app.inject({ url: '/v2/api/me', headers: bearer(forged) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/v2/api/me', headers: bearer('not.a.jwt') })).statusCode).toBe(401);
    const none = await app.inject({ url: '/v2/api/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'unauthorized', error_description: 'Authentication required' });
  });
});

describeOnBothDatabases(
  'Sign-in rate limit',
  (use) => {
    it('answers 429 after the limit per email and address, and other emails still sign in', async () => {
      const { app, fx } = use();
      const attempt = (email: string) =>
        app.inject({
          method: 'POST',
          url: '/v2/oauth2/token',
          payload: {
            client_id: app.deps.config.oauthClientId,
            client_secret: app.deps.config.oauthClientSecret,
            grant_type: 'password',
            email,
            password: 'wrong-password',
          },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(fx.companyA.admin.email)).statusCode).toBe(400);
      const limited = await attempt(fx.companyA.admin.email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'too_many_requests',
        error_description: 'Too many sign-in attempts. Please try again in 10 minutes.',
      });
      // Even the right password waits until the window passes.
      const right = await app.inject({
        method: 'POST',
        url: '/v2/oauth2/token',
        payload: {
          client_id: app.deps.config.oauthClientId,
          client_secret: app.deps.config.oauthClientSecret,
          grant_type: 'password',
          email: fx.companyA.admin.email,
          password: FIXTURE_PASSWORD,
        },
      });
      expect(right.statusCode).toBe(429);
      expect((await attempt(fx.companyA.manager.email)).statusCode).toBe(400);
    });
  },
  { env: { TOKEN_RATE_LIMIT: '3', TOKEN_RATE_WINDOW: '600' } },
);

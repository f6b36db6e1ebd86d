import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { maskTokens } from '../app';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';
import { lastMailTo } from '../test/mail';

describe('Request logging', () => {
  it('masks tokens in paths and query strings', () => {
    expect(maskTokens('/v2/api/password/abc123?x=1')).toBe('/v2/api/password/***?x=1');
    expect(maskTokens('/v2/api/invitation/tok')).toBe('/v2/api/invitation/***');
    expect(maskTokens('/v2/api/statistics/export?date_from=2026-01-01&access_token=eyJhbGci.x.y&sources=google')).toBe(
      '/v2/api/statistics/export?date_from=2026-01-01&access_token=***&sources=google',
    );
    expect(maskTokens('/reviews?auth_token=secret')).toBe('/reviews?auth_token=***');
  });
});

/** Every line the server logs, as written. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});

describeEachDatabase(
  'The server log',
  (use) => {
    it('holds no recovery or invitation token, password, refresh token or client secret', async () => {
      const { app } = use();
      const from = logged.length;
      const forgot = await app.inject({
        method: 'POST',
        url: '/v2/api/password/fogot',
        payload: { email: 'manager@alpha.test' },
      });
      expect(forgot.statusCode).toBe(200);
      const recovery = (await lastMailTo(use(), 'manager@alpha.test')).links[0]!.split('/').pop()!;
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/v2/api/password/${recovery}`,
            payload: { token: recovery, password: 'recovered-pass-1' },
          })
        ).statusCode,
      ).toBe(200);

      const admin = await signIn(app, 'admin@alpha.test');
      const invite = await app.inject({
        method: 'POST',
        url: '/v2/api/team',
        headers: bearer(admin.access_token),
        payload: { email: 'nadia@alpha.test', firstName: 'Nadia', lastName: 'Saleh', role: 'analyst' },
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const invitation = (await lastMailTo(use(), 'nadia@alpha.test')).links[0]!.split('/').pop()!;
      expect((await app.inject({ url: `/v2/api/invitation/${invitation}` })).statusCode).toBe(200);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/v2/api/invitation/${invitation}`,
            payload: { token: invitation, password: 'invited-pass-1' },
          })
        ).statusCode,
      ).toBe(200);
      // A secret handed to the logger in an object is written masked too.
      app.log.info(
        {
          body: {
            password: 'logged-pass-1',
            refresh_token: admin.refresh_token,
            client_secret: app.deps.config.oauthClientSecret,
          },
        },
        'a body with secrets',
      );

      const log = logged.slice(from).join('');
      // The log did record this work: the mails and the requests with masked paths.
      expect(log).toContain('"subject":"Reset your Reputo password"');
      expect(log).toContain('/v2/api/invitation/***');
      expect(log).toContain('a body with secrets');
      for (const secret of [
        recovery,
        invitation,
        'recovered-pass-1',
        'invited-pass-1',
        'logged-pass-1',
        admin.access_token,
        admin.refresh_token,
        app.deps.config.oauthClientSecret,
      ]) {
        expect(log).not.toContain(secret);
      }
    });
  },
  { env: { LOG_LEVEL: 'info' }, logStream },
);

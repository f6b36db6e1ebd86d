import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';
import { listOutbox } from '../outbox/repository';

describeEachDatabase('Password recovery', (use) => {
  const forgot = (payload: Record<string, unknown>) =>
    use().app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload });
  const reset = (token: string, password: string) =>
    use().app.inject({ method: 'POST', url: `/v2/api/password/${token}`, payload: { token, password } });

  it('mails a one-time link to /confirmPassword/{token} and answers the spec success text', async () => {
    const res = await forgot({ email: 'manager@alpha.test', url: 'http://reputo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Please check your inbox, the recovery password link has been sent.' });
    const mail = await lastMailTo(use(), 'manager@alpha.test');
    expect(mail.subject).toBe('Reset your Reputo password');
    expect(mail.links[0]).toMatch(/^http:\/\/reputo\.test\/confirmPassword\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(mail.links[0]);
  });

  it('answers an unknown email with the spec failure text', async () => {
    const res = await forgot({ email: 'ghost@alpha.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      error_description: 'No user is found with this email, please check again.',
    });
  });

  it('never mails a link to a foreign site, whatever url the client sends', async () => {
    await forgot({ email: 'responder@alpha.test', url: 'https://evil.example' });
    const mail = await lastMailTo(use(), 'responder@alpha.test');
    expect(mail.links[0]).toMatch(/^http:\/\/reputo\.test\/confirmPassword\//);
  });

  it('sets a new password once; the link cannot be used again and old sessions end', async () => {
    const { app } = use();
    const before = await signIn(app, 'analyst@alpha.test');
    await forgot({ email: 'analyst@alpha.test' });
    const token = (await lastMailTo(use(), 'analyst@alpha.test')).links[0]!.split('/').pop()!;
    const short = await reset(token, '123');
    expect(short.json().error_description).toBe('Password should be at least 6 characters.');
    expect((await reset(token, 'recovered-1')).statusCode).toBe(200);
    await expect(signIn(app, 'analyst@alpha.test', 'recovered-1')).resolves.toHaveProperty('access_token');
    const again = await reset(token, 'recovered-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error_description).toBe('No user is found with this email, please check again.');
    const oldRefresh = await app.inject({
      method: 'POST',
      url: '/v2/oauth2/token',
      payload: {
        client_id: app.deps.config.oauthClientId,
        client_secret: app.deps.config.oauthClientSecret,
        grant_type: 'refresh_token',
        refresh_token: before.refresh_token,
      },
    });
    expect(oldRefresh.statusCode).toBe(400);
  });

  it('refuses a made-up token and bad input with a clear 4xx', async () => {
    expect((await reset('x'.repeat(43), 'whatever1')).statusCode).toBe(400);
    const noPassword = await use().app.inject({
      method: 'POST',
      url: `/v2/api/password/${'y'.repeat(43)}`,
      payload: {},
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error_description).toBe('Please input your Password!');
    expect((await forgot({})).json().error_description).toBe('Email is not valid!');
  });

  it('lets the Owner read the outbox, nobody else', async () => {
    const { app } = use();
    const owner = await signIn(app, 'owner@fixture.test');
    const admin = await signIn(app, 'admin@alpha.test');
    expect((await app.inject({ url: '/v2/api/admin/outbox', headers: bearer(owner.access_token) })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/v2/api/admin/outbox', headers: bearer(admin.access_token) })).statusCode).toBe(
      403,
    );
  });
});

describeEachDatabase(
  'Password recovery limits',
  (use) => {
    const forgotFrom = (address: string, email: string) =>
      use().app.inject({ method: 'POST', url: '/v2/api/password/fogot', remoteAddress: address, payload: { email } });
    const mailsTo = async (email: string) => (await listOutbox(use().database.db, { to: email, limit: 100 })).length;

    function expectLimited(res: Awaited<ReturnType<typeof forgotFrom>>) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: 'too_many_requests',
        error_description: 'Too many recovery requests. Please try again in 60 minutes.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    }

    it('sends at most the limit of mails to one email, from any address', async () => {
      expect((await forgotFrom('203.0.113.10', 'manager@alpha.test')).statusCode).toBe(200);
      expect((await forgotFrom('203.0.113.11', 'MANAGER@alpha.test')).statusCode).toBe(200);
      expectLimited(await forgotFrom('203.0.113.12', 'manager@alpha.test'));
      expect(await mailsTo('manager@alpha.test')).toBe(2);
    });

    it('limits the requests of one address across emails, unknown ones included', async () => {
      for (const email of ['responder@alpha.test', 'analyst@alpha.test', 'ghost@alpha.test'])
        await forgotFrom('203.0.113.20', email);
      expectLimited(await forgotFrom('203.0.113.20', 'admin@alpha.test'));
      expect(await mailsTo('admin@alpha.test')).toBe(0);
    });
  },
  { env: { RECOVERY_RATE_LIMIT: '2', RECOVERY_RATE_LIMIT_PER_ADDRESS: '3', RECOVERY_RATE_WINDOW: '3600' } },
);

describeEachDatabase(
  'Password recovery that hides unknown emails',
  (use) => {
    it('answers an unknown email with the success text and sends no mail; a known one still gets its link', async () => {
      const { app, database } = use();
      const forgot = (email: string) =>
        app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload: { email } });
      const unknown = await forgot('ghost@alpha.test');
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: 'Please check your inbox, the recovery password link has been sent.' });
      expect(await listOutbox(database.db, { to: 'ghost@alpha.test', limit: 1 })).toEqual([]);
      const known = await forgot('manager@alpha.test');
      expect(known.json()).toEqual(unknown.json());
      expect((await lastMailTo(use(), 'manager@alpha.test')).links[0]).toMatch(/\/confirmPassword\//);
    });
  },
  { env: { RECOVERY_HIDE_UNKNOWN_EMAILS: 'true' } },
);

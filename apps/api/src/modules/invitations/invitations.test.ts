import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';

describeEachDatabase('Invitations', (use) => {
  async function invite(email: string, firstName?: string) {
    const { app } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const res = await app.inject({
      method: 'POST',
      url: '/v2/api/team',
      headers: bearer(access_token),
      payload: { email, firstName, lastName: 'New', role: 'responder' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(use(), email);
    return { member: res.json(), token: mail.links[0]!.split('/').pop()!, mail, adminToken: access_token };
  }
  const check = (token: string) => use().app.inject({ url: `/v2/api/invitation/${token}` });
  const accept = (token: string, password: string) =>
    use().app.inject({ method: 'POST', url: `/v2/api/invitation/${token}`, payload: { token, password } });

  it('mails an invitation whose link greets the invited user and creates the password', async () => {
    const { app } = use();
    const { token, mail, member } = await invite('nora@alpha.test', 'Nora');
    expect(member).toMatchObject({ email: 'nora@alpha.test', role: 'responder', status: 'invited' });
    expect(mail.subject).toBe('Amira Haddad invited you to Alpha Restaurants on Reputo');
    expect(mail.links[0]).toMatch(/^http:\/\/reputo\.test\/invitation\//);
    expect((await check(token)).json()).toEqual({ items: [{ email: 'nora@alpha.test', firstName: 'Nora' }] });
    // An invited user cannot sign in before accepting.
    await expect(signIn(app, 'nora@alpha.test', 'anything')).rejects.toThrow(/400/);
    const short = await accept(token, '12345');
    expect(short.json().error_description).toBe('Password length should be not less than 6 characters!');
    expect((await accept(token, 'welcome-nora')).statusCode).toBe(200);
    const me = await app.inject({
      url: '/v2/api/me',
      headers: bearer((await signIn(app, 'nora@alpha.test', 'welcome-nora')).access_token),
    });
    expect(me.json()).toMatchObject({ email: 'nora@alpha.test', role: 'responder', companyName: 'Alpha Restaurants' });
  });

  it('answers a used or unknown invitation with the already-confirmed message', async () => {
    const { token } = await invite('omar@alpha.test', 'Omar');
    await accept(token, 'welcome-omar');
    const used = 'User confirmed or it is wrong invitation id';
    expect((await check(token)).json()).toEqual({ items: [], message: used });
    expect((await check('z'.repeat(43))).json()).toEqual({ items: [], message: used });
    const second = await accept(token, 'another-pass');
    expect(second.statusCode).toBe(400);
    expect(second.json().error_description).toBe(used);
  });

  it('greets generically when no first name is known, and a re-sent invitation replaces the old link', async () => {
    const { app } = use();
    const { token, member, adminToken } = await invite('anon@alpha.test');
    expect((await check(token)).json().items[0]).toEqual({ email: 'anon@alpha.test', firstName: null });
    const resend = await app.inject({
      method: 'POST',
      url: `/v2/api/team/${member.id}/invite`,
      headers: bearer(adminToken),
      payload: {},
    });
    expect(resend.json()).toEqual({ message: 'Invitation sent.' });
    const fresh = (await lastMailTo(use(), 'anon@alpha.test')).links[0]!.split('/').pop()!;
    expect(fresh).not.toBe(token);
    expect((await check(token)).json().message).toBe('User confirmed or it is wrong invitation id');
    expect((await check(fresh)).json().items).toHaveLength(1);
  });

  it('refuses a duplicate email, a bad email and a Manager making a Master Admin', async () => {
    const { app } = use();
    const { access_token } = await signIn(app, 'manager@alpha.test');
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/v2/api/team', headers: bearer(access_token), payload });
    expect((await post({ email: 'admin@beta.test', role: 'analyst' })).statusCode).toBe(409);
    expect((await post({ email: 'nope', role: 'analyst' })).json().error_description).toBe('Email is not valid!');
    expect((await post({ email: 'boss@alpha.test', role: 'master_admin' })).statusCode).toBe(403);
    expect((await post({ email: 'boss@alpha.test', role: 'king' })).statusCode).toBe(400);
  });
});

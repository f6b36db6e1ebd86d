import { MSG } from '@reputo/core';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';

describeEachDatabase('Admin users', (use) => {
  async function as(email: string) {
    const { app } = use();
    const { access_token } = await signIn(app, email);
    return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: bearer(access_token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
  }

  it('lists Owner and Partner administrators for the Owner, and only its own for a Partner', async () => {
    const owner = await as('owner@fixture.test');
    const all = (await owner('GET', '/v2/api/owner')).json();
    expect(all.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'owner@fixture.test',
      'partner1@fixture.test',
      'partner2@fixture.test',
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, per_page: 20, total_pages: 1 });
    expect((await owner('GET', '/v2/api/owner?role=owner')).json().data.map((u: { email: string }) => u.email)).toEqual(
      ['owner@fixture.test'],
    );
    expect((await owner('GET', '/v2/api/owner?search=partner2')).json().total).toBe(1);
    const partner = await as('partner1@fixture.test');
    const own = (await partner('GET', '/v2/api/owner')).json().data;
    expect(own.map((u: { email: string; partnerName: string }) => [u.email, u.partnerName])).toEqual([
      ['partner1@fixture.test', 'Fixture Agency'],
    ]);
    const admin = await as('admin@alpha.test');
    expect((await admin('GET', '/v2/api/owner')).statusCode).toBe(403);
  });

  it('creates an administrator who gets an invitation mail and can sign in after accepting it', async () => {
    const { fx, app } = use();
    const env = use();
    const owner = await as('owner@fixture.test');
    const missing = await owner('POST', '/v2/api/owner', { role: 'partner', partnerId: fx.partner1.id });
    expect(missing.json().error_description).toBe(MSG.emailRequired);
    expect(
      (await owner('POST', '/v2/api/owner', { email: 'nope', role: 'partner', partnerId: fx.partner1.id })).json()
        .error_description,
    ).toBe(MSG.emailNotValid);
    expect(
      (await owner('POST', '/v2/api/owner', { email: 'x@agency.test', role: 'partner' })).json().error_description,
    ).toBe('Choose the partner this administrator belongs to.');
    expect(
      (
        await owner('POST', '/v2/api/owner', {
          email: 'x@agency.test',
          role: 'partner',
          partnerId: fx.partner1.id,
          firstName: ' Sam',
        })
      ).json().error_description,
    ).toBe(MSG.fieldLeadingSpace);
    expect((await owner('POST', '/v2/api/owner', { email: 'partner1@fixture.test', role: 'owner' })).statusCode).toBe(
      409,
    );
    const res = await owner('POST', '/v2/api/owner', {
      email: 'sam@agency.test',
      firstName: 'Sam',
      lastName: 'Lee',
      role: 'partner',
      partnerId: fx.partner1.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'sam@agency.test',
      role: 'partner',
      status: 'invited',
      partnerId: fx.partner1.id,
      partnerName: 'Fixture Agency',
      userName: 'Sam Lee',
    });
    const mail = await lastMailTo(env, 'sam@agency.test');
    expect(mail.subject).toContain('Fixture Agency');
    const link = mail.links.find((l: string) => l.includes('/invitation/'))!;
    const token = link.split('/invitation/')[1]!;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/v2/api/invitation/${token}`,
          payload: { token, password: 'welcome1' },
        })
      ).statusCode,
    ).toBe(200);
    const signedIn = await signIn(app, 'sam@agency.test', 'welcome1');
    const me = (await app.inject({ url: '/v2/api/me', headers: bearer(signedIn.access_token) })).json();
    expect(me).toMatchObject({ role: 'partner', partnerId: fx.partner1.id });
  });

  it('a Partner creates only its own Partner administrators', async () => {
    const { fx } = use();
    const partner = await as('partner1@fixture.test');
    expect((await partner('POST', '/v2/api/owner', { email: 'boss@x.test', role: 'owner' })).statusCode).toBe(403);
    expect(
      (await partner('POST', '/v2/api/owner', { email: 'p@x.test', role: 'partner', partnerId: fx.partner2.id }))
        .statusCode,
    ).toBe(403);
    const mine = (await partner('POST', '/v2/api/owner', { email: 'helper@fixture.test', role: 'partner' })).json();
    expect(mine.partnerId).toBe(fx.partner1.id);
    expect((await partner('GET', `/v2/api/owner/${fx.partner2.user.id}`)).statusCode).toBe(404);
    expect((await partner('PATCH', `/v2/api/owner/${fx.partner2.user.id}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await partner('DELETE', `/v2/api/owner/${fx.owner.id}`)).statusCode).toBe(404);
  });

  it('edits names, email and role; never its own role, never the last Owner', async () => {
    const { fx } = use();
    const owner = await as('owner@fixture.test');
    const created = (
      await owner('POST', '/v2/api/owner', { email: 'ops@reputo.example', role: 'owner', firstName: 'Ops' })
    ).json();
    const url = `/v2/api/owner/${created.id}`;
    const moved = (
      await owner('PATCH', url, { id: created.id, role: 'partner', partnerId: fx.partner2.id, lastName: 'Desk' })
    ).json();
    expect(moved).toMatchObject({
      role: 'partner',
      partnerId: fx.partner2.id,
      partnerName: 'Other POS',
      userName: 'Ops Desk',
    });
    expect((await owner('PATCH', url, { email: 'partner1@fixture.test' })).statusCode).toBe(409);
    expect(
      (await owner('PATCH', `/v2/api/owner/${fx.owner.id}`, { role: 'partner', partnerId: fx.partner1.id })).json()
        .error_description,
    ).toBe('You cannot change your own role');
    expect((await owner('DELETE', `/v2/api/owner/${fx.owner.id}`)).json().error_description).toBe(
      'You cannot delete yourself',
    );
    expect((await owner('POST', `${url}/invite`)).json()).toEqual({ message: 'The invitation has been sent again.' });
    expect((await owner('DELETE', url)).json()).toEqual({ id: created.id, deleted: true });
    expect((await owner('GET', url)).statusCode).toBe(404);
  });
});

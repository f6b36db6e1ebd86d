import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';
import type { BuiltApp } from '../app';

/** Every error answers in our shape, whatever refused the request. */
function expectOurError(res: { statusCode: number; json: () => unknown }, status: number): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ error: expect.any(String), error_description: expect.any(String) });
}

async function ownerHeaders(app: BuiltApp, email: string) {
  return bearer((await signIn(app, email)).access_token);
}

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

describeEachDatabase('Input refused at the edge', (use) => {
  it('refuses ids and acting parameters beyond the database integer, and ids that are not plain digits', async () => {
    const { app, fx } = use();
    const headers = await ownerHeaders(app, fx.owner.email);
    expectOurError(
      await app.inject({ url: `/v2/api/team/${fx.companyA.admin.id}?ownerAsCompany=2147483648`, headers }),
      400,
    );
    expectOurError(await app.inject({ url: `/v2/api/team/2147483648?ownerAsCompany=${fx.companyA.id}`, headers }), 400);
    expectOurError(
      await app.inject({ url: `/v2/api/locations/99999999999?ownerAsCompany=${fx.companyA.id}`, headers }),
      400,
    );
    expectOurError(
      await app.inject({ url: `/v2/api/team/${fx.companyA.admin.id}?ownerAsCompany=+${fx.companyA.id}`, headers }),
      400,
    );
    expectOurError(await app.inject({ method: 'DELETE', url: `/v2/api/partner/+${fx.partner2.id}`, headers }), 400);
    expectOurError(await app.inject({ method: 'DELETE', url: `/v2/api/partner/${fx.partner2.id}.0`, headers }), 400);
    // The partner is still there: "+1" never meant partner 1.
    expect((await app.inject({ url: `/v2/api/partner/${fx.partner2.id}`, headers })).statusCode).toBe(200);
  });

  it('refuses NUL characters in JSON bodies, query strings, paths and uploaded text', async () => {
    const { app, fx } = use();
    const headers = await ownerHeaders(app, fx.owner.email);
    expectOurError(
      await app.inject({
        method: 'POST',
        url: '/v2/api/password/fogot',
        payload: { email: 'someone\u0000@alpha.test' },
      }),
      400,
    );
    expectOurError(await app.inject({ url: `/v2/api/admin/companies?search=a%00b`, headers }), 400);
    expectOurError(await app.inject({ url: `/v2/api/invitation/abcdefghij%00klm` }), 400);
    const acting = `ownerAsCompany=${fx.companyA.id}`;
    const keywords = Buffer.from('keyword\nrefund\u0000now\n').toString('base64');
    expectOurError(
      await app.inject({
        method: 'POST',
        url: `/v2/api/admin/autoresponse/settings/upload?${acting}`,
        headers,
        payload: { fileName: 'words.csv', content: keywords },
      }),
      400,
    );
    expectOurError(
      await app.inject({
        method: 'POST',
        url: `/v2/api/reviews/upload?${acting}`,
        headers,
        payload: { fileName: 'reviews\u0000.csv', content: keywords },
      }),
      400,
    );
    // An escaped backslash before "u0000" is a backslash in the text, not a NUL.
    const literal = await app.inject({
      method: 'POST',
      url: '/v2/api/password/fogot',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\\\u0000@alpha.test"}',
    });
    expect(literal.statusCode).toBeLessThan(500);
    expect(literal.json().error_description).not.toBe('Text may not contain NUL characters');
  });

  it('refuses deeply nested JSON on every route, the public realtime publish endpoint included, in our shape', async () => {
    const { app } = use();
    const headers = { 'content-type': 'application/json' };
    expectOurError(
      await app.inject({ method: 'POST', url: '/apps/reputo/events?auth_key=x', headers, payload: deepArray(20_000) }),
      400,
    );
    expectOurError(
      await app.inject({
        method: 'POST',
        url: '/v2/api/password/fogot',
        headers,
        payload: `{"email":${deepArray(100)}}`,
      }),
      400,
    );
    expectOurError(await app.inject({ method: 'POST', url: '/apps/reputo/events', headers, payload: '{"name":' }), 400);
  });

  it("answers Fastify's own refusals (too large, unsupported type, too long a path, unknown route) in our shape", async () => {
    const { app } = use();
    const tooLarge = await app.inject({
      method: 'POST',
      url: '/v2/api/password/fogot',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${'a'.repeat(2 * 1024 * 1024)}"}`,
    });
    expectOurError(tooLarge, 413);
    expect(tooLarge.json().error).toBe('payload_too_large');
    const unknownType = await app.inject({
      method: 'POST',
      url: '/v2/api/password/fogot',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expectOurError(unknownType, 415);
    expect(unknownType.json().error).toBe('unsupported_media_type');
    expectOurError(await app.inject({ url: `/v2/api/reviews/${'9'.repeat(150)}` }), 414);
    expectOurError(
      await app.inject({
        method: 'POST',
        url: '/apps/reputo/events',
        headers: { 'content-type': 'application/x-unknown' },
        payload: 'x',
      }),
      415,
    );
    expectOurError(await app.inject({ url: '/v2/api/no-such-route' }), 404);
  });
});

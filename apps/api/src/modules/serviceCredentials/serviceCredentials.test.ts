import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { describeEachDatabase, secondServer } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

const BASE = '/v2/api/admin/servicecredentials';
const SECRET = 'gcp-secret-value-7Kq9';

describeEachDatabase('Service credentials', (use) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const [who, email] of [
      ['owner', 'owner@fixture.test'],
      ['partner', 'partner1@fixture.test'],
      ['admin', 'admin@alpha.test'],
    ] as const)
      tokens[who] = (await signIn(use().app, email)).access_token;
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = 'owner') =>
    use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const listed = async (key: string) =>
    (await call('GET', BASE))
      .json()
      .data.find((c: { provider: string; name: string }) => `${c.provider}.${c.name}` === key);

  it('stores a credential sealed, shows its last four only, uses it, replaces and removes it, and audits each change', async () => {
    const { app, database } = use();
    expect(await listed('google.client_secret')).toMatchObject({ source: 'none', stored: false, last_four: null });
    const made = await call('POST', `${BASE}/create`, { provider: 'google', name: 'client_secret', value: SECRET });
    expect(made.statusCode, made.body).toBe(201);
    expect(await listed('google.client_secret')).toMatchObject({ source: 'stored', stored: true, last_four: '7Kq9' });
    expect(app.deps.config.google.clientSecret).toBe(SECRET);
    // Unreadable in a dump of the table: sealed with AES-256-GCM, nothing of the value but its last four.
    const dump = JSON.stringify(rowsOf(await database.db.execute(sql`SELECT * FROM service_credentials`)));
    expect(dump).not.toContain(SECRET);
    expect(dump).not.toContain('gcp-secret');
    expect(JSON.stringify((await call('GET', BASE)).json())).not.toContain('gcp-secret');

    const again = await call('POST', `${BASE}/create`, { provider: 'google', name: 'client_secret', value: 'x' });
    expect(again.statusCode).toBe(409);
    expect(
      (await call('PUT', `${BASE}/update`, { provider: 'google', name: 'client_secret', value: 'new-secret-ABCD' }))
        .statusCode,
    ).toBe(200);
    expect(app.deps.config.google.clientSecret).toBe('new-secret-ABCD');
    expect(await listed('google.client_secret')).toMatchObject({ last_four: 'ABCD' });

    const removed = await call('DELETE', `${BASE}/remove?provider=google&name=client_secret`);
    expect(removed.statusCode).toBe(200);
    expect(app.deps.config.google.clientSecret).toBeUndefined();
    expect((await call('DELETE', `${BASE}/remove?provider=google&name=client_secret`)).statusCode).toBe(404);
    expect(
      (await call('PUT', `${BASE}/update`, { provider: 'google', name: 'client_secret', value: 'y' })).statusCode,
    ).toBe(404);

    const events = (await call('GET', BASE)).json().events.filter((e: { name: string }) => e.name === 'client_secret');
    expect(events.map((e: { action: string; last_four: string; by: string }) => [e.action, e.last_four, e.by])).toEqual(
      [
        ['removed', 'ABCD', 'Olivia Owner'],
        ['updated', 'ABCD', 'Olivia Owner'],
        ['created', '7Kq9', 'Olivia Owner'],
      ],
    );
  });

  it('turns a service on from stored credentials: the translation server shows as configured in system health', async () => {
    const state = async () =>
      (await call('GET', '/v2/api/admin/systemhealth'))
        .json()
        .services.find((s: { key: string }) => s.key === 'translation').state;
    expect(await state()).toBe('not configured');
    await call('POST', `${BASE}/create`, { provider: 'translate', name: 'url', value: 'https://translate.example/' });
    expect(await state()).toBe('ok');
    expect(use().app.deps.config.translate).toEqual({ url: 'https://translate.example', apiKey: undefined });
    await call('DELETE', `${BASE}/remove?provider=translate&name=url`);
    expect(await state()).toBe('not configured');
  });

  it('refuses unknown credentials, bad addresses and empty values; only the Owner may read or change them', async () => {
    expect((await call('POST', `${BASE}/create`, { provider: 'google', name: 'nope', value: 'v' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `${BASE}/create`, { provider: 'nope', name: 'client_id', value: 'v' })).statusCode).toBe(
      400,
    );
    const badUrl = await call('POST', `${BASE}/create`, { provider: 'openai', name: 'base_url', value: 'not a url' });
    expect(badUrl.statusCode).toBe(400);
    expect((await call('POST', `${BASE}/create`, { provider: 'sms', name: 'from', value: '   ' })).statusCode).toBe(
      400,
    );
    for (const who of ['partner', 'admin']) {
      expect((await call('GET', BASE, undefined, who)).statusCode).toBe(403);
      const write = await call('POST', `${BASE}/create`, { provider: 'sms', name: 'from', value: '+15005550006' }, who);
      expect(write.statusCode).toBe(403);
    }
    expect((await listed('sms.from')).stored).toBe(false);
  });

  it('lets the environment take precedence, and opens stored values after the key is rotated', async () => {
    const env = use();
    await call('POST', `${BASE}/create`, { provider: 'openai', name: 'api_key', value: 'stored-key-1111' });
    await call('POST', `${BASE}/create`, { provider: 'openai', name: 'base_url', value: 'https://ai.example/v1' });
    // Another process started with OPENAI_API_KEY set: the variable wins, the stored address completes it.
    const withEnv = await secondServer(env, {
      openai: { baseUrl: 'https://env-ai.example/v1', apiKey: 'env-key-2222', model: 'gpt-4o-mini' },
    });
    try {
      expect(withEnv.app.deps.config.openai).toMatchObject({
        baseUrl: 'https://env-ai.example/v1',
        apiKey: 'env-key-2222',
      });
      const owner = (await signIn(withEnv.app, 'owner@fixture.test')).access_token;
      const list = (await withEnv.app.inject({ url: BASE, headers: bearer(owner) })).json().data;
      expect(
        list.find((c: { name: string; provider: string }) => c.provider === 'openai' && c.name === 'api_key'),
      ).toMatchObject({
        source: 'environment',
        stored: true,
        last_four: '1111',
      });
    } finally {
      await withEnv.close();
    }
    // A new secrets key with the old one kept to open what it sealed.
    const rotated = await secondServer(env, {
      secrets: { key: randomBytes(32), oldKeys: [env.config.secrets.key] },
      openai: null,
    });
    try {
      expect(rotated.app.deps.config.openai).toMatchObject({
        baseUrl: 'https://ai.example/v1',
        apiKey: 'stored-key-1111',
      });
    } finally {
      await rotated.close();
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeActiveCampaign, type FakeActiveCampaign } from '../../connectors/activecampaign/fake';
import { memberHash } from '../../connectors/mailchimp';
import { startFakeMailchimp, type FakeMailchimp } from '../../connectors/mailchimp/fake';
import { brands, contacts, feedbackResponses, locations, sourceConnections, suppressions } from '../../db/schema';
import { jobQueueFor } from '../../platform/jobs';
import { isSealed } from '../../platform/secrets';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { pickPort } from '../../test/processes';

const mailchimpPort = pickPort();
const acPort = pickPort();
let mailchimp: FakeMailchimp;
let ac: FakeActiveCampaign;

beforeAll(async () => {
  mailchimp = await startFakeMailchimp({ port: mailchimpPort });
  ac = await startFakeActiveCampaign({ port: acPort });
});
afterAll(async () => {
  await mailchimp?.close();
  await ac?.close();
});

interface Connection {
  status: string;
  statusReason: string | null;
  keyHint: string | null;
  listId: string | null;
  defaultListId: string | null;
  brandLists: { brandId: number; listId: string }[];
  sync: {
    running: boolean;
    synced: number;
    failed: number;
    errors: { email: string; reason: string }[];
    error: string | null;
  } | null;
}

describeEachDatabase(
  'Mailchimp and ActiveCampaign: connect, audiences and lists, contact sync, failures',
  (use) => {
    let t: TestEnv;
    const tokens: Record<string, string> = {};
    let brandId: number;
    let otherBrand: number;

    beforeAll(async () => {
      t = use();
      const db = t.database.db;
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        manager: 'manager@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
      }))
        tokens[key] = (await signIn(t.app, email)).access_token;
      const [brand, other] = await db
        .insert(brands)
        .values([
          { companyId: t.fx.companyA.id, title: 'Burger Bay' },
          { companyId: t.fx.companyB.id, title: 'Beta Burgers' },
        ])
        .returning();
      brandId = brand!.id;
      otherBrand = other!.id;
      const [marina] = await db
        .insert(locations)
        .values({ companyId: t.fx.companyA.id, brandId, title: 'Marina', locationId: 'AUD-1' })
        .returning();
      const a = t.fx.companyA.id;
      await db.insert(contacts).values([
        { companyId: a, name: 'Ann Lee', email: 'ann@example.test', locationId: marina!.id },
        { companyId: a, name: 'Bob', email: 'bob@example.test' },
        { companyId: a, name: 'No Consent', email: 'nope@example.test', consentEmail: false },
        { companyId: a, name: 'Gone', email: 'gone@example.test' },
        { companyId: a, name: 'Phone Only', phone: '+15550001111' },
        { companyId: a, name: 'Bad Address', email: 'invalid@example.test' },
        { companyId: t.fx.companyB.id, name: 'Other', email: 'other@example.test' },
      ]);
      await db
        .insert(suppressions)
        .values({ companyId: a, channel: 'email', address: 'gone@example.test', reason: 'unsubscribed' });
      await db.insert(feedbackResponses).values([
        { companyId: a, ratingType: 'stars', score: 4, contactEmail: 'Ann@Example.test' },
        { companyId: a, ratingType: 'nps', score: 10, contactEmail: 'ann@example.test' },
        { companyId: a, ratingType: 'nps', score: 3, contactEmail: 'bob@example.test' },
      ]);
    });

    const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
    async function runJobs(): Promise<void> {
      for (let pass = 0; pass < 20; pass++) if ((await jobQueueFor(t.app.deps).runDue()) === 0) return;
    }
    const state = async (who = 'admin') =>
      (await call(who, 'GET', '/v2/api/audiences')).json() as { mailchimp: Connection; activecampaign: Connection };
    async function sync(provider: string): Promise<Connection> {
      const res = await call('admin', 'POST', '/v2/api/audienceSync', { provider });
      expect(res.statusCode, res.body).toBe(202);
      await runJobs();
      return (await state())[provider as 'mailchimp']!;
    }

    it('Mailchimp: admins connect (key sealed, last four shown), pick an audience, sync consenting contacts with tags', async () => {
      const bad = await call('admin', 'POST', '/v2/api/mailchimp', { apiKey: '00000000000000000000-us6' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error_description).toContain('API Key Invalid');
      expect((await call('admin', 'POST', '/v2/api/mailchimp', { apiKey: 'no-datacenter!' })).statusCode).toBe(400);
      for (const who of ['manager', 'analyst']) {
        expect((await call(who, 'POST', '/v2/api/mailchimp', { apiKey: mailchimp.apiKey })).statusCode).toBe(403);
        expect((await call(who, 'POST', '/v2/api/audienceSync', { provider: 'mailchimp' })).statusCode).toBe(403);
        expect((await call(who, 'DELETE', '/v2/api/activecampaign')).statusCode).toBe(403);
        expect((await state(who)).mailchimp.status).toBe('not_connected');
      }
      const ok = await call('admin', 'POST', '/v2/api/mailchimp', { apiKey: mailchimp.apiKey });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'connected', account: 'us6', keyHint: '…-us6' });
      const [row] = await t.database.db
        .select()
        .from(sourceConnections)
        .where(eq(sourceConnections.source, 'mailchimp'));
      expect(isSealed(row!.accessToken!)).toBe(true);
      expect(JSON.stringify(row)).not.toContain(mailchimp.apiKey.slice(0, 20));

      expect((await call('admin', 'POST', '/v2/api/audienceSync', { provider: 'mailchimp' })).statusCode).toBe(409);
      const lists = await call('admin', 'POST', '/v2/api/mailchimp/list', {});
      expect(lists.json().lists.map((l: { name: string }) => l.name)).toEqual(['Newsletter', 'Loyal customers']);
      expect((await call('admin', 'POST', '/v2/api/mailchimp/list', { listId: 'nope' })).statusCode).toBe(404);
      const chosen = await call('admin', 'POST', '/v2/api/mailchimp/list', { listId: 'a1b2c3d4e5' });
      expect(chosen.json().connection.listId).toBe('a1b2c3d4e5');
      expect((await state('beta')).mailchimp.status).toBe('not_connected'); // another company

      const result = await sync('mailchimp');
      expect(result.sync).toMatchObject({ running: false, synced: 2, failed: 1, error: null });
      expect(result.sync!.errors[0]).toMatchObject({ email: 'invalid@example.test' });
      expect(result.sync!.errors[0]!.reason).toContain('Mailchimp refused the request (400)');
      const ann = mailchimp.members.get(`a1b2c3d4e5:${memberHash('ann@example.test')}`);
      expect(ann).toMatchObject({ status: 'subscribed', mergeFields: { FNAME: 'Ann', LNAME: 'Lee' } });
      expect(ann!.tags.sort()).toEqual(['location:Marina', 'nps:promoter', 'rating:4']);
      expect(mailchimp.members.get(`a1b2c3d4e5:${memberHash('bob@example.test')}`)!.tags).toEqual(['nps:detractor']);
      expect([...mailchimp.members.values()].map((m) => m.email)).not.toContain('gone@example.test');
      expect([...mailchimp.members.values()].map((m) => m.email)).not.toContain('nope@example.test');
    });

    it('Mailchimp: 429, 500 and a time-out are retried and the run resumes; a refused key asks to reconnect', async () => {
      mailchimp.failNext('rate_limited', 'server_error', 'hang');
      const retried = await sync('mailchimp');
      expect(retried.sync).toMatchObject({ running: false, synced: 2, failed: 1, error: null });
      // Retries used up inside the call in the middle of the run (after Ann's member and tags): the job
      // throws, the queue retries it, and the run goes on after Ann without sending her again.
      const annPath = `/lists/a1b2c3d4e5/members/${memberHash('ann@example.test')}`;
      const annCalls = () => mailchimp.calls.filter((c) => c.method === 'PUT' && c.path === annPath).length;
      const before = annCalls();
      mailchimp.failAfter(2, 'server_error', 'server_error', 'server_error');
      const resumed = await sync('mailchimp');
      expect(resumed.sync).toMatchObject({ running: false, synced: 2, failed: 1, error: null });
      expect(annCalls() - before).toBe(1);
      expect(mailchimp.refused.slice(-3)).toEqual(['server_error', 'server_error', 'server_error']);

      mailchimp.failNext('auth');
      const refused = await sync('mailchimp');
      expect(refused.status).toBe('reconnect_needed');
      expect(refused.statusReason).toContain('Mailchimp refused the API key (401)');
      const inArabic = await t.app.inject({
        url: '/v2/api/audiences',
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(inArabic.json().mailchimp.statusReason).toMatch(/^رفض Mailchimp مفتاح API \(401\): /);
      expect(refused.sync).toMatchObject({ running: false, synced: 0 });
      expect(refused.sync!.error).toContain('401');
      expect((await call('admin', 'POST', '/v2/api/audienceSync', { provider: 'mailchimp' })).statusCode).toBe(409);
      // A new key for the same data center keeps the audience.
      const again = await call('admin', 'POST', '/v2/api/mailchimp', { apiKey: mailchimp.apiKey });
      expect(again.json()).toMatchObject({ status: 'connected', listId: 'a1b2c3d4e5' });
      expect((await call('admin', 'DELETE', '/v2/api/mailchimp')).json()).toEqual({ removed: 1 });
      expect((await state()).mailchimp).toMatchObject({ status: 'not_connected', sync: null });
    });

    it('ActiveCampaign: connect, map brands to lists, sync with list membership and tags, failures', async () => {
      const bad = await call('admin', 'POST', '/v2/api/activecampaign', { accountUrl: 'acme', apiToken: 'wrong' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error_description).toContain('ActiveCampaign refused the API token (401)');
      const badUrl = await call('admin', 'POST', '/v2/api/activecampaign', {
        accountUrl: 'https://evil.test',
        apiToken: ac.token,
      });
      expect(badUrl.statusCode).toBe(400);
      const ok = await call('admin', 'POST', '/v2/api/activecampaign', {
        accountUrl: 'https://acme.api-us1.com',
        apiToken: ac.token,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'connected', account: 'https://acme.api-us1.com', keyHint: '…cdef' });

      const read = await call('admin', 'POST', '/v2/api/activecampaign/brands', {});
      expect(read.json().brands).toEqual([{ id: brandId, title: 'Burger Bay', listId: null }]);
      expect(read.json().lists).toHaveLength(2);
      const other = await call('admin', 'POST', '/v2/api/activecampaign/brands', {
        brands: [{ brandId: otherBrand, listId: '2' }],
      });
      expect(other.statusCode).toBe(404);
      expect((await call('admin', 'POST', '/v2/api/activecampaign/brands', { defaultListId: '99' })).statusCode).toBe(
        404,
      );
      expect((await call('beta', 'POST', '/v2/api/activecampaign/brands', {})).statusCode).toBe(409);
      const saved = await call('admin', 'POST', '/v2/api/activecampaign/brands', {
        defaultListId: '1',
        brands: [{ brandId, listId: '2' }],
      });
      expect(saved.json().connection).toMatchObject({ defaultListId: '1', brandLists: [{ brandId, listId: '2' }] });

      ac.failNext('rate_limited', 'server_error');
      const result = await sync('activecampaign');
      expect(result.sync).toMatchObject({ running: false, synced: 2, failed: 1, error: null });
      expect(result.sync!.errors[0]!.reason).toContain('Email address is invalid');
      const ann = ac.contacts.find((c) => c.email === 'ann@example.test')!;
      expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Lee', lists: ['2'] });
      expect(ann.tags.sort()).toEqual(['location:Marina', 'nps:promoter', 'rating:4']);
      expect(ac.contacts.find((c) => c.email === 'bob@example.test')).toMatchObject({
        lists: ['1'],
        tags: ['nps:detractor'],
      });
      expect(ac.contacts.map((c) => c.email)).not.toContain('gone@example.test');

      ac.failNext('auth');
      const refused = await sync('activecampaign');
      expect(refused.status).toBe('reconnect_needed');
      expect(refused.statusReason).toMatch(/^ActiveCampaign refused the API token \(401\): /);
      const inArabic = await t.app.inject({
        url: '/v2/api/audiences',
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(inArabic.json().activecampaign.statusReason).toMatch(/^رفض ActiveCampaign رمز API \(401\): /);
      expect((await call('beta', 'DELETE', '/v2/api/activecampaign')).json()).toEqual({ removed: 0 });
      expect((await call('admin', 'DELETE', '/v2/api/activecampaign')).json()).toEqual({ removed: 1 });
    });
  },
  {
    env: {
      MAILCHIMP_BASE_URL: `http://127.0.0.1:${mailchimpPort}`,
      ACTIVECAMPAIGN_BASE_URL: `http://127.0.0.1:${acPort}`,
      AUDIENCES_TIMEOUT_MS: '2000', // as tickets.test: 500 ms was shorter than the fake's answer on a loaded machine
      AUDIENCES_RETRY_MS: '0',
      AUDIENCES_RETRY_BASE_SECONDS: '0',
      AUDIENCES_MAX_ATTEMPTS: '3',
    },
  },
);

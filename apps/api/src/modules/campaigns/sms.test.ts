import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMS_NO_ANSWER } from '../../connectors/sms';
import { startFakeTwilio, type FakeTwilio } from '../../connectors/sms/fake';
import { twilioSignature } from '../../connectors/sms/signature';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { pickPort } from '../../test/processes';
import { insertContacts, insertList } from './test/fixtures';

const BASE = '/v2/api/feedback/campaigns';
const twilioPort = pickPort();
const appPort = pickPort();
const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const AUTH = 'test-auth-token-0123456789';
const PUBLIC = `http://127.0.0.1:${appPort}`;
let twilio: FakeTwilio;
/** Numbers are new across the file (both databases' suites share the fake and its messages). */
let n = 0;

beforeAll(async () => {
  twilio = await startFakeTwilio({ port: twilioPort, accountSid: ACCOUNT, authToken: AUTH });
});
afterAll(async () => twilio?.close());

const phone = (i: number) => `+9715012${String(i).padStart(5, '0')}`;

describeEachDatabase(
  'SMS campaigns through a Twilio-compatible API',
  (use) => {
    let token: string;

    beforeAll(async () => {
      const { app } = use();
      await app.listen({ port: appPort, host: '127.0.0.1' });
      token = (await signIn(app, 'admin@alpha.test')).access_token;
    });

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      use().app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const runJobs = () => jobQueueFor({ db: use().database.db }).runDue();
    const rows = async (campaignId: number) =>
      rowsOf<{
        address: string;
        state: string;
        failure_reason: string | null;
        provider_id: string | null;
        delivered_at: string | null;
        unsubscribed_at: string | null;
      }>(
        await use().database.db.execute(
          sql`SELECT address, state, failure_reason, provider_id, delivered_at, unsubscribed_at FROM campaign_recipients WHERE campaign_id = ${campaignId} ORDER BY id`,
        ),
      );

    /** A campaign to `count` new numbers (plus `extra`), sent; answers its id and numbers. */
    async function smsCampaign(count: number, extra: string[] = []) {
      const { database, fx } = use();
      const numbers = [...Array.from({ length: count }, () => phone(++n)), ...extra];
      const ids = await insertContacts(
        database.db,
        fx.companyA.id,
        numbers.map((p, i) => ({ name: `Caller ${i}`, phone: p })),
      );
      const listId = await insertList(database.db, fx.companyA.id, `SMS ${n}`, ids);
      const res = await call('POST', BASE, { name: `SMS ${n}`, channel: 'sms', list_id: listId });
      const id = res.json().id as number;
      expect((await call('POST', `${BASE}/${id}/send`, {})).statusCode).toBe(200);
      return { id, numbers };
    }

    it('sends with the STOP text and tracked link; status callbacks mark delivered or undelivered with the error code', async () => {
      const { id, numbers } = await smsCampaign(3, ['+12']);
      twilio.undeliverable.add(numbers[2]!);
      await runJobs();
      await twilio.settled();
      const sent = twilio.messages.filter((m) => numbers.includes(m.to));
      expect(sent).toHaveLength(3);
      expect(sent[0]!.body).toMatch(
        /^Hi Caller, thanks for visiting .*http:\/\/127\.0\.0\.1:\d+\/c\/[0-9a-f]{32} Reply STOP to opt out\.$/,
      );
      expect(sent[0]!.statusCallback).toBe(`${PUBLIC}/v2/public/sms/status`);
      const r = await rows(id);
      expect(r.map((x) => x.state)).toEqual(['delivered', 'delivered', 'failed', 'failed']);
      expect(r[2]!.failure_reason).toBe('SMS undelivered (Twilio error 30003)');
      expect(r[3]!.failure_reason).toMatch(/^Twilio error 21211/);
      // Messages may reach the provider in any order; each row keeps its own message's sid.
      expect(r[0]!.provider_id).toBe(sent.find((m) => m.to === r[0]!.address)!.sid);
      const detail = (await call('GET', `${BASE}/${id}`)).json();
      expect(detail).toMatchObject({ status: 'sent', counts: { sent: 3, delivered: 2, failed: 2 } });
    });

    it('retries 429 and 500, and never resends after a time-out (the provider may have taken it)', async () => {
      twilio.failNext('rate_limited', 'server_error', 'hang');
      const { id, numbers } = await smsCampaign(2);
      await runJobs();
      await twilio.settled();
      expect(twilio.refused.slice(-3)).toEqual(['rate_limited', 'server_error', 'hang']);
      // One message met the hang after its retries: it is failed with the reason, not sent again.
      expect(twilio.messages.filter((m) => numbers.includes(m.to))).toHaveLength(1);
      const states = (await rows(id)).map((x) => [x.state, x.failure_reason]);
      expect(states.sort()).toEqual([
        ['delivered', null],
        ['failed', SMS_NO_ANSWER],
      ]);
      expect((await call('GET', `${BASE}/${id}`)).json()).toMatchObject({ status: 'sent', counts: { failed: 1 } });
    });

    it('keeps recipients queued while the provider stays down, and sends them when it is back', async () => {
      twilio.failAlways('server_error');
      const { id, numbers } = await smsCampaign(2);
      await runJobs();
      expect((await rows(id)).map((x) => x.state)).toEqual(['queued', 'queued']);
      expect((await call('GET', `${BASE}/${id}`)).json().status).toBe('sending');
      twilio.failAlways(null);
      await use().database.db.execute(
        sql`UPDATE jobs SET run_at = now() WHERE name = 'campaigns.send' AND status = 'queued'`,
      );
      await runJobs();
      await twilio.settled();
      expect(twilio.messages.filter((m) => numbers.includes(m.to))).toHaveLength(2);
      expect((await call('GET', `${BASE}/${id}`)).json().status).toBe('sent');
    });

    it('stops the campaign visibly on bad credentials (20003), and resumes without resending', async () => {
      const first = await smsCampaign(1);
      await runJobs();
      const { id, numbers } = await smsCampaign(3);
      twilio.failAlways('auth');
      await runJobs();
      const failed = (await call('GET', `${BASE}/${id}`)).json();
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/^Twilio error 20003/);
      expect((await rows(id)).map((x) => x.state)).toEqual(['queued', 'queued', 'queued']);
      twilio.failAlways(null);
      expect((await call('POST', `${BASE}/${id}/send`, {})).json().status).toBe('scheduled');
      await runJobs();
      await twilio.settled();
      expect(
        twilio.messages
          .filter((m) => numbers.includes(m.to))
          .map((m) => m.to)
          .sort(),
      ).toEqual([...numbers].sort());
      expect(twilio.messages.filter((m) => m.to === first.numbers[0])).toHaveLength(1);
      expect((await call('GET', `${BASE}/${id}`)).json()).toMatchObject({ status: 'sent', error: null });
    });

    it('suppresses a number Twilio reports unsubscribed (21610)', async () => {
      twilio.failNext('unsubscribed');
      const { id, numbers } = await smsCampaign(1);
      await runJobs();
      const [r] = await rows(id);
      expect(r).toMatchObject({ state: 'failed', unsubscribed_at: expect.anything() });
      const sup = rowsOf(
        await use().database.db.execute(sql`SELECT reason FROM suppressions WHERE address = ${numbers[0]!}`),
      );
      expect(sup).toEqual([{ reason: 'stop' }]);
    });

    it('accepts status callbacks only with a valid X-Twilio-Signature', async () => {
      twilio.callbacks = false;
      const { id } = await smsCampaign(1);
      await runJobs();
      twilio.callbacks = true;
      const [r] = await rows(id);
      const url = `${PUBLIC}/v2/public/sms/status`;
      const form = { MessageSid: r!.provider_id!, MessageStatus: 'delivered', AccountSid: ACCOUNT };
      const post = (signature: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          body: new URLSearchParams(form).toString(),
        });
      const forged = await post(twilioSignature('wrong-token', url, form));
      expect(forged.status).toBe(403);
      expect((await rows(id))[0]!.state).toBe('sent');
      expect((await post(twilioSignature(AUTH, url, form))).status).toBe(204);
      expect((await rows(id))[0]!.state).toBe('delivered');
    });

    it('honours STOP from the inbound hook (signed), answering TwiML', async () => {
      const { id, numbers } = await smsCampaign(1);
      await runJobs();
      const url = `${PUBLIC}/v2/public/sms/inbound`;
      const form = { From: numbers[0]!, To: '+15005550006', Body: ' Stop ', MessageSid: 'SM1', AccountSid: ACCOUNT };
      const post = (signature: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
          body: new URLSearchParams(form).toString(),
        });
      expect((await post('bm90IGl0')).status).toBe(403);
      const res = await post(twilioSignature(AUTH, url, form));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
      expect(await res.text()).toContain('<Response></Response>');
      const sup = rowsOf(
        await use().database.db.execute(
          sql`SELECT company_id, reason FROM suppressions WHERE address = ${numbers[0]!}`,
        ),
      );
      expect(sup).toEqual([{ company_id: use().fx.companyA.id, reason: 'stop' }]);
      expect((await rows(id))[0]!.unsubscribed_at).not.toBeNull();
      // The next campaign to the number skips it.
      const { database, fx } = use();
      const listId = await insertList(
        database.db,
        fx.companyA.id,
        'again',
        rowsOf<{ id: number }>(
          await database.db.execute(sql`SELECT id FROM contacts WHERE phone = ${numbers[0]!}`),
        ).map((x) => Number(x.id)),
      );
      const preview = await call('POST', `${BASE}/preview`, { channel: 'sms', list_id: listId });
      expect(preview.json()).toMatchObject({ suppressed: 1, eligible: 0 });
    });
  },
  {
    env: {
      PUBLIC_URL: PUBLIC,
      JOBS_INTERVAL_MS: '0',
      TWILIO_BASE_URL: `http://127.0.0.1:${twilioPort}`,
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: AUTH,
      TWILIO_FROM: '+15005550006',
      // 2 s: on a loaded machine the fake took over 300 ms to accept a message, and a time-out is never resent.
      TWILIO_TIMEOUT_MS: '2000',
      TWILIO_RETRY_MS: '20',
    },
  },
);

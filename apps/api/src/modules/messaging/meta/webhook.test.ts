import { expect, it } from 'vitest';
import { messagingDelivery, metaEvents, signDelivery } from '../../../connectors/meta/fake';
import { jobQueueFor } from '../../../platform/jobs';
import { countUnprocessed, findDeliveries } from '../../../platform/webhooks.repository';
import { describeEachDatabase, type TestEnv } from '../../../test/harness';

const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';

function post(env: TestEnv, signed: { body: string; headers: Record<string, string> }) {
  return env.app.inject({ method: 'POST', url: '/webhooks/meta', headers: signed.headers, payload: signed.body });
}

describeEachDatabase(
  'Meta webhook: verification, signatures and stored deliveries',
  (use) => {
    it("answers Meta's subscription check with the challenge only for the right verify token", async () => {
      const env = use();
      const check = (query: Record<string, string>) => env.app.inject({ method: 'GET', url: '/webhooks/meta', query });
      const good = await check({
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': '1158201444',
      });
      expect(good.statusCode).toBe(200);
      expect(good.headers['content-type']).toMatch(/^text\/plain/);
      expect(good.body).toBe('1158201444');
      const wrong = await check({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.body).not.toContain('1');
      expect(
        (await check({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' })).statusCode,
      ).toBe(403);
    });

    it('refuses a delivery without a valid X-Hub-Signature-256 and stores nothing', async () => {
      const env = use();
      const delivery = messagingDelivery('P1', [metaEvents.message({ pageId: 'P1', senderId: 'U1', text: 'Hi' })]);
      const forged = signDelivery('not-the-app-secret', delivery);
      const res = await post(env, forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
      const unsigned = await post(env, { body: forged.body, headers: { 'content-type': 'application/json' } });
      expect(unsigned.statusCode).toBe(401);
      // Signed right, but one byte changed after signing (whitespace JSON parsing would hide).
      const signed = signDelivery(APP_SECRET, delivery);
      const altered = await post(env, { body: `${signed.body} `, headers: signed.headers });
      expect(altered.statusCode).toBe(401);
      expect(await findDeliveries(env.database.db, 'meta')).toEqual([]);
    });

    it('stores a delivery once however often Meta sends it, and processes it on the job queue', async () => {
      const env = use();
      const signed = signDelivery(
        APP_SECRET,
        messagingDelivery('P1', [metaEvents.message({ pageId: 'P1', senderId: 'U1', text: 'Twice', mid: 'm_twice' })]),
      );
      for (let i = 0; i < 3; i++) {
        const res = await post(env, signed);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('EVENT_RECEIVED');
      }
      const stored = (await findDeliveries(env.database.db, 'meta')).filter((d) => d.body === signed.body);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        processedAt: null,
        attempts: 0,
        headers: { 'x-hub-signature-256': signed.headers['x-hub-signature-256'] },
      });
      await jobQueueFor({ db: env.database.db }).runDue();
      const [processed] = (await findDeliveries(env.database.db, 'meta')).filter((d) => d.body === signed.body);
      expect(processed).toMatchObject({ attempts: 1, lastError: null });
      expect(processed!.processedAt).toBeInstanceOf(Date);
      expect(await countUnprocessed(env.database.db, 'meta')).toBe(0);
    });

    it('stores a burst of deliveries arriving together (one statement) each once, a repeat in the burst too', async () => {
      const env = use();
      const burst = Array.from({ length: 12 }, (_, i) =>
        signDelivery(
          APP_SECRET,
          messagingDelivery('P1', [metaEvents.message({ pageId: 'P1', senderId: `B${i}`, mid: `m_burst_${i}` })]),
        ),
      );
      const answers = await Promise.all([...burst, ...burst.slice(0, 4)].map((signed) => post(env, signed)));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const bodies = new Set(burst.map((b) => b.body));
      const stored = (await findDeliveries(env.database.db, 'meta')).filter((d) => bodies.has(d.body));
      expect(stored).toHaveLength(12);
    });
  },
  { env: { META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN } },
);

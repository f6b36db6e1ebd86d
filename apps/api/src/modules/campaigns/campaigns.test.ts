import { packageFeatures } from '@reputo/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { pickPort } from '../../test/processes';
import { createReviewWorld, setCompanyFeatures, type ReviewWorld } from '../reviews/test/world';
import { insertContacts, insertList, insertTemplate, setCampaignGuards, suppress } from './test/fixtures';
import { startCampaignSmtpPeer } from './test/smtp';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const BASE = '/v2/api/feedback/campaigns';
const smtpPort = pickPort();
let peer: Awaited<ReturnType<typeof startCampaignSmtpPeer>>;

beforeAll(async () => {
  peer = await startCampaignSmtpPeer(smtpPort, (address) => address.startsWith('bounce'));
});
afterAll(async () => peer?.close());

describeEachDatabase(
  'Feedback campaigns',
  (use) => {
    let world: ReviewWorld;
    const tokens: Record<string, string> = {};
    let bigList: number;
    let template: number;
    let bList: number;

    beforeAll(async () => {
      const { app, fx, database } = use();
      world = await createReviewWorld(database.db, fx);
      for (const [name, email] of [
        ['admin', 'admin@alpha.test'],
        ['manager', 'manager@alpha.test'],
        ['responder', 'responder@alpha.test'],
        ['analyst', 'analyst@alpha.test'],
        ['b', 'admin@beta.test'],
      ] as const)
        tokens[name] = (await signIn(app, email)).access_token;
      const db = database.db;
      template = await insertTemplate(db, fx.companyA.id, {
        name: 'Thank you mail',
        channel: 'email',
        subject: 'How was {location}, {first_name}?',
        body: 'Hi {name}, rate us: {link}',
      });
      // 1,000 contacts over two locations; 10 suppressed, 10 asked 3 days ago, 5 without consent, 3 bouncing.
      const ids = await insertContacts(
        db,
        fx.companyA.id,
        Array.from({ length: 1000 }, (_, i) => ({
          name: `Guest ${i}`,
          email: i < 3 ? `bounce${i}@guests.test` : `guest${i}@guests.test`,
          locationId: i % 2 ? world.marina : world.downtown,
          consentEmail: !(i >= 20 && i < 25),
          lastAskedAt: i >= 30 && i < 40 ? new Date(Date.now() - 3 * 86_400_000) : null,
          tags: i % 10 === 0 ? ['vip'] : [],
        })),
      );
      for (let i = 10; i < 20; i++) await suppress(db, fx.companyA.id, 'email', `guest${i}@guests.test`);
      bigList = await insertList(db, fx.companyA.id, 'All guests', ids);
      const bIds = await insertContacts(db, fx.companyB.id, [{ name: 'Bea', email: 'bea@b.test' }]);
      bList = await insertList(db, fx.companyB.id, 'B list', bIds);
    });

    const call = (who: string, method: Method, url: string, payload?: object) =>
      use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
    const runJobs = () => jobQueueFor({ db: use().database.db }).runDue();
    const recipients = async (campaignId: number) =>
      rowsOf<{ address: string; state: string; failure_reason: string | null; token: string; sent_at: string | null }>(
        await use().database.db.execute(
          sql`SELECT address, state, failure_reason, token, sent_at FROM campaign_recipients WHERE campaign_id = ${campaignId} ORDER BY id`,
        ),
      );

    async function newCampaign(body: object = {}): Promise<number> {
      const res = await call('admin', 'POST', BASE, {
        name: 'Spring invite',
        channel: 'email',
        list_id: bigList,
        template_id: template,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    }

    it('creates, reads, lists, changes and deletes a draft; validation names the field', async () => {
      const id = await newCampaign({ segment: { tags: ['vip'] }, reminder_after_days: 3 });
      const got = await call('analyst', 'GET', `${BASE}/${id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({
        id,
        status: 'draft',
        channel: 'email',
        list_name: 'All guests',
        template_name: 'Thank you mail',
        segment: { tags: ['vip'] },
        reminder_after_days: 3,
      });
      const patched = await call('manager', 'PATCH', `${BASE}/${id}`, { name: 'Renamed' });
      expect(patched.json().name).toBe('Renamed');
      const list = await call('responder', 'GET', BASE);
      expect(list.json().data.map((c: { id: number }) => c.id)).toContain(id);
      const bad = await call('admin', 'POST', BASE, { channel: 'fax' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.map((d: { field: string }) => d.field)).toEqual(
        expect.arrayContaining(['name', 'channel']),
      );
      const wrongChannel = await call('admin', 'POST', BASE, { name: 'x', channel: 'sms', template_id: template });
      expect(wrongChannel.statusCode).toBe(422);
      expect((await call('admin', 'DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
      expect((await call('admin', 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
    });

    it('lets read roles read and only the settings roles write; the Feedback feature gates every call', async () => {
      const id = await newCampaign();
      expect((await call('analyst', 'POST', BASE, { name: 'x', channel: 'email' })).statusCode).toBe(403);
      expect((await call('responder', 'POST', `${BASE}/${id}/send`, {})).statusCode).toBe(403);
      expect((await call('analyst', 'PATCH', `${BASE}/${id}`, { name: 'y' })).statusCode).toBe(403);
      expect((await call('analyst', 'GET', `${BASE}/${id}/recipients`)).statusCode).toBe(200);
      // Company B (Starter) has no Feedback feature.
      expect((await call('b', 'GET', BASE)).statusCode).toBe(403);
      await call('admin', 'DELETE', `${BASE}/${id}`);
    });

    it("answers 404 for another company's campaigns, lists and locations", async () => {
      const { database, fx } = use();
      await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
      const id = await newCampaign();
      for (const [method, url, body] of [
        ['GET', `${BASE}/${id}`],
        ['GET', `${BASE}/${id}/recipients`],
        ['GET', `${BASE}/${id}/funnel`],
        ['PATCH', `${BASE}/${id}`, { name: 'mine' }],
        ['DELETE', `${BASE}/${id}`],
        ['POST', `${BASE}/${id}/send`, {}],
        ['POST', `${BASE}/${id}/cancel`],
      ] as [Method, string, object?][])
        expect((await call('b', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call('b', 'GET', BASE)).json().data).toEqual([]);
      expect((await call('admin', 'POST', BASE, { name: 'x', channel: 'email', list_id: bList })).statusCode).toBe(404);
      expect(
        (await call('b', 'POST', `${BASE}/preview`, { channel: 'email', segment: { location_ids: [world.marina] } }))
          .statusCode,
      ).toBe(404);
      await setCompanyFeatures(database.db, fx.companyB.id, packageFeatures('Starter'));
      await call('admin', 'DELETE', `${BASE}/${id}`);
    });

    it('previews the audience: eligible, suppressed, no consent, asked recently; a segment narrows the list', async () => {
      const res = await call('admin', 'POST', `${BASE}/preview`, { channel: 'email', list_id: bigList });
      expect(res.json()).toEqual({
        total: 1000,
        eligible: 975,
        suppressed: 10,
        no_consent: 5,
        no_address: 0,
        asked_recently: 10,
        repeat_guard_days: 30,
      });
      const sms = await call('admin', 'POST', `${BASE}/preview`, { channel: 'sms', list_id: bigList });
      expect(sms.json()).toMatchObject({ total: 1000, no_address: 1000, eligible: 0 });
      const vip = await call('admin', 'POST', `${BASE}/preview`, {
        channel: 'email',
        list_id: bigList,
        segment: { tags: ['vip'], location_ids: [world.downtown] },
      });
      expect(vip.json()).toMatchObject({ total: 100 });
    });

    it('sends to 1,000 contacts over SMTP once each, honouring caps, suppressions, consent, the repeat guard and bounces', async () => {
      const { database, fx } = use();
      const db = database.db;
      // The peer is the file's: each database's suite counts only its own mails.
      peer.received.length = 0;
      await setCampaignGuards(db, fx.companyA.id, { repeatGuardDays: 30, dailyCapPerLocation: 450 });
      const id = await newCampaign();
      const sent = await call('admin', 'POST', `${BASE}/${id}/send`, {});
      expect(sent.json().status).toBe('scheduled');
      expect((await call('admin', 'PATCH', `${BASE}/${id}`, { name: 'late' })).statusCode).toBe(409);
      const started = Date.now();
      await runJobs();
      // Each location's 450 went today (a bounce is not a message sent: the cap counts sent ones).
      let detail = (await call('admin', 'GET', `${BASE}/${id}`)).json();
      expect(detail.status).toBe('sending');
      expect(detail.counts).toMatchObject({ total: 1000, skipped: 25, sent: 900, failed: 3 });
      expect(detail.counts.queued).toBe(1000 - 25 - 903);
      // Tomorrow: the day's sends are yesterday's, and the waiting job is due.
      await db.execute(
        sql`UPDATE campaign_recipients SET sent_at = sent_at - interval '1 day' WHERE company_id = ${fx.companyA.id}`,
      );
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'campaigns.send' AND status = 'queued'`);
      await runJobs();
      detail = (await call('admin', 'GET', `${BASE}/${id}`)).json();
      expect(detail.status).toBe('sent');
      expect(detail.counts).toMatchObject({
        total: 1000,
        skipped: 25,
        sent: 972,
        failed: 3,
        queued: 0,
        delivered: 972,
      });
      const perAddress = new Map<string, number>();
      for (const m of peer.received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      expect(perAddress.size).toBe(972);
      expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
      for (let i = 10; i < 40; i++)
        expect(perAddress.has(`guest${i}@guests.test`), `guest${i}`).toBe(i >= 25 && i < 30);
      // eslint-disable-next-line no-console
      console.log(`1,000-contact campaign: ${Date.now() - started} ms`);
      const rows = await recipients(id);
      expect(rows.find((r) => r.address === 'guest12@guests.test')).toMatchObject({
        state: 'skipped',
        failure_reason: 'Suppressed (unsubscribed, bounced or STOP)',
      });
      expect(rows.find((r) => r.address === 'guest21@guests.test')).toMatchObject({
        state: 'skipped',
        failure_reason: 'No consent for this channel',
      });
      expect(rows.find((r) => r.address === 'guest33@guests.test')).toMatchObject({
        state: 'skipped',
        failure_reason: 'Asked recently (repeat guard)',
      });
      const bounced = rows.find((r) => r.address === 'bounce1@guests.test')!;
      expect(bounced.state).toBe('failed');
      expect(bounced.failure_reason).toMatch(/^Bounced: 550/);
      const sup = rowsOf(await db.execute(sql`SELECT reason FROM suppressions WHERE address = 'bounce1@guests.test'`));
      expect(sup).toEqual([{ reason: 'bounced' }]);
      // The mail as received: headers for one-click unsubscribe, the tracked link, the pixel, a stable Message-ID.
      const r50 = rows.find((r) => r.address === 'guest50@guests.test')!;
      const mail = peer.received.find((m) => m.to.includes('guest50@guests.test'))!.data;
      expect(mail).toContain(`List-Unsubscribe: <http://reputo.test/u/${r50.token}>`);
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail).toContain(`Message-ID: <${r50.token}@reputo.test>`);
      expect(mail).toContain(`http://reputo.test/c/${r50.token}`);
      expect(mail).toContain(`http://reputo.test/o/${r50.token}.gif`);
      expect(mail).toMatch(/Subject: How was Burger Bay (Marina|Downtown), Guest\?/);
      const asked = rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM contacts WHERE company_id = ${fx.companyA.id} AND last_asked_at > now() - interval '1 hour'`,
        ),
      );
      expect(asked[0]!.n).toBe(972);

      // The repeat guard: a second campaign to the list right away asks nobody again.
      const again = await newCampaign({ name: 'Again' });
      await call('admin', 'POST', `${BASE}/${again}/send`, {});
      await runJobs();
      const second = (await call('admin', 'GET', `${BASE}/${again}`)).json();
      expect(second.counts).toMatchObject({ sent: 0, skipped: 1000 });
      await setCampaignGuards(db, fx.companyA.id, { repeatGuardDays: 30, dailyCapPerLocation: null });
    }, 180_000); // a thousand mails through the SMTP peer: past a minute on a loaded CI machine

    it('stamps opens, clicks (then redirects to the landing page) and one-click unsubscribes', async () => {
      const { app, database } = use();
      const [c] = (await call('admin', 'GET', BASE, undefined))
        .json()
        .data.filter((x: { name: string }) => x.name === 'Spring invite');
      const rows = (await recipients(c.id)).filter((r) => r.state === 'sent');
      const [a, b] = rows;
      const pixel = await app.inject({ method: 'GET', url: `/o/${a!.token}.gif` });
      expect(pixel.statusCode).toBe(200);
      expect(pixel.headers['content-type']).toBe('image/gif');
      expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      const click = await app.inject({ method: 'GET', url: `/c/${b!.token}` });
      expect(click.statusCode).toBe(302);
      const code = rowsOf<{ code: string }>(
        await database.db.execute(
          sql`SELECT lp.code FROM landing_pages lp JOIN campaign_recipients r ON r.location_id = lp.location_id WHERE r.token = ${b!.token}`,
        ),
      )[0]!.code;
      expect(click.headers.location).toBe(`http://reputo.test/f/${code}?r=${b!.token}`);
      expect((await app.inject({ method: 'GET', url: '/c/0123456789abcdef0123456789abcdef' })).statusCode).toBe(404);
      const page = await app.inject({ method: 'GET', url: `/u/${a!.token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<form method="post"');
      const one = await app.inject({
        method: 'POST',
        url: `/u/${a!.token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(one.statusCode).toBe(200);
      expect(one.body).toContain('You are unsubscribed');
      const sup = rowsOf(await database.db.execute(sql`SELECT reason FROM suppressions WHERE address = ${a!.address}`));
      expect(sup).toEqual([{ reason: 'unsubscribed' }]);
      const detail = (await call('admin', 'GET', `${BASE}/${c.id}`)).json();
      expect(detail.counts).toMatchObject({ opened: 2, clicked: 1, unsubscribed: 1 });
      const funnel = (await call('admin', 'GET', `${BASE}/${c.id}/funnel`)).json();
      expect(funnel.steps.map((s: { key: string; count: number }) => [s.key, s.count])).toEqual([
        ['sent', 972],
        ['delivered', 972],
        ['opened', 2],
        ['clicked', 1],
        ['rated', 0],
        ['reviewed', 0],
        ['feedback', 0],
      ]);
      const clicked = (await call('admin', 'GET', `${BASE}/${c.id}/recipients?state=clicked`)).json();
      expect(clicked.total).toBe(1);
      expect(clicked.data[0]).toMatchObject({ address: b!.address, stage: 'clicked', location: expect.any(String) });
      const failed = (await call('admin', 'GET', `${BASE}/${c.id}/recipients?state=failed`)).json();
      expect(failed.data.map((r: { failure_reason: string }) => r.failure_reason)).toEqual([
        expect.stringMatching(/^Bounced/),
        expect.stringMatching(/^Bounced/),
        expect.stringMatching(/^Bounced/),
      ]);
      const cmp = (await call('analyst', 'GET', `${BASE}/comparison`)).json();
      expect(cmp.data.find((x: { id: number }) => x.id === c.id).rates).toMatchObject({
        delivery_rate: 100,
        click_rate: 0.1,
      });
    });

    it("gives each recipient a coupon of the campaign's offer, within the offer's limit per customer", async () => {
      const { database, fx } = use();
      const db = database.db;
      const offer = await call('admin', 'POST', '/v2/api/offer/create', {
        title: 'Free coffee',
        discount_type: 'free_item',
        free_item: 'coffee',
        limit_per_customer: 1,
      });
      expect(offer.statusCode, offer.body).toBe(201);
      const offerId = offer.json().id as number;
      const [bOffer] = rowsOf<{ id: number }>(
        await db.execute(
          sql`INSERT INTO offers (company_id, title, discount_type, discount_value) VALUES (${fx.companyB.id}, 'B', 'percent', 5) RETURNING id`,
        ),
      );
      const stranger = await call('admin', 'POST', BASE, { name: 'x', channel: 'email', offer_id: bOffer!.id });
      expect(stranger.statusCode).toBe(404);
      const options = (await call('admin', 'GET', `${BASE}/options`)).json();
      expect(options.offers).toContainEqual({ id: offerId, title: 'Free coffee' });

      const ids = await insertContacts(
        db,
        fx.companyA.id,
        [0, 1].map((i) => ({ name: `Coupon ${i}`, email: `coupon${i}@guests.test`, locationId: world.marina })),
      );
      const list = await insertList(db, fx.companyA.id, 'Coupon guests', ids);
      await setCampaignGuards(db, fx.companyA.id, { repeatGuardDays: 0, dailyCapPerLocation: null });
      const mailsTo = async (campaignId: number) => {
        peer.received.length = 0;
        expect((await call('admin', 'POST', `${BASE}/${campaignId}/send`, {})).statusCode).toBe(200);
        await runJobs();
        return peer.received.filter((m) => m.to[0]?.startsWith('coupon'));
      };
      const first = await newCampaign({ name: 'With an offer', list_id: list, offer_id: offerId });
      expect((await call('admin', 'GET', `${BASE}/${first}`)).json().offer_id).toBe(offerId);
      const mails = await mailsTo(first);
      expect(mails).toHaveLength(2);
      const links = mails.map((m) => /\/coupon\/([0-9a-z]+-[A-Za-z0-9_-]{22})/.exec(m.data)?.[1]);
      expect(links.every(Boolean)).toBe(true);
      // The link opens the customer's coupon page: a code of this offer, given by the campaign to this contact.
      const page = await use().app.inject({ url: `/v2/api/coupon/${links[0]}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ offer_title: 'Free coffee', state: 'issued' });
      const given = rowsOf<{ source: string; email: string }>(
        await db.execute(
          sql`SELECT source, contact->>'email' AS email FROM coupons WHERE offer_id = ${offerId} ORDER BY id`,
        ),
      );
      expect(given.map((g) => g.source)).toEqual(['campaign', 'campaign']);
      expect(given.map((g) => g.email).sort()).toEqual(['coupon0@guests.test', 'coupon1@guests.test']);

      // A second campaign with the same offer: the limit (one per customer) is reached, the invitation goes without.
      const again = await mailsTo(await newCampaign({ name: 'Offer again', list_id: list, offer_id: offerId }));
      expect(again).toHaveLength(2);
      expect(again.some((m) => m.data.includes('/coupon/'))).toBe(false);
      await setCampaignGuards(db, fx.companyA.id, { repeatGuardDays: 30, dailyCapPerLocation: null });
    });

    it('sends the one reminder to those who have not rated nor unsubscribed, with its own Message-ID', async () => {
      const { database, fx } = use();
      const db = database.db;
      const ids = await insertContacts(
        db,
        fx.companyA.id,
        [0, 1, 2].map((i) => ({ name: `Remind ${i}`, email: `remind${i}@guests.test`, locationId: world.marina })),
      );
      const list = await insertList(db, fx.companyA.id, 'Reminders', ids);
      const id = await newCampaign({ name: 'With reminder', list_id: list, reminder_after_days: 2 });
      await call('admin', 'POST', `${BASE}/${id}/send`, {});
      await runJobs();
      const [rated, unsubscribed, silent] = await recipients(id);
      await db.execute(sql`UPDATE campaign_recipients SET rated_at = now() WHERE token = ${rated!.token}`);
      await use().app.inject({ method: 'POST', url: `/u/${unsubscribed!.token}` });
      peer.received.length = 0;
      const due = rowsOf<{ run_at: string }>(
        await db.execute(sql`SELECT run_at FROM jobs WHERE name = 'campaigns.remind' AND status = 'queued'`),
      );
      expect(new Date(due[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
      await db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'campaigns.remind' AND status = 'queued'`);
      await runJobs();
      await runJobs();
      expect(peer.received.map((m) => m.to)).toEqual([[silent!.address]]);
      expect(peer.received[0]!.data).toContain(`Message-ID: <r-${silent!.token}@reputo.test>`);
      const page = (await call('admin', 'GET', `${BASE}/${id}/recipients`)).json();
      expect(page.data.filter((r: { reminder_sent_at: string | null }) => r.reminder_sent_at)).toHaveLength(1);
    });

    it('refuses to send an SMS campaign without Twilio settings', async () => {
      const id = await newCampaign({ name: 'No SMS', channel: 'sms', template_id: null });
      const res = await call('admin', 'POST', `${BASE}/${id}/send`, {});
      expect(res.statusCode).toBe(422);
      expect(res.json().error_description).toMatch(/SMS is not configured/);
    });

    it('schedules for later, sends nothing before, and cancels', async () => {
      const id = await newCampaign({ name: 'Later' });
      const at = new Date(Date.now() + 86_400_000).toISOString();
      const res = await call('admin', 'POST', `${BASE}/${id}/send`, { scheduled_at: at });
      expect(res.json()).toMatchObject({ status: 'scheduled', scheduled_at: at });
      await runJobs();
      expect((await call('admin', 'GET', `${BASE}/${id}`)).json()).toMatchObject({
        status: 'scheduled',
        counts: { total: 0 },
      });
      expect((await call('admin', 'POST', `${BASE}/${id}/send`, {})).statusCode).toBe(409);
      expect((await call('admin', 'POST', `${BASE}/${id}/cancel`)).json().status).toBe('cancelled');
      expect((await call('admin', 'POST', `${BASE}/${id}/cancel`)).statusCode).toBe(409);
      expect((await call('admin', 'DELETE', `${BASE}/${id}`)).statusCode).toBe(200);
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true` } },
);

import { LOGO_MAX_BYTES, MSG } from '@reputo/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../../connectors/google/fake';
import { startFakeGraph, type FakeGraph } from '../../connectors/meta/fake';
import { jobs, listingDirectories, locations, sourceConnections } from '../../db/schema';
import { jobQueueFor } from '../../platform/jobs';
import { readWorkbook } from '../../test/workbook';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, multipart, PNG, signIn } from '../../test/http';
import { pickPort } from '../../test/processes';
import { searchCategories } from './categories';
import { completeness, fromGoogle, fromGoogleAttributes, toGoogle, toGoogleAttributes } from './mapping';
import { queueCheck } from './service';

const googlePort = pickPort();
const graphPort = pickPort() + 1;
let google: FakeGoogle;
let graph: FakeGraph;

const env = {
  GOOGLE_BUSINESS_INFO_URL: `http://127.0.0.1:${googlePort}/v1`,
  GOOGLE_API_URL: `http://127.0.0.1:${googlePort}/v4`,
  FACEBOOK_GRAPH_URL: `http://127.0.0.1:${graphPort}/v21.0`,
  FACEBOOK_GRAPH_RETRY_MS: '5',
  // 2 s: on a loaded CI machine the fakes' ordinary answers took over 300 ms; a hang never answers.
  FACEBOOK_GRAPH_TIMEOUT_MS: '2000',
};
const GOOGLE_TOKEN = 'at-listings-google';
const BULK = 50;

describe('listing fields against Google and the category list', () => {
  it('writes and reads back the Location resource, and scores completeness', () => {
    const listing = {
      name: 'Alpha Marina',
      address: '12 Marina Walk',
      city: 'Dubai',
      postalCode: null,
      countryCode: 'AE',
      phone: '+971 4 123 4567',
      website: 'https://alpha.test',
      primaryCategory: 'gcid:restaurant',
      additionalCategories: ['gcid:cafe'],
      regularHours: [{ day: 'MONDAY' as const, open: '09:00', close: '17:30' }],
      specialHours: [{ date: '2026-12-25', closed: true }],
      description: null,
      attributes: {},
      logo: null,
      cover: null,
      photos: [],
    };
    const { body, mask } = toGoogle(listing, ['name', 'phone', 'regularHours', 'specialHours', 'primaryCategory']);
    expect(mask).toEqual(['title', 'phoneNumbers.primaryPhone', 'regularHours', 'specialHours', 'categories']);
    expect(body.regularHours!.periods[0]).toEqual({
      openDay: 'MONDAY',
      openTime: { hours: 9 },
      closeDay: 'MONDAY',
      closeTime: { hours: 17, minutes: 30 },
    });
    expect(body.categories!.primaryCategory).toEqual({ name: 'categories/gcid:restaurant', displayName: 'Restaurant' });
    const back = fromGoogle(
      toGoogle(listing, [
        'name',
        'address',
        'city',
        'countryCode',
        'phone',
        'website',
        'primaryCategory',
        'regularHours',
        'specialHours',
        'description',
      ]).body,
    );
    const { attributes: _a, logo: _l, cover: _c, photos: _p, ...locationFields } = listing;
    expect(back).toMatchObject({ ...locationFields, additionalCategories: ['gcid:cafe'] });
    expect(completeness(listing)).toEqual({ score: 67, missing: ['description', 'attributes', 'logo', 'cover'] });
    expect(
      completeness({ ...listing, description: 'x', attributes: { has_wifi: true }, logo: 'k', cover: 'k' }),
    ).toEqual({ score: 100, missing: [] });
    expect(searchCategories('italian rest', 5).map((c) => c.id)).toEqual(['gcid:italian_restaurant']);
  });

  it("writes attributes as Google's (with the attribute mask) and reads them back", () => {
    const attributes = { has_wifi: true, wi_fi: 'paid_wi_fi', pay_credit_card_types_accepted: ['jcb', 'visa'] };
    const google = toGoogleAttributes(attributes);
    expect(google.mask).toEqual([
      'attributes/has_wifi',
      'attributes/wi_fi',
      'attributes/pay_credit_card_types_accepted',
    ]);
    expect(google.attributes[2]).toEqual({
      name: 'attributes/pay_credit_card_types_accepted',
      valueType: 'REPEATED_ENUM',
      repeatedEnumValue: {
        setValues: ['jcb', 'visa'],
        unsetValues: ['american_express', 'china_union_pay', 'diners_club', 'discover', 'mastercard'],
      },
    });
    // Google's own attributes outside our list are not ours to compare.
    const back = fromGoogleAttributes([
      ...google.attributes,
      { name: 'attributes/has_rooftop_helipad', valueType: 'BOOL', values: [true] },
    ]);
    expect(back).toEqual(attributes);
  });
});

/** The smallest JPEG header our upload check reads as a JPEG. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describeEachDatabase(
  'listing management',
  (use) => {
    let t: TestEnv;
    const tokens: Record<string, string> = {};
    const ids: number[] = [];
    let marina: number;
    let betaLocation: number;

    beforeAll(async () => {
      t = use();
      google ??= await startFakeGoogle({ port: googlePort });
      graph ??= await startFakeGraph({ port: graphPort });
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        manager: 'manager@alpha.test',
        analyst: 'analyst@alpha.test',
        responder: 'responder@alpha.test',
        owner: 'owner@fixture.test',
        beta: 'admin@beta.test',
      }))
        tokens[key] = (await signIn(t.app, email)).access_token;
      const db = t.database.db;
      const companyId = t.fx.companyA.id;
      const made = await db
        .insert(locations)
        .values(
          Array.from({ length: BULK }, (_, i) => ({
            companyId,
            title: i === 0 ? 'Marina Walk' : `Branch ${String(i).padStart(2, '0')}`,
            address: `${i + 1} Test Street`,
            city: 'Dubai',
          })),
        )
        .returning({ id: locations.id });
      ids.push(...made.map((m) => m.id));
      marina = ids[0]!;
      const [b] = await db.insert(locations).values({ companyId: t.fx.companyB.id, title: 'Beta HQ' }).returning();
      betaLocation = b!.id;

      google.accounts.clear();
      google.addAccount('100', 'Alpha Group');
      google.oauth.accessTokens.set(GOOGLE_TOKEN, { user: 'owner', expiresAt: Date.now() + 3_600_000 });
      ids.forEach((_, i) =>
        google.addLocation({
          account: '100',
          id: `L${i}`,
          title: i === 0 ? 'Marina Walk' : `Branch ${String(i).padStart(2, '0')}`,
          listing: { storefrontAddress: { addressLines: [`${i + 1} Test Street`], locality: 'Dubai' } },
        }),
      );
      graph.reviews.pages.clear();
      graph.reviews.addReviewPage({ id: 'page-1', name: 'Marina Walk', token: 'page-token-1' });
      const far = new Date(Date.now() + 3_600_000);
      await db.insert(sourceConnections).values([
        {
          companyId,
          locationId: 0,
          source: 'google',
          account: 'accounts/100',
          accessToken: GOOGLE_TOKEN,
          expiresAt: far,
        },
        ...ids.map((id, i) => ({
          companyId,
          locationId: id,
          source: 'google',
          account: `accounts/100/locations/L${i}`,
        })),
        { companyId, locationId: 0, source: 'facebook', account: 'me', accessToken: 'user-token' },
        { companyId, locationId: marina, source: 'facebook', account: 'page-1', accessToken: 'page-token-1' },
      ]);
    });
    afterAll(async () => {
      // Both databases share the fakes.
    });

    const call = (who: string, method: 'GET' | 'PATCH', url: string, payload?: object, language?: string) =>
      t.app.inject({
        method,
        url,
        headers: { ...bearer(tokens[who]!), ...(language ? { 'accept-language': language } : {}) },
        ...(payload ? { payload } : {}),
      });
    const runJobs = () => jobQueueFor(t.app.deps).runDue();
    const item = async (locationId: number, language?: string) => {
      const res = await call('admin', 'GET', `/v2/api/listing?locationId=${locationId}`, undefined, language);
      expect(res.statusCode).toBe(200);
      return res.json().data[0];
    };
    const patches = () => google.calls.filter((c) => c.method === 'PATCH');
    const check = async (locationId: number, source: string) => {
      const [row] = await t.database.db
        .select()
        .from(sourceConnections)
        .where(and(eq(sourceConnections.locationId, locationId), eq(sourceConnections.source, source)));
      await queueCheck(jobQueueFor(t.app.deps), row!.id);
      await runJobs();
    };

    it('lists the listings with paging, scores and per-directory status; gated by feature and tenant', async () => {
      const res = await call('analyst', 'GET', '/v2/api/listing?per_page=10&search=marina');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, per_page: 10, total: 1, total_pages: 1 });
      const first = body.data[0];
      expect(first.listing).toMatchObject({ name: 'Marina Walk', address: '1 Test Street', city: 'Dubai' });
      expect(first.missing).toContain('Phone');
      expect(first.directories.map((d: { directory: string; status: string }) => [d.directory, d.status])).toEqual([
        ['google', 'pending'],
        ['facebook', 'pending'],
        ['zomato', 'not_managed'],
      ]);
      expect(first.directories[0].reason).toBe('Not checked yet');
      // In Arabic the server's reason is the web app's own text for it (listings:drawer.notChecked).
      const arabic = (
        await call('analyst', 'GET', '/v2/api/listing?per_page=10&search=marina', undefined, 'ar')
      ).json();
      const webArabic = path.join(import.meta.dirname, '../../../../web/src/i18n/locales/ar/listings.json');
      expect(arabic.data[0].directories[0].reason).toBe(JSON.parse(readFileSync(webArabic, 'utf8')).drawer.notChecked);
      expect(body.summary.locations).toBe(BULK);
      expect((await call('owner', 'GET', `/v2/api/listing?ownerAsCompany=${t.fx.companyA.id}`)).json().total).toBe(
        BULK,
      );
      expect((await call('beta', 'GET', '/v2/api/listing')).statusCode).toBe(403);
      expect((await call('admin', 'GET', `/v2/api/listing?locationId=${betaLocation}`)).statusCode).toBe(404);
      const cats = (await call('analyst', 'GET', '/v2/api/categories?search=pizza')).json();
      expect(cats.data.map((c: { name: string }) => c.name)).toEqual(['Pizza delivery', 'Pizza restaurant']);
      expect(cats.total).toBeGreaterThan(300);
    });

    it('edits one listing: validation, roles, 404 for another company, pushed to Google and Facebook with history', async () => {
      const fields = {
        phone: '+971 4 555 0101',
        website: 'https://alpha.test/marina',
        primaryCategory: 'gcid:seafood_restaurant',
        additionalCategories: ['gcid:bar'],
        regularHours: [
          { day: 'MONDAY', open: '09:00', close: '22:00' },
          { day: 'TUESDAY', open: '09:00', close: '22:00' },
        ],
        description: 'Seafood on the marina.',
      };
      const bad = await call('admin', 'PATCH', '/v2/api/listing', {
        locationIds: [marina],
        fields: { website: 'alpha.test', primaryCategory: 'gcid:nope' },
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('Website must start with http:// or https://');
      const unknown = await call('admin', 'PATCH', '/v2/api/listing', {
        locationIds: [marina],
        fields: { primaryCategory: 'gcid:nope' },
      });
      expect(unknown.json().error_description).toBe('Unknown category: gcid:nope');
      expect((await call('analyst', 'PATCH', '/v2/api/listing', { locationIds: [marina], fields })).statusCode).toBe(
        403,
      );
      expect((await call('responder', 'PATCH', '/v2/api/listing', { locationIds: [marina], fields })).statusCode).toBe(
        403,
      );
      expect(
        (await call('admin', 'PATCH', '/v2/api/listing', { locationIds: [marina, betaLocation], fields })).statusCode,
      ).toBe(404);

      const res = await call('manager', 'PATCH', '/v2/api/listing', { locationIds: [marina], fields });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ updated: 1, queued: 2 });
      expect((await item(marina)).directories[0].status).toBe('pending');
      const before = patches().length;
      await runJobs();
      const [patch] = patches().slice(before);
      expect(patch!.path).toBe(
        '/v1/locations/L0?updateMask=phoneNumbers.primaryPhone,websiteUri,categories,regularHours,profile.description',
      );
      expect(google.location('100', 'L0')!.listing!.phoneNumbers).toEqual({ primaryPhone: '+971 4 555 0101' });
      expect(graph.reviews.pages.get('page-1')!.info).toEqual({
        phone: '+971 4 555 0101',
        website: 'https://alpha.test/marina',
        about: 'Seafood on the marina.',
        hours: { mon_1_open: '09:00', mon_1_close: '22:00', tue_1_open: '09:00', tue_1_close: '22:00' },
      });
      const after = await item(marina);
      expect(after.directories.slice(0, 2).map((d: { status: string }) => d.status)).toEqual(['in_sync', 'in_sync']);
      expect(after.history[0]).toMatchObject({
        kind: 'edit',
        user: 'manager Tester',
        fields: Object.keys(fields),
        answers: { google: { status: 'done' }, facebook: { status: 'done' } },
      });
      // What the directories show matches ours.
      await check(marina, 'google');
      await check(marina, 'facebook');
      expect((await item(marina)).directories.slice(0, 2).map((d: { status: string }) => d.status)).toEqual([
        'in_sync',
        'in_sync',
      ]);
    });

    it(`bulk-edits the special hours of ${BULK} locations: ${BULK} PATCH calls with the specialHours mask`, async (ctx) => {
      // Heavy on PGlite's single connection: PostgreSQL runs it when both are tested.
      if (t.driver === 'pglite' && process.env.TEST_DATABASE_URL) ctx.skip();
      const before = patches().length;
      const res = await call('admin', 'PATCH', '/v2/api/listing', {
        locationIds: ids,
        fields: { specialHours: [{ date: '2026-12-25', closed: true }] },
        mergeSpecialHours: true,
      });
      expect(res.json()).toMatchObject({ updated: BULK, queued: BULK });
      const ran = await runJobs();
      const sent = patches().slice(before);
      // On a mismatch, the queue's side of it: which push jobs did not end, and why.
      const unfinished = async () =>
        JSON.stringify(
          await t.database.db
            .select({
              status: jobs.status,
              attempts: jobs.attempts,
              error: jobs.lastError,
              lockedUntil: jobs.lockedUntil,
            })
            .from(jobs)
            .where(and(sql`${jobs.name} like 'listings.%'`, ne(jobs.status, 'done')))
            .orderBy(jobs.status),
        );
      if (sent.length !== BULK) expect.fail(`${sent.length} PATCH calls after ${ran} jobs ran: ${await unfinished()}`);
      expect(new Set(sent.map((c) => c.path.split('?')[0]))).toEqual(new Set(ids.map((_, i) => `/v1/locations/L${i}`)));
      for (const c of sent) {
        expect(c.path.split('?')[1]).toBe('updateMask=specialHours');
        expect(c.body).toEqual({
          specialHours: { specialHourPeriods: [{ startDate: { year: 2026, month: 12, day: 25 }, closed: true }] },
        });
      }
      const list = (await call('admin', 'GET', '/v2/api/listing?per_page=100')).json();
      expect(list.summary.pending).toBe(0);
      expect(
        list.data.every((i: { directories: { status: string }[] }) => i.directories[0]!.status === 'in_sync'),
      ).toBe(true);
    });

    it('retries a 429 with back-off, then shows a refusal, an expired token and a time-out as errors; nothing lost', async () => {
      const one = ids[1]!;
      google.script({ status: 429, retryAfter: 0 });
      await call('admin', 'PATCH', '/v2/api/listing', { locationIds: [one], fields: { phone: '+971 4 000 0001' } });
      await runJobs();
      expect((await item(one)).history[0].answers.google.status).toBe('done');
      expect(google.location('100', 'L1')!.listing!.phoneNumbers!.primaryPhone).toBe('+971 4 000 0001');

      // 400: Google refuses; the value stays ours and the status says why.
      google.script({ status: 400 });
      await call('admin', 'PATCH', '/v2/api/listing', { locationIds: [one], fields: { phone: '+971 4 000 0002' } });
      await runJobs();
      let state = await item(one);
      expect(state.listing.phone).toBe('+971 4 000 0002');
      expect(state.directories[0]).toMatchObject({
        status: 'error',
        reason: 'Google API: The service is currently unavailable.',
      });
      expect(state.history[0].answers.google.status).toBe('error');

      // 500 three times and a hang: the call's own retries give up, the queue retries later.
      google.script({ status: 500 }, { status: 500 }, { hang: true });
      await call('admin', 'PATCH', '/v2/api/listing', { locationIds: [one], fields: { phone: '+971 4 000 0003' } });
      await runJobs();
      state = await item(one);
      expect(state.directories[0].status).toBe('pending');
      expect(state.history[0].answers.google).toMatchObject({ status: 'pending' });
      expect(state.history[0].answers.google.message).toMatch(
        /^Retrying at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: .*no answer in time/,
      );
      // In Arabic: the time as Arabic writes dates (day first, slashes); the service's words stay.
      expect((await item(one, 'ar')).history[0].answers.google.message).toMatch(
        /^ستُعاد المحاولة في \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} بتوقيت غرينتش: .*no answer in time/,
      );

      // Expired token with no refresh: the connection needs reconnecting, visible on the listing.
      google.oauth.expireAccessTokens();
      await t.database.db.delete(listingDirectories).where(eq(listingDirectories.locationId, ids[2]!));
      await call('admin', 'PATCH', '/v2/api/listing', {
        locationIds: [ids[2]!],
        fields: { website: 'https://b2.test' },
      });
      await runJobs();
      state = await item(ids[2]!);
      expect(state.directories[0].status).toBe('error');
      expect(state.directories[0].reason).toMatch(/^Google must be connected again/);
      expect(state.listing.website).toBe('https://b2.test');
      // Connected again: the next edit goes through.
      google.oauth.accessTokens.set(GOOGLE_TOKEN, { user: 'owner', expiresAt: Date.now() + 3_600_000 });
      await t.database.db
        .update(sourceConnections)
        .set({ status: 'connected', statusReason: null })
        .where(and(eq(sourceConnections.companyId, t.fx.companyA.id), eq(sourceConnections.locationId, 0)));
    });

    it("shows Google's own changes as rejected edits; accept takes them, keep pushes ours again", async () => {
      const loc = google.location('100', 'L0')!;
      loc.googleUpdated = {
        phoneNumbers: { primaryPhone: '+971 4 999 9999' },
        websiteUri: 'https://google-found.test',
      };
      await check(marina, 'google');
      let state = await item(marina);
      expect(state.rejectedEdits.map((r: { field: string; theirs: unknown }) => [r.field, r.theirs])).toEqual([
        ['phone', '+971 4 999 9999'],
        ['website', 'https://google-found.test'],
      ]);
      expect(state.directories[0].status).toBe('out_of_sync');
      const list = (await call('analyst', 'GET', '/v2/api/listing?status=rejected')).json();
      expect(list.data.map((i: { locationId: number }) => i.locationId)).toEqual([marina]);
      expect(list.summary.rejected).toBe(1);

      const path = `/v2/api/confirmRejectedEdits/${marina}`;
      expect((await call('analyst', 'PATCH', path, { action: 'accept' })).statusCode).toBe(403);
      expect(
        (await call('admin', 'PATCH', `/v2/api/confirmRejectedEdits/${betaLocation}`, { action: 'accept' })).statusCode,
      ).toBe(404);

      // Accept Google's phone: ours takes it, and Facebook gets it.
      const accepted = await call('admin', 'PATCH', path, { action: 'accept', fields: ['phone'] });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().listing.phone).toBe('+971 4 999 9999');
      expect(accepted.json().rejectedEdits.map((r: { field: string }) => r.field)).toEqual(['website']);
      await runJobs();
      expect(graph.reviews.pages.get('page-1')!.info!.phone).toBe('+971 4 999 9999');

      // Keep our website: pushed to Google again.
      const before = patches().length;
      const kept = await call('admin', 'PATCH', path, { action: 'keep' });
      expect(kept.json().rejectedEdits).toEqual([]);
      expect(kept.json().history[0]).toMatchObject({ kind: 'keep_ours', fields: ['website'] });
      await runJobs();
      expect(
        patches()
          .slice(before)
          .map((c) => c.path),
      ).toEqual(['/v1/locations/L0?updateMask=websiteUri']);
      expect(loc.googleUpdated).toEqual({ phoneNumbers: { primaryPhone: '+971 4 999 9999' } });
      state = await item(marina);
      expect(state.history.slice(0, 2).map((h: { kind: string }) => h.kind)).toEqual(['keep_ours', 'accept_google']);
      expect((await call('admin', 'PATCH', path, { action: 'keep' })).statusCode).toBe(400);
    });

    it('sets attributes: checked against the list, sent to Google with their attributeMask, not managed on Facebook, compared when checked', async () => {
      const refused = async (attributes: object, locationIds = [marina]) =>
        call('admin', 'PATCH', '/v2/api/listing', { locationIds, fields: { attributes } });
      const unknown = await refused({ has_teleporter: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error_description).toBe('Unknown attribute: has_teleporter');
      expect(unknown.json().details[0].field).toBe('fields.attributes.has_teleporter');
      expect((await refused({ has_wifi: 'yes' })).json().error_description).toBe('Wi-Fi is yes or no (true or false)');
      expect((await refused({ wi_fi: 'fast' })).json().error_description).toBe(
        'Wi-Fi access is one of free_wi_fi, paid_wi_fi',
      );
      expect((await refused({ has_wifi: true }, [betaLocation])).statusCode).toBe(404);

      const attributes = {
        has_wifi: true,
        has_takeout: false,
        wi_fi: 'free_wi_fi',
        pay_credit_card_types_accepted: ['visa', 'mastercard'],
      };
      const res = await call('manager', 'PATCH', '/v2/api/listing', { locationIds: [marina], fields: { attributes } });
      expect(res.json()).toMatchObject({ updated: 1, queued: 1 });
      const before = patches().length;
      await runJobs();
      const sent = patches().slice(before);
      expect(sent.map((c) => c.path)).toEqual([
        '/v1/locations/L0/attributes?attributeMask=attributes/has_takeout,attributes/has_wifi,attributes/wi_fi,attributes/pay_credit_card_types_accepted',
      ]);
      expect(sent[0]!.body).toEqual({
        name: 'locations/L0/attributes',
        attributes: [
          { name: 'attributes/has_takeout', valueType: 'BOOL', values: [false] },
          { name: 'attributes/has_wifi', valueType: 'BOOL', values: [true] },
          { name: 'attributes/wi_fi', valueType: 'ENUM', values: ['free_wi_fi'] },
          {
            name: 'attributes/pay_credit_card_types_accepted',
            valueType: 'REPEATED_ENUM',
            repeatedEnumValue: {
              setValues: ['visa', 'mastercard'],
              unsetValues: ['american_express', 'china_union_pay', 'diners_club', 'discover', 'jcb'],
            },
          },
        ],
      });
      let state = await item(marina);
      expect(state.listing.attributes).toEqual(attributes);
      expect(state.missing).not.toContain('Attributes');
      expect(state.history[0].answers).toMatchObject({
        google: { status: 'done' },
        facebook: { status: 'skipped', message: 'Facebook does not hold these fields' },
      });
      expect((await item(marina, 'ar')).history[0].answers.facebook).toMatchObject({
        status: 'skipped',
        message: 'لا يحتفظ Facebook بهذه الحقول',
      });
      expect(state.directories[0].fields).toContain('attributes');
      expect(state.directories[1].fields).not.toContain('attributes');
      const attributeDiff = () =>
        state.directories[0].diff.find((d: { field: string }) => d.field === 'attributes') ?? null;
      await check(marina, 'google');
      state = await item(marina);
      expect(attributeDiff()).toBeNull();

      // Someone changed one on Google: out of sync, ours against theirs (only the attributes we set).
      google.location('100', 'L0')!.attributes!.find((a) => a.name === 'attributes/has_takeout')!.values = [true];
      google
        .location('100', 'L0')!
        .attributes!.push({ name: 'attributes/has_restroom', valueType: 'BOOL', values: [true] });
      await check(marina, 'google');
      state = await item(marina);
      expect(state.directories[0].status).toBe('out_of_sync');
      expect(attributeDiff()).toEqual({
        field: 'attributes',
        label: 'Attributes',
        ours: attributes,
        theirs: { ...attributes, has_takeout: true },
      });
    });

    it('uploads photos (too big, not JPEG or PNG, roles), sends logo, cover and more to Google media and Facebook; 429 then success', async () => {
      const upload = (who: string, body: ReturnType<typeof multipart>) =>
        t.app.inject({
          method: 'POST',
          url: '/v2/api/listing/photo',
          payload: body.payload,
          headers: { ...body.headers, ...bearer(tokens[who]!) },
        });
      const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]);
      const tooBig = await upload('admin', multipart('file', 'big.png', 'image/png', big));
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error_description).toBe('Uploaded file is too big. Image size should not exceed 5Mb!');
      expect(MSG.logoTooBig).toBe(tooBig.json().error_description);
      const gif = await upload('admin', multipart('file', 'a.gif', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00')));
      expect([gif.statusCode, gif.json().error_description]).toEqual([400, 'The photo must be a JPEG or PNG image']);
      expect((await upload('analyst', multipart('file', 'logo.png', 'image/png', PNG))).statusCode).toBe(403);
      const stored = async (name: string, type: string, bytes: Buffer) => {
        const res = await upload('manager', multipart('file', name, type, bytes));
        expect(res.statusCode).toBe(200);
        return res.json() as { key: string; url: string };
      };
      const logo = await stored('logo.png', 'image/png', PNG);
      const cover = await stored('cover.jpg', 'image/jpeg', JPEG);
      const more = await stored('more.png', 'image/png', PNG);
      expect(logo.key).toMatch(/^listings\/[0-9a-f]{24}\.png$/);
      expect(cover.key).toMatch(/\.jpg$/);
      expect(logo.url).toBe(`/v2/api/uploads/${logo.key}`);
      const served = await t.app.inject({ method: 'GET', url: logo.url });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);

      const edit = (fields: object, locationIds = [marina]) =>
        call('admin', 'PATCH', '/v2/api/listing', { locationIds, fields });
      const gone = 'listings/000000000000000000000000.png';
      expect((await edit({ logo: gone })).json().error_description).toBe(`No such photo: ${gone}`);
      expect((await edit({ logo: 'https://elsewhere.test/logo.png' })).statusCode).toBe(400);
      expect((await edit({ logo: logo.key }, [betaLocation])).statusCode).toBe(404);

      const publicUrl = (key: string) => `http://reputo.test/v2/api/uploads/${key}`;
      const shown = () =>
        (google.location('100', 'L0')!.media ?? []).map((m) => [m.locationAssociation!.category, m.sourceUrl]);
      google.script({ status: 429, retryAfter: 0 });
      graph.script({ status: 429, retryAfter: 0 });
      expect((await edit({ logo: logo.key, cover: cover.key, photos: [more.key] })).json()).toMatchObject({
        queued: 2,
      });
      await runJobs();
      expect(shown()).toEqual([
        ['LOGO', publicUrl(logo.key)],
        ['COVER', publicUrl(cover.key)],
        ['ADDITIONAL', publicUrl(more.key)],
      ]);
      const page = graph.reviews.pages.get('page-1')!;
      expect(page.picture).toBe(publicUrl(logo.key));
      expect(page.cover?.source).toBe(publicUrl(cover.key));
      let state = await item(marina);
      expect(state.history[0].answers).toMatchObject({ google: { status: 'done' }, facebook: { status: 'done' } });
      expect(state.missing).not.toContain('Logo');
      expect(state.missing).not.toContain('Cover photo');
      expect(state.directories[1].fields).toEqual(expect.arrayContaining(['logo', 'cover']));
      expect(state.directories[1].fields).not.toContain('photos');

      // A new logo and no more photos: Google gets the new one first, then ours that went are removed.
      const logo2 = await stored('logo2.png', 'image/png', PNG);
      const others = { name: 'accounts/100/locations/L0/media/owner1', mediaFormat: 'PHOTO' as const };
      google.location('100', 'L0')!.media!.push({ ...others, locationAssociation: { category: 'ADDITIONAL' } });
      await edit({ logo: logo2.key, photos: [] });
      await runJobs();
      expect(shown()).toEqual([
        ['COVER', publicUrl(cover.key)],
        ['ADDITIONAL', undefined], // a photo someone else added on Google stays
        ['LOGO', publicUrl(logo2.key)],
      ]);
      await check(marina, 'google');
      state = await item(marina);
      const photoDiff = () =>
        state.directories[0].diff.filter((d: { field: string }) => ['logo', 'cover', 'photos'].includes(d.field));
      expect(photoDiff()).toEqual([]);
      // The logo was removed on Google: out of sync on that field.
      const media = google.location('100', 'L0')!.media!;
      media.splice(
        media.findIndex((m) => m.locationAssociation?.category === 'LOGO'),
        1,
      );
      await check(marina, 'google');
      state = await item(marina);
      expect(photoDiff()).toEqual([{ field: 'logo', label: 'Logo', ours: logo2.key, theirs: null }]);

      // Removing the logo: Google's goes; Facebook keeps its picture and says so.
      await edit({ logo: null });
      await runJobs();
      state = await item(marina);
      expect(state.history[0].answers.facebook).toMatchObject({
        status: 'done',
        message: 'Facebook keeps its profile picture: its API cannot remove one.',
      });
      expect(state.missing).toContain('Logo');
      expect(shown().filter(([c]) => c === 'LOGO')).toEqual([]);
    });

    it("exports the listings with their status to Excel, in the download's language", async () => {
      const res = await call('analyst', 'GET', '/v2/api/listing/export');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/listings-\d{4}-\d{2}-\d{2}\.xlsx/);
      const en = await readWorkbook(res.rawPayload);
      expect(en.sheets).toEqual(['Listings', 'Differences']);
      expect(en.rightToLeft).toBe(false);
      expect(en.intro[1]).toMatch(/^Exported .+\. Completeness \d+%/);
      const header = en.rows(0).find((r) => r[0] === 'Location')!;
      expect(header.slice(0, 3)).toEqual(['Location', 'Name', 'Address']);
      // In Arabic: sheets, intro, headings, statuses and field names; the listings' values as they are.
      const arRes = await call('analyst', 'GET', '/v2/api/listing/export?lang=ar');
      const ar = await readWorkbook(arRes.rawPayload);
      expect(ar.sheets).toEqual(['القوائم التجارية', 'الاختلافات']);
      expect(ar.rightToLeft).toBe(true);
      expect(ar.intro[1]).toMatch(/^صُدّرت في .+\. الاكتمال \d+%/);
      const arRows = ar.rows(0);
      const arHeader = arRows.findIndex((r) => r[0] === 'الموقع');
      expect(arRows[arHeader]!.slice(0, 3)).toEqual(['الموقع', 'الاسم', 'العنوان']);
      const google = arRows[arHeader]!.indexOf('Google');
      const statuses = arRows.slice(arHeader + 1).map((r) => String(r[google] ?? '').split(':')[0]);
      const arabicStatuses = ['متزامن', 'غير متزامن', 'قيد الانتظار', 'خطأ', 'غير مربوط', 'غير مُدار'];
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s && !arabicStatuses.includes(s))).toEqual([]);
    });
  },
  { env },
);

afterAll(async () => {
  await google?.close();
  await graph?.close();
});

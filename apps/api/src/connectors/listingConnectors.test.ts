import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookPageInfoClient } from './facebook/pageInfo';
import { businessInformationClient } from './google/businessInformation';
import { startFakeGoogle, type FakeGoogle } from './google/fake';
import { googleMediaClient } from './google/media';
import { startFakeGraph, type FakeGraph } from './meta/fake';
import { SourceApiError } from './sourceApi';

/** The listing clients (Business Information API, Graph page fields) against the local fakes, with their failure paths. */
let google: FakeGoogle;
let graph: FakeGraph;
const TOKEN = 'at-listing-connector';
// 1.5 s: on a loaded machine the fakes' ordinary answers took over 200 ms; a hang never answers.
const opts = { timeoutMs: 1500, backoffMs: 5 };

beforeAll(async () => {
  google = await startFakeGoogle();
  graph = await startFakeGraph();
  google.addAccount('1', 'Acme');
  google.addLocation({ account: '1', id: 'A', title: 'Acme A' });
  google.oauth.accessTokens.set(TOKEN, { user: 'owner', expiresAt: Date.now() + 60_000 });
  graph.reviews.addReviewPage({ id: 'p1', name: 'Acme', token: 'pt-1' });
});
afterAll(async () => {
  await google.close();
  await graph.close();
});

const failure = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceApiError);
  return error as SourceApiError;
};

describe('Google Business Information API', () => {
  const client = () => businessInformationClient({ businessInfoUrl: google.businessInfoUrl, ...opts });

  it('patches the masked fields only and reads Google-updated values with their diffMask', async () => {
    await client().updateLocation(TOKEN, 'accounts/1/locations/A', { websiteUri: 'https://acme.test', title: 'x' }, [
      'websiteUri',
    ]);
    expect(google.calls.at(-1)!.path).toBe('/v1/locations/A?updateMask=websiteUri');
    expect(await client().getLocation(TOKEN, 'locations/A')).toMatchObject({
      title: 'Acme A',
      websiteUri: 'https://acme.test',
    });
    google.location('1', 'A')!.googleUpdated = { phoneNumbers: { primaryPhone: '+1 555 0100' } };
    const shown = await client().getGoogleUpdated(TOKEN, 'locations/A');
    expect(shown.diffMask).toBe('phoneNumbers.primaryPhone');
    expect(shown.location.phoneNumbers).toEqual({ primaryPhone: '+1 555 0100' });
  });

  it('retries 429 then succeeds; sorts 400, 500, time-outs and an expired token', async () => {
    google.script({ status: 429, retryAfter: 0 });
    await client().updateLocation(TOKEN, 'locations/A', { title: 'Acme' }, ['title']);
    expect(google.location('1', 'A')!.title).toBe('Acme');
    const bad = await failure(client().updateLocation(TOKEN, 'locations/A', { websiteUri: 'acme' }, ['websiteUri']));
    expect([bad.kind, bad.status, bad.message]).toEqual([
      'rejected',
      400,
      'Google API: Request contains an invalid argument: website_uri.',
    ]);
    google.script({ status: 500 }, { status: 500 }, { status: 500 });
    expect((await failure(client().getLocation(TOKEN, 'locations/A'))).kind).toBe('transient');
    google.script({ hang: true }, { hang: true }, { hang: true });
    const slow = await failure(client().getLocation(TOKEN, 'locations/A'));
    expect(slow.message).toBe('Google API: no answer in time');
    const expired = await failure(client().getLocation('at-unknown', 'locations/A'));
    expect([expired.kind, expired.status]).toEqual(['token', 401]);
  });
});

describe('Google attributes (Business Information API)', () => {
  const client = () => businessInformationClient({ businessInfoUrl: google.businessInfoUrl, ...opts });
  const wifi = { name: 'attributes/has_wifi', valueType: 'BOOL' as const, values: [true] };

  it('sets the masked attributes, removes a masked one left out of the body, and reads them back', async () => {
    google.location('1', 'A')!.attributes = [{ name: 'attributes/has_restroom', valueType: 'BOOL', values: [true] }];
    await client().updateAttributes(
      TOKEN,
      'accounts/1/locations/A',
      [
        wifi,
        {
          name: 'attributes/pay_credit_card_types_accepted',
          valueType: 'REPEATED_ENUM',
          repeatedEnumValue: { setValues: ['visa'], unsetValues: ['jcb'] },
        },
      ],
      ['attributes/has_wifi', 'attributes/pay_credit_card_types_accepted', 'attributes/has_restroom'],
    );
    const call = google.calls.at(-1)!;
    expect(call.path).toBe(
      '/v1/locations/A/attributes?attributeMask=attributes/has_wifi,attributes/pay_credit_card_types_accepted,attributes/has_restroom',
    );
    expect(call.body).toMatchObject({ name: 'locations/A/attributes' });
    const back = await client().getAttributes(TOKEN, 'locations/A');
    expect(back.map((a) => a.name)).toEqual(['attributes/has_wifi', 'attributes/pay_credit_card_types_accepted']);
  });

  it('refuses an unknown attribute, a value of the wrong type and a bad mask (400); 429 retried; expired token', async () => {
    const refused = async (attrs: Parameters<ReturnType<typeof client>['updateAttributes']>[2], mask: string[]) =>
      (await failure(client().updateAttributes(TOKEN, 'locations/A', attrs, mask))).message;
    expect(
      await refused(
        [{ name: 'attributes/has_teleporter', valueType: 'BOOL', values: [true] }],
        ['attributes/has_teleporter'],
      ),
    ).toBe("Google API: Attribute 'attributes/has_teleporter' is not a valid attribute.");
    expect(await refused([{ ...wifi, values: ['yes'] }], ['attributes/has_wifi'])).toBe(
      "Google API: Request contains an invalid argument: the value of 'attributes/has_wifi'.",
    );
    expect(await refused([wifi], ['has_wifi'])).toBe('Google API: Invalid attribute_mask: has_wifi');
    google.script({ status: 429, retryAfter: 0 });
    await client().updateAttributes(TOKEN, 'locations/A', [{ ...wifi, values: [false] }], ['attributes/has_wifi']);
    expect(google.location('1', 'A')!.attributes!.find((a) => a.name === 'attributes/has_wifi')!.values).toEqual([
      false,
    ]);
    google.script({ status: 503 }, { status: 503 }, { status: 503 });
    expect((await failure(client().getAttributes(TOKEN, 'locations/A'))).kind).toBe('transient');
    expect((await failure(client().getAttributes('at-unknown', 'locations/A'))).kind).toBe('token');
  });
});

describe('Google media (v4)', () => {
  const client = () => googleMediaClient({ apiUrl: google.apiUrl, ...opts });
  const LOCATION = 'accounts/1/locations/A';
  const url = 'https://reputo.example/v2/api/uploads/listings/0123456789abcdef01234567.png';

  it('adds a photo from its public URL, lists it and removes it', async () => {
    const item = await client().create(TOKEN, LOCATION, 'LOGO', url);
    expect(google.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v4/accounts/1/locations/A/media',
      body: { mediaFormat: 'PHOTO', locationAssociation: { category: 'LOGO' }, sourceUrl: url },
    });
    expect(item.name).toMatch(/^accounts\/1\/locations\/A\/media\/m\d+$/);
    expect((await client().list(TOKEN, LOCATION)).map((m) => m.sourceUrl)).toEqual([url]);
    await client().remove(TOKEN, item.name);
    await client().remove(TOKEN, item.name); // already gone: fine
    expect(await client().list(TOKEN, LOCATION)).toEqual([]);
  });

  it('refuses a URL Google cannot fetch (400); 429 retried; a 5xx or time-out of a create is not repeated', async () => {
    const bad = await failure(client().create(TOKEN, LOCATION, 'COVER', 'ftp://nowhere/x.png'));
    expect([bad.kind, bad.message]).toEqual(['rejected', 'Google API: Fetching image failed. Please check the URL.']);
    google.script({ status: 429, retryAfter: 0 });
    await client().create(TOKEN, LOCATION, 'COVER', url);
    expect((await client().list(TOKEN, LOCATION)).length).toBe(1);
    const posts = () => google.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/media')).length;
    const before = posts();
    google.script({ status: 500 });
    expect((await failure(client().create(TOKEN, LOCATION, 'ADDITIONAL', url))).kind).toBe('transient');
    google.script({ hang: true });
    expect((await failure(client().create(TOKEN, LOCATION, 'ADDITIONAL', url))).message).toBe(
      'Google API: no answer in time',
    );
    expect(posts() - before).toBe(2);
    expect((await failure(client().list('at-unknown', LOCATION))).kind).toBe('token');
  });
});

describe('Facebook page picture and cover', () => {
  const client = () => facebookPageInfoClient({ graphUrl: graph.url, ...opts });
  const url = 'https://reputo.example/v2/api/uploads/listings/0123456789abcdef01234567.png';

  it('sets the picture, and the cover from an unpublished photo', async () => {
    await client().setPicture('p1', 'pt-1', url);
    const page = graph.reviews.pages.get('p1')!;
    expect(page.picture).toBe(url);
    const id = await client().setCover('p1', 'pt-1', url);
    expect(page.photos).toEqual([{ id, url, published: false }]);
    expect(page.cover).toEqual({ cover_id: id, source: url });
    expect(graph.calls.slice(-2).map((c) => [c.path, c.body.cover ?? c.body.url])).toEqual([
      ['/p1/photos', url],
      ['/p1', id],
    ]);
  });

  it('retries 429 then succeeds; sorts a refused URL, 500 and an invalid token (190)', async () => {
    graph.script({ status: 429, retryAfter: 0 });
    await client().setPicture('p1', 'pt-1', `${url}?v=2`);
    expect(graph.reviews.pages.get('p1')!.picture).toBe(`${url}?v=2`);
    const bad = await failure(client().setPicture('p1', 'pt-1', 'not a url'));
    expect([bad.kind, bad.message]).toEqual(['rejected', 'Facebook API: (#100) picture must be a valid URL']);
    graph.script({ status: 500 });
    expect((await failure(client().setCover('p1', 'pt-1', url))).kind).toBe('transient');
    expect((await failure(client().setPicture('p1', 'expired-token', url))).kind).toBe('token');
  });
});

describe('Facebook Graph page fields', () => {
  const client = () => facebookPageInfoClient({ graphUrl: graph.url, ...opts });

  it('posts phone, website, hours and about, and reads them back', async () => {
    await client().updatePage('p1', 'pt-1', {
      phone: '+1 555 0101',
      website: 'https://acme.test',
      hours: { mon_1_open: '09:00', mon_1_close: '17:00' },
      about: 'Acme.',
    });
    expect(await client().getPage('p1', 'pt-1')).toMatchObject({
      phone: '+1 555 0101',
      hours: { mon_1_open: '09:00', mon_1_close: '17:00' },
      about: 'Acme.',
    });
  });

  it('retries 429 then succeeds; sorts 400, 500, time-outs and an invalid token (190)', async () => {
    graph.script({ status: 429, retryAfter: 0 });
    await client().updatePage('p1', 'pt-1', { phone: '+1 555 0102' });
    expect(graph.reviews.pages.get('p1')!.info!.phone).toBe('+1 555 0102');
    const bad = await failure(client().updatePage('p1', 'pt-1', { website: 'acme' }));
    expect([bad.kind, bad.message]).toEqual(['rejected', 'Facebook API: (#100) Param website must be a valid URL']);
    graph.script({ status: 500 }, { status: 500 }, { status: 500 });
    expect((await failure(client().getPage('p1', 'pt-1'))).kind).toBe('transient');
    graph.script({ hang: true }, { hang: true }, { hang: true });
    expect((await failure(client().getPage('p1', 'pt-1'))).message).toBe('Facebook API: no answer in time');
    expect((await failure(client().getPage('p1', 'expired-token'))).kind).toBe('token');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebookPageInfoClient } from './facebook/pageInfo';
import { businessInformationClient } from './google/businessInformation';
import { startFakeGoogle, type FakeGoogle } from './google/fake';
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

import { expect, it } from 'vitest';
import type { BuiltApp } from '../app';
import { createReportingWorld, type ReportingWorld } from '../modules/statistics/test/reportingData';
import { describeEachDatabase, type TestEnv } from '../test/harness';
import { bearer, signIn } from '../test/http';
import { documentOperations, fillPath } from '../test/openapi';
import { conversations, messagePages } from '../db/schema';

/**
 * A PATCH changes only the fields it is sent. For every PATCH operation of the OpenAPI document:
 * read the row (the matching GET), send one field, read it again and compare everything else.
 * A new PATCH route fails this test until it has a case below or a reason in NO_MATCHING_GET.
 */

/** PATCH operations that cannot be checked this way, with the reason. */
const NO_MATCHING_GET: Record<string, string> = {
  'PATCH /v2/api/admin/languages':
    "its body is one list (the company's response languages) and no GET reads them apart from this answer",
  'PATCH /v2/api/admin/embed':
    "its body is one list (the company's frame origins) beside the company it names: there is nothing else to keep",
  'PATCH /v2/api/conversationsread/{id}':
    'its body is one field (isRead): the case of PATCH conversations/{id} sends it',
  'PATCH /v2/api/conversations/messages/{id}':
    'it sends a new message (the spec names the send a PATCH): nothing is updated',
  'PATCH /v2/api/socialpost/update/{id}':
    'its body is one field (removed), and a removed post leaves the lists that read it',
  'PATCH /v2/api/socialpost/updateCount': 'its body names the post and the one field it sets (its unread count, to 0)',
  'PATCH /v2/api/postcomment/hide/{id}':
    'its body is one field (hidden), set by the provider job; the route only marks it pending',
  'PATCH /v2/api/tags/update/{id}':
    'tags are read with POST tags/get (the spec), which the walk does not call; tags.test covers it',
  'PATCH /v2/api/tagsmessage/update/{id}':
    "its body is one list (the conversation's tags): there is nothing else to keep",
  'PATCH /v2/api/responses/update/{id}':
    'a reply has no GET of its own (it is read inside its review, whose other replies and fields this route never writes)',
  'PATCH /v2/api/reviews/response_rate': "its body is one field (the company's target): there is nothing else to keep",
  'PATCH /v2/api/states/{id}': "its body is one field (the region's language): there is nothing else to keep",
  'PATCH /v2/api/reviewAlerts/{id}': 'its body is one field (acknowledged): there is nothing else to keep',
  'PATCH /v2/api/admin/googleOAuth':
    'its body lists location-to-place pairs to map; locations it does not name keep theirs (integrations.test)',
  'PATCH /v2/api/confirmRejectedEdits/{locationId}':
    "its body is an action (accept Google's values or push ours again), not fields; listings.test covers both",
  'PATCH /v2/api/facebook/pageIds':
    'its body lists location-to-page pairs to map; locations it does not name keep theirs (integrations.test)',
};

interface World {
  env: TestEnv;
  headers: Record<string, string>;
  /** `ownerAsCompany=<company A>`: the Owner acts inside company A. */
  acting: string;
  reporting: ReportingWorld;
}

interface PatchCase {
  /** The row's path parameters, made or found for the case. */
  params: (w: World) => Promise<Record<string, string>>;
  /** The matching GET, as a document path with the same parameters. */
  get: string;
  /** Where the row sits in the GET's answer, for a GET that lists rows. */
  pick?: (body: unknown, params: Record<string, string>) => unknown;
  /** Bodies sent one at a time (made from the parameters where they need a row's id), each with the answer's fields it changes. */
  sends: {
    body: Record<string, unknown> | ((params: Record<string, string>) => Record<string, unknown>);
    changes: string[];
  }[];
}

let current: TestEnv | undefined;
/** The environment of the running case (bodies are built before it exists). */
const w0 = () => current!;

/** A message page and a conversation of company A, made once. */
let messaging: { page: number; conversation: number } | undefined;
async function messagingRows(w: World) {
  if (messaging) return messaging;
  const { db } = w.env.database;
  const [page] = await db
    .insert(messagePages)
    .values({
      companyId: w.env.fx.companyA.id,
      provider: 'facebook',
      externalId: `patch-${w.env.fx.companyA.id}-${Date.now()}`,
      name: 'Patch page',
      locationId: w.reporting.marina,
    })
    .returning();
  const [conversation] = await db
    .insert(conversations)
    .values({
      companyId: w.env.fx.companyA.id,
      pageId: page!.id,
      locationId: w.reporting.marina,
      channel: 'facebook',
      customerName: 'Patch customer',
      isRead: false,
      unreadCount: 2,
    })
    .returning();
  messaging = { page: page!.id, conversation: conversation!.id };
  return messaging;
}

async function created(w: World, url: string, payload: object): Promise<string> {
  const res = await w.env.app.inject({ method: 'POST', url: `${url}?${w.acting}`, headers: w.headers, payload });
  if (res.statusCode >= 300) throw new Error(`POST ${url} answered ${res.statusCode}: ${res.body}`);
  return String((res.json() as { id: number }).id);
}

/** The object with this id anywhere in a list answer. */
function byId(body: unknown, id: number): unknown {
  if (Array.isArray(body)) return body.map((item) => byId(item, id)).find((found) => found !== undefined);
  if (!body || typeof body !== 'object') return undefined;
  if ((body as { id?: unknown }).id === id) return body;
  return byId(Object.values(body), id);
}

const pickId = (body: unknown, params: Record<string, string>) => byId(body, Number(params.id));

const CASES: Record<string, PatchCase> = {
  'PATCH /v2/api/listing': {
    params: async (w) => ({ location: String(w.reporting.marina) }),
    get: '/v2/api/listing',
    pick: (body, p) =>
      (body as { data: { locationId: number }[] }).data.find((i) => i.locationId === Number(p.location)),
    sends: [
      {
        body: (p) => ({ locationIds: [Number(p.location)], fields: { phone: '+971 4 111 2222' } }),
        changes: ['phone', 'score', 'missing'],
      },
      {
        body: (p) => ({ locationIds: [Number(p.location)], fields: { description: 'Fresh fish daily.' } }),
        changes: ['description', 'score', 'missing'],
      },
    ],
  },
  'PATCH /v2/api/team/{id}': {
    params: async (w) => ({ id: String(w.env.fx.companyA.analyst.id), location: String(w.reporting.marina) }),
    get: '/v2/api/team/{id}',
    sends: [
      { body: { role: 'responder' }, changes: ['role'] },
      { body: { firstName: 'Amal' }, changes: ['firstName', 'name'] },
      { body: (p) => ({ locationIds: [Number(p.location)] }), changes: ['locationIds'] },
    ],
  },
  'PATCH /v2/api/admin/companies/{id}': {
    params: async (w) => ({ id: String(w.env.fx.companyA.id) }),
    get: '/v2/api/admin/companies/{id}',
    sends: [
      { body: { city: 'Jeddah' }, changes: ['city'] },
      { body: { address2: 'Suite 9' }, changes: ['address2'] },
    ],
  },
  'PATCH /v2/api/admin/packages': {
    params: async () => ({}),
    get: `/v2/api/admin/companies/{client}`,
    sends: [{ body: { locationsLimit: 77 }, changes: ['locationsLimit'] }],
  },
  'PATCH /v2/api/admin/companies/{id}/brands/{brand}': {
    params: async (w) => ({ id: String(w.env.fx.companyA.id), brand: String(w.reporting.brandB1) }),
    get: '/v2/api/admin/companies/{id}/brands/{brand}',
    sends: [{ body: { title: 'Renamed brand' }, changes: ['title'] }],
  },
  'PATCH /v2/api/locations/{id}': {
    params: async (w) => ({ id: String(w.reporting.marina) }),
    get: '/v2/api/locations/{id}',
    sends: [
      { body: { city: 'Dubai Marina' }, changes: ['city'] },
      { body: { address: '1 Marina Walk' }, changes: ['address'] },
    ],
  },
  'PATCH /v2/api/owner/{id}': {
    params: async (w) => ({ id: String(w.env.fx.owner.id) }),
    get: '/v2/api/owner/{id}',
    sends: [{ body: { firstName: 'Odette' }, changes: ['firstName', 'userName'] }],
  },
  'PATCH /v2/api/partner/{id}': {
    params: async (w) => ({ id: String(w.env.fx.partner1.id) }),
    get: '/v2/api/partner/{id}',
    sends: [{ body: { name: 'Agency Renamed' }, changes: ['name'] }],
  },
  'PATCH /v2/api/templates/{id}': {
    params: async (w) => ({
      id: await created(w, '/v2/api/templates', { title: 'Thanks', text: 'Thank you for your review.' }),
    }),
    get: '/v2/api/templates/{id}',
    sends: [
      { body: { title: 'Thanks again' }, changes: ['title'] },
      { body: { ratings: [5] }, changes: ['ratings'] },
    ],
  },
  'PATCH /v2/api/reviewCategory/{id}': {
    params: async (w) => ({ id: await created(w, '/v2/api/reviewCategory', { title: 'Patch check parking' }) }),
    get: '/v2/api/reviewCategory',
    pick: pickId,
    sends: [{ body: { color: '#00aa00' }, changes: ['color'] }],
  },
  'PATCH /v2/api/webhook_settings/{id}': {
    // A public address given as an IP: no DNS look-up, and allowed without WEBHOOKS_ALLOW_PRIVATE.
    params: async (w) => ({
      id: await created(w, '/v2/api/webhook_settings', {
        url: 'https://93.184.216.34/hook',
        events: ['review.created'],
      }),
    }),
    get: '/v2/api/webhook_settings',
    pick: pickId,
    sends: [
      { body: { events: ['review.removed'] }, changes: ['events'] },
      { body: { description: 'CRM' }, changes: ['description'] },
      { body: { enabled: false }, changes: ['enabled', 'disabledReason'] },
    ],
  },
  'PATCH /v2/api/caseResolution/{id}': {
    params: async (w) => ({ id: await created(w, '/v2/api/caseResolution', { title: 'Patch check waiting' }) }),
    get: '/v2/api/caseResolution',
    pick: pickId,
    sends: [{ body: { color: '#aa0000' }, changes: ['color'] }],
  },
  'PATCH /v2/api/competitor/{id}': {
    params: async (w) => ({
      id: await created(w, '/v2/api/competitor', {
        name: 'Rival',
        locations: [{ location_id: w.reporting.marina, title: 'Rival Marina' }],
      }),
    }),
    get: '/v2/api/competitor/{id}',
    sends: [{ body: { name: 'Rival Two' }, changes: ['name'] }],
  },
  'PATCH /v2/api/offer/{id}': {
    params: async (w) => ({
      id: await created(w, '/v2/api/offer/create', {
        title: 'Patch check offer',
        discount_type: 'percent',
        discount_value: 10,
      }),
    }),
    get: '/v2/api/offer/{id}',
    sends: [
      { body: { title: 'Patch check offer two' }, changes: ['title'] },
      { body: { discount_value: 20 }, changes: ['discount_value', 'discount_label'] },
      { body: { active: false }, changes: ['active', 'status'] },
    ],
  },
  'PATCH /v2/api/feedback/lists/{id}': {
    params: async (w) => ({ id: await created(w, '/v2/api/feedback/lists', { name: 'Patch check list' }) }),
    get: '/v2/api/feedback/lists/{id}',
    sends: [{ body: { name: 'Patch check list two' }, changes: ['name'] }],
  },
  'PATCH /v2/api/feedback/contacts/{id}': {
    params: async (w) => {
      const list = await created(w, '/v2/api/feedback/lists', { name: 'Patch check contacts' });
      const res = await w.env.app.inject({
        method: 'POST',
        url: `/v2/api/feedback/lists/${list}/contacts?${w.acting}`,
        headers: w.headers,
        payload: { name: 'Patch Person', email: 'patch.person@example.com', tags: ['vip'], last_visit: '2026-01-02' },
      });
      return { id: String((res.json() as { contact: { id: number } }).contact.id) };
    },
    get: '/v2/api/feedback/contacts/{id}',
    sends: [
      { body: { name: 'Patch Person Two' }, changes: ['name'] },
      { body: { phone: '+971 50 765 4321' }, changes: ['phone'] },
      { body: { consent_sms: false }, changes: ['consent_sms'] },
    ],
  },
  'PATCH /v2/api/feedback/templates/{id}': {
    params: async (w) => ({
      id: await created(w, '/v2/api/feedback/templates', {
        name: 'Patch check template',
        channel: 'email',
        subject: 'How was {location}?',
        body: 'Hi {name}, {link}',
      }),
    }),
    get: '/v2/api/feedback/templates/{id}',
    sends: [
      { body: { name: 'Patch check template two' }, changes: ['name'] },
      { body: { body: 'Hello {first_name}' }, changes: ['body'] },
    ],
  },
  'PATCH /v2/api/feedback/campaigns/{id}': {
    params: async (w) => ({
      id: await created(w, '/v2/api/feedback/campaigns', { name: 'Patch check campaign', channel: 'email' }),
    }),
    get: '/v2/api/feedback/campaigns/{id}',
    sends: [
      { body: { name: 'Patch check campaign two' }, changes: ['name'] },
      { body: { reminder_after_days: 3 }, changes: ['reminder_after_days'] },
      { body: { segment: { tags: ['vip'] } }, changes: ['segment'] },
    ],
  },
  'PATCH /v2/api/lendingPageSettings': {
    params: async () => ({}),
    get: '/v2/api/lendingPageSettings',
    sends: [
      { body: { primary_color: '#0f766e' }, changes: ['primary_color', 'updated_at'] },
      { body: { rating_type: 'nps' }, changes: ['rating_type', 'updated_at'] },
      { body: { repeat_guard_days: 60 }, changes: ['repeat_guard_days', 'updated_at'] },
      { body: { texts: { en: { headline: 'Hi' } } }, changes: ['texts', 'updated_at'] },
    ],
  },
  'PATCH /v2/api/reviews/{id}': {
    params: async (w) => ({
      id: String(Object.values(w.reporting.reviewIds)[0]),
      category: await created(w, '/v2/api/reviewCategory', { title: 'Patch check category' }),
    }),
    get: '/v2/api/reviews/{id}',
    sends: [
      {
        body: (p) => ({ review_categories: [Number(p.category)] }),
        changes: ['review_categories', 'reviewCategoryId'],
      },
    ],
  },
  'PATCH /v2/api/reviews/update/{id}': {
    params: async (w) => ({
      id: String(Object.values(w.reporting.reviewIds)[1]),
      status: await created(w, '/v2/api/caseResolution', { title: 'Patch check called back' }),
    }),
    get: '/v2/api/reviews/{id}',
    sends: [{ body: (p) => ({ case_resolution: Number(p.status) }), changes: ['caseResolution', 'case_resolution'] }],
  },
  'PATCH /v2/api/conversations/{id}': {
    params: async (w) => ({ id: String((await messagingRows(w)).conversation) }),
    get: '/v2/api/conversations/messages/{id}',
    pick: (body) => (body as { conversation: unknown }).conversation,
    sends: [
      { body: () => ({ assigneeId: w0().fx.companyA.responder.id }), changes: ['assigneeId', 'assigneeName'] },
      { body: { isRead: true }, changes: ['isRead', 'unreadCount'] },
    ],
  },
  'PATCH /v2/api/pages/update/{id}': {
    params: async (w) => ({ id: String((await messagingRows(w)).page) }),
    get: '/v2/api/pages/{id}',
    sends: [
      { body: { enabled: false }, changes: ['enabled'] },
      { body: { name: 'Renamed page' }, changes: ['name'] },
    ],
  },
  'PATCH /v2/api/user': {
    params: async () => ({}),
    get: '/v2/api/me',
    sends: [{ body: { lastName: 'Ortega' }, changes: ['lastName', 'userName', 'name'] }],
  },
};

/** Fields that change on every write. */
const VOLATILE = /^(updatedAt|updated_at)$/;

/** Every leaf of an answer by its path, e.g. `invitation.status`, `states.0.title`. */
function leaves(value: unknown, path: string[] = [], out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(path.join('.'), JSON.stringify(value));
    for (const [key, child] of entries) leaves(child, [...path, key], out);
  } else out.set(path.join('.'), value);
  return out;
}

/** The paths whose value differs, split into those under a field the body changes and the others. */
function changes(before: unknown, after: unknown, allowed: string[]): { expected: string[]; unexpected: string[] } {
  const a = leaves(before);
  const b = leaves(after);
  const differing = [...new Set([...a.keys(), ...b.keys()])].filter(
    (p) => a.get(p) !== b.get(p) && !p.split('.').some((segment) => VOLATILE.test(segment)),
  );
  const isExpected = (p: string) => p.split('.').some((segment) => allowed.includes(segment));
  return { expected: differing.filter(isExpected), unexpected: differing.filter((p) => !isExpected(p)) };
}

async function read(
  app: BuiltApp,
  w: World,
  url: string,
  c: PatchCase,
  params: Record<string, string>,
): Promise<unknown> {
  const res = await app.inject({ url: `${url}?${w.acting}`, headers: w.headers });
  if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}: ${res.body}`);
  return c.pick ? c.pick(res.json(), params) : res.json();
}

describeEachDatabase('PATCH changes only the fields it is sent', (use) => {
  it('every PATCH operation of the document has a case or a reason', () => {
    const patches = documentOperations(use().app)
      .filter((op) => op.method === 'PATCH')
      .map((op) => `PATCH ${op.path}`);
    expect(patches.filter((key) => !CASES[key] && !NO_MATCHING_GET[key])).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !patches.includes(key))).toEqual([]);
  });

  it('leaves every field it is not sent as it was', async () => {
    const env = use();
    current = env;
    messaging = undefined;
    const { app, fx } = env;
    const w: World = {
      env,
      headers: bearer((await signIn(app, fx.owner.email)).access_token),
      acting: `ownerAsCompany=${fx.companyA.id}`,
      reporting: await createReportingWorld(env.database.db, fx.companyA.id),
    };
    const problems: string[] = [];
    for (const [key, c] of Object.entries(CASES)) {
      const params = { client: String(fx.companyA.id), ...(await c.params(w)) };
      const patchUrl = fillPath(key.slice('PATCH '.length), params);
      const getUrl = fillPath(c.get, params);
      for (const send of c.sends) {
        const before = await read(app, w, getUrl, c, params);
        if (before === undefined) problems.push(`${key}: the row is not in ${getUrl}`);
        const sent = typeof send.body === 'function' ? send.body(params) : send.body;
        // The packages PATCH names its company in the body.
        const body = key === 'PATCH /v2/api/admin/packages' ? { client: fx.companyA.id, ...sent } : sent;
        const res = await app.inject({
          method: 'PATCH',
          url: `${patchUrl}?${w.acting}`,
          headers: w.headers,
          payload: body,
        });
        if (res.statusCode !== 200)
          problems.push(`${key} ${JSON.stringify(sent)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const after = await read(app, w, getUrl, c, params);
        const { expected, unexpected } = changes(before, after, send.changes);
        if (expected.length === 0) problems.push(`${key} ${JSON.stringify(sent)} changed nothing it was sent`);
        if (unexpected.length) problems.push(`${key} ${JSON.stringify(sent)} also changed ${unexpected.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});

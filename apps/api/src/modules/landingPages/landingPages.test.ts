import { packageFeatures } from '@reputo/core';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, multipart, PNG, signIn } from '../../test/http';
import { listOutbox } from '../outbox/repository';
import { createReviewWorld, setCompanyFeatures, type ReviewWorld } from '../reviews/test/world';
import { CODE_ALPHABET } from '../offers/codes';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Page {
  id: number;
  kind: string;
  location_id: number | null;
  brand_id: number | null;
  title: string;
  code: string;
  url: string;
  qr: { png: string; svg: string; pdf: string };
}

/** A multipart body of text fields and an optional photo, as the page's form sends it. */
function privateForm(fields: Record<string, string>, photo?: { type: string; content: Buffer }) {
  const boundary = '----landing-test';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (photo)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p"\r\nContent-Type: ${photo.type}\r\n\r\n`,
      ),
      photo.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('Landing pages', (use) => {
  let world: ReviewWorld;
  const tokens: Record<string, string> = {};
  let marinaPage: Page;
  let addressSeq = 1;
  /** Each visit comes from its own address unless a test means to repeat one. */
  const nextAddress = () => `10.1.${Math.floor(addressSeq / 250)}.${addressSeq++ % 250}`;

  beforeAll(async () => {
    const { app, fx, database } = use();
    world = await createReviewWorld(database.db, fx);
    await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    for (const [name, email] of [
      ['admin', 'admin@alpha.test'],
      ['manager', 'manager@alpha.test'],
      ['responder', 'responder@alpha.test'],
      ['analyst', 'analyst@alpha.test'],
      ['b', 'admin@beta.test'],
    ] as const)
      tokens[name] = (await signIn(app, email)).access_token;
    await database.db.execute(
      sql`UPDATE locations SET source_urls = ${JSON.stringify({
        google: 'https://www.google.com/maps/place/?q=place_id=ChIJmarina123',
        tripadvisor: 'https://www.tripadvisor.com/Restaurant_Review-marina',
        facebook: 'https://www.facebook.com/marina',
      })}::jsonb WHERE id = ${world.marina}`,
    );
    // The admin gets instant mails of every new review, so private feedback's notification shows.
    const saved = await call('admin', 'POST', '/v2/api/notifications/reviews', {
      delivery: 'instant',
      ratings: [1, 2, 3, 4, 5],
      sources: [],
      locations: [],
      kinds: ['count'],
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const pages = (await call('analyst', 'GET', '/v2/api/lendingPage/location')).json().data as Page[];
    marinaPage = pages.find((p) => p.location_id === world.marina)!;
  });

  const call = (who: string, method: Method, url: string, payload?: object) =>
    use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  const rate = (code: string, score: string, opts: { lang?: string; address?: string; extra?: object } = {}) =>
    use().app.inject({
      method: 'POST',
      url: `/f/${code}`,
      remoteAddress: opts.address ?? nextAddress(),
      payload: { score, lang: opts.lang ?? 'en', ...opts.extra },
    });

  /** Rates and answers step 2's address. */
  async function rated(code: string, score: string, opts: { lang?: string; address?: string; extra?: object } = {}) {
    const res = await rate(code, score, opts);
    expect(res.statusCode, res.body).toBe(303);
    return res.headers.location as string;
  }

  const sendPrivate = (step: string, fields: Record<string, string>, photo?: { type: string; content: Buffer }) =>
    use().app.inject({ method: 'POST', url: step, ...privateForm(fields, photo) });

  it('lists a page per location and per brand, created once with a random code without look-alikes', async () => {
    const res = await call('analyst', 'GET', '/v2/api/lendingPage/location');
    expect(res.statusCode).toBe(200);
    const pages = res.json().data as Page[];
    expect(pages.map((p) => p.location_id).sort()).toEqual(
      [world.marina, world.downtown, world.sahara, world.jlt].sort(),
    );
    for (const p of pages) {
      expect(p.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{7}$`));
      expect(p.url).toMatch(new RegExp(`/f/${p.code}$`));
      expect(p.qr.pdf).toBe(`/v2/api/lendingPage/${p.id}/qr/pdf`);
    }
    expect(new Set(pages.map((p) => p.code)).size).toBe(pages.length);
    const again = (await call('admin', 'GET', '/v2/api/lendingPage/location')).json().data as Page[];
    expect(again.map((p) => p.code)).toEqual(pages.map((p) => p.code));
    const brands = (await call('analyst', 'GET', '/v2/api/lendingPage/brand')).json().data as Page[];
    expect(brands.map((b) => b.title).sort()).toEqual(['Burger Bay', 'Noodle Nest']);
    expect(brands.every((b) => b.kind === 'brand' && b.location_id === null)).toBe(true);
  });

  it('reads defaults, then saves settings (owner roles only) and refuses bad values and foreign offers', async () => {
    const before = (await call('analyst', 'GET', '/v2/api/lendingPageSettings')).json();
    expect(before).toMatchObject({
      rating_type: 'stars',
      primary_color: '#1677ff',
      repeat_guard_days: 30,
      offer_id: null,
    });
    expect(before.default_texts.ar.headline).toBe('كيف كانت زيارتك؟');
    const patch = {
      primary_color: '#D4380D',
      texts: { en: { headline: 'Enjoyed {name}?' }, ar: { headline: '' } },
      source_order: ['tripadvisor', 'google'],
      repeat_guard_days: 45,
      daily_cap_per_location: 200,
    };
    for (const who of ['analyst', 'responder'])
      expect((await call(who, 'PATCH', '/v2/api/lendingPageSettings', patch)).statusCode, who).toBe(403);
    const saved = await call('manager', 'PATCH', '/v2/api/lendingPageSettings', patch);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      primary_color: '#d4380d',
      texts: { en: { headline: 'Enjoyed {name}?' } },
      source_order: ['tripadvisor', 'google'],
      repeat_guard_days: 45,
      daily_cap_per_location: 200,
    });
    const bad = await call('admin', 'PATCH', '/v2/api/lendingPageSettings', { primary_color: 'red', rating_type: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['primary_color', 'rating_type']);
    const bOffer = await call('b', 'POST', '/v2/api/offer/create', {
      title: 'B',
      discount_type: 'percent',
      discount_value: 5,
    });
    expect(bOffer.statusCode).toBe(201);
    const foreign = await call('admin', 'PATCH', '/v2/api/lendingPageSettings', { offer_id: bOffer.json().id });
    expect(foreign.statusCode).toBe(404);
  });

  it('uploads and removes the logo', async () => {
    const upload = multipart('file', 'logo.png', 'image/png', PNG);
    const up = await use().app.inject({
      method: 'POST',
      url: '/v2/api/lendingPageSettings/logo',
      ...upload,
      headers: { ...upload.headers, ...bearer(tokens.admin!) },
    });
    expect(up.statusCode, up.body).toBe(200);
    const refused = await use().app.inject({
      method: 'POST',
      url: '/v2/api/lendingPageSettings/logo',
      ...upload,
      headers: { ...upload.headers, ...bearer(tokens.responder!) },
    });
    expect(refused.statusCode).toBe(403);
    expect(up.json().logo_url).toMatch(/^\/v2\/api\/uploads\/landing\/[0-9a-f]{24}\.png$/);
    const page = await use().app.inject({ method: 'GET', url: `/f/${marinaPage.code}` });
    expect(page.body).toContain(up.json().logo_url);
    const removed = await call('admin', 'PATCH', '/v2/api/lendingPageSettings', { logo: null });
    expect(removed.json().logo_url).toBeNull();
  });

  it('renders the public page in English, and in Arabic right to left, without any script', async () => {
    const { app } = use();
    const en = await app.inject({
      method: 'GET',
      url: `/f/${marinaPage.code}`,
      headers: { 'accept-language': 'fr, en;q=0.8' },
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.body).toContain('<html lang="en" dir="ltr">');
    expect(en.body).toContain('Enjoyed Burger Bay Marina?');
    expect(en.body).toContain('--c:#d4380d');
    expect(en.body).not.toMatch(/<script/i);
    expect((en.body.match(/name="score"/g) ?? []).length).toBe(5);
    const ar = await app.inject({
      method: 'GET',
      url: `/f/${marinaPage.code}`,
      headers: { 'accept-language': 'ar-AE,ar;q=0.9' },
    });
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('كيف كانت زيارتك؟');
    const forced = await app.inject({
      method: 'GET',
      url: `/f/${marinaPage.code}?lang=ar`,
      headers: { 'accept-language': 'en' },
    });
    expect(forced.body).toContain('dir="rtl"');
    expect((await app.inject({ method: 'GET', url: '/f/NOSUCH9' })).statusCode).toBe(404);
  });

  it('offers every visitor the public links, a low rating too (no review gating), and records the click', async () => {
    const { app, database } = use();
    const step = await rated(marinaPage.code, '1');
    const page = await app.inject({ method: 'GET', url: step });
    expect(page.statusCode).toBe(200);
    // The configured order: TripAdvisor then Google (Facebook is not in the order).
    const links = [...page.body.matchAll(/href="([^"]+\/go\/([a-z]+))"/g)].map((m) => m[2]);
    expect(links).toEqual(['tripadvisor', 'google']);
    expect(page.body).toContain('enctype="multipart/form-data"');
    const go = await app.inject({ method: 'GET', url: `${step.split('?')[0]}/go/google` });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe('https://search.google.com/local/writereview?placeid=ChIJmarina123');
    const [row] = rowsOf<{ public_source: string; score: number }>(
      await database.db.execute(
        sql`SELECT public_source, score FROM feedback_responses WHERE public_clicked_at IS NOT NULL ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(row).toEqual({ public_source: 'google', score: 1 });
    const five = await rated(marinaPage.code, '5');
    const top = await app.inject({ method: 'GET', url: five });
    expect([...top.body.matchAll(/\/go\/([a-z]+)"/g)].map((m) => m[1])).toEqual(['tripadvisor', 'google']);
    // A step address that was not made by the server is refused.
    const forged = await app.inject({ method: 'GET', url: `/f/${marinaPage.code}/s/1-AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.statusCode).toBe(404);
  });

  it('turns private feedback into a Feedback review with the contact, a notification mail and the campaign step', async () => {
    const { app, database, fx } = use();
    // A campaign recipient's visit (?r=) stamps their funnel.
    const [campaign] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO campaigns (company_id, name, channel) VALUES (${fx.companyA.id}, 'Spring', 'email') RETURNING id`,
      ),
    );
    const [recipient] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO campaign_recipients (company_id, campaign_id, channel, address, token, state)
            VALUES (${fx.companyA.id}, ${campaign!.id}, 'email', 'guest@example.com', 'tok-landing-1', 'sent') RETURNING id::int AS id`,
      ),
    );
    const step = await rated(marinaPage.code, '2', { extra: { r: 'tok-landing-1' } });
    expect((await app.inject({ method: 'GET', url: `${step.split('?')[0]}/go/tripadvisor` })).statusCode).toBe(302);
    const sent = await sendPrivate(
      step,
      { text: 'The fries were cold and nobody came to the table', name: 'Hala Q', contact: 'hala@example.com' },
      { type: 'image/png', content: PNG },
    );
    expect(sent.statusCode, sent.body).toBe(303);
    expect(sent.headers.location).toMatch(/\/thanks\?lang=en$/);
    const thanks = await app.inject({ method: 'GET', url: sent.headers.location as string });
    expect(thanks.body).toContain('Thank you for your feedback!');
    // Sent again (a double tap), it stores one review.
    expect((await sendPrivate(step, { text: 'again' })).statusCode).toBe(303);

    const list = await call('analyst', 'GET', '/v2/api/reviews?sources=feedback&per_page=50');
    expect(list.statusCode).toBe(200);
    const reviews = list.json().reviews as { id: number; text: string; url: string }[];
    const mine = reviews.filter((r) => r.text === 'The fries were cold and nobody came to the table');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      source: 'feedback',
      isFeedback: true,
      rating: 2,
      location: { id: world.marina },
      name: 'Hala Q',
    });
    expect(mine[0]!.url).toMatch(/\/v2\/api\/uploads\/feedback\/[0-9a-f]{24}\.png$/);
    const [answer] = rowsOf<{ contact_email: string; recipient_id: number; review_id: number }>(
      await database.db.execute(
        sql`SELECT contact_email, recipient_id::int AS recipient_id, review_id FROM feedback_responses WHERE review_id = ${mine[0]!.id}`,
      ),
    );
    expect(answer).toEqual({ contact_email: 'hala@example.com', recipient_id: recipient!.id, review_id: mine[0]!.id });
    const [stamps] = rowsOf<{ rated: boolean; reviewed: boolean; feedback: boolean }>(
      await database.db.execute(
        sql`SELECT rated_at IS NOT NULL AS rated, reviewed_at IS NOT NULL AS reviewed, feedback_at IS NOT NULL AS feedback
            FROM campaign_recipients WHERE id = ${recipient!.id}`,
      ),
    );
    expect(stamps).toEqual({ rated: true, reviewed: true, feedback: true });

    await jobQueueFor({ db: database.db }).runDue();
    const mails = await listOutbox(database.db, { to: 'admin@alpha.test', limit: 10 });
    expect(mails.some((m) => m.text.includes('The fries were cold'))).toBe(true);

    // "Delete feedback" of the reviews workspace applies to it.
    const del = await call('admin', 'DELETE', `/v2/api/reviews/${mine[0]!.id}`);
    expect(del.statusCode, del.body).toBeLessThan(300);
  });

  it('answers clear errors: honeypot, missing text, bad contact, photo too big or not an image, per-address limit', async () => {
    const { app } = use();
    const bot = await rate(marinaPage.code, '4', { extra: { website: 'http://spam.example' } });
    expect(bot.statusCode).toBe(400);
    expect(bot.body).toContain('Your message could not be sent.');
    const noScore = await rate(marinaPage.code, '9');
    expect(noScore.statusCode).toBe(400);
    expect(noScore.body).toContain('Please choose a rating.');

    const step = await rated(marinaPage.code, '3', { lang: 'ar' });
    const empty = await sendPrivate(step, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('يرجى كتابة رسالة');
    const long = await sendPrivate(step, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const contact = await sendPrivate(step, { text: 'Slow', contact: 'not a phone', name: 'Kept name' });
    expect(contact.statusCode).toBe(400);
    expect(contact.body).toContain('value="Kept name"');
    const notImage = await sendPrivate(
      step,
      { text: 'Slow' },
      { type: 'image/png', content: Buffer.from('<svg></svg>') },
    );
    expect(notImage.statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await sendPrivate(step, { text: 'Slow' }, { type: 'image/png', content: big });
    expect(tooBig.statusCode).toBe(413);
    const honey = await sendPrivate(step, { text: 'Slow', website: 'x' });
    expect(honey.statusCode).toBe(400);
    const phone = await sendPrivate(step, { text: 'Slow service', contact: '+971 50 123 4567' });
    expect(phone.statusCode, phone.body).toBe(303);

    const address = '10.9.9.9';
    for (let i = 0; i < 20; i++) expect((await rate(marinaPage.code, '5', { address })).statusCode).toBe(303);
    const limited = await rate(marinaPage.code, '5', { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many answers from your connection');
    expect((await app.inject({ method: 'GET', url: `/f/${marinaPage.code}` })).statusCode).toBe(200);
  });

  it('asks 0 to 10 when the rating type is NPS, and gives the offer once per customer', async () => {
    const { app } = use();
    const offer = await call('admin', 'POST', '/v2/api/offer/create', {
      title: 'Coffee on us',
      discount_type: 'free_item',
      free_item: 'coffee',
      limit_per_customer: 1,
    });
    expect(offer.statusCode).toBe(201);
    await call('admin', 'PATCH', '/v2/api/lendingPageSettings', { rating_type: 'nps', offer_id: offer.json().id });
    const page = await app.inject({ method: 'GET', url: `/f/${marinaPage.code}` });
    expect((page.body.match(/name="score"/g) ?? []).length).toBe(11);
    expect(page.body).toContain('How likely are you to recommend Burger Bay Marina');
    const address = '10.7.7.7';
    const first = await app.inject({ method: 'GET', url: await rated(marinaPage.code, '0', { address }) });
    const coupon = /href="(\/coupon\/[^"]+)"/.exec(first.body)?.[1];
    expect(coupon).toBeTruthy();
    const open = await app.inject({ method: 'GET', url: `/v2/api${coupon!.replace('/coupon/', '/coupon/')}` });
    expect(open.statusCode).toBe(200);
    expect(open.json().offer_title).toBe('Coffee on us');
    const second = await app.inject({ method: 'GET', url: await rated(marinaPage.code, '10', { address }) });
    expect(second.body).not.toContain('/coupon/');
    await call('admin', 'PATCH', '/v2/api/lendingPageSettings', { rating_type: 'stars', offer_id: null });
  });

  it("takes a brand page's private feedback as a Feedback review of no location, at most 5 an hour from one address", async () => {
    const brand = ((await call('admin', 'GET', '/v2/api/lendingPage/brand')).json().data as Page[]).find(
      (b) => b.brand_id === world.brandNoodle,
    )!;
    const address = '10.5.5.5';
    for (let i = 1; i <= 5; i++) {
      const step = await rated(brand.code, '4', { address });
      expect((await sendPrivate(step, { text: `Noodles were great ${i}` })).statusCode).toBe(303);
    }
    const sixth = await sendPrivate(await rated(brand.code, '4', { address }), { text: 'Noodles were great 6' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain('Too many answers from your connection');
    const list = await call('analyst', 'GET', '/v2/api/reviews?sources=feedback&search=Noodles&per_page=50');
    const found = list.json().reviews as { text: string; location: unknown; rating: number }[];
    expect(found.map((r) => r.text).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `Noodles were great ${i}`));
    expect(found.every((r) => r.location === null && r.rating === 4)).toBe(true);
  });

  it('downloads QR codes as PNG, SVG and a table card PDF; another company answers 404', async () => {
    const { app } = use();
    const png = await call('analyst', 'GET', marinaPage.qr.png);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await call('analyst', 'GET', marinaPage.qr.svg);
    expect(svg.body).toMatch(/^<svg[^>]*viewBox/);
    const pdf = await app.inject({ method: 'GET', url: `${marinaPage.qr.pdf}?access_token=${tokens.analyst}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('b', 'GET', marinaPage.qr.png)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/v2/api/lendingPage/${marinaPage.id}/qr/gif`)).statusCode).toBe(400);
  });

  it('keeps companies apart and is gated by the Feedback feature', async () => {
    const { database, fx } = use();
    const bPages = (await call('b', 'GET', '/v2/api/lendingPage/location')).json().data as Page[];
    expect(bPages.map((p) => p.location_id)).toEqual([world.bLocation]);
    const bStats = (await call('b', 'GET', '/v2/api/lendingPageStatistic')).json();
    expect(bStats.totals.responses).toBe(0);
    await setCompanyFeatures(database.db, fx.companyB.id, packageFeatures('Starter'));
    try {
      for (const url of ['/v2/api/lendingPageSettings', '/v2/api/lendingPage/location', '/v2/api/lendingPageStatistic'])
        expect((await call('b', 'GET', url)).statusCode, url).toBe(403);
      // The public page of a company without the feature is off.
      expect((await use().app.inject({ method: 'GET', url: `/f/${bPages[0]!.code}` })).statusCode).toBe(404);
    } finally {
      await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    }
  });

  it('counts answers per location, brand and month with NPS, clicks and private feedback, and exports them', async () => {
    const res = await call('analyst', 'GET', `/v2/api/lendingPageStatistic?locations=${world.marina}`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    const marina = stats.locations.find((l: { location_id: number }) => l.location_id === world.marina);
    expect(stats.locations).toHaveLength(1);
    expect(marina.responses).toBe(stats.totals.responses);
    expect(marina.promoters + marina.passives + marina.detractors).toBe(marina.responses);
    expect(marina.clicks_by_source).toEqual({ google: 1, tripadvisor: 1 });
    // Two were sent; the one deleted from the reviews workspace no longer counts.
    expect(marina.private_feedback).toBe(1);
    expect(stats.distribution.nps['0']).toBe(1);
    expect(stats.distribution.nps['10']).toBe(1);
    const expectedNps = Math.round(((marina.promoters - marina.detractors) / marina.responses) * 100);
    expect(marina.nps).toBe(expectedNps);
    expect(stats.months).toHaveLength(1);
    expect(stats.brands.map((b: { title: string }) => b.title)).toEqual(['Burger Bay']);

    const none = await call('analyst', 'GET', '/v2/api/lendingPageStatistic?date_from=2020-01-01&date_to=2020-01-31');
    expect(none.json().totals).toMatchObject({ responses: 0, nps: null });

    const file = await use().app.inject({
      method: 'GET',
      url: `/v2/api/lendingPageStatistic/export?locations=${world.marina}&access_token=${tokens.analyst}`,
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('By location')!;
    const header = sheet.getRow(4).values as unknown[];
    const row = sheet.getRow(5).values as unknown[];
    expect(row[header.indexOf('Location or brand')]).toBe('Burger Bay Marina');
    expect(row[header.indexOf('Responses')]).toBe(marina.responses);
    expect(row[header.indexOf('NPS')]).toBe(marina.nps);
  });
});

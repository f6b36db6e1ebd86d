import { packageFeatures } from '@reputo/core';
import { beforeAll, expect, it } from 'vitest';
import { brands, locations } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { setCompanyFeatures } from '../reviews/test/world';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const sms = {
  name: 'After visit',
  channel: 'sms',
  language: 'en',
  body: 'Hi {first_name}, how was {location}? {link}',
};

describeEachDatabase('Campaign templates', (use) => {
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const { app, fx, database } = use();
    const [brand] = await database.db
      .insert(brands)
      .values({ companyId: fx.companyA.id, title: 'Burger Bay' })
      .returning();
    await database.db
      .insert(locations)
      .values({ companyId: fx.companyA.id, brandId: brand!.id, title: 'Burger Bay Marina', locationId: 'BB-001' });
    await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    for (const [name, email] of [
      ['admin', 'admin@alpha.test'],
      ['manager', 'manager@alpha.test'],
      ['analyst', 'analyst@alpha.test'],
      ['b', 'admin@beta.test'],
    ] as const)
      tokens[name] = (await signIn(app, email)).access_token;
  });

  const call = (who: string, method: Method, url: string, payload?: object) =>
    use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  it('creates, lists, reads, changes and deletes templates; an email needs a subject; Analysts only read', async () => {
    const created = await call('manager', 'POST', '/v2/api/feedback/templates', { ...sms, subject: 'dropped' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...sms, subject: null });
    const id = created.json().id as number;

    const noSubject = await call('manager', 'POST', '/v2/api/feedback/templates', { ...sms, channel: 'email' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().details).toEqual([{ field: 'subject', message: 'An email needs a subject' }]);
    const tooLong = await call('manager', 'POST', '/v2/api/feedback/templates', { ...sms, body: 'x'.repeat(1531) });
    expect(tooLong.json().details[0].field).toBe('body');
    expect((await call('manager', 'POST', '/v2/api/feedback/templates', { ...sms, language: 'fr' })).statusCode).toBe(
      400,
    );
    expect((await call('analyst', 'POST', '/v2/api/feedback/templates', sms)).statusCode).toBe(403);

    const list = await call('analyst', 'GET', '/v2/api/feedback/templates?channel=sms&search=after');
    expect(list.json()).toMatchObject({ total: 1, page: 1, total_pages: 1, data: [{ id, name: 'After visit' }] });
    expect((await call('analyst', 'GET', `/v2/api/feedback/templates/${id}`)).json()).toMatchObject({ id });

    const toEmail = await call('manager', 'PATCH', `/v2/api/feedback/templates/${id}`, { channel: 'email' });
    expect(toEmail.statusCode).toBe(400);
    const changed = await call('manager', 'PATCH', `/v2/api/feedback/templates/${id}`, {
      channel: 'email',
      subject: 'How was {location}?',
    });
    expect(changed.json()).toMatchObject({ channel: 'email', subject: 'How was {location}?', body: sms.body });
    expect((await call('analyst', 'DELETE', `/v2/api/feedback/templates/${id}`)).statusCode).toBe(403);
    expect((await call('manager', 'DELETE', `/v2/api/feedback/templates/${id}`)).statusCode).toBe(200);
    expect((await call('manager', 'GET', `/v2/api/feedback/templates/${id}`)).statusCode).toBe(404);
  });

  it('previews a template as it will be sent: link, STOP text or unsubscribe link added, SMS parts counted', async () => {
    const preview = await call('analyst', 'POST', '/v2/api/feedback/templates/preview', sms);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.sample).toMatchObject({ name: 'Layla Nasser', location: 'Burger Bay Marina', brand: 'Burger Bay' });
    expect(p.body).toBe(`Hi Layla, how was Burger Bay Marina? ${p.sample.link} Reply STOP to opt out.`);
    expect(p.sample.link).toMatch(/^http:\/\/reputo\.test\/c\/\w+$/);
    expect(p.sms).toEqual({ encoding: 'GSM-7', characters: p.body.length, segments: 1, per_segment: 160 });

    const arabic = (
      await call('analyst', 'POST', '/v2/api/feedback/templates/preview', {
        channel: 'sms',
        language: 'ar',
        body: 'مرحبا {first_name}، كيف كانت زيارتك إلى {location}؟ {link}',
      })
    ).json();
    expect(arabic.body).toContain('ليلى');
    expect(arabic.sms).toMatchObject({ encoding: 'UCS-2', segments: 2, per_segment: 67 });

    const email = (
      await call('analyst', 'POST', '/v2/api/feedback/templates/preview', {
        channel: 'email',
        subject: 'How was {location}, {first_name}?',
        body: 'Dear {name}, thank you. {link}',
      })
    ).json();
    expect(email.subject).toBe('How was Burger Bay Marina, Layla?');
    expect(email.body).toMatch(
      /^Dear Layla Nasser, thank you\. http:\/\/reputo\.test\/c\/\w+\n\nUnsubscribe: http:\/\/reputo\.test\/u\/\w+$/,
    );
    expect(email.sms).toBeNull();
  });

  it('adds the starter templates in English and Arabic and previews a saved one', async () => {
    expect((await call('manager', 'POST', '/v2/api/feedback/templates/defaults')).statusCode).toBe(200);
    const all = (await call('analyst', 'GET', '/v2/api/feedback/templates?per_page=100')).json().data as {
      id: number;
      channel: string;
      language: string;
    }[];
    const kinds = all.map((t) => `${t.channel}-${t.language}`).sort();
    expect(kinds).toEqual(expect.arrayContaining(['email-ar', 'email-en', 'sms-ar', 'sms-en']));
    for (const t of all.filter((x) => x.channel === 'sms')) {
      const p = (await call('analyst', 'GET', `/v2/api/feedback/templates/${t.id}/preview`)).json();
      expect(p.body).toContain('STOP');
      expect(p.sms.segments).toBeLessThanOrEqual(t.language === 'en' ? 1 : 2);
    }
  });

  it('is gated by Feedback and answers 404 for another company’s templates', async () => {
    const id = (await call('manager', 'POST', '/v2/api/feedback/templates', sms)).json().id as number;
    for (const [method, url, body] of [
      ['GET', `/v2/api/feedback/templates/${id}`],
      ['GET', `/v2/api/feedback/templates/${id}/preview`],
      ['PATCH', `/v2/api/feedback/templates/${id}`, { name: 'x' }],
      ['DELETE', `/v2/api/feedback/templates/${id}`],
    ] as [Method, string, object?][])
      expect((await call('b', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await call('b', 'GET', '/v2/api/feedback/templates')).json().total).toBe(0);
    const { database, fx } = use();
    await setCompanyFeatures(database.db, fx.companyB.id, packageFeatures('Starter'));
    try {
      expect((await call('b', 'GET', '/v2/api/feedback/templates')).statusCode).toBe(403);
      expect((await call('b', 'POST', '/v2/api/feedback/templates/preview', sms)).statusCode).toBe(403);
    } finally {
      await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    }
  });
});

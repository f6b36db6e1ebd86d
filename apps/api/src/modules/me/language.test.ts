import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, expect, it } from 'vitest';
import { MSG } from '@reputo/core';
import { locations, states, users } from '../../db/schema';
import { identitiesChanged } from '../../platform/identityCache';
import { t } from '../../platform/i18n';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';
import { insertReviewRows } from '../reviews/repository';

/** Text as pdf.js extracts it: ligatures folded (NFKC), marks dropped, runs of spaces as one. */
const normal = (text: string) => text.normalize('NFKC').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
const ARABIC_REVIEW = 'الخدمة ممتازة والطعام لذيذ، شكراً لفريق Burger Bay في دبي';

describeEachDatabase('Interface language: user settings, region default, mails, exports and errors', (use) => {
  let env: TestEnv;
  const tokens = new Map<string, string>();
  async function call(
    email: string,
    method: 'GET' | 'PATCH' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    if (!tokens.has(email)) tokens.set(email, (await signIn(env.app, email)).access_token);
    return env.app.inject({
      method,
      url,
      headers: { ...bearer(tokens.get(email)!), ...headers },
      ...(payload ? { payload } : {}),
    });
  }
  const me = async (email: string) => (await call(email, 'GET', '/v2/api/me')).json();
  /** The company's regions: one per location, all of them (by default) with this language. */
  let regionIds: number[] = [];

  beforeAll(async () => {
    env = use();
    const { db } = env.database;
    const a = env.fx.companyA.id;
    const made = await db
      .insert(states)
      .values([
        { companyId: a, title: 'Dubai' },
        { companyId: a, title: 'Riyadh' },
      ])
      .returning();
    regionIds = made.map((s) => s.id);
    const locs = await db
      .insert(locations)
      .values([
        { companyId: a, title: 'Marina', stateId: regionIds[0] },
        { companyId: a, title: 'Olaya', stateId: regionIds[1] },
      ])
      .returning();
    await insertReviewRows(db, [
      {
        companyId: a,
        locationId: locs[1]!.id,
        source: 'google',
        rating: 5,
        text: ARABIC_REVIEW,
        authorName: 'سارة علي',
        createdAt: new Date('2025-03-02T10:00:00Z'),
      },
    ]);
    // The manager sees only the Riyadh location.
    await db
      .update(users)
      .set({ locationIds: [locs[1]!.id] })
      .where(eq(users.id, env.fx.companyA.manager.id));
    identitiesChanged();
  });

  async function setRegionLanguages(...languages: (string | null)[]) {
    for (const [i, id] of regionIds.entries())
      await env.database.db
        .update(states)
        .set({ language: languages[i] ?? null })
        .where(eq(states.id, id));
    identitiesChanged(); // written past the API: the kept region languages must be read again
  }

  it('answers the language fields in /me: nothing chosen, no region default, Latin digits', async () => {
    expect(await me('admin@alpha.test')).toMatchObject({ language: null, regionLanguage: null, digits: 'latn' });
    expect(await me('owner@fixture.test')).toMatchObject({ language: null, regionLanguage: null, digits: 'latn' });
  });

  it("sets the user's language and digits, validates them, and keeps them", async () => {
    const set = (payload: object) => call('analyst@alpha.test', 'PATCH', '/v2/api/user', payload);
    expect((await set({ language: 'ar' })).json()).toMatchObject({ language: 'ar', digits: 'latn' });
    expect((await set({ digits: 'arab' })).json()).toMatchObject({ language: 'ar', digits: 'arab' });
    expect((await set({ language: 'en', digits: 'latn' })).json()).toMatchObject({ language: 'en', digits: 'latn' });
    expect((await set({ language: null })).json()).toMatchObject({ language: null });
    await set({ language: 'ar', digits: 'arab' });
    expect(await me('analyst@alpha.test')).toMatchObject({ language: 'ar', digits: 'arab' });

    const wrongLanguage = await set({ language: 'fr' });
    expect(wrongLanguage.statusCode).toBe(400);
    expect(wrongLanguage.json()).toMatchObject({
      error: 'invalid_request',
      details: [{ field: 'language', message: 'language must be one of en, ar, or null for the default' }],
    });
    const wrongDigits = await set({ digits: 'roman' });
    expect(wrongDigits.statusCode).toBe(400);
    expect(wrongDigits.json().details).toEqual([{ field: 'digits', message: 'digits must be one of latn, arab' }]);
    const mixed = await set({ language: 'ar', firstName: 'Lina' });
    expect(mixed.statusCode).toBe(400);
    // The analyst chose Arabic (no Accept-Language here): the answer is in it; English on request.
    expect(mixed.json().error_description).toBe(t('ar', 'errors:request.settingsApart'));
    const mixedEn = await call(
      'analyst@alpha.test',
      'PATCH',
      '/v2/api/user',
      { digits: 'arab', email: 'x@y.z' },
      {
        'accept-language': 'en',
      },
    );
    expect(mixedEn.json().error_description).toBe(
      'Send language and digits apart from firstName, lastName, email or password',
    );
    expect(await me('analyst@alpha.test')).toMatchObject({ language: 'ar', digits: 'arab' });
  });

  it("takes the default from the regions of the user's locations when they agree", async () => {
    await setRegionLanguages('ar', 'ar');
    expect((await me('admin@alpha.test')).regionLanguage).toBe('ar');
    // The regions disagree: no default for a user of every location; the manager sees only Riyadh.
    await setRegionLanguages('en', 'ar');
    expect((await me('admin@alpha.test')).regionLanguage).toBeNull();
    expect((await me('manager@alpha.test')).regionLanguage).toBe('ar');
    // A reply-language override that is no interface language (French) gives no default.
    await setRegionLanguages('fr', 'fr');
    expect((await me('admin@alpha.test')).regionLanguage).toBeNull();
    expect((await me('owner@fixture.test')).regionLanguage).toBeNull();
    await setRegionLanguages(null, null);
  });

  it('answers errors in the language of Accept-Language, else the signed-in user’s, English unchanged', async () => {
    const notFound = (headers: Record<string, string>) =>
      call('admin@alpha.test', 'GET', '/v2/api/nothing-here', undefined, headers);
    expect((await notFound({})).json()).toEqual({
      error: 'not_found',
      error_description: 'No route GET /v2/api/nothing-here',
    });
    expect((await notFound({ 'accept-language': 'ar' })).json()).toEqual({
      error: 'not_found',
      error_description: t('ar', 'errors:request.noRoute', { method: 'GET', path: '/v2/api/nothing-here' }),
    });
    // Core's validation message (spec text) by its key, in the answer and its details.
    const badEmail = (headers: Record<string, string>) =>
      call('admin@alpha.test', 'PATCH', '/v2/api/user', { email: 'not-an-email' }, headers);
    expect((await badEmail({ 'accept-language': 'en' })).json()).toMatchObject({
      error_description: MSG.emailNotValid,
      details: [{ field: 'email', message: MSG.emailNotValid }],
    });
    const arabic = (await badEmail({ 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' })).json();
    expect(arabic).toMatchObject({
      error: 'invalid_request',
      error_description: t('ar', 'validation:emailNotValid'),
      details: [{ field: 'email', message: t('ar', 'validation:emailNotValid') }],
    });
    expect(arabic.error_description).toBe('البريد الإلكتروني غير صالح!');
    // No header: the analyst chose Arabic; a forbidden answer comes in it. A language we lack falls back.
    const forbidden = await call('analyst@alpha.test', 'GET', '/v2/api/team');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error_description).toBe(t('ar', 'errors:access.roleNotAllowed'));
    const french = await call('analyst@alpha.test', 'GET', '/v2/api/team', undefined, { 'accept-language': 'fr' });
    expect(french.json().error_description).toBe(t('ar', 'errors:access.roleNotAllowed'));
    const english = await call('analyst@alpha.test', 'GET', '/v2/api/team', undefined, { 'accept-language': 'en' });
    expect(english.json().error_description).toBe('Your role does not allow this');
  });

  it("mails a user in their language: recovery in Arabic, right to left, the catalogue's texts", async () => {
    await env.database.db.update(users).set({ language: 'ar' }).where(eq(users.email, 'responder@alpha.test'));
    identitiesChanged();
    const sent = await env.app.inject({
      method: 'POST',
      url: '/v2/api/password/fogot',
      payload: { email: 'responder@alpha.test' },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMailTo(env, 'responder@alpha.test');
    expect(mail.subject).toBe(t('ar', 'mail:recovery.subject'));
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Reputo');
    const lines = mail.text.split('\n');
    expect(lines[2]).toBe(t('ar', 'mail:recovery.intro'));
    expect(lines[3]).toBe(t('ar', 'mail:recovery.linkText', { link: mail.links[0]! }));
    expect(mail.html).toMatch(/^<div dir="rtl" lang="ar"/);
    expect(mail.html).toContain(`>${t('ar', 'mail:recovery.button')}</a>`);
    // An English user's mail is as before.
    await env.app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload: { email: 'admin@alpha.test' } });
    const english = await lastMailTo(env, 'admin@alpha.test');
    expect(english.subject).toBe('Reset your Reputo password');
    expect(english.text).toContain('We received a request to reset the password of your Reputo account.');
    expect(english.html).not.toContain('dir="rtl"');
  });

  it("invites a new user in the region's language", async () => {
    await setRegionLanguages('ar', 'ar');
    const res = await call('admin@alpha.test', 'POST', '/v2/api/team', {
      email: 'noura@alpha.test',
      role: 'analyst',
      firstName: 'Noura',
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(env, 'noura@alpha.test');
    expect(mail.subject).toBe(
      t('ar', 'mail:invitation.subjectToCompany', { inviter: 'Amira Haddad', company: 'Alpha Restaurants' }),
    );
    expect(mail.text.split('\n')[0]).toBe('مرحبًا Noura،');
    expect(mail.html).toContain('dir="rtl" lang="ar"');
    await setRegionLanguages(null, null);
  });

  it('exports Excel with Arabic headers and sheet names for an Arabic request', async () => {
    const res = await call('admin@alpha.test', 'GET', '/v2/api/reviews/export/excel', undefined, {
      'accept-language': 'ar',
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('المراجعات');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(
      [
        'date',
        'source',
        'brand',
        'region',
        'location',
        'locationId',
        'reviewer',
        'rating',
        'title',
        'review',
        'answered',
        'link',
      ].map((k) => t('ar', `exports:reviews.columns.${k}`)),
    );
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    // English is unchanged.
    const en = await call('admin@alpha.test', 'GET', '/v2/api/reviews/rating/export');
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wbEn.worksheets[0]!.name).toBe('Rating');
    expect((wbEn.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['Source', 'Reviews']);
  });

  it('exports the reviews PDF in Arabic (through a signed download link): labels and reviews read in order', async () => {
    const link = await call(
      'admin@alpha.test',
      'POST',
      '/v2/api/reviews/export/link',
      { format: 'pdf' },
      {
        'accept-language': 'ar',
      },
    );
    expect(link.statusCode).toBe(200);
    const res = await env.app.inject({ url: link.json().url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const { text } = await parser.getText({ disableNormalization: true });
    await parser.destroy();
    const extracted = normal(text);
    expect(extracted).toContain(normal(t('ar', 'exports:pdf.title', { company: 'Alpha Restaurants' })));
    expect(extracted).toContain(normal('تاريخ التصدير'));
    expect(extracted).toContain(normal(ARABIC_REVIEW));
    expect(extracted).toContain(normal('سارة علي'));
  });

  it('sends a scheduled report in the recipient’s language (the analyst chose Arabic)', async () => {
    const res = await call('analyst@alpha.test', 'POST', '/v2/api/reportSettings/trigger', {});
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastMailTo(env, 'analyst@alpha.test');
    expect(mail.subject.startsWith('تقريرك الأسبوعي من Reputo: Alpha Restaurants (')).toBe(true);
    // Dates in an Arabic sentence are written day first with slashes (whole under the bidi algorithm).
    expect(mail.subject).toMatch(/\(\d{2}\/\d{2}\/\d{4} إلى \d{2}\/\d{2}\/\d{4}\)$/);
    expect(mail.text).toContain(t('ar', 'mail:report.attached'));
    expect(mail.text).toContain(t('ar', 'mail:report.nps', { value: t('ar', 'mail:report.notAvailable') }));
    expect(mail.html).toContain('dir="rtl" lang="ar"');
  });
});

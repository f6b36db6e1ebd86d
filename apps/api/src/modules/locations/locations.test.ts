import { expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { describeOnBothDatabases } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { readWorkbook } from '../../test/workbook';
import { createReportingWorld, type ReportingWorld } from '../statistics/test/reportingData';
import { csvUpload, foreignLocation, setLocationsLimit, sheetRows } from './test/world';
import { identitiesChanged } from '../../platform/identityCache';

describeOnBothDatabases('Locations', (use) => {
  let world: ReportingWorld;
  let foreign: Awaited<ReturnType<typeof foreignLocation>>;
  const tokens = new Map<string, string>();
  async function as(email: string) {
    if (!tokens.has(email)) tokens.set(email, (await signIn(use().app, email)).access_token);
    return bearer(tokens.get(email)!);
  }
  async function call(email: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    return use().app.inject({
      method,
      url,
      headers: await as(email),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const admin = 'admin@alpha.test';

  it("lists the company's locations with search, paging, review counts and the limit", async () => {
    const { database, fx } = use();
    world = await createReportingWorld(database.db, fx.companyA.id);
    foreign = await foreignLocation(database.db, fx.companyB.id);
    const res = await call(admin, 'GET', '/v2/api/locations?per_page=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      total: 3,
      page: 1,
      per_page: 2,
      total_pages: 2,
      limit: { used: 3, max: 10 },
      locationsTitle: 'Location',
    });
    expect(body.data.map((l: { title: string }) => l.title)).toEqual(['Alpha Express Riyadh', 'Alpha Grill Downtown']);
    expect(body.data[1]).toMatchObject({ brand: 'Alpha Grill', state: 'Abu Dhabi', locationId: 'AG-002', reviews: 3 });
    const search = (await call(admin, 'GET', '/v2/api/locations?search=marina')).json();
    expect(search.data.map((l: { id: number }) => l.id)).toEqual([world.marina]);
    expect((await call(admin, 'GET', `/v2/api/locations?brand=${world.brandB2}`)).json().total).toBe(1);
    expect((await call(admin, 'GET', '/v2/api/locations?search=%25')).json().total).toBe(0);
  });

  it('creates a location with brand, region, address, time zone, source pages and Facebook accounts', async () => {
    const res = await call(admin, 'POST', '/v2/api/locations', {
      title: 'Alpha Grill JBR',
      locationId: 'AG-003',
      brandId: world.brandB1,
      stateId: world.stateS1,
      address: 'The Walk, JBR',
      city: 'Dubai',
      country: 'United Arab Emirates',
      timeZone: 'Asia/Dubai',
      sourceUrls: {
        google: 'https://www.google.com/maps?cid=123456789',
        zomato: 'https://www.zomato.com/dubai/alpha-grill-jbr',
      },
      facebook: [
        { fullUrl: 'https://www.facebook.com/AlphaGrillJBR' },
        { fullUrl: 'https://www.facebook.com/profile.php?id=100012345678' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const loc = res.json();
    expect(loc).toMatchObject({
      title: 'Alpha Grill JBR',
      brand: 'Alpha Grill',
      state: 'Dubai',
      timeZone: 'Asia/Dubai',
      reviews: 0,
    });
    expect(loc.facebook).toEqual([
      {
        id: 'alphagrilljbr',
        urlPart: 'AlphaGrillJBR',
        fullUrl: 'https://www.facebook.com/AlphaGrillJBR',
        initialValue: 'https://www.facebook.com/AlphaGrillJBR',
      },
      {
        id: '100012345678',
        urlPart: 'profile.php?id=100012345678',
        fullUrl: 'https://www.facebook.com/profile.php?id=100012345678',
        initialValue: 'https://www.facebook.com/profile.php?id=100012345678',
      },
    ]);
    expect(loc.sourceUrls).toEqual({
      google: 'https://www.google.com/maps?cid=123456789',
      zomato: 'https://www.zomato.com/dubai/alpha-grill-jbr',
      facebook: 'https://www.facebook.com/AlphaGrillJBR',
    });
    // An edit of the account's address keeps the value it was first saved with.
    const edited = (
      await call(admin, 'PATCH', `/v2/api/locations/${loc.id}`, {
        facebook: [{ id: '100012345678', fullUrl: 'https://facebook.com/profile.php?id=100012345678' }],
      })
    ).json();
    expect(edited.facebook).toEqual([
      {
        id: '100012345678',
        urlPart: 'profile.php?id=100012345678',
        fullUrl: 'https://facebook.com/profile.php?id=100012345678',
        initialValue: 'https://www.facebook.com/profile.php?id=100012345678',
      },
    ]);
    expect(edited.sourceUrls.facebook).toBe('https://facebook.com/profile.php?id=100012345678');
    expect((await call(admin, 'GET', `/v2/api/locations/${loc.id}`)).json()).toMatchObject({
      id: loc.id,
      locationId: 'AG-003',
      address: 'The Walk, JBR',
    });
  });

  it("checks every source address with the source rules, and only takes the company's sources", async () => {
    const bad = await call(admin, 'POST', '/v2/api/locations', {
      title: 'Bad Google',
      sourceUrls: { google: 'https://evil.example/maps?cid=1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error_description: 'Please enter a valid Google address.',
      details: [{ field: 'sourceUrls.google', message: 'Please enter a valid Google address.' }],
    });
    const lookalike = await call(admin, 'PATCH', `/v2/api/locations/${world.marina}`, {
      facebook: [{ fullUrl: 'https://facebook.com.evil.io/page' }],
    });
    expect(lookalike.json().error_description).toBe('Please enter a valid Facebook address.');
    const notOurs = await call(admin, 'POST', '/v2/api/locations', {
      title: 'Yelp place',
      sourceUrls: { yelp: 'https://www.yelp.com/biz/x' },
    });
    expect(notOurs.json().error_description).toBe("Yelp is not one of the company's sources.");
    const wrongZone = await call(admin, 'POST', '/v2/api/locations', { title: 'Zone', timeZone: 'Mars/Olympus' });
    expect(wrongZone.json().error_description).toBe('Please select a valid time zone!');
  });

  it("applies the two free-text rules and refuses a duplicate ID, another company's brand or a region of another brand", async () => {
    expect((await call(admin, 'POST', '/v2/api/locations', { title: '   ' })).json().error_description).toBe(
      'The field cannot be empty or contain only spaces!',
    );
    expect((await call(admin, 'POST', '/v2/api/locations', { title: ' Marina' })).json().error_description).toBe(
      'The field cannot start with a space!',
    );
    expect(
      (await call(admin, 'POST', '/v2/api/locations', { title: 'Ok', address: ' lead' })).json().error_description,
    ).toBe('The field cannot start with a space!');
    expect(
      (await call(admin, 'POST', '/v2/api/locations', { title: 'Twin', locationId: 'ag-001' })).json()
        .error_description,
    ).toBe('Another location already has the ID ag-001.');
    expect(
      (await call(admin, 'POST', '/v2/api/locations', { title: 'Foreign brand', brandId: foreign.brandId })).json()
        .error_description,
    ).toBe('This brand does not exist.');
    expect(
      (
        await call(admin, 'POST', '/v2/api/locations', {
          title: 'Mixed',
          brandId: world.brandB2,
          stateId: world.stateS1,
        })
      ).json().error_description,
    ).toBe('This region belongs to another brand.');
    const inArabic = await use().app.inject({
      method: 'POST',
      url: '/v2/api/locations',
      headers: { ...(await as(admin)), 'accept-language': 'ar' },
      payload: { title: 'Mixed', brandId: world.brandB2, stateId: world.stateS1 },
    });
    expect(inArabic.json().error_description).toBe('هذه المنطقة تابعة لعلامة تجارية أخرى.');
  });

  it("stops at the package's locations limit with a clear message", async () => {
    const { database, fx } = use();
    const used = (await call(admin, 'GET', '/v2/api/locations')).json().total as number;
    await setLocationsLimit(database.db, fx.companyA.id, used + 1);
    expect((await call(admin, 'POST', '/v2/api/locations', { title: 'Last one' })).statusCode).toBe(201);
    const over = await call(admin, 'POST', '/v2/api/locations', { title: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'locations_limit',
      error_description: `Your package allows ${used + 1} locations. Delete one or ask your account manager to raise the limit.`,
    });
    const inArabic = async (limit: number) => {
      await setLocationsLimit(database.db, fx.companyA.id, limit);
      const res = await use().app.inject({
        method: 'POST',
        url: '/v2/api/locations',
        headers: { ...(await as(admin)), 'accept-language': 'ar' },
        payload: { title: 'One too many' },
      });
      expect(res.statusCode).toBe(409);
      return res.json().error_description as string;
    };
    expect(await inArabic(used + 1)).toBe(
      `تسمح باقتك بـ${used + 1} ${used + 1 <= 10 ? 'مواقع' : 'موقعًا'}. احذف موقعًا أو اطلب من مدير حسابك رفع الحد.`,
    );
    expect(await inArabic(1)).toBe('تسمح باقتك بموقع واحد. احذف موقعًا أو اطلب من مدير حسابك رفع الحد.');
    await setLocationsLimit(database.db, fx.companyA.id, 10);
  });

  it('names them Products for a company without locations', async () => {
    const { app, fx } = use();
    const owner = bearer((await signIn(app, 'owner@fixture.test')).access_token);
    const list = await app.inject({ url: `/v2/api/locations?ownerAsCompany=${fx.companyC.id}`, headers: owner });
    expect(list.json()).toMatchObject({ total: 0, locationsTitle: 'Product' });
    await setLocationsLimit(use().database.db, fx.companyC.id, 0);
    const over = await app.inject({
      method: 'POST',
      url: `/v2/api/locations?ownerAsCompany=${fx.companyC.id}`,
      headers: owner,
      payload: { title: 'Nakhla App' },
    });
    expect(over.json().error_description).toBe(
      'Your package allows 0 products. Delete one or ask your account manager to raise the limit.',
    );
  });

  it("answers another company's location with 404, like a missing one", async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { title: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const foreignRes = await call(admin, method, `/v2/api/locations/${foreign.locationId}`, payload);
      const missing = await call(admin, method, '/v2/api/locations/999999', payload);
      expect(foreignRes.statusCode).toBe(404);
      expect(foreignRes.json()).toEqual(missing.json());
    }
    const theirs = (await call('admin@beta.test', 'GET', '/v2/api/locations/shortinfo')).json();
    expect(theirs.locations.map((l: { title: string }) => l.title)).toEqual(['Beta Olaya']);
  });

  it('keeps Responders and Analysts out of location management but gives them the short list', async () => {
    for (const email of ['responder@alpha.test', 'analyst@alpha.test']) {
      expect((await call(email, 'GET', '/v2/api/locations')).statusCode).toBe(403);
      expect((await call(email, 'POST', '/v2/api/locations', { title: 'Nope' })).statusCode).toBe(403);
      expect((await call(email, 'GET', `/v2/api/locations/${world.marina}`)).statusCode).toBe(403);
      expect((await call(email, 'GET', '/v2/api/locations/export')).statusCode).toBe(403);
      const short = await call(email, 'GET', '/v2/api/locations/shortinfo');
      expect(short.statusCode).toBe(200);
      expect(short.json().locations.find((l: { id: number }) => l.id === world.marina)).toEqual({
        id: world.marina,
        title: 'Alpha Grill Marina',
        locationId: 'AG-001',
        brandId: world.brandB1,
        brand: 'Alpha Grill',
        stateId: world.stateS1,
        state: 'Dubai',
      });
    }
  });

  it('uploads: the example file has the upload columns, a good file adds and updates, a bad row imports nothing', async () => {
    const fields = (await call(admin, 'GET', '/v2/api/locations/upload/fields')).json().fields as {
      title: string;
      required: boolean;
    }[];
    expect(fields.map((f) => f.title)).toEqual([
      'Location name',
      'Location ID',
      'Brand',
      'Region',
      'Address',
      'City',
      'Country',
      'Time zone',
      'Google URL',
      'Facebook URL',
      'Zomato URL',
      'TripAdvisor URL',
      'Talabat URL',
    ]);
    const example = await use().app.inject({
      url: `/v2/api/locations/upload/example?access_token=${tokens.get(admin)}`,
    });
    expect(example.headers['content-type']).toContain('spreadsheetml');
    const exampleRows = await sheetRows(example.rawPayload);
    expect(exampleRows[0]).toEqual(fields.map((f) => f.title));

    const before = (await call(admin, 'GET', '/v2/api/locations')).json().total as number;
    const header = ['Location name', 'Location ID', 'Brand', 'Region', 'City', 'Google URL', 'Facebook URL'];
    const bad = await call(
      admin,
      'POST',
      '/v2/api/locations/upload',
      csvUpload([
        header,
        ['Alpha Grill Creek', 'AG-010', 'Alpha Grill', 'Dubai', 'Dubai', 'https://www.google.com/maps?cid=42', ''],
        [' Leading', 'AG-011', 'Nope Brand', '', '', 'https://bing.com/x', ''],
        ['Alpha Grill Twin', 'AG-010', '', '', '', '', 'https://www.facebook.com/Twin'],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(
      '2 rows have problems; nothing was imported. Fix them and upload the file again.',
    );
    expect(bad.json().details).toEqual([
      { field: 'row 3', message: 'Location name: The field cannot start with a space!' },
      { field: 'row 3', message: 'Brand Nope Brand does not exist.' },
      { field: 'row 3', message: 'Please enter a valid Google address.' },
      { field: 'row 4', message: 'The ID AG-010 is also on row 2.' },
    ]);
    expect((await call(admin, 'GET', '/v2/api/locations')).json().total).toBe(before);

    const good = await call(
      admin,
      'POST',
      '/v2/api/locations/upload',
      csvUpload([
        header,
        [
          'Alpha Grill Creek',
          'AG-010',
          'Alpha Grill',
          'Dubai',
          'Dubai',
          'https://www.google.com/maps?cid=42',
          'https://www.facebook.com/AlphaCreek',
        ],
        ['Alpha Grill Marina (renamed)', 'AG-001', 'Alpha Grill', 'Dubai', 'Dubai', '', ''],
      ]),
    );
    expect(good.json()).toEqual({ added: 1, updated: 1, total: 2 });
    const marina = (await call(admin, 'GET', `/v2/api/locations/${world.marina}`)).json();
    expect(marina.title).toBe('Alpha Grill Marina (renamed)');
    const creek = (await call(admin, 'GET', '/v2/api/locations?search=creek')).json().data[0];
    expect(creek).toMatchObject({
      locationId: 'AG-010',
      brand: 'Alpha Grill',
      state: 'Dubai',
      facebook: [{ id: 'alphacreek', urlPart: 'AlphaCreek' }],
    });
  });

  it("upload texts in the request's language: the columns' descriptions, the example's help sheet and the row reasons", async () => {
    const ar = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      use().app.inject({
        method,
        url,
        headers: { ...(await as(admin)), 'accept-language': 'ar' },
        ...(payload ? { payload } : {}),
      });
    type Field = { key: string; title: string; description: string };
    const arFields = (await ar('GET', '/v2/api/locations/upload/fields')).json().fields as Field[];
    const enFields = (await call(admin, 'GET', '/v2/api/locations/upload/fields')).json().fields as Field[];
    // The columns keep their English names (the file's), only what they mean is translated.
    expect(arFields.map((f) => f.title)).toEqual(enFields.map((f) => f.title));
    expect(enFields.find((f) => f.key === 'code')?.description).toBe(
      'Your own code for the location. A row whose ID already exists updates that location.',
    );
    expect(enFields.find((f) => f.key === 'source:google')?.description).toBe('Page of the location on Google.');
    expect(arFields.find((f) => f.key === 'brand')?.description).toBe('اسم إحدى علاماتك التجارية.');
    expect(arFields.find((f) => f.key === 'source:google')?.description).toBe('صفحة الموقع على Google.');
    for (const f of arFields) expect(f.description, f.key).toMatch(/\p{Script=Arabic}/u);

    const help = async (lang: string) => {
      const res = await use().app.inject({
        url: `/v2/api/locations/upload/example?access_token=${tokens.get(admin)}&lang=${lang}`,
      });
      const { sheets, rows } = await readWorkbook(res.rawPayload);
      return { name: sheets[1], rows: rows(1), dataHeader: rows(0)[0] };
    };
    const arHelp = await help('ar');
    expect(arHelp.name).toBe('تعليمات');
    expect(arHelp.rows[0]).toEqual(['العمود', 'إلزامي', 'المعنى']);
    expect(arHelp.rows[1]).toEqual(['Location name', 'نعم', arFields[0]!.description]);
    expect(arHelp.dataHeader).toEqual(enFields.map((f) => f.title));
    const enHelp = await help('en');
    expect(enHelp.name).toBe('Help');
    expect(enHelp.rows[0]).toEqual(['Column', 'Required', 'Meaning']);
    expect(enHelp.rows[1]).toEqual(['Location name', 'yes', 'The name people know the location by, e.g. Marina Walk.']);

    const header = ['Location name', 'Location ID', 'Brand', 'Region', 'Time zone', 'Google URL'];
    const file = csvUpload([
      header,
      [' Leading', 'AG-021', 'Nope Brand', '', '', 'https://bing.com/x'],
      ['Alpha Grill Twin', 'AG-021', 'Alpha Grill', 'Nowhere', 'Mars/Base', ''],
      ['', 'AG-022', '', 'Atlantis', '', ''],
    ]);
    const bad = await ar('POST', '/v2/api/locations/upload', file);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'invalid_request',
      error_description: 'في 3 صفوف مشكلات؛ لم يُستورد شيء. صحّحها ثم ارفع الملف مرة أخرى.',
      details: [
        { field: 'row 2', message: 'العمود Location name: لا يمكن أن يبدأ الحقل بمسافة!' },
        { field: 'row 2', message: 'العلامة التجارية Nope Brand غير موجودة.' },
        { field: 'row 2', message: 'يرجى إدخال عنوان Google صحيح.' },
        { field: 'row 3', message: 'المنطقة Nowhere غير موجودة ضمن العلامة التجارية Alpha Grill.' },
        { field: 'row 3', message: 'العمود Time zone: يُرجى اختيار منطقة زمنية صالحة!' },
        { field: 'row 3', message: 'المعرّف AG-021 مكرر أيضًا في الصف 2.' },
        { field: 'row 4', message: 'العمود Location name: لا يمكن أن يكون الحقل فارغًا أو يحتوي على مسافات فقط!' },
        { field: 'row 4', message: 'المنطقة Atlantis غير موجودة.' },
      ],
    });
    const en = await call(admin, 'POST', '/v2/api/locations/upload', file);
    expect(en.json()).toEqual({
      error: 'invalid_request',
      error_description: '3 rows have problems; nothing was imported. Fix them and upload the file again.',
      details: [
        { field: 'row 2', message: 'Location name: The field cannot start with a space!' },
        { field: 'row 2', message: 'Brand Nope Brand does not exist.' },
        { field: 'row 2', message: 'Please enter a valid Google address.' },
        { field: 'row 3', message: 'Region Nowhere does not exist for brand Alpha Grill.' },
        { field: 'row 3', message: 'Time zone: Please select a valid time zone!' },
        { field: 'row 3', message: 'The ID AG-021 is also on row 2.' },
        { field: 'row 4', message: 'Location name: The field cannot be empty or contain only spaces!' },
        { field: 'row 4', message: 'Region Atlantis does not exist.' },
      ],
    });
    // Whole-file refusals are translated from the catalogue too.
    expect(
      (await ar('POST', '/v2/api/locations/upload', csvUpload([['City'], ['Dubai']]))).json().error_description,
    ).toBe('عمود ناقص: Location name. نزّل الملف النموذجي لترى الأعمدة المطلوبة.');
    expect(
      (await ar('POST', '/v2/api/locations/upload', csvUpload([['Location name']]))).json().error_description,
    ).toBe('لا يحتوي الملف على صفوف للاستيراد.');
  });

  it('rejects an upload that would pass the limit, a file without the required column, and other file types', async () => {
    const { database, fx } = use();
    const used = (await call(admin, 'GET', '/v2/api/locations')).json().total as number;
    await setLocationsLimit(database.db, fx.companyA.id, used + 1);
    const over = await call(
      admin,
      'POST',
      '/v2/api/locations/upload',
      csvUpload([['Location name'], ['New A'], ['New B']]),
    );
    expect(over.statusCode).toBe(409);
    expect((await call(admin, 'GET', '/v2/api/locations')).json().total).toBe(used);
    await setLocationsLimit(database.db, fx.companyA.id, 10);
    expect(
      (await call(admin, 'POST', '/v2/api/locations/upload', csvUpload([['City'], ['Dubai']]))).json()
        .error_description,
    ).toBe('Missing column: Location name. Download the example file to see the expected columns.');
    expect(
      (await call(admin, 'POST', '/v2/api/locations/upload', { filename: 'x.pdf', content: 'AAAA' })).json()
        .error_description,
    ).toBe('Upload an .xlsx or .csv file.');
    expect(
      (await call(admin, 'POST', '/v2/api/locations/upload', { filename: 'x.xlsx', content: 'AAAA' })).statusCode,
    ).toBe(400);
  });

  it('exports the locations to Excel with the upload columns and review counts', async () => {
    const res = await use().app.inject({ url: `/v2/api/locations/export?access_token=${tokens.get(admin)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('locations.xlsx');
    const rows = await sheetRows(res.rawPayload);
    const header = rows.findIndex((r) => r[0] === 'Location name');
    expect(rows[header]!.at(-1)).toBe('Reviews');
    const riyadh = rows.find((r) => r[0] === 'Alpha Express Riyadh')!;
    expect(riyadh.at(-1)).toBe('6');
    const used = (await call(admin, 'GET', '/v2/api/locations')).json().total as number;
    const en = await readWorkbook(res.rawPayload);
    expect(en.intro).toEqual(['Locations of Alpha Restaurants', `${used} of 10 allowed`]);
    // In Arabic the intro lines are Arabic and the sheet reads right to left; the columns keep the upload's names.
    const arRes = await use().app.inject({
      url: `/v2/api/locations/export?access_token=${tokens.get(admin)}&lang=ar`,
    });
    const ar = await readWorkbook(arRes.rawPayload);
    expect(ar.intro).toEqual(['مواقع Alpha Restaurants', `${used} من أصل 10 مسموح بها`]);
    expect(ar.rightToLeft).toBe(true);
    expect(ar.rows(0).find((r) => r[0] === 'Location name')).toEqual(en.rows(0).find((r) => r[0] === 'Location name'));
  });

  it("refuses location changes and uploads to members who see only some locations, in the request's language", async () => {
    const { database, fx } = use();
    const manager = 'manager@alpha.test';
    await database.db
      .update(users)
      .set({ locationIds: [world.marina] })
      .where(eq(users.id, fx.companyA.manager.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const asManager = async (method: 'POST', url: string, payload: object, language: string) =>
      use().app.inject({ method, url, payload, headers: { ...(await as(manager)), 'accept-language': language } });
    const add = { title: 'Alpha Grill Limited' };
    const upload = csvUpload([['Location name'], ['Alpha Grill Limited']]);
    const en = await asManager('POST', '/v2/api/locations', add, 'en');
    expect(en.statusCode).toBe(403);
    expect(en.json().error_description).toBe('Only members who see every location can add or remove locations.');
    expect((await asManager('POST', '/v2/api/locations/upload', upload, 'en')).json().error_description).toBe(
      'Only members who see every location can upload locations.',
    );
    const ar = await asManager('POST', '/v2/api/locations', add, 'ar');
    expect(ar.statusCode).toBe(403);
    expect(ar.json().error_description).toBe('لا يضيف المواقع أو يحذفها إلا الأعضاء الذين يرون جميع المواقع.');
    expect((await asManager('POST', '/v2/api/locations/upload', upload, 'ar')).json().error_description).toBe(
      'لا يرفع ملف المواقع إلا الأعضاء الذين يرون جميع المواقع.',
    );
    await database.db.update(users).set({ locationIds: null }).where(eq(users.id, fx.companyA.manager.id));
    identitiesChanged();
  });

  it("deletes a location with its reviews, and drops it from members' location lists", async () => {
    const { database, fx } = use();
    await database.db
      .update(users)
      .set({ locationIds: [world.downtown, world.riyadh] })
      .where(eq(users.id, fx.companyA.responder.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const res = await call(admin, 'DELETE', `/v2/api/locations/${world.downtown}`);
    expect(res.json()).toEqual({ id: world.downtown, deleted: true, reviews: 3 });
    const [row] = await database.db
      .select({ ids: users.locationIds })
      .from(users)
      .where(eq(users.id, fx.companyA.responder.id));
    expect(row!.ids).toEqual([world.riyadh]);
    const left = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM review_daily WHERE location_id = ${world.downtown}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await call(admin, 'GET', `/v2/api/locations/${world.downtown}`)).statusCode).toBe(404);
    await database.db.update(users).set({ locationIds: null }).where(eq(users.id, fx.companyA.responder.id));
    identitiesChanged(); // changed outside the API: the kept user row is stale
  });
});

import { packageFeatures } from '@reputo/core';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { brands, locations } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { setCompanyFeatures } from '../reviews/test/world';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Contact {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  tags: string[];
  location_title: string | null;
  consent_sms: boolean;
  last_visit_at: string | null;
  email_suppressed: boolean;
  sms_suppressed: boolean;
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

async function workbookOf(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

describeEachDatabase('Contact lists, uploads and the suppression list', (use) => {
  const tokens: Record<string, string> = {};
  let marina: number;
  let bLocation: number;

  beforeAll(async () => {
    const { app, fx, database } = use();
    const [brand] = await database.db
      .insert(brands)
      .values({ companyId: fx.companyA.id, title: 'Burger Bay' })
      .returning();
    const inserted = await database.db
      .insert(locations)
      .values([
        { companyId: fx.companyA.id, brandId: brand!.id, title: 'Burger Bay Marina', locationId: 'BB-001' },
        { companyId: fx.companyA.id, title: 'Riyadh Olaya', locationId: 'RY-1', country: 'Saudi Arabia' },
        { companyId: fx.companyB.id, title: 'Beta Bank Olaya', locationId: 'BETA-1' },
      ])
      .returning({ id: locations.id });
    marina = inserted[0]!.id;
    bLocation = inserted[2]!.id;
    // Company B gets the Feedback feature, so its refusals come from tenancy (404), not the feature.
    await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    for (const [name, email] of [
      ['admin', 'admin@alpha.test'],
      ['manager', 'manager@alpha.test'],
      ['responder', 'responder@alpha.test'],
      ['analyst', 'analyst@alpha.test'],
      ['b', 'admin@beta.test'],
    ] as const)
      tokens[name] = (await signIn(app, email)).access_token;
  });

  const call = (who: string, method: Method, url: string, payload?: object) =>
    use().app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

  async function newList(name: string): Promise<number> {
    const res = await call('manager', 'POST', '/v2/api/feedback/lists', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function contactsOf(listId: number, query = ''): Promise<Contact[]> {
    const res = await call('analyst', 'GET', `/v2/api/feedback/lists/${listId}/contacts?per_page=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Contact[];
  }

  it('creates, lists with counts, renames and deletes a list; Analysts and Responders only read', async () => {
    const id = await newList('Weekend brunch');
    expect((await call('analyst', 'POST', '/v2/api/feedback/lists', { name: 'x' })).statusCode).toBe(403);
    expect((await call('responder', 'PATCH', `/v2/api/feedback/lists/${id}`, { name: 'x' })).statusCode).toBe(403);
    const blank = await call('manager', 'POST', '/v2/api/feedback/lists', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details[0]).toMatchObject({ field: 'name', message: 'Missing list name!' });

    await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'one@example.com' });
    const page = await call('analyst', 'GET', '/v2/api/feedback/lists?search=brunch');
    expect(page.json()).toMatchObject({ page: 1, per_page: 20, total: 1, total_pages: 1 });
    expect(page.json().data[0]).toMatchObject({ id, name: 'Weekend brunch', contacts: 1 });

    const renamed = await call('manager', 'PATCH', `/v2/api/feedback/lists/${id}`, { name: 'Brunch regulars' });
    expect(renamed.json()).toMatchObject({ name: 'Brunch regulars', contacts: 1 });
    expect((await call('analyst', 'DELETE', `/v2/api/feedback/lists/${id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/v2/api/feedback/lists/${id}`)).json()).toEqual({
      message: 'List deleted.',
    });
    expect((await call('admin', 'GET', `/v2/api/feedback/lists/${id}`)).statusCode).toBe(404);
    const other = await newList('Gone in Arabic');
    const inArabic = await use().app.inject({
      method: 'DELETE',
      url: `/v2/api/feedback/lists/${other}`,
      headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
    });
    expect(inArabic.json()).toEqual({ message: 'حُذفت القائمة.' });
  });

  it('adds contacts by hand in E.164 and lower case, and merges a second one with the same email or phone', async () => {
    const id = await newList('By hand');
    // The company is in the UAE: a national number is read there.
    const first = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      name: 'Sara Ali',
      email: 'Sara.Ali@Example.COM',
      phone: '050 123 4567',
      tags: ['vip', ' brunch ', 'vip'],
      last_visit: '2026-01-31',
      location_id: marina,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      merged: false,
      contact: {
        email: 'sara.ali@example.com',
        phone: '+971501234567',
        tags: ['vip', 'brunch'],
        location_title: 'Burger Bay Marina',
        last_visit_at: '2026-01-31T00:00:00.000Z',
        consent_email: true,
      },
    });
    // Same phone written another way, a new tag and a stated consent: the same contact, filled in.
    const again = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      phone: '+971 50 123 4567',
      tags: ['delivery'],
      consent_sms: false,
    });
    expect(again.json()).toMatchObject({
      merged: true,
      contact: {
        id: first.json().contact.id,
        name: 'Sara Ali',
        tags: ['vip', 'brunch', 'delivery'],
        consent_sms: false,
      },
    });
    expect(await contactsOf(id)).toHaveLength(1);

    const bad = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      email: 'not-an-email',
      phone: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['email', 'phone']);
    const neither = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { name: 'Nobody' });
    expect(neither.json().details).toEqual([{ field: 'email', message: 'A contact needs an email or a phone' }]);
    const theirs = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      email: 'x@example.com',
      location_id: bLocation,
    });
    expect(theirs.statusCode).toBe(400);
    expect(
      (await call('analyst', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'a@b.co' })).statusCode,
    ).toBe(403);
  });

  it('edits a contact, refuses another contact’s email, takes it out of a list and deletes it', async () => {
    const id = await newList('Edits');
    const a = (await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'a@edit.test' })).json()
      .contact.id as number;
    await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'b@edit.test' });
    const changed = await call('manager', 'PATCH', `/v2/api/feedback/contacts/${a}`, {
      name: 'Ahmed',
      phone: '+966 50 123 4567',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ahmed', email: 'a@edit.test', phone: '+966501234567' });
    const clash = await call('manager', 'PATCH', `/v2/api/feedback/contacts/${a}`, { email: 'B@edit.test' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error_description).toBe('Another contact has this email address.');

    expect((await call('manager', 'DELETE', `/v2/api/feedback/lists/${id}/contacts/${a}`)).statusCode).toBe(200);
    expect((await contactsOf(id)).map((c) => c.email)).toEqual(['b@edit.test']);
    expect((await call('analyst', 'GET', `/v2/api/feedback/contacts/${a}`)).statusCode).toBe(200);
    expect((await call('manager', 'DELETE', `/v2/api/feedback/contacts/${a}`)).statusCode).toBe(200);
    expect((await call('analyst', 'GET', `/v2/api/feedback/contacts/${a}`)).statusCode).toBe(404);
  });

  it('uploads a CSV: good rows added, duplicates merged in the file and against existing contacts, bad rows reported', async () => {
    const id = await newList('CSV upload');
    await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      name: 'Existing Omar',
      email: 'omar@csv.test',
      tags: ['old'],
    });
    const csv = [
      'Name,Email,Phone,Location,Tags,Consent,Last visit',
      'Layla Nasser,LAYLA@csv.test,+971 50 111 2222,Burger Bay Marina,"vip, brunch",yes,2026-02-01',
      'Bad Phone,,123,,,,',
      'Bad Email,not-an-email,,,,,',
      'No Address,,,,,,',
      'Unknown Place,u@csv.test,,Atlantis,,,',
      'Layla Again,,00971501112222,,delivery;vip,no,03/02/2026',
      ',omar@csv.test,0501113333,RY-1,new,,',
      'Riyadh Local,,0501234567,RY-1,,,',
    ].join('\n');
    const res = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, {
      filename: 'contacts.csv',
      content: b64(csv),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      added: 2,
      merged: 2,
      rejected: 4,
      rejected_rows: [
        { row: 3, reason: 'Bad phone: 123' },
        { row: 4, reason: 'Bad email: not-an-email' },
        { row: 5, reason: 'Neither email nor phone' },
        { row: 6, reason: 'Unknown location: Atlantis' },
      ],
      list_total: 3,
    });
    const byEmail = new Map((await contactsOf(id)).map((c) => [c.email ?? c.phone, c]));
    expect(byEmail.get('layla@csv.test')).toMatchObject({
      name: 'Layla Nasser',
      phone: '+971501112222',
      tags: ['vip', 'brunch', 'delivery'],
      consent_sms: false,
      last_visit_at: '2026-02-03T00:00:00.000Z',
    });
    // Merged into the contact added by hand: its name kept, the phone (read in Saudi Arabia) filled in.
    expect(byEmail.get('omar@csv.test')).toMatchObject({
      name: 'Existing Omar',
      phone: '+966501113333',
      tags: ['old', 'new'],
      location_title: 'Riyadh Olaya',
    });
    expect(byEmail.get('+966501234567')).toMatchObject({ name: 'Riyadh Local', location_title: 'Riyadh Olaya' });

    // The same file again adds nobody: every good row merges.
    const again = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, {
      filename: 'contacts.csv',
      content: b64(csv),
    });
    expect(again.json()).toMatchObject({ added: 0, merged: 4, rejected: 4, list_total: 3 });
    // In Arabic the rows' reasons are Arabic (several in a row joined with an Arabic semicolon).
    const arabic = await use().app.inject({
      method: 'POST',
      url: `/v2/api/feedback/lists/${id}/upload`,
      headers: { ...bearer(tokens.manager!), 'accept-language': 'ar' },
      payload: {
        filename: 'contacts.csv',
        content: b64([csv, 'Two Problems,bad@,,,,maybe,'].join('\n')),
      },
    });
    expect(arabic.json().rejected_rows).toEqual([
      { row: 3, reason: 'رقم هاتف غير صالح: 123' },
      { row: 4, reason: 'بريد إلكتروني غير صالح: not-an-email' },
      { row: 5, reason: 'لا بريد إلكتروني ولا رقم هاتف' },
      { row: 6, reason: 'موقع غير معروف: Atlantis' },
      { row: 10, reason: 'بريد إلكتروني غير صالح: bad@؛ قيمة موافقة غير صالحة: maybe (اكتب yes أو no)' },
    ]);

    const noColumns = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, {
      filename: 'x.csv',
      content: b64('Foo\n1'),
    });
    expect(noColumns.statusCode).toBe(200);
    expect(noColumns.json()).toMatchObject({
      added: 0,
      rejected: 1,
      rejected_rows: [{ row: 2, reason: 'Neither email nor phone' }],
    });
    expect(
      (await call('analyst', 'POST', `/v2/api/feedback/lists/${id}/upload`, { filename: 'c.csv', content: b64(csv) }))
        .statusCode,
    ).toBe(403);
  });

  it('merges two uploads of the same new people sent at once into one contact each', async () => {
    const [one, two] = [await newList('At once A'), await newList('At once B')];
    const csv = ['Email,Phone', ...Array.from({ length: 40 }, (_, i) => `p${i}@once.test,+97150${2000000 + i}`)].join(
      '\n',
    );
    const [a, b] = await Promise.all(
      [one, two].map((id) =>
        call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, { filename: 'once.csv', content: b64(csv) }),
      ),
    );
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().added + b.json().added).toBe(40);
    expect(a.json().merged + b.json().merged).toBe(40);
    expect((await contactsOf(one, '&search=once.test')).map((c) => c.id).sort()).toEqual(
      (await contactsOf(two, '&search=once.test')).map((c) => c.id).sort(),
    );
  });

  it('uploads an .xlsx with a date cell, exports the list and serves the example file', async () => {
    const id = await newList('Excel upload');
    const example = await call('manager', 'GET', `/v2/api/feedback/lists/upload/example`);
    expect(example.statusCode).toBe(200);
    const exampleRows = await workbookOf(example.rawPayload);
    expect(exampleRows[0]).toEqual(['Name', 'Email', 'Phone', 'Location', 'Tags', 'Consent', 'Last visit']);
    const arExample = await use().app.inject({
      url: '/v2/api/feedback/lists/upload/example',
      headers: { ...bearer(tokens.manager!), 'accept-language': 'ar' },
    });
    const arHelp = new ExcelJS.Workbook();
    await arHelp.xlsx.load(arExample.rawPayload as unknown as ArrayBuffer);
    expect(arHelp.worksheets.map((w) => w.name)).toEqual(['Contacts', 'تعليمات']);
    expect((arHelp.worksheets[1]!.getRow(2).values as unknown[]).slice(1)).toEqual(['Name', 'لا', 'اسم العميل.']);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Phone', 'Name', 'Last visit', 'Email']);
    ws.addRow(['+971 55 999 0000', 'Excel Person', new Date(Date.UTC(2026, 0, 15)), '']);
    ws.addRow(['+971 55 999 0000', 'Excel Twin', '', 'twin@xlsx.test']);
    ws.addRow(['abc', 'Wrong', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, {
      filename: 'contacts.xlsx',
      content: b64(file),
    });
    expect(res.json()).toMatchObject({ added: 1, merged: 1, rejected: 1, list_total: 1 });
    expect(res.json().rejected_rows[0].row).toBe(4);

    const exported = await call('analyst', 'GET', `/v2/api/feedback/lists/${id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/Excel-upload-\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await workbookOf(exported.rawPayload);
    expect(rows[0]!.slice(0, 7)).toEqual(['Name', 'Email', 'Phone', 'Location', 'Tags', 'Consent', 'Last visit']);
    expect(rows[1]!.slice(0, 7)).toEqual([
      'Excel Person',
      'twin@xlsx.test',
      '+971559990000',
      '',
      '',
      'yes',
      '2026-01-15',
    ]);
    expect(
      (
        await call('manager', 'POST', `/v2/api/feedback/lists/${id}/upload`, { filename: 'a.pdf', content: 'AAAA' })
      ).json(),
    ).toMatchObject({ error: 'invalid_request', error_description: 'Upload an .xlsx or .csv file.' });
  });

  it('suppresses an address by hand, shows it on the contact, lists, exports and re-subscribes (admins only)', async () => {
    const id = await newList('Suppressed');
    await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, {
      email: 'gone@sup.test',
      phone: '0507770000',
    });
    const add = await call('manager', 'POST', '/v2/api/feedback/suppressions', {
      channel: 'sms',
      address: '050 777 0000',
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ channel: 'sms', address: '+971507770000', reason: 'manual' });
    await call('manager', 'POST', '/v2/api/feedback/suppressions', { channel: 'email', address: 'GONE@sup.test' });
    const bad = await call('manager', 'POST', '/v2/api/feedback/suppressions', { channel: 'email', address: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call('analyst', 'POST', '/v2/api/feedback/suppressions', { channel: 'email', address: 'a@b.co' }))
        .statusCode,
    ).toBe(403);

    expect((await contactsOf(id))[0]).toMatchObject({ email_suppressed: true, sms_suppressed: true });
    const sms = (await call('analyst', 'GET', '/v2/api/feedback/suppressions?channel=sms&search=777')).json();
    expect(sms).toMatchObject({ total: 1, data: [{ address: '+971507770000' }] });
    const exported = await call('analyst', 'GET', '/v2/api/feedback/suppressions/export');
    const rows = await workbookOf(exported.rawPayload);
    expect(rows[0]).toEqual(['Channel', 'Address', 'Reason', 'Since']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['+971507770000', 'gone@sup.test']);

    const path = `/v2/api/feedback/suppressions/sms/${encodeURIComponent('+971507770000')}`;
    expect((await call('manager', 'DELETE', path)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', path)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', path)).statusCode).toBe(404);
    expect((await contactsOf(id))[0]).toMatchObject({ email_suppressed: true, sms_suppressed: false });
  });

  it('is gated by the Feedback feature', async () => {
    const { database, fx } = use();
    await setCompanyFeatures(database.db, fx.companyB.id, packageFeatures('Starter'));
    try {
      expect((await call('b', 'GET', '/v2/api/feedback/lists')).statusCode).toBe(403);
      expect((await call('b', 'GET', '/v2/api/feedback/suppressions')).statusCode).toBe(403);
    } finally {
      await setCompanyFeatures(database.db, fx.companyB.id, [...packageFeatures('Business')]);
    }
  });

  it("answers 404 for another company's lists and contacts, and keeps suppressions apart", async () => {
    const id = await newList('Alpha only');
    const contact = (
      await call('manager', 'POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'mine@alpha.test' })
    ).json().contact.id as number;
    for (const [method, url, body] of [
      ['GET', `/v2/api/feedback/lists/${id}`],
      ['PATCH', `/v2/api/feedback/lists/${id}`, { name: 'x' }],
      ['DELETE', `/v2/api/feedback/lists/${id}`],
      ['GET', `/v2/api/feedback/lists/${id}/contacts`],
      ['POST', `/v2/api/feedback/lists/${id}/contacts`, { email: 'x@y.co' }],
      ['DELETE', `/v2/api/feedback/lists/${id}/contacts/${contact}`],
      ['GET', `/v2/api/feedback/lists/${id}/export`],
      ['POST', `/v2/api/feedback/lists/${id}/upload`, { filename: 'a.csv', content: b64('Email\na@b.co') }],
      ['GET', `/v2/api/feedback/contacts/${contact}`],
      ['PATCH', `/v2/api/feedback/contacts/${contact}`, { name: 'x' }],
      ['DELETE', `/v2/api/feedback/contacts/${contact}`],
    ] as [Method, string, object?][])
      expect((await call('b', method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await call('b', 'GET', '/v2/api/feedback/lists')).json().total).toBe(0);
    expect((await call('b', 'GET', '/v2/api/feedback/suppressions')).json().total).toBe(0);
    expect((await call('admin', 'GET', `/v2/api/feedback/contacts/${contact}`)).statusCode).toBe(200);
  });
});

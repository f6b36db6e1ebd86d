import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld, rollupVersusRebuild, type ReviewWorld } from './test/world';

describeEachDatabase(
  'share cards, exports and uploads',
  (use) => {
    let env: TestEnv;
    let world: ReviewWorld;
    const tokens: Record<string, string> = {};
    beforeAll(async () => {
      env = use();
      world = await createReviewWorld(env.database.db, env.fx);
      await env.database.db
        .update(reviews)
        .set({ text: '=HYPERLINK("http://evil.test") burgers' })
        .where(eq(reviews.id, world.ids.r5!));
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        analyst: 'analyst@alpha.test',
        responder: 'responder@alpha.test',
        beta: 'admin@beta.test',
      }))
        tokens[key] = (await signIn(env.app, email)).access_token;
    });
    const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      env.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

    it('makes a share card with public data and a PNG of the asked size', async () => {
      const res = await call('analyst', 'POST', '/v2/api/reviews/image', {
        reviewId: world.ids.r1,
        sharingSource: 'instagram',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, url, imageUrl, size } = res.json();
      expect(url).toBe(`http://reputo.test/review/${id}`);
      expect(size).toBe('portrait');
      expect(imageUrl).toBe(`http://reputo.test/review/${id}/portrait`);
      const data = await env.app.inject({ method: 'GET', url: `/v2/api/reviews/share/${id}` });
      expect(data.json()).toEqual({
        service: 'google',
        serviceTitle: 'Google',
        sharingSource: 'instagram',
        name: 'Sara Ali',
        date: '2024-03-01',
        rating_value: 5,
        review_text: 'Amazing burgers and friendly staff',
        location_name: 'Burger Bay Marina',
        location_location_id: 'BB-001',
      });
      const png = await env.app.inject({ method: 'GET', url: `/review/${id}/600x315` });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const buf = png.rawPayload;
      expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([buf.readUInt32BE(16), buf.readUInt32BE(20)]).toEqual([600, 315]);
      const portrait = (await env.app.inject({ method: 'GET', url: `/review/${id}/portrait` })).rawPayload;
      expect([portrait.readUInt32BE(16), portrait.readUInt32BE(20)]).toEqual([1080, 1350]);
      expect((await env.app.inject({ method: 'GET', url: `/review/${id}/huge` })).statusCode).toBe(400);
      expect((await env.app.inject({ method: 'GET', url: '/review/notarealshare1/large' })).statusCode).toBe(404);
      const missing = await env.app.inject({ method: 'GET', url: '/v2/api/reviews/share/notarealshare1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error_description).toBe('No data');
      expect((await call('beta', 'POST', '/v2/api/reviews/image', { reviewId: world.ids.r1 })).statusCode).toBe(404);
    });

    it('exports the filtered reviews to Excel with formula-like cells escaped', async () => {
      const res = await call('analyst', 'GET', '/v2/api/reviews/export/excel?sources=zomato,facebook');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="reviews-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Reviews')!;
      expect(sheet.rowCount).toBe(4);
      expect(sheet.getRow(1).getCell(10).value).toBe('Review');
      const texts = [2, 3, 4].map((r) => sheet.getRow(r).getCell(10).value);
      expect(texts).toEqual([
        'Recommended for noodle lovers',
        `'=HYPERLINK("http://evil.test") burgers`,
        'Best milkshake in Dubai',
      ]);
      // Each row names its review's place (brand, region, location, location ID) as the list does.
      const listed = (await call('analyst', 'GET', '/v2/api/reviews?sources=zomato,facebook')).json().reviews as {
        location: {
          title: string;
          locationId: string | null;
          brandTitle: string | null;
          stateTitle: string | null;
        } | null;
      }[];
      const places = [2, 3, 4].map((r) => [3, 4, 5, 6].map((c) => sheet.getRow(r).getCell(c).value ?? null));
      expect(places).toEqual(
        listed.map((r) => [
          r.location?.brandTitle ?? null,
          r.location?.stateTitle ?? null,
          r.location?.title ?? null,
          r.location?.locationId ?? null,
        ]),
      );
      expect(places.some((p) => p.every((v) => v !== null))).toBe(true);
    });

    it('exports rating and response-rate figures to Excel', async () => {
      const rating = await call('analyst', 'GET', '/v2/api/reviews/rating/export');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(rating.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.getWorksheet('Rating')!;
      const last = sheet.getRow(sheet.rowCount);
      expect(last.values).toEqual([undefined, 'All sources', 12, 11, 3.55, 4, 2, 2, 2, 1]);
      const rate = await call('analyst', 'GET', '/v2/api/reviews/response_rate/export');
      const wb2 = new ExcelJS.Workbook();
      await wb2.xlsx.load(rate.rawPayload as unknown as ArrayBuffer);
      const rows = wb2
        .getWorksheet('Response rate')!
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1));
      expect(rows).toContainEqual(['All sources', 12, 3, 25, 1]);
    });

    it('exports the filtered reviews to PDF through a signed download link', async () => {
      const link = await call('analyst', 'POST', '/v2/api/reviews/export/link', { format: 'pdf', query: 'ratings=5' });
      expect(link.statusCode, link.body).toBe(200);
      const res = await env.app.inject({ method: 'GET', url: link.json().url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      expect(text).toContain('Reviews - Alpha Restaurants');
      for (const name of ['Sara Ali', 'Lina M', 'Mei Chen', 'Guest']) expect(text).toContain(name);
      expect(text).not.toContain('John Smith');
      expect(
        (await env.app.inject({ method: 'GET', url: '/v2/api/reviews/export/download?token=not-a-token' })).statusCode,
      ).toBe(401);
    });

    it('imports good rows, reports bad ones by line, skips duplicates, and keeps the rollup exact', async () => {
      const csv = [
        'source,date,rating,text,author_name,location_id,external_id',
        'google,2024-06-01,5,Fantastic shawarma,Ali,BB-001,g-new-1',
        'google,2024-06-02,4,,Mona,BB-002,g-new-2',
        'google,2024-03-01,5,dup of r1,Sara Ali,BB-001,google-r1',
        'google,2024-06-01,5,Fantastic shawarma,Ali,BB-001,g-new-1',
        'myspace,2024-06-01,5,x,Bob,BB-001,',
        'google,June 1st,5,x,Bob,BB-001,',
        'google,2024-06-01,7,x,Bob,BB-001,',
        'google,2024-06-01,,,Bob,BB-001,',
        'google,2024-06-01,3,x,Bob,NOPE-9,',
        '"tripadvisor","2024-06-03T18:30:00Z","2","Slow, cold ""fries""",Kim,Burger Bay Sahara Centre,ta-1',
      ].join('\n');
      const res = await call('admin', 'POST', '/v2/api/reviews/upload', {
        fileName: 'reviews.csv',
        content: Buffer.from(csv).toString('base64'),
      });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().status).toBe('running');
      await jobQueueFor({ db: env.database.db }).runDue();
      const done = (await call('admin', 'GET', `/v2/api/reviews/upload/${res.json().id}`)).json();
      expect(done).toMatchObject({
        status: 'done',
        totalRows: 10,
        processedRows: 10,
        acceptedRows: 3,
        savedRows: 3,
        imported: 3,
        duplicates: 2,
      });
      expect(done.rejected).toEqual([
        { line: 6, reason: 'Unknown source "myspace"' },
        { line: 7, reason: 'The date "June 1st" is not a date: use YYYY-MM-DD or an Excel date cell' },
        { line: 8, reason: 'The rating "7" is not a whole number from 1 to 5' },
        { line: 9, reason: 'A review needs a rating or a text' },
        { line: 10, reason: 'Unknown location "NOPE-9"' },
      ]);
      // The same report in the request's language (the web sends Accept-Language), one upload or the list.
      const inArabic = (url: string) =>
        env.app.inject({ method: 'GET', url, headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' } });
      const arabic = [
        { line: 6, reason: 'المصدر "myspace" غير معروف' },
        { line: 7, reason: '"June 1st" ليس تاريخًا: اكتبه بالصيغة YYYY-MM-DD أو استخدم خلية تاريخ في Excel' },
        { line: 8, reason: 'التقييم "7" ليس عددًا صحيحًا من 1 إلى 5' },
        { line: 9, reason: 'تحتاج المراجعة إلى تقييم أو نص' },
        { line: 10, reason: 'الموقع "NOPE-9" غير معروف' },
      ];
      expect((await inArabic(`/v2/api/reviews/upload/${res.json().id}`)).json().rejected).toEqual(arabic);
      const listed = (await inArabic('/v2/api/reviews/upload')).json().uploads as { id: number; rejected: unknown }[];
      expect(listed.find((u) => u.id === res.json().id)?.rejected).toEqual(arabic);
      const list = (await call('admin', 'GET', '/v2/api/reviews?search=fries&sources=tripadvisor')).json();
      expect(list.reviews[0]).toMatchObject({
        text: 'Slow, cold "fries"',
        name: 'Kim',
        location: { title: 'Burger Bay Sahara Centre' },
      });
      const { incremental, rebuilt } = await rollupVersusRebuild(env.database.db, env.fx.companyA.id);
      expect(incremental).toEqual(rebuilt);
      expect((await call('beta', 'GET', `/v2/api/reviews/upload/${res.json().id}`)).statusCode).toBe(404);
    });

    it('imports Excel files, and imports nothing from a broken file', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Sheet1');
      ws.addRow(['source', 'date', 'rating', 'text', 'location_id']);
      ws.addRow(['Google', '2024-07-01', 4, 'From Excel', 'NN-001']);
      const xlsx = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
      const ok = await call('admin', 'POST', '/v2/api/reviews/upload', { fileName: 'r.xlsx', content: xlsx });
      await jobQueueFor({ db: env.database.db }).runDue();
      expect((await call('admin', 'GET', `/v2/api/reviews/upload/${ok.json().id}`)).json()).toMatchObject({
        status: 'done',
        imported: 1,
      });

      const before = (await call('admin', 'GET', '/v2/api/reviews')).json().total_reviews_count;
      const broken = await call('admin', 'POST', '/v2/api/reviews/upload', {
        fileName: 'b.xlsx',
        content: Buffer.from('PK not really a zip').toString('base64'),
      });
      const noHeader = await call('admin', 'POST', '/v2/api/reviews/upload', {
        fileName: 'c.csv',
        content: Buffer.from('google,2024-01-01,5,x\n').toString('base64'),
      });
      const unclosed = await call('admin', 'POST', '/v2/api/reviews/upload', {
        fileName: 'd.csv',
        content: Buffer.from('source,date,rating,text\ngoogle,2024-01-01,5,"never closed\n').toString('base64'),
      });
      await jobQueueFor({ db: env.database.db }).runDue();
      const status = async (id: number) => (await call('admin', 'GET', `/v2/api/reviews/upload/${id}`)).json();
      expect(await status(broken.json().id)).toMatchObject({
        status: 'failed',
        imported: 0,
        error: 'The Excel file cannot be read. Save it as .xlsx (or .csv) and try again.',
      });
      expect((await status(noHeader.json().id)).error).toContain('missing: source, date');
      expect((await status(unclosed.json().id)).error).toBe('The CSV file is broken: a quoted value is never closed.');
      // Why a file failed, in the request's language.
      const arabicError = async (id: number) =>
        (
          await env.app.inject({
            method: 'GET',
            url: `/v2/api/reviews/upload/${id}`,
            headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
          })
        ).json().error;
      expect(await arabicError(broken.json().id)).toBe(
        'تعذّرت قراءة ملف Excel. احفظه بصيغة .xlsx (أو .csv) ثم حاول مرة أخرى.',
      );
      expect(await arabicError(noHeader.json().id)).toMatch(
        /^يجب أن يحمل الصف الأول أسماء الأعمدة؛ الناقص منها: source, date/,
      );
      expect((await call('admin', 'GET', '/v2/api/reviews')).json().total_reviews_count).toBe(before);
      expect(
        (await call('responder', 'POST', '/v2/api/reviews/upload', { fileName: 'r.csv', content: 'eA==' })).statusCode,
      ).toBe(403);
      const example = await call('admin', 'GET', '/v2/api/reviews/upload/example');
      expect(example.body).toContain('source,date,rating,text');
    });

    const uploadAndRun = async (fileName: string, content: Buffer, who = 'admin') => {
      const res = await call(who, 'POST', '/v2/api/reviews/upload', { fileName, content: content.toString('base64') });
      expect(res.statusCode, res.body).toBe(202);
      await jobQueueFor({ db: env.database.db }).runDue();
      return (await call(who, 'GET', `/v2/api/reviews/upload/${res.json().id}`)).json();
    };

    it('imports Excel date cells, ISO texts and day-month dates that read one way; an ambiguous date is a row error', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Reviews');
      ws.addRow(['source', 'date', 'rating', 'text', 'location_id']);
      // Real date cells: numbers with a date format in the file, as Excel writes them.
      ws.addRow(['google', new Date(Date.UTC(2025, 3, 3)), 5, 'Date cell, day only', 'BB-001']);
      ws.addRow(['google', new Date(Date.UTC(2025, 3, 4, 18, 30)), 4, 'Date cell with a time', 'BB-001']);
      ws.addRow(['google', '2025-04-05', 4, 'ISO text', 'BB-001']);
      ws.addRow(['google', '23/04/2025', 3, 'Day first', 'BB-001']);
      ws.addRow(['google', '3 April 2025', 3, 'Month by name', 'BB-001']);
      ws.addRow(['google', '03/04/2025', 2, 'Ambiguous', 'BB-001']);
      ws.getColumn(2).numFmt = 'dd/mm/yyyy';
      const done = await uploadAndRun('dates.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
      expect(done).toMatchObject({ status: 'done', imported: 5, rejectedTotal: 1 });
      expect(done.rejected).toEqual([
        {
          line: 7,
          reason: 'The date "03/04/2025" is ambiguous: it could be 3 April or 4 March 2025. Write it as YYYY-MM-DD',
        },
      ]);
      const arabic = await env.app.inject({
        method: 'GET',
        url: `/v2/api/reviews/upload/${done.id}`,
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(arabic.json().rejected).toEqual([
        { line: 7, reason: 'التاريخ "03/04/2025" يحتمل معنيين: 3 أبريل أو 4 مارس 2025. اكتبه بالصيغة YYYY-MM-DD' },
      ]);
      const listed = (await call('admin', 'GET', '/v2/api/reviews?search=date cell')).json().reviews as {
        text: string;
        date: string;
      }[];
      expect(Object.fromEntries(listed.map((r) => [r.text, r.date.slice(0, 16)]))).toEqual({
        'Date cell, day only': '2025-04-03T12:00',
        'Date cell with a time': '2025-04-04T18:30',
      });
    });

    it('counts every rejected row and downloads all of them as CSV', async () => {
      const bad = Array.from({ length: 1500 }, (_, i) => `myspace,2024-06-01,5,row ${i},BB-001`);
      const done = await uploadAndRun(
        'bad.csv',
        Buffer.from(
          ['source,date,rating,text,location_id', ...bad, 'google,2024-06-09,5,the one good row,BB-001'].join('\n'),
        ),
      );
      expect(done).toMatchObject({ status: 'done', imported: 1, rejectedTotal: 1500 });
      expect(done.rejected).toHaveLength(1000);
      const csv = await call('admin', 'GET', `/v2/api/reviews/upload/${done.id}/rejected`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe('line,reason');
      expect(lines.slice(1)).toEqual(bad.map((_, i) => `${i + 2},"Unknown source ""myspace"""`));
      // The reasons in the requester's language; the column names stay the file's English ones.
      const arabic = await env.app.inject({
        method: 'GET',
        url: `/v2/api/reviews/upload/${done.id}/rejected`,
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      const arLines = arabic.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(arLines[0]).toBe('line,reason');
      expect(arLines).toHaveLength(1501);
      expect(arLines[1]).toBe('2,"المصدر ""myspace"" غير معروف"');
      expect(arLines[1500]).toBe('1501,"المصدر ""myspace"" غير معروف"');
      expect((await call('beta', 'GET', `/v2/api/reviews/upload/${done.id}/rejected`)).statusCode).toBe(404);
    });

    it("builds the example file from the company's own locations, and it imports as it is", async () => {
      // Company B's admin: the example names Beta Bank's location, none of Alpha's.
      const example = await call('beta', 'GET', '/v2/api/reviews/upload/example');
      const rows = example.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')
        .slice(1);
      expect(rows.map((r) => r.split(',').at(-4))).toEqual(['BETA-1', 'BETA-1', 'BETA-1']);
      expect(example.body).not.toMatch(/BB-|NN-/);
      const done = await uploadAndRun('example.csv', Buffer.from(example.body), 'beta');
      expect(done).toMatchObject({ status: 'done', imported: 3, rejectedTotal: 0 });
    });
  },
  { env: { JOBS_INTERVAL_MS: '0' } },
);

import ExcelJS from 'exceljs';
import { MSG, presetRange } from '@reputo/core';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../platform/mail';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { lastMailTo } from '../../test/mail';
import { createReportingWorld, insertReviews, type ReportingWorld } from '../statistics/test/reportingData';
import { nextRunAfter } from './service';

interface Received {
  to: string[];
  data: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The jobs and report settings as rows, for the message of a failed expectation. */
async function queueStateOf(db: Db): Promise<string> {
  const jobs = rowsOf(
    await db.execute(sql`SELECT name, status, attempts, run_at, last_error FROM jobs ORDER BY id DESC LIMIT 20`),
  );
  const settings = rowsOf(
    await db.execute(sql`SELECT user_id, enabled, next_run_at, last_sent_at FROM report_settings`),
  );
  return JSON.stringify({ now: new Date(), jobs, settings });
}

/** The base64 body of the MIME part whose filename ends with .xlsx. */
function xlsxAttachment(mime: string): Buffer {
  const at = mime.search(/filename="?[^"\r\n]*\.xlsx/);
  expect(at).toBeGreaterThan(0);
  const rest = mime.slice(at);
  const body = rest.slice(rest.search(/\r?\n\r?\n/)).trimStart();
  return Buffer.from(body.slice(0, body.indexOf('--')).replace(/\s+/g, ''), 'base64');
}

function bodyText(mime: string): string {
  // Quoted-printable folds long lines and escapes '='.
  return mime.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

async function workbookOf(mime: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsxAttachment(mime) as unknown as ExcelJS.Buffer);
  return wb;
}

describe('report schedule', () => {
  it('weekly reports are due on the next week start, monthly on the 1st, at 06:00 UTC', () => {
    const wed = new Date('2025-03-05T15:00:00Z');
    expect(nextRunAfter(wed, 'weekly', 7).toISOString()).toBe('2025-03-09T06:00:00.000Z');
    expect(nextRunAfter(wed, 'weekly', 1).toISOString()).toBe('2025-03-10T06:00:00.000Z');
    expect(nextRunAfter(new Date('2025-03-09T07:00:00Z'), 'weekly', 7).toISOString()).toBe('2025-03-16T06:00:00.000Z');
    expect(nextRunAfter(wed, 'monthly', 7).toISOString()).toBe('2025-04-01T06:00:00.000Z');
  });
});

describeEachDatabase(
  'Report settings and scheduled e-mail reports',
  (use) => {
    let world: ReportingWorld;
    let token: string;
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, as = token) =>
      use().app.inject({ method, url, payload: body, headers: bearer(as) });

    beforeAll(async () => {
      const env = use();
      world = await createReportingWorld(env.database.db, env.fx.companyA.id);
      // Two reviews in last week (Sunday start), which the weekly report covers.
      const lastWeek = presetRange('lastWeek', new Date(), 7);
      await insertReviews(env.database.db, env.fx.companyA.id, world, [
        {
          key: 'w1',
          location: 'marina',
          source: 'google',
          rating: 5,
          day: lastWeek.from,
          text: 'Delicious food and friendly staff.',
          repliedAfterHours: 2,
        },
        { key: 'w2', location: 'downtown', source: 'google', rating: 3, day: lastWeek.to, text: 'Service was slow.' },
      ]);
      token = (await signIn(env.app, 'manager@alpha.test')).access_token;
    });

    it('GET answers the defaults; POST saves, schedules and checks the recipients', async () => {
      expect((await call('GET', '/v2/api/reportSettings')).json()).toMatchObject({
        enabled: false,
        frequency: 'weekly',
        recipients: [],
        email: 'manager@alpha.test',
        next_run_at: null,
      });
      const bad = await call('POST', '/v2/api/reportSettings', {
        enabled: true,
        frequency: 'weekly',
        recipients: ['not-an-email'],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_description).toBe(MSG.emailNotValid);
      expect(
        (await call('POST', '/v2/api/reportSettings', { enabled: true, frequency: 'yearly' })).json().error_description,
      ).toBe('frequency must be weekly or monthly');
      const saved = await call('POST', '/v2/api/reportSettings', {
        enabled: true,
        frequency: 'weekly',
        recipients: ['Boss@Alpha.test'],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ enabled: true, frequency: 'weekly', recipients: ['boss@alpha.test'] });
      const next = new Date(saved.json().next_run_at);
      expect(next.getUTCDay()).toBe(0); // Sunday, the manager's week start
      expect(next.getUTCHours()).toBe(6);
      expect(next.getTime()).toBeGreaterThan(Date.now());
    });

    it('trigger sends the report now to a real SMTP peer, with a summary and an Excel file that opens', async () => {
      const before = received.length;
      const res = await call('POST', '/v2/api/reportSettings/trigger', {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().recipients).toEqual(['manager@alpha.test', 'boss@alpha.test']);
      expect(res.json().message).toBe('The weekly report was sent to manager@alpha.test, boss@alpha.test.');
      // The mails are queued for SMTP: the queue delivers them (a listening server's runner at once).
      await jobQueueFor(use().app.deps).runDue();
      const mails = received.slice(before);
      expect(mails.map((m) => m.to[0]).sort()).toEqual(['boss@alpha.test', 'manager@alpha.test']);
      const text = bodyText(mails[0]!.data);
      expect(text).toContain('Subject: Your weekly Reputo report: Alpha Restaurants');
      expect(text).toContain('Reviews: 2');
      expect(text).toContain('Average rating: 4.00');
      expect(text).toContain('Response rate: 50.0%');
      expect(text).toMatch(/Most mentioned topics: .*Food \(1\)/);
      const wb = await workbookOf(mails[0]!.data);
      const summary = wb.getWorksheet('Summary')!;
      const rows = summary
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (r as unknown[]).slice(1));
      expect(rows.find((r) => r[0] === 'Reviews')?.[1]).toBe(2);
      expect(rows.find((r) => r[0] === 'Average rating')?.[1]).toBe(4);
      expect(wb.getWorksheet('Locations')).toBeDefined();
    });

    it("names the topics in the recipient's language", async () => {
      expect((await call('PATCH', '/v2/api/user', { language: 'ar' })).statusCode).toBe(200);
      try {
        const sent = await call('POST', '/v2/api/reportSettings/trigger', {});
        expect(sent.statusCode).toBe(200);
        // The answer's notice too, in the user's language.
        expect(sent.json().message).toBe('أُرسل التقرير الأسبوعي إلى manager@alpha.test، boss@alpha.test.');
        // Delivered here, so the next test counts only its own mails.
        await jobQueueFor(use().app.deps).runDue();
        const mail = await lastMailTo(use(), 'manager@alpha.test');
        expect(mail.text).toContain('الطعام (1)');
        expect(mail.text).toContain('الموظفون (1)');
        expect(mail.text).not.toContain('Food');
      } finally {
        await call('PATCH', '/v2/api/user', { language: null });
      }
    });

    it('the job queue sends due reports once and schedules the next one', async () => {
      const env = use();
      const db = env.database.db;
      await db.execute(
        sql`UPDATE report_settings SET next_run_at = now() - interval '1 minute', last_sent_at = NULL WHERE user_id = ${env.fx.companyA.manager.id}`,
      );
      const before = received.length;
      const queue = jobQueueFor(env.app.deps);
      await queue.enqueue('reports.sweep');
      await queue.runDue();
      // On a failure, the jobs and the setting say why (under CI load on PostgreSQL this once showed the
      // send job queued and not claimed: the claim compared its run_at with its transaction's start).
      expect(received.length - before, await queueStateOf(db)).toBe(2);
      const after = (await call('GET', '/v2/api/reportSettings')).json();
      expect(after.last_sent_at).not.toBeNull();
      expect(new Date(after.next_run_at).getTime()).toBeGreaterThan(Date.now());
      // Nothing is due any more: a second sweep sends nothing.
      await queue.enqueue('reports.sweep');
      await queue.runDue();
      expect(received.length - before).toBe(2);
    });
  },
  {
    env: { JOBS_INTERVAL_MS: '0' },
    mailer: (config, database) =>
      createMailer({
        db: database.db,
        queue: jobQueueFor({ db: database.db, config }),
        smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        from: config.mailFrom,
        log: silentLog,
      }),
  },
);

const noop = () => undefined;
const silentLog = {
  info: noop,
  error: noop,
  warn: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => silentLog,
  level: 'silent',
  silent: noop,
} as unknown as Parameters<typeof createMailer>[0]['log'];

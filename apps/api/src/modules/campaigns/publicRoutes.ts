import { feedbackPaths, isStopWord } from '@reputo/core';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { validTwilioSignature } from '../../connectors/sms/signature';
import { access } from '../../platform/access';
import { fileResponse } from '../../platform/openapi';
import type { App, AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { landingPageCodeFor } from './landingCode';

/**
 * The public addresses a campaign's messages carry (no sign-in; the recipient's random token is the
 * key): the open pixel, the tracked link, the unsubscribe page (RFC 8058 one-click by POST), and
 * Twilio's status callback and inbound SMS hook, both verified with X-Twilio-Signature.
 */
const tags = ['feedback campaigns (public)'];
const tokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, 'not a recipient token') });
/** The smallest transparent GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface RecipientRef {
  id: number;
  company_id: number;
  location_id: number | null;
  channel: string;
  address: string;
  language: string | null;
}

async function recipientOf(db: Db, token: string): Promise<RecipientRef | undefined> {
  const r = await db.execute(sql`
    SELECT r.id, r.company_id, r.location_id, r.channel, r.address, t.language
    FROM campaign_recipients r JOIN campaigns c ON c.id = r.campaign_id
    LEFT JOIN campaign_templates t ON t.id = c.template_id
    WHERE r.token = ${token}`);
  return rowsOf<RecipientRef>(r)[0];
}

async function unsubscribe(db: Db, r: RecipientRef, reason: 'unsubscribed' | 'stop'): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE campaign_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now()) WHERE id = ${r.id}`,
    );
    await tx.execute(sql`INSERT INTO suppressions (company_id, channel, address, reason)
      VALUES (${r.company_id}, ${r.channel}, ${r.address}, ${reason}) ON CONFLICT DO NOTHING`);
  });
}

const PAGE_TEXT = {
  en: {
    title: 'Unsubscribe',
    ask: 'Stop receiving invitations to rate your visits at this address?',
    button: 'Unsubscribe',
    done: 'You are unsubscribed. You will not receive these invitations again.',
  },
  ar: {
    title: 'إلغاء الاشتراك',
    ask: 'هل تريد التوقف عن تلقي دعوات تقييم زياراتك على هذا العنوان؟',
    button: 'إلغاء الاشتراك',
    done: 'تم إلغاء اشتراكك. لن تصلك هذه الدعوات مرة أخرى.',
  },
};

function unsubscribePage(reply: FastifyReply, language: string | null, action: string | null): FastifyReply {
  const lang = language === 'ar' ? 'ar' : 'en';
  const t = PAGE_TEXT[lang];
  const body = action
    ? `<p>${t.ask}</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${t.button}</button></form>`
    : `<p>${t.done}</p>`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>` +
        '<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1677ff;color:#fff;cursor:pointer}</style>' +
        `</head><body><h1>${t.title}</h1>${body}</body></html>`,
    );
}

function trackingRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/o/:file',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary: "An invitation mail's open pixel (/o/<token>.gif): stamps opened, answers a 1x1 GIF",
        params: z.object({ file: z.string().max(64) }),
        response: { 200: fileResponse('A transparent 1x1 GIF', 'image/gif') },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.gif$/, '');
      if (/^[0-9a-f]{32}$/.test(token))
        await db.execute(
          sql`UPDATE campaign_recipients SET opened_at = now() WHERE token = ${token} AND opened_at IS NULL`,
        );
      // Always the pixel, even for an unknown token: a mail client shows no broken image.
      return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
    },
  );

  app.get(
    '/c/:token',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary: "An invitation's tracked link: stamps clicked, then redirects to the landing page with ?r=<token>",
        params: tokenParams,
        // Answers only a redirect: no 2XX answer for the document to describe (routes.test lists why).
        hide: true,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const r = await recipientOf(db, token);
      if (!r) throw notFound('This link is not valid');
      // A click proves the mail was opened too (images are often blocked).
      await db.execute(
        sql`UPDATE campaign_recipients SET clicked_at = coalesce(clicked_at, now()), opened_at = coalesce(opened_at, now()) WHERE id = ${r.id}`,
      );
      const code = await landingPageCodeFor(db, r.company_id, r.location_id);
      if (!code) throw notFound('This link is not valid');
      return reply.redirect(`${deps.config.publicUrl}${feedbackPaths.landingPage(code)}?r=${token}`, 302);
    },
  );

  app.get(
    '/u/:token',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary: 'The unsubscribe page of an invitation (in its language): a button that POSTs',
        params: tokenParams,
        response: { 200: fileResponse('An HTML page', 'text/html') },
      },
    },
    async (request, reply) => {
      const r = await recipientOf(db, request.params.token);
      if (!r) throw notFound('This link is not valid');
      return unsubscribePage(reply, r.language, feedbackPaths.unsubscribe(request.params.token));
    },
  );

  app.post(
    '/u/:token',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary:
          'Unsubscribe (RFC 8058 one-click: List-Unsubscribe=One-Click): the address is suppressed for the company',
        params: tokenParams,
        response: { 200: fileResponse('An HTML page', 'text/html') },
      },
    },
    async (request, reply) => {
      const r = await recipientOf(db, request.params.token);
      if (!r) throw notFound('This link is not valid');
      await unsubscribe(db, r, 'unsubscribed');
      return unsubscribePage(reply, r.language, null);
    },
  );
}

const formBody = z.record(z.string(), z.string());

/** Twilio signs the URL it called: ours as configured (PUBLIC_URL), with the request's path and query. */
function checkTwilio(
  deps: AppDeps,
  url: string,
  signature: string | string[] | undefined,
  form: Record<string, string>,
): void {
  const token = deps.config.twilio?.authToken;
  const sig = Array.isArray(signature) ? signature[0] : signature;
  if (!token || !validTwilioSignature(token, sig, `${deps.config.publicUrl}${url}`, form))
    throw forbidden('Invalid X-Twilio-Signature');
}

const FINAL_FAILURES = ['failed', 'undelivered'];
/**
 * Twilio may call back before the sender committed the MessageSid it just answered (the row is
 * still 'sending', without provider_id): wait a little for that commit rather than lose the status.
 */
const CALLBACK_WAITS_MS = [50, 100, 200, 400, 800];

async function recordSmsStatus(db: Db, sid: string, status: string, errorCode: string | undefined): Promise<void> {
  const reason = `SMS ${status}${errorCode ? ` (Twilio error ${errorCode})` : ''}`;
  for (const wait of [0, ...CALLBACK_WAITS_MS]) {
    if (wait) await new Promise((r) => setTimeout(r, wait));
    const r =
      status === 'delivered'
        ? await db.execute(sql`UPDATE campaign_recipients SET delivered_at = coalesce(delivered_at, now()),
            state = CASE WHEN state = 'sent' THEN 'delivered' ELSE state END
            WHERE provider_id = ${sid} AND channel = 'sms' RETURNING id`)
        : await db.execute(sql`UPDATE campaign_recipients SET state = 'failed', failure_reason = ${reason}, failed_at = now()
            WHERE provider_id = ${sid} AND channel = 'sms' RETURNING id`);
    if (rowsOf(r).length) return;
  }
}

function twilioRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/v2/public/sms/status',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary: "Twilio's status callback (form-encoded, X-Twilio-Signature): delivered, or failed with its ErrorCode",
        body: formBody,
        response: { 204: z.null().describe('Recorded') },
      },
    },
    async (request, reply) => {
      const form = request.body;
      checkTwilio(deps, request.url, request.headers['x-twilio-signature'], form);
      const sid = form.MessageSid ?? form.SmsSid ?? '';
      const status = form.MessageStatus ?? form.SmsStatus ?? '';
      if (status === 'delivered' || FINAL_FAILURES.includes(status))
        await recordSmsStatus(db, sid, status, form.ErrorCode);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v2/public/sms/inbound',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary:
          'Inbound SMS (Twilio messaging webhook, X-Twilio-Signature): STOP words suppress the number for every company that messaged it; answers TwiML',
        body: formBody,
        response: { 200: fileResponse('TwiML', 'text/xml') },
      },
    },
    async (request, reply) => {
      const form = request.body;
      checkTwilio(deps, request.url, request.headers['x-twilio-signature'], form);
      const from = form.From ?? '';
      if (from && isStopWord(form.Body ?? '')) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO suppressions (company_id, channel, address, reason)
            SELECT DISTINCT company_id, 'sms', ${from}, 'stop' FROM campaign_recipients WHERE channel = 'sms' AND address = ${from}
            ON CONFLICT DO NOTHING`);
          await tx.execute(sql`UPDATE campaign_recipients SET unsubscribed_at = coalesce(unsubscribed_at, now())
            WHERE channel = 'sms' AND address = ${from} AND sent_at IS NOT NULL`);
        });
      }
      // No reply of ours: Twilio answers STOP itself (Advanced Opt-Out).
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );
}

export function campaignPublicRoutes(app: App, deps: AppDeps): void {
  trackingRoutes(app, deps);
  twilioRoutes(app, deps);
}

import multipart from '@fastify/multipart';
import { feedbackPaths, type FeedbackLanguage } from '@reputo/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { fileResponse } from '../../platform/openapi';
import { uploadUrl, createStorage } from '../../platform/storage';
import { layout, messageStep, nextStep, ratingStep, thankYouStep, type Frame } from './html';
import {
  answerOf,
  couponHrefOf,
  followPublicLink,
  linksOf,
  openPage,
  PHOTO_MAX_BYTES,
  recordRating,
  sendPrivateFeedback,
  tokenOf,
  VisitorError,
  type OpenPage,
  type PrivateInput,
} from './publicFlow';
import type { ResponseRow } from './repository';
import { pageText, UI_TEXTS, visitorLanguage, type ErrorKey } from './texts';

/**
 * The public landing page (/f/<code>), outside the API and the web app: server-rendered HTML with
 * no script, so a phone on a weak network shows it at once. Step 1 asks the rating (a form POST);
 * step 2 offers every visitor, whatever the rating, the public review links and the private form
 * (no review gating: Google's and the FTC's rules forbid it); then a thank-you.
 */
const tags = ['landing pages'];
const html = fileResponse('An HTML page', 'text/html');
/**
 * The form posts and the tracked link answer a redirect (POST-redirect-GET, so a reload never sends
 * twice) and have no 2XX answer an OpenAPI document can describe: they are left out of it.
 */
const redirecting = { hide: true } as const;
const pageParams = z.object({ code: z.string().max(32) });
const stepParams = pageParams.extend({ token: z.string().max(64) });
const langQuery = z.object({ lang: z.string().max(8).optional(), r: z.string().max(128).optional() });

interface Visit {
  lang: FeedbackLanguage;
  recipient?: string;
}

function visitOf(request: FastifyRequest, query: { lang?: string; r?: string }): Visit {
  return { lang: visitorLanguage(query.lang, request.headers['accept-language']), recipient: query.r || undefined };
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

function frameOf(page: OpenPage, lang: FeedbackLanguage, selfPath: string, recipient?: string): Frame {
  return {
    lang,
    title: page.title,
    color: page.resolved.primaryColor,
    logoUrl: uploadUrl(page.resolved.logoPath ?? page.brandLogoPath),
    brandName: page.brandTitle ?? page.companyName,
    companyName: page.companyName,
    switchHref: withQuery(selfPath, { lang: lang === 'ar' ? 'en' : 'ar', r: recipient }),
  };
}

function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

function notFoundPage(reply: FastifyReply, lang: FeedbackLanguage) {
  const frame: Frame = {
    lang,
    title: 'Reputo',
    color: '#1677ff',
    logoUrl: null,
    brandName: 'Reputo',
    companyName: '',
    switchHref: null,
  };
  return sendHtml(reply, 404, layout(frame, messageStep(UI_TEXTS[lang].notFound)));
}

function text(page: OpenPage, lang: FeedbackLanguage, key: Parameters<typeof pageText>[2]) {
  return pageText(page.resolved.texts, lang, key, page.title, page.resolved.ratingType);
}

function ratingHtml(page: OpenPage, visit: Visit, error: ErrorKey | null): string {
  const self = feedbackPaths.landingPage(page.page.code);
  return layout(
    frameOf(page, visit.lang, self, visit.recipient),
    ratingStep(visit.lang, {
      headline: text(page, visit.lang, 'headline'),
      question: text(page, visit.lang, 'question'),
      ratingType: page.resolved.ratingType,
      action: self,
      hidden: { lang: visit.lang, ...(visit.recipient ? { r: visit.recipient } : {}) },
      error,
    }),
  );
}

const stepPath = (page: OpenPage, token: string) => `${feedbackPaths.landingPage(page.page.code)}/s/${token}`;

function scoreLabel(response: ResponseRow): string {
  return response.ratingType === 'nps'
    ? `${response.score} / 10`
    : `${'★'.repeat(response.score)}${'☆'.repeat(5 - response.score)}`;
}

function nextHtml(
  deps: AppDeps,
  page: OpenPage,
  response: ResponseRow,
  lang: FeedbackLanguage,
  form: { values?: PrivateInput; error?: ErrorKey | null } = {},
): string {
  const path = stepPath(page, tokenOf(deps, response));
  return layout(
    frameOf(page, lang, path),
    nextStep(lang, {
      score: scoreLabel(response),
      publicPrompt: text(page, lang, 'publicPrompt'),
      privatePrompt: text(page, lang, 'privatePrompt'),
      links: linksOf(page).map((l) => ({ title: l.title, href: `${path}/go/${l.source}` })),
      action: withQuery(path, { lang }),
      couponHref: couponHrefOf(deps, response),
      values: { name: form.values?.name ?? '', contact: form.values?.contact ?? '', text: form.values?.text ?? '' },
      error: form.error ?? null,
    }),
  );
}

/** The page and the visitor's answer of a step's address, or the reply already sent (404 or "rate again"). */
async function stepOf(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, code: string, token: string) {
  const asked = (request.query as { lang?: string }).lang;
  const lang = visitorLanguage(asked, request.headers['accept-language']);
  const page = await openPage(deps, code);
  if (!page) return { lang, sent: notFoundPage(reply, lang) };
  const response = await answerOf(deps, page, token);
  if (!response) return { lang, sent: sendHtml(reply, 404, ratingHtml(page, { lang }, 'expired')) };
  // The language the visitor rated in, unless the address asks another.
  return { lang: asked ? lang : visitorLanguage(response.language, undefined), page, response };
}

function ratingRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/f/:code',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'A landing page, step 1: the rating (stars or 0-10). ?lang=en|ar, ?r=<campaign recipient token>',
        params: pageParams,
        querystring: langQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const visit = visitOf(request, request.query);
      const page = await openPage(deps, request.params.code);
      if (!page) return notFoundPage(reply, visit.lang);
      return sendHtml(reply, 200, ratingHtml(page, visit, null));
    },
  );

  app.post(
    '/f/:code',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        ...redirecting,
        tags,
        summary:
          'Send the rating (form fields score, lang, r, and the honeypot website): 303 to step 2; 400, 404 or 429 answer the page with the error',
        params: pageParams,
        body: z.object({
          score: z.string().max(4).optional(),
          lang: z.string().max(8).optional(),
          r: z.string().max(128).optional(),
          website: z.string().max(500).optional(),
        }),
        response: { 303: z.null(), 400: html, 404: html, 429: html },
      },
    },
    async (request, reply) => {
      const visit = visitOf(request, request.body);
      const page = await openPage(deps, request.params.code);
      if (!page) return notFoundPage(reply, visit.lang);
      try {
        const response = await recordRating(deps, page, {
          score: request.body.score,
          website: request.body.website,
          recipientToken: visit.recipient,
          lang: visit.lang,
          address: request.ip,
        });
        return reply.redirect(withQuery(stepPath(page, tokenOf(deps, response)), { lang: visit.lang }), 303);
      } catch (error) {
        if (!(error instanceof VisitorError)) throw error;
        return sendHtml(reply, error.status, ratingHtml(page, visit, error.key));
      }
    },
  );
}

function stepRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/f/:code/s/:token',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "Step 2 of a visitor's answer: the public review links and the private feedback form",
        params: stepParams,
        querystring: langQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const step = await stepOf(deps, request, reply, request.params.code, request.params.token);
      if (!step.page) return step.sent;
      return sendHtml(reply, 200, nextHtml(deps, step.page, step.response, step.lang));
    },
  );

  app.get(
    '/f/:code/s/:token/go/:source',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        ...redirecting,
        tags,
        summary: 'A public review link: records the click on the answer, then redirects to the review site',
        params: stepParams.extend({ source: z.string().max(40) }),
        response: { 302: z.null(), 404: html },
      },
    },
    async (request, reply) => {
      const { code, token, source } = request.params;
      const step = await stepOf(deps, request, reply, code, token);
      if (!step.page) return step.sent;
      const url = await followPublicLink(deps, step.page, step.response, source);
      if (!url) return notFoundPage(reply, step.lang);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/f/:code/s/:token/thanks',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The thank-you step, with the coupon of the offer when one was given',
        params: stepParams,
        querystring: langQuery,
        response: { 200: html, 404: html },
      },
    },
    async (request, reply) => {
      const step = await stepOf(deps, request, reply, request.params.code, request.params.token);
      if (!step.page) return step.sent;
      const path = `${stepPath(step.page, request.params.token)}/thanks`;
      const body = thankYouStep(step.lang, text(step.page, step.lang, 'thankYou'), couponHrefOf(deps, step.response));
      return sendHtml(reply, 200, layout(frameOf(step.page, step.lang, path), body));
    },
  );
}

/** Reads the private form: its text fields and the photo (marked truncated past the limit). */
async function readPrivateForm(request: FastifyRequest): Promise<PrivateInput> {
  const input: PrivateInput = { name: '', contact: '', text: '', website: '', photo: null };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const key of ['name', 'contact', 'text', 'website'] as const)
      if (typeof body[key] === 'string') input[key] = body[key];
    return input;
  }
  for await (const part of request.parts({
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 20_000 },
  })) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      // An empty file input still sends a part with no name and no bytes.
      if (part.fieldname === 'photo' && content.length > 0) input.photo = { content, truncated: part.file.truncated };
    } else if (part.fieldname in input && part.fieldname !== 'photo' && typeof part.value === 'string') {
      input[part.fieldname as 'name' | 'contact' | 'text' | 'website'] = part.value;
    }
  }
  return input;
}

/** The private form: multipart (for the photo) needs its own parser scope, as offer images do. */
function privateFormRoute(app: App, deps: AppDeps): void {
  const storage = createStorage(deps.config);
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1 }, throwFileSizeLimit: false });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/f/:code/s/:token',
      {
        config: { access: access.public(), writes: 'none' },
        bodyLimit: PHOTO_MAX_BYTES + 64 * 1024,
        schema: {
          ...redirecting,
          tags,
          summary:
            'Send private feedback (multipart: text, name, contact as email or phone, photo up to 5 MB, honeypot website): becomes a review of source Feedback; 303 to the thank-you step, or the page with the error (400, 413, 429)',
          params: stepParams,
          querystring: langQuery,
          response: { 303: z.null(), 400: html, 404: html, 413: html, 429: html },
        },
      },
      async (request, reply) => {
        const { code, token } = request.params;
        const step = await stepOf(deps, request, reply, code, token);
        if (!step.page) return step.sent;
        const input = await readPrivateForm(request);
        try {
          await sendPrivateFeedback(deps, storage, step.page, step.response, input);
        } catch (error) {
          if (!(error instanceof VisitorError)) throw error;
          return sendHtml(
            reply,
            error.status,
            nextHtml(deps, step.page, step.response, step.lang, { values: input, error: error.key }),
          );
        }
        return reply.redirect(withQuery(`${stepPath(step.page, token)}/thanks`, { lang: step.lang }), 303);
      },
    );
  });
}

export function landingPagePublicRoutes(app: App, deps: AppDeps): void {
  ratingRoutes(app, deps);
  stepRoutes(app, deps);
  privateFormRoute(app, deps);
}

import { z } from 'zod';
import type { UiLanguage } from '@reputo/core';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { access, actingOf } from '../../platform/access';
import { languageOf } from '../../platform/i18n';
import type { App, AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { getReviewSettings, updateReviewSettings } from '../reviews/defaults';
import { REVIEW_MANAGERS } from '../reviews/roles';
import { idParams } from '../reviews/schemas';
import { scopeCompanyId } from '../../platform/companyScope';
import { requireReview } from '../reviews/service';
import { findTranslation, insertTranslation } from './repository';
import { connectorFailures } from '../../platform/metrics';

/**
 * Translation through a LibreTranslate-compatible endpoint (`TRANSLATE_URL`, `POST /translate`
 * with q, source 'auto', target, format 'text', api_key). Without one, a clear 503 says so; no
 * translation is ever made up. Translations are kept per review and language.
 */
const tags = ['translation'];
const language = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'language must be a language code such as en or ar');
export const NOT_CONFIGURED =
  'Translation is not configured. Ask your administrator to set TRANSLATE_URL to a LibreTranslate-compatible server.';

const translationSchema = z.object({
  reviewId: z.number(),
  language: z.string(),
  text: z.string(),
  detectedLanguage: z.string().nullable(),
  cached: z.boolean(),
});

async function callTranslate(
  config: NonNullable<Config['translate']>,
  text: string,
  target: string,
): Promise<{ text: string; detected: string | null }> {
  let res: Response;
  try {
    res = await fetch(`${config.url}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        q: text,
        source: 'auto',
        target,
        format: 'text',
        ...(config.apiKey ? { api_key: config.apiKey } : {}),
      }),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    connectorFailures.inc({ connector: 'Translation' });
    throw new AppError(
      502,
      'translation_failed',
      `The translation service did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const body = (await res.json().catch(() => ({}))) as {
    translatedText?: string;
    detectedLanguage?: { language?: string };
    error?: string;
  };
  if (!res.ok || typeof body.translatedText !== 'string') connectorFailures.inc({ connector: 'Translation' });
  if (!res.ok || typeof body.translatedText !== 'string')
    throw new AppError(
      502,
      'translation_failed',
      `The translation service refused: ${body.error ?? `HTTP ${res.status}`}`,
    );
  return { text: body.translatedText, detected: body.detectedLanguage?.language ?? null };
}

export async function translateReview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  db: Db,
  ctx: Parameters<typeof requireReview>[1],
  reviewId: number,
  wanted?: string,
  uiLanguage?: UiLanguage,
) {
  const review = await requireReview(db, ctx, reviewId);
  const target = wanted ?? (await getReviewSettings(db, review.companyId, uiLanguage)).translationLanguage;
  const cached = await findTranslation(db, review.id, target);
  if (cached)
    return {
      reviewId: review.id,
      language: target,
      text: cached.text,
      detectedLanguage: cached.detectedLanguage,
      cached: true,
    };
  if (!deps.config.translate) throw new AppError(503, 'not_configured', NOT_CONFIGURED);
  const source = [review.title, review.text].filter((t) => t && t.trim()).join('\n');
  if (!source) return { reviewId: review.id, language: target, text: '', detectedLanguage: null, cached: false };
  const result = await callTranslate(deps.config.translate, source, target);
  await insertTranslation(db, {
    reviewId: review.id,
    language: target,
    text: result.text,
    detectedLanguage: result.detected,
  });
  return { reviewId: review.id, language: target, text: result.text, detectedLanguage: result.detected, cached: false };
}

export function translationRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  app.get(
    '/v2/api/reviews/translate/:id',
    {
      config: { access: access.signedIn({ company: true, iframe: true }) },
      schema: {
        tags,
        summary: "Translate a review into the company's translation language (or ?language=)",
        params: idParams,
        querystring: z.object({ language: language.optional() }),
        response: { 200: translationSchema },
      },
    },
    async (request) =>
      translateReview(
        deps,
        db,
        actingOf(request),
        request.params.id,
        request.query.language,
        await languageOf(request),
      ),
  );

  const settings = z.object({ language: z.string(), translateAutomatically: z.boolean(), configured: z.boolean() });
  const view = (s: { translationLanguage: string; translateAutomatically: boolean }) => ({
    language: s.translationLanguage,
    translateAutomatically: s.translateAutomatically,
    configured: deps.config.translate !== null,
  });

  app.get(
    '/v2/api/messageTranslation/get',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: {
        tags,
        summary:
          'Translation settings of the company (language, translate automatically, whether a service is configured)',
        response: { 200: settings },
      },
    },
    async (request) => view(await getReviewSettings(db, scopeCompanyId(actingOf(request)), await languageOf(request))),
  );

  app.post(
    '/v2/api/messageTranslation/upsert',
    {
      config: { access: access.roles(REVIEW_MANAGERS, { company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Save translation settings',
        body: z.object({ language: language.optional(), translateAutomatically: z.boolean().optional() }),
        response: { 200: settings },
      },
    },
    async (request) =>
      view(
        await updateReviewSettings(
          db,
          scopeCompanyId(actingOf(request)),
          { translationLanguage: request.body.language, translateAutomatically: request.body.translateAutomatically },
          await languageOf(request),
        ),
      ),
  );
}

import { fillTemplate, idSchema } from '@reputo/core';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { AutoresponseRule } from '../../db/schema';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import { normalizeFeatures } from '@reputo/core';
import { findReview } from '../reviews/repository';
import { readSheet, uploadBody, UPLOAD_BODY_LIMIT } from '../reviews/files';
import { REVIEW_MANAGERS } from '../reviews/roles';
import { scopeCompanyId } from '../../platform/companyScope';
import { generateReply, reviewReplyLanguage } from '../responses/ai';
import { writeReply } from '../responses/service';
import { csvFile } from '../../platform/openapi';
import {
  dueForRule,
  enabledAutoresponses,
  findAutoresponseSettings,
  findCompanyTemplates,
  upsertAutoresponseSettings,
} from './repository';

/**
 * Auto-response (feature autoresponse, spec 001 section 9: Google rating-only reviews). One rule
 * per star rating says whether to answer and after how many minutes; excluded keywords (in the
 * reviewer's name or the review title) stop an answer. A recurring job answers the reviews that
 * are due, each reply logged on its review with origin 'auto'. Only reviews that arrive after
 * auto-response was switched on are answered.
 */
const tags = ['autoresponse'];
export const AUTORESPONSE_JOB = 'autoresponse.sweep';
const MAX_DELAY_MINUTES = 7 * 24 * 60;

const ruleSchema = z.object({
  rating: z.number().int().min(1).max(5),
  enabled: z.boolean(),
  delayMinutes: z
    .number({ error: 'delayMinutes must be a number of minutes' })
    .int()
    .min(0)
    .max(MAX_DELAY_MINUTES, `delayMinutes can be at most ${MAX_DELAY_MINUTES} (7 days)`),
  templateIds: z.array(idSchema('templateIds')).max(20),
});
/** A rule as answered: the same fields, its template ids plain numbers (idSchema reads them from input). */
const ruleAnswer = ruleSchema.extend({ templateIds: z.array(z.number()) });
const settingsSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  rules: z.array(ruleAnswer),
  excludedKeywords: z.array(z.string()),
});

function defaultRules(): AutoresponseRule[] {
  return [1, 2, 3, 4, 5].map((rating) => ({
    rating,
    enabled: rating >= 4,
    delayMinutes: rating >= 4 ? 60 : 240,
    templateIds: [],
  }));
}

function normalizeKeywords(words: string[]): string[] {
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0 && w.length <= 80))].slice(
    0,
    1000,
  );
}

export async function readSettings(db: Db, companyId: number) {
  const row = await findAutoresponseSettings(db, companyId);
  const rules = defaultRules().map((d) => row?.rules.find((r) => r.rating === d.rating) ?? d);
  return {
    enabled: row?.enabled ?? false,
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    rules,
    excludedKeywords: row?.excludedKeywords ?? [],
  };
}

async function saveSettings(
  db: Db,
  companyId: number,
  change: { enabled?: boolean; rules?: AutoresponseRule[]; excludedKeywords?: string[] },
) {
  const current = await readSettings(db, companyId);
  if (change.rules) {
    const ids = [...new Set(change.rules.flatMap((r) => r.templateIds))];
    if (ids.length) {
      const known = await findCompanyTemplates(db, companyId, ids);
      if (known.length !== ids.length)
        throw badRequest('A rule names a template that does not exist', [
          { field: 'rules', message: 'Unknown template' },
        ]);
    }
  }
  const rules = defaultRules().map(
    (d) => change.rules?.find((r) => r.rating === d.rating) ?? current.rules.find((r) => r.rating === d.rating) ?? d,
  );
  const enabled = change.enabled ?? current.enabled;
  const enabledAt =
    enabled && !current.enabled ? new Date() : enabled && current.enabledAt ? new Date(current.enabledAt) : null;
  const values = {
    companyId,
    enabled,
    enabledAt,
    rules,
    excludedKeywords: change.excludedKeywords ? normalizeKeywords(change.excludedKeywords) : current.excludedKeywords,
    updatedAt: new Date(),
  };
  await upsertAutoresponseSettings(db, values);
  return readSettings(db, companyId);
}

/** Answers every due review of every company with auto-response on; answers how many replies were written. */
export async function runAutoresponse(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const enabled = await enabledAutoresponses(db);
  let written = 0;
  for (const { s, features } of enabled) {
    const companyFeatures = normalizeFeatures(features);
    if (!companyFeatures.includes('autoresponse') || !s.enabledAt) continue;
    for (const rule of s.rules.filter((r) => r.enabled)) {
      const due = await dueForRule(db, s.companyId, s.enabledAt, rule, now);
      for (const candidate of due) {
        const haystack = `${candidate.authorName ?? ''} ${candidate.title ?? ''}`.toLowerCase();
        if (s.excludedKeywords.some((k) => haystack.includes(k))) continue;
        const review = await findReview(db, { companyId: s.companyId, locationIds: null }, candidate.id);
        if (!review) continue;
        const text = await replyTextFor(deps, review, rule);
        await writeReply(deps, review, {
          text,
          status: 'posted',
          origin: 'auto',
          authorUserId: null,
          features: companyFeatures,
        });
        written += 1;
      }
    }
  }
  return written;
}

async function replyTextFor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  review: NonNullable<Awaited<ReturnType<typeof findReview>>>,
  rule: AutoresponseRule,
): Promise<string> {
  if (rule.templateIds.length) {
    // Only the rule's templates in the reply language: an English template never answers an Arabic
    // review; with none in that language the reply is written in it instead.
    const language = await reviewReplyLanguage(deps.db, review);
    const rows = (await findCompanyTemplates(deps.db, review.companyId, rule.templateIds)).filter(
      (t) => t.language === language,
    );
    const chosen = rows[Math.floor(Math.random() * rows.length)];
    if (chosen)
      return fillTemplate(chosen.text, {
        reviewer_name: review.authorName,
        location: review.locationTitle,
        brand: review.brandTitle,
        rating: review.rating,
      });
  }
  return (await generateReply(deps, review)).text;
}

export function autoresponseRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const manage = access.roles(REVIEW_MANAGERS, { company: true, feature: 'autoresponse' });
  jobQueueFor(deps).define(
    AUTORESPONSE_JOB,
    async () => {
      await runAutoresponse(deps);
    },
    { everySeconds: 60 },
  );

  app.get(
    '/v2/api/admin/autoresponse/settings',
    {
      config: { access: manage },
      schema: { tags, summary: 'Auto-response settings', response: { 200: settingsSchema } },
    },
    async (request) => readSettings(db, scopeCompanyId(actingOf(request))),
  );

  app.post(
    '/v2/api/admin/autoresponse/settings',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Save auto-response settings (rules per star rating, excluded keywords)',
        body: z.object({
          enabled: z.boolean().optional(),
          rules: z.array(ruleSchema).max(5).optional(),
          excludedKeywords: z.array(z.string().max(80)).max(1000).optional(),
        }),
        response: { 200: settingsSchema },
      },
    },
    async (request) => saveSettings(db, scopeCompanyId(actingOf(request)), request.body),
  );

  app.post(
    '/v2/api/admin/autoresponse/settings/upload',
    {
      config: { access: manage, writes: 'none' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Add excluded keywords from a CSV or Excel file (first column, one per row; a "keyword" header is skipped)',
        body: uploadBody,
        response: { 200: settingsSchema.extend({ added: z.number() }) },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      const rows = await readSheet(request.body.fileName, request.body.content);
      const words = rows
        .map((r) => (r[0] ?? '').trim())
        .filter((w, i) => w && !(i === 0 && /^(excluded )?keywords?$/i.test(w)));
      const current = await readSettings(db, companyId);
      const merged = normalizeKeywords([...current.excludedKeywords, ...words]);
      const saved = await saveSettings(db, companyId, { excludedKeywords: merged });
      return { ...saved, added: merged.length - current.excludedKeywords.length };
    },
  );

  app.get(
    '/v2/api/admin/autoresponse/settings/example',
    {
      config: { access: manage },
      schema: { tags, summary: 'Example file for the excluded-keywords upload', response: csvFile },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="excluded-keywords-example.csv"')
        .send('keyword\nrefund\nlawyer\nfake review\n'),
  );
}

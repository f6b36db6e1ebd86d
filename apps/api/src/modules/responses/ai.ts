import { DEFAULT_UI_LANGUAGE, usableName, type UiLanguage } from '@reputo/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, generatedReplies, responses, reviews } from '../../db/schema';
import { t } from '../../platform/i18n';
import { connectorFailures } from '../../platform/metrics';
import { analyzeText } from '../../platform/nlp/analyze';
import { topicTitle } from '../../platform/nlp/taxonomy';
import type { ReviewRow } from '../reviews/repository';
import { listTemplates } from '../templates/routes';
import { replyLanguageOverride } from '../states/service';
import { LANGUAGE_NAMES, replyLanguage } from './language';
import { writeBuiltinReply } from './writer';

export interface GeneratedReply {
  text: string;
  engine: 'openai' | 'builtin';
  language: string;
  /** Set when the AI endpoint failed and the built-in writer answered instead. */
  notice: string | null;
}

/** The location's last generated reply and last written reply: a new one must differ from both. */
async function recentTexts(db: Db, review: ReviewRow): Promise<string[]> {
  const loc = review.locationId ?? 0;
  const [generated] = await db
    .select({ text: generatedReplies.text })
    .from(generatedReplies)
    .where(and(eq(generatedReplies.companyId, review.companyId), eq(generatedReplies.locationId, loc)))
    .orderBy(desc(generatedReplies.createdAt), desc(generatedReplies.id))
    .limit(1);
  const [written] = await db
    .select({ text: responses.text })
    .from(responses)
    .innerJoin(reviews, eq(reviews.id, responses.reviewId))
    .where(
      and(
        eq(reviews.companyId, review.companyId),
        review.locationId === null ? isNull(reviews.locationId) : eq(reviews.locationId, review.locationId),
      ),
    )
    .orderBy(desc(responses.createdAt), desc(responses.id))
    .limit(1);
  return [generated?.text, written?.text].filter((t): t is string => Boolean(t));
}

const normalize = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();

/** One chat-completions call to an OpenAI-compatible endpoint. */
async function chatCompletion(
  openai: NonNullable<Config['openai']>,
  system: string,
  user: string,
  temperature: number,
): Promise<string> {
  const res = await fetch(`${openai.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(openai.apiKey ? { authorization: `Bearer ${openai.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: openai.model,
      temperature,
      max_tokens: 300,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) {
    connectorFailures.inc({ connector: 'AI endpoint' });
    const body = await res.text().catch(() => '');
    let message = `HTTP ${res.status}`;
    try {
      message = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? message;
    } catch {
      // keep the status
    }
    throw new Error(message);
  }
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
  const text = body.choices?.[0]?.message?.content?.trim();
  if (!text) throw new Error('the answer had no text');
  return text;
}

/** Names stay as the review writes them, in their own letters, whatever the reply's language. */
function nameRule(authorName: string | null): string[] {
  const name = usableName(authorName);
  return name
    ? [
        `Call the reviewer "${name}" exactly as the review writes the name: do not translate or transliterate it into another script.`,
      ]
    : [];
}

/** The language a reply to this review is written in: its region's reply language (Settings > Regions) when set, else the review's own. */
export async function reviewReplyLanguage(db: Db, review: ReviewRow): Promise<string> {
  return (
    (await replyLanguageOverride(db, review.companyId, review.locationId)) ??
    (await replyLanguage(review.text, review.language))
  );
}

/**
 * Writes a reply suggestion for a review: through the configured OpenAI-compatible endpoint, or
 * the built-in writer. Either way it is in the reply language (the location's region language when
 * set, otherwise the review's own language when the text fails the English check), differs from
 * the location's last replies, and is remembered so the next suggestion for the location differs
 * from it. `uiLanguage` is the interface language of the user it writes for (their request's), in
 * which the notice is written and the company's starter categories are titled should this be its
 * first use of the workspace; English when it writes for nobody (auto-response).
 */
export async function generateReply(
  deps: { db: Db; config: Config },
  review: ReviewRow,
  uiLanguage: UiLanguage = DEFAULT_UI_LANGUAGE,
): Promise<GeneratedReply> {
  const { db, config } = deps;
  const [company] = await db
    .select({ name: companies.companyName, type: companies.type })
    .from(companies)
    .where(eq(companies.id, review.companyId));
  const language = await reviewReplyLanguage(db, review);
  const avoid = await recentTexts(db, review);
  const builtin = async (): Promise<{ text: string; language: string }> =>
    writeBuiltinReply({
      rating: review.rating,
      reviewerName: review.authorName,
      location: review.locationTitle,
      brand: review.brandTitle,
      company: company?.name ?? null,
      language,
      analysis: analyzeText(review.text, company?.type),
      topicTitle: (t) => topicTitle(company?.type, t),
      templates: await listTemplates(db, review.companyId, uiLanguage),
      avoid,
    });

  let result: GeneratedReply;
  if (config.openai) {
    const system = [
      `You write replies from ${review.brandTitle ?? company?.name ?? 'a business'} to reviews its customers leave online.`,
      `Write in ${LANGUAGE_NAMES[language] ?? language}. Be warm, specific to what the reviewer said, and professional; at most 90 words; no hashtags, no emojis, no placeholders.`,
      'Thank happy reviewers; apologise to unhappy ones and invite them to get in touch. Sign off as the team.',
      ...nameRule(review.authorName),
      ...avoid.map((t) => `Do not repeat this earlier reply: """${t}"""`),
    ].join('\n');
    const user = `A ${review.rating ? `${review.rating}-star` : 'unrated'} review from ${review.authorName ?? 'a customer'} of ${review.locationTitle ?? company?.name ?? 'our business'} on ${review.source}:\n"""${review.text ?? '(no text, rating only)'}"""`;
    try {
      let text = await chatCompletion(config.openai, system, user, 0.8);
      if (avoid.some((a) => normalize(a) === normalize(text)))
        text = await chatCompletion(config.openai, system, user, 1.1);
      if (avoid.some((a) => normalize(a) === normalize(text))) throw new Error('the model repeated an earlier reply');
      result = { text, engine: 'openai', language, notice: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      result = {
        ...(await builtin()),
        engine: 'builtin',
        notice: t(uiLanguage, 'notices:aiFallback', { reason }),
      };
    }
  } else {
    result = { ...(await builtin()), engine: 'builtin', notice: null };
  }
  await db.insert(generatedReplies).values({
    companyId: review.companyId,
    locationId: review.locationId ?? 0,
    reviewId: review.id,
    text: result.text,
    engine: result.engine,
  });
  // Keep the history short: only the latest few per location matter.
  await db.execute(sql`DELETE FROM generated_replies WHERE company_id = ${review.companyId} AND location_id = ${review.locationId ?? 0}
    AND id NOT IN (SELECT id FROM generated_replies WHERE company_id = ${review.companyId} AND location_id = ${review.locationId ?? 0} ORDER BY created_at DESC, id DESC LIMIT 20)`);
  return result;
}

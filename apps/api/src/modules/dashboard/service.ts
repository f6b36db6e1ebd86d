import { FEEDBACK_SOURCE, rangeLengthDays, sourceTitle, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { change, figures, REPUTATION_FORMULA, reputationScore, type Sums } from '../statistics/metrics';
import { dailyRead, resolvePeriods, rollupPlan, type Period } from '../statistics/period';
import { lastReviewDay, sumPlanned, sumPlannedBySource, totalOf } from '../statistics/repository';
import { countScopeLocations } from './repository';
import { defaultInterval, type StatsQuery } from '../statistics/service';
import { benchmarkSummary } from '../competitors/benchmark';
import { primaryTopics } from '../insights/service';
import { latestReviews } from './repository';
import { answersNps, answersNpsSeries } from '../landingPages/nps';

/** The dashboard widgets: reputation score, NPS, first-party feedback, other figures and premium highlights. */

/** The score of a period; `locations` (those in scope) are the same for both periods, so counted once. */
async function reputationFor(db: Db, ctx: ActingContext, q: StatsQuery, range: Period, locations: number) {
  const upToEnd = dailyRead(ctx, q, { to: range.to });
  const [sums, last] = await Promise.all([sumPlanned(db, rollupPlan(ctx, q, range)), lastReviewDay(db, upToEnd)]);
  const daysSince = last ? rangeLengthDays({ from: last, to: range.to }) - 1 : null;
  return reputationScore({ sums, locations, days: range.days, daysSinceLastReview: daysSince });
}

export async function reputationScoreWidget(db: Db, ctx: ActingContext, q: StatsQuery) {
  const [p, locations] = await Promise.all([resolvePeriods(db, ctx, q), countScopeLocations(db, ctx, q)]);
  const [now, before] = await Promise.all([
    reputationFor(db, ctx, q, p.period, locations),
    p.previous ? reputationFor(db, ctx, q, p.previous, locations) : null,
  ]);
  return {
    period: p.period,
    previous_period: p.previous,
    score: now.score,
    previous_score: before?.score ?? null,
    change: change(now.score, before?.score ?? null, 0),
    parts: now.parts,
    formula: REPUTATION_FORMULA,
  };
}

/** NPS reads only first-party feedback (source 'feedback'); other filters still apply. */
function feedbackOnly(q: StatsQuery): StatsQuery {
  return { ...q, sources: [FEEDBACK_SOURCE] };
}

/**
 * NPS of the landing pages' answers (feedback_responses): 0 to 10 answers by npsCategory, star
 * answers by starsNpsCategory; the filter's places apply, its sources do not (answers have none).
 */
export async function netPromoterScoreWidget(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const interval = q.interval ?? defaultInterval(p.period.days);
  const [a, b, points] = await Promise.all([
    answersNps(db, ctx, q, p.period),
    p.previous ? answersNps(db, ctx, q, p.previous) : null,
    answersNpsSeries(db, ctx, q, p.period, interval, p.weekStart),
  ]);
  return {
    period: p.period,
    previous_period: p.previous,
    ...a,
    previous_nps: b?.nps ?? null,
    change: change(a.nps, b?.nps ?? null, 0),
    interval,
    points,
  };
}

export async function feedbackWidget(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const f = feedbackOnly(q);
  const [now, before, latest, answers] = await Promise.all([
    sumPlanned(db, rollupPlan(ctx, f, p.period)),
    p.previous ? sumPlanned(db, rollupPlan(ctx, f, p.previous)) : null,
    latestReviews(db, ctx, f, p.period, 5),
    answersNps(db, ctx, q, p.period),
  ]);
  const a = figures(now);
  const b = before ? figures(before) : null;
  return {
    period: p.period,
    previous_period: p.previous,
    reviews: a.reviews,
    previous_reviews: b?.reviews ?? null,
    average: a.average,
    previous_average: b?.average ?? null,
    change: change(a.average, b?.average ?? null),
    unanswered: a.reviews - a.responded,
    response_rate: a.response_rate,
    stars: a.stars,
    sentiment: { positive: a.positive, neutral: a.neutral, negative: a.negative },
    answers: answers.responses,
    nps: answers.nps,
    latest,
  };
}

export async function otherWidget(db: Db, ctx: ActingContext, q: StatsQuery) {
  const p = await resolvePeriods(db, ctx, q);
  const [bySource, before] = await Promise.all([
    sumPlannedBySource(db, rollupPlan(ctx, q, p.period)),
    p.previous ? sumPlanned(db, rollupPlan(ctx, q, p.previous)) : null,
  ]);
  const a = figures(totalOf(bySource));
  const b = before ? figures(before) : null;
  const total = Math.max(1, a.reviews);
  return {
    period: p.period,
    previous_period: p.previous,
    reviews: a.reviews,
    previous_reviews: b?.reviews ?? null,
    average: a.average,
    previous_average: b?.average ?? null,
    unanswered: a.reviews - a.responded,
    response_rate: a.response_rate,
    previous_response_rate: b?.response_rate ?? null,
    avg_response_hours: a.avg_response_hours,
    previous_avg_response_hours: b?.avg_response_hours ?? null,
    with_text: a.with_text,
    sentiment: { positive: a.positive, neutral: a.neutral, negative: a.negative, score: a.sentiment_score },
    stars: a.stars,
    sources: bySource
      .map((s: Sums & { source: string }) => ({
        source: s.source,
        title: sourceTitle(s.source),
        reviews: s.reviews,
        share: Math.round((1000 * s.reviews) / total) / 10,
        average: figures(s).average,
      }))
      .sort((x, y) => y.reviews - x.reviews),
  };
}

/** Highlights of the premium features the company has (the Owner sees them all). */
export async function premiumWidget(db: Db, ctx: ActingContext, q: StatsQuery, language: UiLanguage) {
  const has = (f: 'insightsReport' | 'competitorBenchmarking') => ctx.role === 'owner' || ctx.features.includes(f);
  const [topics, competitors] = await Promise.all([
    has('insightsReport') ? primaryTopics(db, ctx, q, language) : null,
    has('competitorBenchmarking') ? benchmarkSummary(db, ctx, q) : null,
  ]);
  const scored = (topics?.data ?? []).filter((t) => t.mentions >= 3 && t.sentiment_score !== null);
  // Praised topics are those customers speak well of, criticised those they speak ill of: a topic
  // scored +0.2 is not criticised because it is the lowest of the period, and none shows in both lists.
  const praised = scored.filter((t) => t.sentiment_score! > 0);
  const criticised = scored.filter((t) => t.sentiment_score! < 0);
  return {
    features: { insightsReport: has('insightsReport'), competitorBenchmarking: has('competitorBenchmarking') },
    topics: topics
      ? {
          praised: praised
            .sort((a, b) => b.sentiment_score! - a.sentiment_score! || b.mentions - a.mentions)
            .slice(0, 3),
          criticised: criticised
            .sort((a, b) => a.sentiment_score! - b.sentiment_score! || b.mentions - a.mentions)
            .slice(0, 3),
        }
      : null,
    competitors,
  };
}

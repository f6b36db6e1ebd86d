import { sourceTitle, MAX_COMPETITOR_SOURCES, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { topicTitle } from '../../platform/nlp/taxonomy';
import { resolveScopeLocationIds } from '../reviews/scope';
import { scopeCompanyId } from '../../platform/companyScope';
import { sumTopicsOfLocations } from '../insights/repository';
import { averageRating, change, figures, responseRate, round, sentimentScore, type Sums } from '../statistics/metrics';
import { locationPlan, resolvePeriods } from '../statistics/period';
import { addSums, locationInfo, sumRollupByLocation } from '../statistics/repository';
import type { StatsQuery } from '../statistics/service';
import { branchFigures, brandTree, companyBranches, companyLocations } from './repository';
import { competitorSourcesOf, MAX_COMPETITORS_PER_LOCATION } from './service';

/**
 * Side-by-side benchmarks per own location: the location's rating, volume, response rate and topic
 * sentiment against its competitors' (each branch, and all of them together), for any filter.
 */

const NO_SUMS: Sums = {
  reviews: 0,
  rated: 0,
  ratingSum: 0,
  stars: [0, 0, 0, 0, 0],
  withText: 0,
  responded: 0,
  responseSeconds: 0,
  positive: 0,
  neutral: 0,
  negative: 0,
};

function brief(s: Sums) {
  const f = figures(s);
  return {
    reviews: f.reviews,
    average: f.average,
    response_rate: f.response_rate,
    avg_response_hours: f.avg_response_hours,
    sentiment_score: f.sentiment_score,
  };
}

/** The benchmark's reach: its periods, the competitor branches at the locations in view, and those locations. */
async function benchmarkScope(db: Db, ctx: ActingContext, q: StatsQuery) {
  const companyId = scopeCompanyId(ctx);
  const [p, scopeIds, every] = await Promise.all([
    resolvePeriods(db, ctx, q),
    resolveScopeLocationIds(db, ctx, q),
    companyBranches(db, companyId),
  ]);
  const allowed = scopeIds && new Set(scopeIds);
  const branches = allowed ? every.filter((b) => allowed.has(b.locationId)) : every;
  // Only the benchmarked locations are read: a 1,000-location company with competitors at a few of
  // them read every location's rows before (1.2 s on the benchmark's data set, bench/RESULTS.md).
  const benchmarked = [...new Set(branches.map((b) => b.locationId))];
  return { companyId, p, branches, benchmarked };
}

/** A location's average rating against its competitors' together (positive: ahead). */
const gapOf = (mine: Sums, theirs: Sums) => change(averageRating(mine), averageRating(theirs));

/** Own and competitor figures summed over the benchmarked locations, side by side. */
function summaryOf(own: Sums, rivals: Sums) {
  return {
    own: brief(own),
    competitors: brief(rivals),
    gap: gapOf(own, rivals),
    response_rate_gap: change(responseRate(own), responseRate(rivals), 1),
  };
}

const total = (rows: Sums[]) => rows.reduce((acc, r) => addSums(acc, r), NO_SUMS);

/**
 * What the dashboard's premium widget shows of the benchmark: the summary and how many locations are
 * ahead of or behind their competitors, from the two reads that decide them (the page makes seven).
 */
export async function benchmarkSummary(db: Db, ctx: ActingContext, q: StatsQuery) {
  const { p, benchmarked } = await benchmarkScope(db, ctx, q);
  const [own, rivals] = await Promise.all([
    sumRollupByLocation(db, locationPlan(ctx, q, p.period), benchmarked),
    sumRollupByLocation(db, locationPlan(ctx, q, p.period, true), benchmarked),
  ]);
  const rivalBy = new Map(rivals.map((r) => [r.locationId, r]));
  const gaps = own.map((r) => gapOf(r, rivalBy.get(r.locationId) ?? NO_SUMS));
  // A location with no own reviews in the period has no gap: neither ahead nor behind.
  return {
    ...summaryOf(total(own), total(rivals)),
    locations: benchmarked.length,
    ahead: gaps.filter((g) => g !== null && g > 0).length,
    behind: gaps.filter((g) => g !== null && g < 0).length,
  };
}

/** `language`: the language of the topic titles (the request's). */
export async function benchmark(db: Db, ctx: ActingContext, q: StatsQuery, language: UiLanguage) {
  const { companyId, p, branches, benchmarked } = await benchmarkScope(db, ctx, q);
  const [own, ownBefore, rivals, perBranch, topics, info] = await Promise.all([
    sumRollupByLocation(db, locationPlan(ctx, q, p.period), benchmarked),
    p.previous ? sumRollupByLocation(db, locationPlan(ctx, q, p.previous), benchmarked) : Promise.resolve([]),
    sumRollupByLocation(db, locationPlan(ctx, q, p.period, true), benchmarked),
    branchFigures(
      db,
      companyId,
      branches.map((b) => b.id),
      p.period,
    ),
    Promise.all([
      sumTopicsOfLocations(db, ctx, q, p.period, {}, benchmarked),
      sumTopicsOfLocations(db, ctx, q, p.period, { competitor: true }, benchmarked),
    ]),
    locationInfo(db, companyId, benchmarked),
  ]);
  const ownBy = new Map(own.map((r) => [r.locationId, r]));
  const ownBeforeBy = new Map(ownBefore.map((r) => [r.locationId, r]));
  const rivalBy = new Map(rivals.map((r) => [r.locationId, r]));
  const branchBy = new Map(perBranch.map((r) => [r.branchId, r]));

  const locations = benchmarked
    .filter((id) => info.has(id))
    .map((id) => {
      const loc = info.get(id)!;
      const mine = ownBy.get(id) ?? NO_SUMS;
      const theirs = rivalBy.get(id) ?? NO_SUMS;
      const comps = branches
        .filter((b) => b.locationId === id)
        .map((b) => {
          const f = branchBy.get(b.id) ?? { reviews: 0, rated: 0, ratingSum: 0, responded: 0 };
          return {
            competitor_id: b.competitorId,
            competitor_location_id: b.id,
            name: b.name,
            title: b.title,
            reviews: f.reviews,
            average: f.rated ? round(f.ratingSum / f.rated, 2) : null,
            response_rate: f.reviews ? round((100 * f.responded) / f.reviews, 1) : null,
          };
        });
      const ownAvg = averageRating(mine);
      const ranked = [ownAvg, ...comps.map((c) => c.average)]
        .filter((v): v is number => v !== null)
        .sort((a, b) => b - a);
      return {
        location_id: id,
        title: loc.title,
        code: loc.code,
        brand: loc.brand,
        state: loc.state,
        own: { ...brief(mine), previous_average: averageRating(ownBeforeBy.get(id) ?? NO_SUMS) },
        competitors_total: brief(theirs),
        gap: gapOf(mine, theirs),
        rank: ownAvg === null ? null : ranked.indexOf(ownAvg) + 1,
        of: ranked.length,
        competitors: comps,
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title));

  const [ownTopics, rivalTopics] = topics;
  const ot = new Map(ownTopics.map((r) => [r.topic, r]));
  const rt = new Map(rivalTopics.map((r) => [r.topic, r]));
  const topicKeys = [...new Set([...ot.keys(), ...rt.keys()])];
  return {
    period: p.period,
    previous_period: p.previous,
    competitor_sources: competitorSourcesOf(ctx).map((s) => ({ value: s, title: sourceTitle(s) })),
    limits: { sources: MAX_COMPETITOR_SOURCES, per_location: MAX_COMPETITORS_PER_LOCATION },
    summary: summaryOf(total(own), total(rivals)),
    topics: topicKeys
      .map((k) => ({
        topic: k,
        title: topicTitle(ctx.company?.type, k, '', language),
        own: { mentions: ot.get(k)?.mentions ?? 0, sentiment_score: ot.get(k) ? sentimentScore(ot.get(k)!) : null },
        competitors: {
          mentions: rt.get(k)?.mentions ?? 0,
          sentiment_score: rt.get(k) ? sentimentScore(rt.get(k)!) : null,
        },
      }))
      .sort((a, b) => b.own.mentions + b.competitors.mentions - (a.own.mentions + a.competitors.mentions)),
    locations,
  };
}

/** The brand > region > location tree the competitor pages filter by, with each location's competitor count. */
export async function competitorBrands(db: Db, ctx: ActingContext) {
  const companyId = scopeCompanyId(ctx);
  const allowed = ctx.locationIds;
  const [{ brands, states }, locs, branches] = await Promise.all([
    brandTree(db, companyId),
    companyLocations(db, companyId),
    companyBranches(db, companyId),
  ]);
  const visible = locs.filter((l) => !allowed || allowed.includes(l.id));
  const counts = new Map<number, number>();
  for (const b of branches) counts.set(b.locationId, (counts.get(b.locationId) ?? 0) + 1);
  const loc = (l: (typeof visible)[number]) => ({
    id: l.id,
    title: l.title,
    locationId: l.code,
    competitors: counts.get(l.id) ?? 0,
  });
  const tree = brands
    .map((b) => ({
      id: b.id,
      title: b.title,
      states: states
        .filter((s) => s.brandId === b.id)
        .map((s) => ({ id: s.id, title: s.title, locations: visible.filter((l) => l.stateId === s.id).map(loc) }))
        .filter((s) => s.locations.length > 0),
      locations: visible.filter((l) => l.brandId === b.id && l.stateId === null).map(loc),
    }))
    .filter((b) => b.states.length > 0 || b.locations.length > 0);
  const unbranded = visible.filter((l) => l.brandId === null).map(loc);
  return {
    data: tree,
    other: unbranded,
    limits: { per_location: MAX_COMPETITORS_PER_LOCATION, sources: MAX_COMPETITOR_SOURCES },
  };
}

import { npsCategory, npsOf, starsNpsCategory, type ReviewFilterValues } from '@reputo/core';
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { feedbackResponses } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { locationScopeSql } from '../reviews/scope';
import { bucketSql, type Interval } from '../statistics/repository';
import type { Nps } from '../statistics/metrics';

/**
 * The Net Promoter Score of landing-page answers, as the dashboard shows it: a 0 to 10 answer by
 * npsCategory, a star answer by starsNpsCategory (packages/core), over UTC days [from, to].
 */

interface ScoreCount {
  bucket: string;
  rating_type: string;
  score: number;
  n: number;
}

const fr = feedbackResponses;
const answerDay = sql`(${fr.createdAt} AT TIME ZONE 'UTC')::date`;

function answerConditions(ctx: ActingContext, filter: ReviewFilterValues, range: { from: string; to: string }): SQL {
  return and(
    sql`${fr.companyId} = ${scopeCompanyId(ctx)}`,
    locationScopeSql(fr.locationId, ctx, filter),
    sql`${fr.createdAt} >= ${`${range.from}T00:00:00Z`}::timestamptz`,
    sql`${fr.createdAt} < (${range.to}::date + 1)::timestamptz`,
  )!;
}

async function scoreCounts(db: Db, where: SQL, bucket: SQL): Promise<ScoreCount[]> {
  const result = await db.execute(sql`
    SELECT ${bucket} AS bucket, ${fr.ratingType} AS rating_type, ${fr.score}::int AS score, count(*)::int AS n
    FROM ${fr} WHERE ${where} GROUP BY 1, 2, 3`);
  return rowsOf<ScoreCount>(result);
}

function npsOfCounts(counts: ScoreCount[]): Nps {
  const c = { promoters: 0, passives: 0, detractors: 0 };
  for (const row of counts) {
    const category = row.rating_type === 'nps' ? npsCategory(row.score) : starsNpsCategory(row.score);
    c[category === 'promoter' ? 'promoters' : category === 'passive' ? 'passives' : 'detractors'] += row.n;
  }
  return { nps: npsOf(c), ...c, responses: c.promoters + c.passives + c.detractors };
}

export async function answersNps(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
  range: { from: string; to: string },
): Promise<Nps> {
  return npsOfCounts(await scoreCounts(db, answerConditions(ctx, filter, range), sql`''`));
}

/** The NPS of each day, week (from the user's week start) or month that has answers. */
export async function answersNpsSeries(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
  range: { from: string; to: string },
  interval: Interval,
  weekStart: number,
): Promise<(Nps & { date: string })[]> {
  const rows = await scoreCounts(db, answerConditions(ctx, filter, range), bucketSql(answerDay, interval, weekStart));
  const byBucket = new Map<string, ScoreCount[]>();
  for (const row of rows) byBucket.set(row.bucket, [...(byBucket.get(row.bucket) ?? []), row]);
  return [...byBucket.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, counts]) => ({ date, ...npsOfCounts(counts) }));
}

/** Every company's answers over UTC days [from, to] (the admin dashboard's feedback report). */
export async function answersNpsByCompany(db: Db, range: { from: string; to: string }): Promise<Map<number, Nps>> {
  const where = and(
    sql`${fr.createdAt} >= ${`${range.from}T00:00:00Z`}::timestamptz`,
    sql`${fr.createdAt} < (${range.to}::date + 1)::timestamptz`,
  )!;
  const rows = await scoreCounts(db, where, sql`${fr.companyId}::text`);
  const byCompany = new Map<number, ScoreCount[]>();
  for (const row of rows) byCompany.set(Number(row.bucket), [...(byCompany.get(Number(row.bucket)) ?? []), row]);
  return new Map([...byCompany.entries()].map(([id, counts]) => [id, npsOfCounts(counts)]));
}

/** The NPS of several answer tallies together. */
export function sumNps(list: Nps[]): Nps {
  const c = { promoters: 0, passives: 0, detractors: 0 };
  for (const n of list) {
    c.promoters += n.promoters;
    c.passives += n.passives;
    c.detractors += n.detractors;
  }
  return { nps: npsOf(c), ...c, responses: c.promoters + c.passives + c.detractors };
}

import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { reviewDaily, reviewMonthly } from '../../db/schema';
import { executePrepared } from '../../db/prepared';
import { jsonRowsSql, readJsonRows } from '../../db/readBatch';
import { rowsOf } from '../../db/rows';

const dialect = new PgDialect();
/** Select lists already written out as SQL text, by the expressions they came from (see `asText`). */
const listTexts = new WeakMap<object, SQL>();
const outerTexts = new Map<string, SQL>();

/**
 * `build` as SQL text, written once for expressions a caller keeps (the same object each time, as
 * the per-location sums do) and without parameters: drizzle otherwise composes and walks some sixty
 * pieces a read on every request, which was a tenth of the server's time on a ranking
 * (bench/RESULTS.md).
 */
function asText(key: object, build: () => SQL): SQL {
  const cached = listTexts.get(key);
  if (cached) return cached;
  const built = build();
  const query = dialect.sqlToQuery(built);
  const out = query.params.length ? built : sql.raw(query.sql);
  listTexts.set(key, out);
  return out;
}

const keptLists = new Map<string, object>();
/**
 * A select list for `sumAcrossReads`, built once under `key` (what shapes it: its kind, its table's
 * name, its grain): the same object on every request, so `asText` writes its SQL text once.
 */
export function keptList<T extends object>(key: string, build: () => T): T {
  let list = keptLists.get(key) as T | undefined;
  if (!list) keptLists.set(key, (list = build()));
  return list;
}

/**
 * Aggregates over several reads of rollup tables (a period's whole months and its end days) added up
 * in one statement: each read's aggregates (`build` for its read) under their keys, summed by
 * PostgreSQL (UNION ALL), or grouped by the `groupBy` keys. One round trip, and one row per group for
 * the server to take, instead of a statement and a set of rows per read to merge.
 * `plain`: reads whose `build` gives row expressions, not aggregates: they are not grouped, and only
 * the outer statement sums their rows (for reads of at most a few rows a key).
 * Unprepared, it joins the reads asked at the same moment in one statement (`readJsonRows`).
 * The rows come back as one JSON text, parsed at once: a ranking's 1,000 locations of 15 sums each,
 * taken field by field by the driver, cost the server 3.5 ms of its one thread a statement against
 * 0.8 ms as JSON (bench/RESULTS.md), and the server's thread was what limited rankings at 32 clients.
 * `prepared`: run it as a named prepared statement (`executePrepared`), for reads whose plan does not
 * depend on their values (each read one exact day or month of a key, as running sums are): PostgreSQL
 * then plans it once. Reads of a range over review_daily or topic_daily are planned on every call:
 * a generic plan guesses every company's size alike, and for a brand of the largest one it joined
 * 42,000 rollup rows in 25 ms where the plan made for the values took 2.3 (bench/RESULTS.md).
 */
export async function sumAcrossReads<R extends { table: unknown; where: SQL[] }, K extends string>(
  db: Db,
  reads: R[],
  build: (read: R) => Record<K, SQL>,
  groupBy?: K | readonly K[],
  { prepared = false, plain = () => false }: { prepared?: boolean; plain?: (read: R) => boolean } = {},
): Promise<Record<K, unknown>[]> {
  const run = async (query: SQL): Promise<Record<K, unknown>[]> => {
    if (!prepared) return readJsonRows<Record<K, unknown>>(db, query);
    const [row] = await executePrepared<{ rows: string }>(db, jsonRowsSql(query));
    return JSON.parse(row!.rows) as Record<K, unknown>[];
  };
  if (!reads.length) return [];
  const alias = (k: K) => sql.identifier(k);
  const keys = Object.keys(build(reads[0]!)) as K[];
  const groups: readonly K[] = groupBy === undefined ? [] : typeof groupBy === 'string' ? [groupBy] : groupBy;
  const anyPlain = reads.some(plain);
  const parts = reads.map((read) => {
    const exprs = build(read);
    const list = asText(exprs, () =>
      sql.join(
        keys.map((k) => sql`${exprs[k]} AS ${alias(k)}`),
        sql`, `,
      ),
    );
    const grouped =
      groups.length && !plain(read)
        ? sql` GROUP BY ${sql.join(
            groups.map((k) => exprs[k]),
            sql`, `,
          )}`
        : sql``;
    return sql`SELECT ${list} FROM ${read.table as never} WHERE ${and(...read.where)}${grouped}`;
  });
  // One read is its own answer (unless plain): adding it up again would aggregate every row twice.
  if (parts.length === 1 && !anyPlain) return run(parts[0]!);
  const outerKey = `${groups.join(',')}|${keys.join(',')}`;
  let outer = outerTexts.get(outerKey);
  if (!outer) {
    const list = keys.map((k) => (groups.includes(k) ? alias(k) : sql`coalesce(sum(${alias(k)}), 0) AS ${alias(k)}`));
    outer = sql.raw(dialect.sqlToQuery(sql.join(list, sql`, `)).sql);
    outerTexts.set(outerKey, outer);
  }
  const grouped = groups.length ? sql` GROUP BY ${sql.join(groups.map(alias), sql`, `)}` : sql``;
  return run(sql`SELECT ${outer} FROM (${sql.join(parts, sql` UNION ALL `)}) AS parts${grouped}`);
}

/** The counters of review_daily and review_monthly: [key in drizzle, column]. */
const COUNTER_COLUMNS = [
  ['reviews', 'reviews'],
  ['rated', 'rated'],
  ['ratingSum', 'rating_sum'],
  ['stars1', 'stars1'],
  ['stars2', 'stars2'],
  ['stars3', 'stars3'],
  ['stars4', 'stars4'],
  ['stars5', 'stars5'],
  ['withText', 'with_text'],
  ['responded', 'responded'],
  ['responseSeconds', 'response_seconds'],
  ['positive', 'positive'],
  ['neutral', 'neutral'],
  ['negative', 'negative'],
] as const;

/** review_daily's columns: its key, then the counters in COUNTER_COLUMNS order. */
const DAILY_COLUMNS = sql.raw(`company_id, location_id, source, day, is_competitor, ${counterNames()}`);
const MONTHLY_COLUMNS = sql.raw(`company_id, source, month, is_competitor, ${counterNames()}`);
/** The key of a review's review_daily row, and of its review_monthly row, as expressions over reviews' columns. */
const DAILY_KEY = sql.raw(
  `company_id, coalesce(location_id, 0), source, (created_at AT TIME ZONE 'UTC')::date, is_competitor`,
);
const MONTHLY_KEY = sql.raw(
  `company_id, source, date_trunc('month', created_at AT TIME ZONE 'UTC')::date, is_competitor`,
);
/**
 * The counters of a group of reviews, in COUNTER_COLUMNS order (`counters` below is the same for one
 * review). Unqualified: only reviews has these columns in the statements that join it.
 */
const REVIEW_COUNTERS = sql.raw(`count(*), count(rating), coalesce(sum(rating), 0),
  count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
  count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5),
  count(*) FILTER (WHERE coalesce(btrim(text), '') <> ''), count(responded_at),
  coalesce(sum(extract(epoch FROM responded_at - created_at)), 0),
  count(*) FILTER (WHERE sentiment > 0), count(*) FILTER (WHERE sentiment = 0), count(*) FILTER (WHERE sentiment < 0)`);

/** The counters of a group of review_daily rows, summed, in COUNTER_COLUMNS order. */
const SUMMED_COUNTERS = sql.raw(COUNTER_COLUMNS.map(([, name]) => `sum(${name})`).join(', '));

function counterNames(): string {
  return COUNTER_COLUMNS.map(([, name]) => name).join(', ');
}

/** `col = table.col + excluded.col` for every counter, for an upsert into `table`. */
function addExcludedCounters(table: 'review_daily' | 'review_monthly') {
  return sql.raw(COUNTER_COLUMNS.map(([, name]) => `${name} = ${table}.${name} + excluded.${name}`).join(', '));
}

/**
 * Adds just-inserted reviews (`ids`) to review_daily and review_monthly in one statement, summed per
 * row in SQL, so the rollup triggers run once for all of them. The daily rows go in key order: the
 * upsert then walks review_daily's primary key in order instead of jumping about it.
 */
export async function addReviewsToRollups(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    WITH added AS (
      SELECT company_id, location_id, source, created_at, is_competitor, rating, text, responded_at, sentiment
      FROM reviews WHERE id = ANY(${sql.param([...ids])}::int[])
    ), added_daily AS (
      INSERT INTO review_daily (${DAILY_COLUMNS})
      SELECT ${DAILY_KEY}, ${REVIEW_COUNTERS} FROM added GROUP BY ${DAILY_KEY} ORDER BY ${DAILY_KEY}
      ON CONFLICT (company_id, location_id, source, day, is_competitor) DO UPDATE SET ${addExcludedCounters('review_daily')}
    ), added_monthly AS (
      INSERT INTO review_monthly (${MONTHLY_COLUMNS})
      SELECT ${MONTHLY_KEY}, ${REVIEW_COUNTERS} FROM added GROUP BY ${MONTHLY_KEY}
      ON CONFLICT (company_id, source, month, is_competitor) DO UPDATE SET ${addExcludedCounters('review_monthly')}
    )
    SELECT 1`);
}

/**
 * Recomputes a company's daily rollup (review_daily) from its raw reviews: one row per location
 * (0 for reviews without one), source, UTC day and competitor flag. Used after bulk loads (seed,
 * uploads) and by tests as the reference the incremental updates must match.
 */
export async function rebuildReviewDaily(db: Db, companyId: number): Promise<void> {
  // Bulk loads write replies straight into `responses`; bring the searchable reply texts up to date too.
  await syncReplyText(db, companyId);
  await db.transaction(async (tx) => {
    // review_daily's triggers stand aside (migrations 0039, 0045): taking every daily row out of the
    // company-wide, monthly and running rollups and putting it back costs far more than writing them
    // once at the end.
    await tx.execute(sql`SELECT set_config('reputo.rollup_rebuild', 'on', true)`);
    await tx.execute(sql`DELETE FROM review_daily WHERE company_id = ${companyId}`);
    await tx.execute(sql`
      INSERT INTO review_daily (${DAILY_COLUMNS})
      SELECT ${DAILY_KEY}, ${REVIEW_COUNTERS} FROM reviews WHERE company_id = ${companyId} GROUP BY ${DAILY_KEY}
    `);
    await tx.execute(sql`SELECT set_config('reputo.rollup_rebuild', 'off', true)`);
    await tx.execute(sql`SELECT review_rollups_rebuild(${companyId}::int)`);
    await tx.execute(sql`SELECT review_location_running_rebuild(${companyId}::int)`);
  });
  await rebuildReviewMonthly(db, companyId);
}

/** review_monthly of a company from its review_daily rows (see the table's comment). */
export async function rebuildReviewMonthly(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`DELETE FROM review_monthly WHERE company_id = ${companyId}`);
  await db.execute(sql`
    INSERT INTO review_monthly (${MONTHLY_COLUMNS})
    SELECT company_id, source, date_trunc('month', day)::date, is_competitor, ${SUMMED_COUNTERS}
    FROM review_daily
    WHERE company_id = ${companyId}
    GROUP BY company_id, source, date_trunc('month', day)::date, is_competitor
  `);
}

/** One row of the daily rollups: a location (0 for none), source, UTC day and competitor flag. */
export interface RollupKey {
  locationId: number;
  source: string;
  day: string;
  isCompetitor: boolean;
}

/** The rollup keys the given reviews fall in now. Call it before a delete or a change of date or location. */
export async function rollupKeysOf(db: Db, companyId: number, reviewIds: readonly number[]): Promise<RollupKey[]> {
  if (reviewIds.length === 0) return [];
  const result = await db.execute(sql`
    SELECT DISTINCT coalesce(location_id, 0) AS location_id, source, to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, is_competitor
    FROM reviews WHERE company_id = ${companyId} AND id = ANY(${sql.param([...reviewIds])}::int[])`);
  return rowsOf<{ location_id: number; source: string; day: string; is_competitor: boolean }>(result).map((r) => ({
    locationId: Number(r.location_id),
    source: r.source,
    day: r.day,
    isCompetitor: r.is_competitor,
  }));
}

function dedupeKeys(keys: readonly RollupKey[]): RollupKey[] {
  const seen = new Map<string, RollupKey>();
  for (const k of keys) seen.set(`${k.locationId}|${k.source}|${k.day}|${k.isCompetitor}`, k);
  return [...seen.values()];
}

/** The keys as a relation `k(location_id, source, day, is_competitor)` for joins. */
function keysRelation(keys: readonly RollupKey[]) {
  return sql`unnest(${sql.param(keys.map((k) => k.locationId))}::int[], ${sql.param(keys.map((k) => k.source))}::text[],
    ${sql.param(keys.map((k) => k.day))}::date[], ${sql.param(keys.map((k) => k.isCompetitor))}::boolean[]) AS k(location_id, source, day, is_competitor)`;
}

/** Reviews of the company that fall in key k (uses the (location_id, created_at) index). */
const REVIEW_IN_KEY = sql`r.source = k.source AND r.is_competitor = k.is_competitor
  AND (r.location_id = k.location_id OR (k.location_id = 0 AND r.location_id IS NULL))
  AND r.created_at >= (k.day::timestamp AT TIME ZONE 'UTC') AND r.created_at < ((k.day + 1)::timestamp AT TIME ZONE 'UTC')`;

/** Recomputes review_daily for these keys from the raw reviews, and the review_monthly rows they fall in. */
export async function refreshDailyRollup(db: Db, companyId: number, keys: readonly RollupKey[]): Promise<void> {
  const unique = dedupeKeys(keys);
  if (unique.length === 0) return;
  const k = keysRelation(unique);
  await db.execute(sql`DELETE FROM review_daily d USING ${k}
    WHERE d.company_id = ${companyId} AND d.location_id = k.location_id AND d.source = k.source AND d.day = k.day AND d.is_competitor = k.is_competitor`);
  await db.execute(sql`
    INSERT INTO review_daily (${DAILY_COLUMNS})
    SELECT ${companyId}::int, k.location_id, k.source, k.day, k.is_competitor, ${REVIEW_COUNTERS}
    FROM ${k} JOIN reviews r ON r.company_id = ${companyId} AND ${REVIEW_IN_KEY}
    GROUP BY k.location_id, k.source, k.day, k.is_competitor`);
  // The months these days fall in, summed again from review_daily (see rebuildReviewMonthly).
  const months = sql`(SELECT DISTINCT source, date_trunc('month', day)::date AS month, is_competitor FROM ${k}) AS m`;
  await db.execute(sql`DELETE FROM review_monthly r USING ${months}
    WHERE r.company_id = ${companyId} AND r.source = m.source AND r.month = m.month AND r.is_competitor = m.is_competitor`);
  await db.execute(sql`
    INSERT INTO review_monthly (${MONTHLY_COLUMNS})
    SELECT ${companyId}::int, m.source, m.month, m.is_competitor, ${SUMMED_COUNTERS}
    FROM ${months} JOIN review_daily d ON d.company_id = ${companyId} AND d.source = m.source AND d.is_competitor = m.is_competitor
      AND d.day >= m.month AND d.day < (m.month + interval '1 month')::date
    GROUP BY m.source, m.month, m.is_competitor`);
}

/** Recomputes topic_daily for these keys from review_topics. */
export async function refreshTopicRollup(db: Db, companyId: number, keys: readonly RollupKey[]): Promise<void> {
  const unique = dedupeKeys(keys);
  if (unique.length === 0) return;
  const k = keysRelation(unique);
  await db.execute(sql`DELETE FROM topic_daily d USING ${k}
    WHERE d.company_id = ${companyId} AND d.location_id = k.location_id AND d.source = k.source AND d.day = k.day AND d.is_competitor = k.is_competitor`);
  await db.execute(sql`
    INSERT INTO topic_daily (company_id, location_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
    SELECT ${companyId}::int, k.location_id, k.source, k.day, k.is_competitor, t.kind, t.topic, t.subtopic,
      count(*), count(*) FILTER (WHERE t.sentiment > 0), count(*) FILTER (WHERE t.sentiment = 0), count(*) FILTER (WHERE t.sentiment < 0)
    FROM ${k} JOIN reviews r ON r.company_id = ${companyId} AND ${REVIEW_IN_KEY}
    JOIN review_topics t ON t.review_id = r.id
    GROUP BY k.location_id, k.source, k.day, k.is_competitor, t.kind, t.topic, t.subtopic`);
  const months = sql`(SELECT DISTINCT source, date_trunc('month', day)::date AS month, is_competitor FROM ${k}) AS m`;
  await db.execute(sql`DELETE FROM topic_monthly t USING ${months}
    WHERE t.company_id = ${companyId} AND t.source = m.source AND t.month = m.month AND t.is_competitor = m.is_competitor`);
  await db.execute(sql`
    INSERT INTO topic_monthly (company_id, source, month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
    SELECT ${companyId}::int, m.source, m.month, m.is_competitor, d.kind, d.topic, d.subtopic, sum(d.mentions), sum(d.positive), sum(d.neutral), sum(d.negative)
    FROM ${months} JOIN topic_daily d ON d.company_id = ${companyId} AND d.source = m.source AND d.is_competitor = m.is_competitor
      AND d.day >= m.month AND d.day < (m.month + interval '1 month')::date
    GROUP BY m.source, m.month, m.is_competitor, d.kind, d.topic, d.subtopic`);
}

/**
 * Recomputes review_daily, review_monthly and topic_daily for these keys from the raw rows: exact
 * whatever the change was (insert, edit, reply, delete), and cheap because a key holds one day of
 * one location.
 */
export async function refreshRollups(db: Db, companyId: number, keys: readonly RollupKey[]): Promise<void> {
  await refreshDailyRollup(db, companyId, keys);
  await refreshTopicRollup(db, companyId, keys);
}

/** topic_daily's rows of the company's reviews that `reviewsWhere` (over `reviews r`) keeps, summed from review_topics. */
async function insertTopicDaily(db: Db, companyId: number, reviewsWhere: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO topic_daily (company_id, location_id, source, day, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
    SELECT r.company_id, coalesce(r.location_id, 0), r.source, (r.created_at AT TIME ZONE 'UTC')::date, r.is_competitor, t.kind, t.topic, t.subtopic,
      count(*), count(*) FILTER (WHERE t.sentiment > 0), count(*) FILTER (WHERE t.sentiment = 0), count(*) FILTER (WHERE t.sentiment < 0)
    FROM reviews r JOIN review_topics t ON t.review_id = r.id
    WHERE r.company_id = ${companyId} AND ${reviewsWhere}
    GROUP BY r.company_id, coalesce(r.location_id, 0), r.source, (r.created_at AT TIME ZONE 'UTC')::date, r.is_competitor, t.kind, t.topic, t.subtopic`);
}

/** Recomputes a company's topic_daily from review_topics, and topic_monthly from it (after bulk loads, and as the tests' reference). */
export async function rebuildTopicDaily(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`DELETE FROM topic_daily WHERE company_id = ${companyId}`);
  await insertTopicDaily(db, companyId, sql`true`);
  await db.execute(sql`DELETE FROM topic_monthly WHERE company_id = ${companyId}`);
  await db.execute(sql`
    INSERT INTO topic_monthly (company_id, source, month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
    SELECT company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic, sum(mentions), sum(positive), sum(neutral), sum(negative)
    FROM topic_daily WHERE company_id = ${companyId}
    GROUP BY company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic`);
}

/** Reviews of one slice of `rebuildTopicRollupsBySlice`: a slice holds the embedded database well under a second. */
const TOPIC_SLICE_REVIEWS = 1000;

/** `location_id` of topic_daily (0: no location) as a list parameter. */
const locationList = (ids: readonly number[]) => sql`${sql.param([...ids])}::int[]`;

/**
 * The company's locations (0 for reviews without one) in slices of about `TOPIC_SLICE_REVIEWS`
 * reviews; locations topic_daily still holds but no review names any more come too.
 */
async function topicRebuildSlices(db: Db, companyId: number, sliceReviews: number): Promise<number[][]> {
  const counts = rowsOf<{ location_id: number; reviews: number }>(
    await db.execute(sql`
      SELECT location_id, sum(reviews)::int AS reviews FROM (
        SELECT coalesce(location_id, 0) AS location_id, count(*) AS reviews FROM reviews WHERE company_id = ${companyId} GROUP BY 1
        UNION ALL SELECT DISTINCT location_id, 0 FROM topic_daily WHERE company_id = ${companyId}
      ) c GROUP BY location_id ORDER BY location_id`),
  );
  const slices: number[][] = [];
  let reviews = Infinity;
  for (const c of counts) {
    if (reviews + c.reviews > sliceReviews) {
      slices.push([]);
      reviews = 0;
    }
    slices[slices.length - 1]!.push(c.location_id);
    reviews += c.reviews;
  }
  return slices;
}

/** topic_monthly's counters of these locations' topic_daily rows, taken out (`sign` -1) or put in (1). */
async function addTopicMonthlyOf(
  db: Db,
  companyId: number,
  locationIds: readonly number[],
  sign: 1 | -1,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO topic_monthly AS m (company_id, source, month, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative)
    SELECT company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic,
      ${sign}::int * sum(mentions), ${sign}::int * sum(positive), ${sign}::int * sum(neutral), ${sign}::int * sum(negative)
    FROM topic_daily WHERE company_id = ${companyId} AND location_id = ANY(${locationList(locationIds)})
    GROUP BY company_id, source, date_trunc('month', day)::date, is_competitor, kind, topic, subtopic
    ON CONFLICT (company_id, source, month, is_competitor, kind, topic, subtopic) DO UPDATE SET mentions = m.mentions + excluded.mentions,
      positive = m.positive + excluded.positive, neutral = m.neutral + excluded.neutral, negative = m.negative + excluded.negative`);
  if (sign < 0) await db.execute(sql`DELETE FROM topic_monthly WHERE company_id = ${companyId} AND mentions <= 0`);
}

/** Recomputes topic_daily of these locations (0: reviews without one) from review_topics, and their share of topic_monthly. */
async function rebuildTopicSlice(db: Db, companyId: number, locationIds: readonly number[]): Promise<void> {
  const ids = locationList(locationIds);
  await addTopicMonthlyOf(db, companyId, locationIds, -1);
  await db.execute(sql`DELETE FROM topic_daily WHERE company_id = ${companyId} AND location_id = ANY(${ids})`);
  await insertTopicDaily(db, companyId, sql`coalesce(r.location_id, 0) = ANY(${ids})`);
  await addTopicMonthlyOf(db, companyId, locationIds, 1);
}

/**
 * `rebuildTopicDaily` a few locations at a time, each slice in a transaction of its own: after the
 * first start's analysis of the demo's 34,778 reviews, one transaction held the embedded database
 * (its one connection) for about 20 s and a sign-in waited that long (bench/RESULTS.md). Between
 * slices the reports mix old and new counts of a location, as they do while analysis runs.
 */
export async function rebuildTopicRollupsBySlice(
  db: Db,
  companyId: number,
  sliceReviews = TOPIC_SLICE_REVIEWS,
): Promise<void> {
  for (const slice of await topicRebuildSlices(db, companyId, sliceReviews)) {
    await db.transaction((tx) => rebuildTopicSlice(tx, companyId, slice));
  }
  // The planner learns the tables' new sizes before the next writes plan against them: on the first
  // start they were analysed empty, and the next company's analysis deleted 3,000 topic_daily rows in
  // 22 s (its triggers' plans took the filled tables for empty) while every request waited.
  await db.execute(sql`ANALYZE topic_daily, topic_company_daily, topic_location_monthly, topic_monthly`);
}

/**
 * Sets reviews.reply_text (searched by the review list) from the review's replies, for a whole
 * company after a bulk load. Rows already right are left alone, so a second run writes nothing.
 */
export async function syncReplyText(db: Db, companyId: number): Promise<void> {
  // Two set-based passes (hash aggregate, no per-row subquery): reviews with replies, then reviews without.
  await db.execute(sql`
    UPDATE reviews r SET reply_text = s.texts
    FROM (
      SELECT p.review_id, string_agg(p.text, ' ' ORDER BY p.id) AS texts
      FROM responses p
      WHERE p.company_id = ${companyId}
      GROUP BY p.review_id
    ) s
    WHERE r.id = s.review_id AND r.company_id = ${companyId} AND r.reply_text IS DISTINCT FROM s.texts
  `);
  await db.execute(sql`
    UPDATE reviews r SET reply_text = NULL
    WHERE r.company_id = ${companyId} AND r.reply_text IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM responses p WHERE p.review_id = r.id)
  `);
}

/** What a review contributes to review_daily; null for "no review" (before an insert, after a delete). */
export interface RollupFacts {
  companyId: number;
  locationId: number | null;
  source: string;
  createdAt: Date;
  isCompetitor: boolean;
  rating: number | null;
  text: string | null;
  respondedAt: Date | null;
  sentiment: number | null;
}

type Counters = Omit<typeof reviewDaily.$inferInsert, 'companyId' | 'locationId' | 'source' | 'day' | 'isCompetitor'>;

/** The UTC day and the first day of the month a review counts in. */
const dayOf = (f: RollupFacts) => f.createdAt.toISOString().slice(0, 10);
const monthOf = (f: RollupFacts) => `${dayOf(f).slice(0, 7)}-01`;

function rollupKey(f: RollupFacts): string {
  return [f.companyId, f.locationId ?? 0, f.source, dayOf(f), f.isCompetitor].join('|');
}

/** One review's counters, the same expressions rebuildReviewDaily sums. */
function counters(f: RollupFacts, sign: 1 | -1): Required<Counters> {
  const star = (n: number) => (f.rating === n ? sign : 0);
  const responded = f.respondedAt !== null;
  return {
    reviews: sign,
    rated: f.rating !== null ? sign : 0,
    ratingSum: (f.rating ?? 0) * sign,
    stars1: star(1),
    stars2: star(2),
    stars3: star(3),
    stars4: star(4),
    stars5: star(5),
    withText: (f.text ?? '').trim() !== '' ? sign : 0,
    responded: responded ? sign : 0,
    responseSeconds: responded ? ((f.respondedAt!.getTime() - f.createdAt.getTime()) / 1000) * sign : 0,
    positive: f.sentiment !== null && f.sentiment > 0 ? sign : 0,
    neutral: f.sentiment === 0 ? sign : 0,
    negative: f.sentiment !== null && f.sentiment < 0 ? sign : 0,
  };
}

function add(a: Required<Counters>, b: Required<Counters>): Required<Counters> {
  const out = { ...a };
  for (const k of Object.keys(b) as (keyof Counters)[]) out[k] = a[k] + b[k];
  return out;
}

/** `col = col + excluded.col` for every counter of a rollup table. */
function addExcluded(table: typeof reviewDaily | typeof reviewMonthly) {
  return Object.fromEntries(
    COUNTER_COLUMNS.map(([key, name]) => [key, sql`${table[key] as AnyPgColumn} + excluded.${sql.identifier(name)}`]),
  );
}

/** Adds one review's counters to its (location, source, day) row of review_daily and its (source, month) row of review_monthly. */
async function addCounters(db: Db, f: RollupFacts, c: Required<Counters>): Promise<void> {
  const d = reviewDaily;
  const m = reviewMonthly;
  await db
    .insert(d)
    .values({
      companyId: f.companyId,
      locationId: f.locationId ?? 0,
      source: f.source,
      day: dayOf(f),
      isCompetitor: f.isCompetitor,
      ...c,
    })
    .onConflictDoUpdate({ target: [d.companyId, d.locationId, d.source, d.day, d.isCompetitor], set: addExcluded(d) });
  await db
    .insert(m)
    .values({ companyId: f.companyId, source: f.source, month: monthOf(f), isCompetitor: f.isCompetitor, ...c })
    .onConflictDoUpdate({ target: [m.companyId, m.source, m.month, m.isCompetitor], set: addExcluded(m) });
}

/** Adds one review's change of counters to its daily and monthly rows; a row left without reviews goes. */
async function upsertCounters(db: Db, f: RollupFacts, c: Required<Counters>): Promise<void> {
  if (Object.values(c).every((v) => v === 0)) return;
  await addCounters(db, f, c);
  if (c.reviews < 0) {
    // A day (or month) without reviews has no row in a rebuild either.
    await db.execute(sql`DELETE FROM review_daily WHERE company_id = ${f.companyId} AND location_id = ${f.locationId ?? 0} AND source = ${f.source}
      AND day = ${dayOf(f)} AND is_competitor = ${f.isCompetitor} AND reviews <= 0`);
    await db.execute(sql`DELETE FROM review_monthly WHERE company_id = ${f.companyId} AND source = ${f.source}
      AND month = ${monthOf(f)} AND is_competitor = ${f.isCompetitor} AND reviews <= 0`);
  }
}

/**
 * Keeps review_daily exact after one review changes: call it in the same transaction as the write,
 * with the review's facts before (null for an insert) and after (null for a delete).
 */
export async function applyRollupChange(db: Db, before: RollupFacts | null, after: RollupFacts | null): Promise<void> {
  if (before && after && rollupKey(before) === rollupKey(after)) {
    await upsertCounters(db, after, add(counters(after, 1), counters(before, -1)));
    return;
  }
  if (before) await upsertCounters(db, before, counters(before, -1));
  if (after) await upsertCounters(db, after, counters(after, 1));
}

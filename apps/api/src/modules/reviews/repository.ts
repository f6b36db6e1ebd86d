import type { ReviewFilterValues } from '@reputo/core';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  caseResolutions,
  responses,
  reviewCategoryLinks,
  reviewCompanyDaily,
  reviewDaily,
  reviewLocationMonthly,
  reviewLocationSourceMonthly,
  reviewMonthly,
  reviews,
  users,
} from '../../db/schema';
import { chunks } from '../../db/chunks';
import { addReviewsToRollups, applyRollupChange, sumAcrossReads, type RollupFacts } from './rollup.repository';
import { preparedPerDb } from '../../db/prepared';
import { locationDirectoryById } from '../locations/directory';
import {
  monthlyPlan,
  monthPlanReads,
  preparedScopeConditions,
  reviewConditions,
  rollupConditions,
  rollupCountSql,
  scopeValues,
  type ScopeContext,
  type ScopeOptions,
  withResolvedLocations,
} from './scope';
import { scopeCompanyId } from '../../platform/companyScope';
import { queueRuleTickets } from '../tickets/rules.repository';

/** A review's own columns as the workspace shows them. */
const ownColumns = {
  id: reviews.id,
  companyId: reviews.companyId,
  locationId: reviews.locationId,
  source: reviews.source,
  externalId: reviews.externalId,
  authorName: reviews.authorName,
  rating: reviews.rating,
  title: reviews.title,
  text: reviews.text,
  language: reviews.language,
  sentiment: reviews.sentiment,
  url: reviews.url,
  isCompetitor: reviews.isCompetitor,
  caseResolutionId: reviews.caseResolutionId,
  createdAt: reviews.createdAt,
  fetchedAt: reviews.fetchedAt,
  respondedAt: reviews.respondedAt,
  removedAt: reviews.removedAt,
};

export interface ResponseRow {
  id: number;
  reviewId: number;
  text: string;
  status: string;
  failureReason: string | null;
  origin: string;
  externalId: string | null;
  createdAt: Date;
  postedAt: Date | null;
  updatedAt: Date;
  authorUserId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** A review's own columns as the workspace shows them, with its place (`placesOf`). */
export type ReviewRow = Pick<typeof reviews.$inferSelect, keyof typeof ownColumns> & ReviewPlace;

/**
 * One page of reviews, newest first. The page's ids are found first, on `reviews` alone: the
 * (company_id, is_competitor, created_at desc, id desc) index walks past earlier pages without reading
 * their rows; only the page's rows are then read. Page 1,000 of a million reviews read 20,000 rows
 * with their joins before (bench/RESULTS.md). Their places come from the company's kept directory
 * (`placesOf`), not from a join. A page of some star ratings walks the (…, rating, created_at desc,
 * id desc) index once per rating and merges the walks, so it steps over no review of another rating
 * (`ratingWalks`).
 */
export async function findReviewPage(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues & { page: number; per_page: number },
  opts: ScopeOptions = {},
): Promise<ReviewRow[]> {
  const page = await pageIds(db, ctx, filter, opts);
  const [rows, places] = await Promise.all([
    db
      .select(ownColumns)
      .from(reviews)
      .innerJoin(page, eq(page.id, reviews.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    placesOf(db, scopeCompanyId(ctx)),
  ]);
  return rows.map((r) => ({ ...r, ...places(r.locationId) }));
}

/** A review with its replies (oldest first) and category ids. */
export interface ReviewThread {
  review: ReviewRow;
  replies: ResponseRow[];
  categoryIds: number[];
}

/**
 * `findReviewPage` with each review's replies and category ids, in the same statement (as
 * `findReviewThread` reads one review): the page, its replies and its categories were three
 * statements, each a round trip (on the embedded database, a hop to its thread).
 */
export async function findReviewPageThreads(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues & { page: number; per_page: number },
  opts: ScopeOptions = {},
): Promise<ReviewThread[]> {
  const page = await pageIds(db, ctx, filter, opts);
  const [rows, places] = await Promise.all([
    db
      .select(threadColumns)
      .from(reviews)
      .innerJoin(page, eq(page.id, reviews.id))
      .orderBy(desc(reviews.createdAt), desc(reviews.id)),
    placesOf(db, scopeCompanyId(ctx)),
  ]);
  return rows.map((row) => threadOf(row, places));
}

/** The ids of a page of the filter, newest first, as a subquery. */
async function pageIds(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues & { page: number; per_page: number },
  opts: ScopeOptions,
) {
  const offset = (filter.page - 1) * filter.per_page;
  const ratings = [...new Set(filter.ratings ?? [])];
  if (ratings.length > 1 && ratings.length < 5) return ratingWalks(db, ctx, filter, ratings, offset, opts);
  return db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(...reviewConditions(ctx, filter, opts)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(filter.per_page)
    .offset(offset)
    .as('page');
}

/**
 * A page's ids of two to four star ratings: each rating's newest reviews up to the page's end, merged
 * newest first (PostgreSQL's Merge Append over reviews_company_rating_idx). The locations are named
 * (withResolvedLocations): with a subquery of them the planner could not tell a walk that stops early.
 */
async function ratingWalks(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues & { per_page: number },
  ratings: number[],
  offset: number,
  opts: ScopeOptions,
) {
  const scoped = await withResolvedLocations(db, ctx, filter);
  const [first, second, ...rest] = ratings.map((rating) =>
    db
      .select({ id: reviews.id, createdAt: reviews.createdAt })
      .from(reviews)
      .where(and(...reviewConditions(scoped.ctx, { ...scoped.filter, ratings: [rating] }, opts)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(offset + filter.per_page),
  );
  return unionAll(first!, second!, ...rest)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(filter.per_page)
    .offset(offset)
    .as('page');
}

/** What an export writes of a review: its own columns here, its place from `placesOf`. */
const exportColumns = {
  id: reviews.id,
  locationId: reviews.locationId,
  source: reviews.source,
  authorName: reviews.authorName,
  rating: reviews.rating,
  title: reviews.title,
  text: reviews.text,
  url: reviews.url,
  createdAt: reviews.createdAt,
  respondedAt: reviews.respondedAt,
};

export interface ReviewPlace {
  locationTitle: string | null;
  locationCode: string | null;
  brandId: number | null;
  brandTitle: string | null;
  stateId: number | null;
  stateTitle: string | null;
}

const NO_PLACE: ReviewPlace = {
  locationTitle: null,
  locationCode: null,
  brandId: null,
  brandTitle: null,
  stateId: null,
  stateTitle: null,
};

export type ExportedReview = Pick<typeof reviews.$inferSelect, keyof typeof exportColumns> &
  Omit<ReviewPlace, 'brandId' | 'stateId'>;

/** One object literal, not spreads: spreading two objects a row took 6 µs, most of an export's own time. */
function withPlace(
  r: Pick<typeof reviews.$inferSelect, keyof typeof exportColumns>,
  place: ReviewPlace,
): ExportedReview {
  return {
    id: r.id,
    locationId: r.locationId,
    source: r.source,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    text: r.text,
    url: r.url,
    createdAt: r.createdAt,
    respondedAt: r.respondedAt,
    locationTitle: place.locationTitle,
    locationCode: place.locationCode,
    brandTitle: place.brandTitle,
    stateTitle: place.stateTitle,
  };
}

/**
 * The places of a company's locations, from its kept directory (locations/directory.ts: read once,
 * then kept until a write of its locations, brands or regions). Reviews are read from `reviews`
 * alone: on the embedded database, which plans every statement afresh, planning a review's
 * four-table join took 1.2 ms against 0.3 ms to run it, and a join to every row of an export took
 * half its SQL time (bench/RESULTS.md).
 */
async function placesOf(db: Db, companyId: number): Promise<(locationId: number | null) => ReviewPlace> {
  const byId = await locationDirectoryById(db, companyId);
  return (locationId) => {
    const l = locationId === null ? undefined : byId.get(locationId);
    return l
      ? {
          locationTitle: l.title,
          locationCode: l.code,
          brandId: l.brandId,
          brandTitle: l.brand,
          stateId: l.stateId,
          stateTitle: l.state,
        }
      : NO_PLACE;
  };
}

/**
 * Reviews in list order for exports, in batches so a large export never holds every row. The
 * batches read `reviews` alone, and each review's place comes from its company's locations read
 * once: joining the places to every row took half of a 100,000-row export's SQL time
 * (bench/RESULTS.md).
 */
export async function* iterateReviews(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions & { batch?: number; limit?: number } = {},
): AsyncGenerator<ExportedReview[]> {
  const batch = opts.batch ?? 1000;
  const places = await placesOf(db, scopeCompanyId(ctx));
  let cursor: { createdAt: Date; id: number } | null = null;
  let left = opts.limit ?? Number.POSITIVE_INFINITY;
  while (left > 0) {
    const after: SQL[] = cursor
      ? [sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`]
      : [];
    const rows = await db
      .select(exportColumns)
      .from(reviews)
      .where(and(...reviewConditions(ctx, filter, opts), ...after))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(Math.min(batch, left));
    if (rows.length === 0) return;
    yield rows.map((r) => withPlace(r, places(r.locationId)));
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batch) return;
  }
}

/**
 * How many reviews match. The daily rollup answers when it can (see rollupCountSql), otherwise the
 * reviews are counted.
 */
export async function countReviews(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions = {},
): Promise<number> {
  if (rollupCountSql(filter)) {
    const totals = await sumRollups(db, ctx, filter, opts, (t) => ({ n: rollupCountSql(filter, t)! }));
    return totals.n;
  }
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(reviews)
    .where(and(...reviewConditions(ctx, filter, opts)));
  return Number(row?.n ?? 0);
}

type RollupTable =
  | typeof reviewDaily
  | typeof reviewMonthly
  | typeof reviewCompanyDaily
  | typeof reviewLocationMonthly
  | typeof reviewLocationSourceMonthly;

/**
 * Sums aggregate expressions over the rollups of a filter: whole months from a month table and the
 * partial months at the ends from a daily one (scope `monthlyPlan`). `build` gives the expressions
 * for any table (they share column names).
 */
async function sumRollups<K extends string>(
  db: Db,
  ctx: ScopeContext,
  filter: ReviewFilterValues,
  opts: ScopeOptions,
  build: (t: RollupTable) => Record<K, SQL>,
): Promise<Record<K, number>> {
  const reads = monthPlanReads(monthlyPlan(ctx, filter, opts));
  const [row] = await sumAcrossReads(db, reads, ({ table }) => build(table));
  const keys = Object.keys(build(reviewDaily)) as K[];
  return Object.fromEntries(keys.map((k) => [k, Number(row?.[k] ?? 0)])) as Record<K, number>;
}

/** A reply as the review thread's statement gives it: JSON, so its times are ISO texts. */
type ReplyJson = Omit<ResponseRow, 'createdAt' | 'postedAt' | 'updatedAt' | 'authorFirstName' | 'authorLastName'> & {
  createdAt: string;
  postedAt: string | null;
  updatedAt: string;
  author: { firstName: string | null; lastName: string | null } | null;
};

/**
 * The review's replies (oldest first, with their authors' names) as one JSON array, null when none.
 * Written out with aliases: Drizzle leaves columns unqualified in a one-table select, and these
 * subqueries refer to the outer review. The author is a subquery per reply, not a join: joined, the
 * planner hashed the whole users table for a reply or two (13% of the statement on the embedded database).
 */
const repliesJson = sql<ReplyJson[] | null>`(
  SELECT json_agg(json_build_object(
    'id', s.id, 'reviewId', s.review_id, 'text', s.text, 'status', s.status, 'failureReason', s.failure_reason,
    'origin', s.origin, 'externalId', s.external_id, 'createdAt', s.created_at, 'postedAt', s.posted_at,
    'updatedAt', s.updated_at, 'authorUserId', s.author_user_id,
    'author', (SELECT json_build_object('firstName', u.first_name, 'lastName', u.last_name) FROM users u WHERE u.id = s.author_user_id)
  ) ORDER BY s.created_at, s.id)
  FROM responses s
  WHERE s.review_id = "reviews"."id")`;

/** The review's category ids as a JSON array, null when none. */
const categoryIdsJson = sql<number[] | null>`(
  SELECT json_agg(c.category_id ORDER BY c.created_at, c.category_id) FROM review_category_links c WHERE c.review_id = "reviews"."id")`;

/** One review by id within a scope whose company (and allowed locations) are placeholders. */
const byIdInScope = (limited: boolean) =>
  and(eq(reviews.id, sql.placeholder('id')), ...preparedScopeConditions(limited));
const threadColumns = { ...ownColumns, replies: repliesJson, categoryIds: categoryIdsJson };

/** A review's own columns by id; its place is read apart. */
function reviewByIdQuery(limited: boolean) {
  return preparedPerDb((db) =>
    db
      .select(ownColumns)
      .from(reviews)
      .where(byIdInScope(limited))
      .limit(1)
      .prepare(limited ? 'review_by_id_in_locations' : 'review_by_id'),
  );
}

/** A review by id with its replies and category ids. */
function reviewThreadByIdQuery(limited: boolean) {
  return preparedPerDb((db) =>
    db
      .select(threadColumns)
      .from(reviews)
      .where(byIdInScope(limited))
      .limit(1)
      .prepare(limited ? 'review_thread_by_id_in_locations' : 'review_thread_by_id'),
  );
}

const reviewById = { all: reviewByIdQuery(false), limited: reviewByIdQuery(true) };
const reviewThreadById = { all: reviewThreadByIdQuery(false), limited: reviewThreadByIdQuery(true) };

/**
 * A review the context may see (the rows of `reviewConditions` with no filter), or undefined:
 * another tenant's id looks exactly like a missing one.
 */
export async function findReview(db: Db, ctx: ScopeContext, id: number): Promise<ReviewRow | undefined> {
  const [row] = await reviewById[ctx.locationIds === null ? 'all' : 'limited'](db).execute({ id, ...scopeValues(ctx) });
  return row && { ...row, ...(await placesOf(db, row.companyId))(row.locationId) };
}

/**
 * `findReview` with the review's replies and category ids, read in one statement: on the embedded
 * database, which runs statements one at a time and plans each afresh, three statements took about
 * twice as long as one (bench/RESULTS.md).
 */
export async function findReviewThread(db: Db, ctx: ScopeContext, id: number): Promise<ReviewThread | undefined> {
  const [row] = await reviewThreadById[ctx.locationIds === null ? 'all' : 'limited'](db).execute({
    id,
    ...scopeValues(ctx),
  });
  return row && threadOf(row, await placesOf(db, row.companyId));
}

/** A row of `threadColumns` as a review, its place, its replies (times from their ISO texts) and categories. */
function threadOf(
  row: Omit<ReviewRow, keyof ReviewPlace> & { replies: ReplyJson[] | null; categoryIds: number[] | null },
  places: (locationId: number | null) => ReviewPlace,
): ReviewThread {
  const { replies, categoryIds, ...own } = row;
  return {
    review: { ...own, ...places(own.locationId) },
    replies: (replies ?? []).map(({ author, ...r }) => ({
      ...r,
      createdAt: new Date(r.createdAt),
      postedAt: r.postedAt === null ? null : new Date(r.postedAt),
      updatedAt: new Date(r.updatedAt),
      authorFirstName: author?.firstName ?? null,
      authorLastName: author?.lastName ?? null,
    })),
    categoryIds: categoryIds ?? [],
  };
}

const responsesOfReviews = preparedPerDb((db) =>
  db
    .select({
      id: responses.id,
      reviewId: responses.reviewId,
      text: responses.text,
      status: responses.status,
      failureReason: responses.failureReason,
      origin: responses.origin,
      externalId: responses.externalId,
      createdAt: responses.createdAt,
      postedAt: responses.postedAt,
      updatedAt: responses.updatedAt,
      authorUserId: responses.authorUserId,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(responses)
    .leftJoin(users, eq(users.id, responses.authorUserId))
    .where(sql`${responses.reviewId} = ANY(${sql.placeholder('reviewIds')}::integer[])`)
    .orderBy(asc(responses.createdAt), asc(responses.id))
    .prepare('responses_of_reviews'),
);

export async function findResponsesFor(db: Db, reviewIds: number[]): Promise<ResponseRow[]> {
  if (reviewIds.length === 0) return [];
  return responsesOfReviews(db).execute({ reviewIds });
}

/** The facts of a review that the daily rollup counts, read inside the caller's transaction. */
export async function rollupFactsOf(db: Db, reviewId: number): Promise<RollupFacts | undefined> {
  const [row] = await db
    .select({
      companyId: reviews.companyId,
      locationId: reviews.locationId,
      source: reviews.source,
      createdAt: reviews.createdAt,
      isCompetitor: reviews.isCompetitor,
      rating: reviews.rating,
      text: reviews.text,
      respondedAt: reviews.respondedAt,
      sentiment: reviews.sentiment,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for('update');
  return row;
}

/**
 * After a reply is added, changed or removed: the review's first posted-reply time and its
 * searchable reply text follow, and the rollup with them, all in the caller's transaction.
 */
export async function refreshReplyState(db: Db, reviewId: number): Promise<void> {
  const before = await rollupFactsOf(db, reviewId);
  if (!before) return;
  // Read and written in one statement (one round trip fewer on every reply). The review's row is
  // locked above, so a concurrent change to its replies waits for this transaction, and this
  // statement, started after the lock, sees every reply committed before it.
  const [after] = rowsOf<{ first_posted: string | Date | null }>(
    await db.execute(sql`
      UPDATE ${reviews} SET responded_at = agg.first_posted, reply_text = agg.texts
      FROM (
        SELECT min(${responses.postedAt}) FILTER (WHERE ${responses.status} = 'posted') AS first_posted,
               string_agg(${responses.text}, ' ' ORDER BY ${responses.id}) AS texts
        FROM ${responses} WHERE ${responses.reviewId} = ${reviewId}
      ) AS agg
      WHERE ${reviews.id} = ${reviewId}
      RETURNING agg.first_posted`),
  );
  const respondedAt = after?.first_posted ? new Date(after.first_posted) : null;
  if ((before.respondedAt?.getTime() ?? null) !== (respondedAt?.getTime() ?? null)) {
    await applyRollupChange(db, before, { ...before, respondedAt });
  }
}

/** Deletes a review and takes it out of the rollup, in one transaction. */
export async function deleteReviewRow(db: Db, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await rollupFactsOf(tx as unknown as Db, reviewId);
    if (!before) return;
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    await applyRollupChange(tx as unknown as Db, before, null);
  });
}

/** Sets a review's case resolution and/or categories (ids already checked to belong to its company). */
export async function setReviewAssignments(
  db: Db,
  review: { id: number; companyId: number },
  change: { caseResolutionId?: number | null; categoryIds?: number[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (change.caseResolutionId !== undefined) {
      await tx.update(reviews).set({ caseResolutionId: change.caseResolutionId }).where(eq(reviews.id, review.id));
    }
    if (change.categoryIds !== undefined) {
      await tx.delete(reviewCategoryLinks).where(eq(reviewCategoryLinks.reviewId, review.id));
      if (change.categoryIds.length) {
        await tx
          .insert(reviewCategoryLinks)
          .values(
            change.categoryIds.map((categoryId) => ({ reviewId: review.id, categoryId, companyId: review.companyId })),
          );
        // A category that a Zendesk or Jira rule names queues a ticket (modules/tickets).
        await queueRuleTickets(tx as unknown as Db, review.companyId, [review.id], 'categorized');
      }
    }
  });
}

export async function findCaseResolution(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(caseResolutions)
    .where(and(eq(caseResolutions.companyId, companyId), eq(caseResolutions.id, id)));
  return row;
}

/** Star distribution, average and response figures for a filter, from the rollup when possible. */
export async function ratingSummary(db: Db, ctx: ScopeContext, filter: ReviewFilterValues, opts: ScopeOptions = {}) {
  const perReview = Boolean(
    filter.search?.trim() ||
    filter.categories?.length ||
    filter.case_resolution?.length ||
    filter.ratings?.length ||
    filter.with_text !== undefined ||
    filter.answered !== undefined ||
    filter.removed !== undefined,
  );
  if (!perReview) {
    const totals = await sumRollups(db, ctx, filter, opts, (d) => ({
      reviews: sql`coalesce(sum(${d.reviews}), 0)`,
      rated: sql`coalesce(sum(${d.rated}), 0)`,
      ratingSum: sql`coalesce(sum(${d.ratingSum}), 0)`,
      s1: sql`coalesce(sum(${d.stars1}), 0)`,
      s2: sql`coalesce(sum(${d.stars2}), 0)`,
      s3: sql`coalesce(sum(${d.stars3}), 0)`,
      s4: sql`coalesce(sum(${d.stars4}), 0)`,
      s5: sql`coalesce(sum(${d.stars5}), 0)`,
      responded: sql`coalesce(sum(${d.responded}), 0)`,
      responseSeconds: sql`coalesce(sum(${d.responseSeconds}), 0)`,
    }));
    return normalizeSummary(Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])));
  }
  const r = reviews;
  const [row] = await db
    .select({
      reviews: sql<string>`count(*)`,
      rated: sql<string>`count(${r.rating})`,
      ratingSum: sql<string>`coalesce(sum(${r.rating}), 0)`,
      s1: sql<string>`count(*) FILTER (WHERE ${r.rating} = 1)`,
      s2: sql<string>`count(*) FILTER (WHERE ${r.rating} = 2)`,
      s3: sql<string>`count(*) FILTER (WHERE ${r.rating} = 3)`,
      s4: sql<string>`count(*) FILTER (WHERE ${r.rating} = 4)`,
      s5: sql<string>`count(*) FILTER (WHERE ${r.rating} = 5)`,
      responded: sql<string>`count(${r.respondedAt})`,
      responseSeconds: sql<string>`coalesce(sum(extract(epoch FROM ${r.respondedAt} - ${r.createdAt})), 0)`,
    })
    .from(r)
    .where(and(...reviewConditions(ctx, filter, opts)));
  return normalizeSummary(row);
}

function normalizeSummary(row: Record<string, string> | undefined) {
  const n = (k: string) => Number(row?.[k] ?? 0);
  return {
    reviews: n('reviews'),
    rated: n('rated'),
    ratingSum: n('ratingSum'),
    stars: { 1: n('s1'), 2: n('s2'), 3: n('s3'), 4: n('s4'), 5: n('s5') },
    responded: n('responded'),
    responseSeconds: n('responseSeconds'),
  };
}

/** Per-source figures of the rating and response-rate exports. */
export async function summaryBySource(db: Db, ctx: ScopeContext, filter: ReviewFilterValues, opts: ScopeOptions = {}) {
  const d = reviewDaily;
  const rows = await db
    .select({
      source: d.source,
      reviews: sql<string>`sum(${d.reviews})`,
      rated: sql<string>`sum(${d.rated})`,
      ratingSum: sql<string>`sum(${d.ratingSum})`,
      s1: sql<string>`sum(${d.stars1})`,
      s2: sql<string>`sum(${d.stars2})`,
      s3: sql<string>`sum(${d.stars3})`,
      s4: sql<string>`sum(${d.stars4})`,
      s5: sql<string>`sum(${d.stars5})`,
      responded: sql<string>`sum(${d.responded})`,
      responseSeconds: sql<string>`sum(${d.responseSeconds})`,
    })
    .from(d)
    .where(and(...rollupConditions(ctx, filter, opts)))
    .groupBy(d.source)
    .orderBy(sql`sum(${d.reviews}) desc`);
  return rows.map((r) => ({ source: r.source, ...normalizeSummary(r as unknown as Record<string, string>) }));
}

export type NewReview = typeof reviews.$inferInsert;

/** Reviews per insert statement: 5,000 reviews are about 2 MB of JSON. */
const INSERT_ROWS = 5000;

/**
 * Inserts reviews and adds them to the rollups in the caller's transaction; answers the new ids in
 * order. The rows go to PostgreSQL as one JSON value per 5,000 and come out of json_to_recordset
 * into the insert; then one statement adds all of them to the rollups (addReviewsToRollups). Once for
 * the whole call, not once per 5,000: the reviews of an upload spread over years fall in the same
 * location-month and company-day rows from every slice, and each slice's upsert and triggers updated
 * those rows again (bench/RESULTS.md, ninth pass). `onInserted` hears the running count after each slice.
 */
export async function insertReviewRows(
  db: Db,
  rows: NewReview[],
  onInserted?: (count: number) => void,
): Promise<number[]> {
  const ids: number[] = [];
  // Rows that set the same columns go together: a column left out keeps its default.
  const byColumns = new Map<string, NewReview[]>();
  for (const row of rows) {
    const keys = Object.keys(row)
      .filter((k) => row[k as keyof NewReview] !== undefined)
      .sort()
      .join(',');
    const group = byColumns.get(keys);
    if (group) group.push(row);
    else byColumns.set(keys, [row]);
  }
  for (const [keys, group] of byColumns) {
    for (const part of chunks(group, INSERT_ROWS)) {
      ids.push(...(await insertSameColumns(db, keys.split(',') as (keyof NewReview)[], part)));
      onInserted?.(ids.length);
    }
  }
  await addReviewsToRollups(db, ids);
  return ids.sort((a, b) => a - b);
}

async function insertSameColumns(db: Db, keys: (keyof NewReview)[], rows: NewReview[]): Promise<number[]> {
  const table = getTableColumns(reviews);
  const columns = keys.map((k) => table[k]);
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const record = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k, i) => [columns[i]!.name, r[k]]))));
  const result = await db.execute(sql`
    INSERT INTO reviews (${names})
    SELECT ${names} FROM json_to_recordset(${json}::json) AS r(${record})
    RETURNING id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

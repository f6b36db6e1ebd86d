import {
  COMPETITOR_SOURCES_MESSAGE,
  competitorSourcesFor,
  freeTextError,
  MAX_COMPETITOR_SOURCES,
  sourceTitle,
  validateSourceUrl,
} from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { afterReviewsWritten } from '../reviews/afterWrite';
import { rollupKeysOf } from '../reviews/rollup.repository';
import { scopeCompanyId } from '../../platform/companyScope';
import {
  branchCountsByLocation,
  branchReviewIds,
  companyLocations,
  deleteBranches,
  deleteCompetitorRow,
  deleteReviews,
  findCompetitor,
  findCompetitorByName,
  insertBranch,
  insertCompetitor,
  renameCompetitor,
  touchCompetitor,
  updateBranch,
  type CompetitorRow,
} from './repository';
import type { BranchInput, CompetitorInput } from './schemas';

/** Competitor benchmarking covers up to three competitors per location (the spec's tooltip). */
export const MAX_COMPETITORS_PER_LOCATION = 3;
export const PER_LOCATION_MESSAGE = `A location can be benchmarked against at most ${MAX_COMPETITORS_PER_LOCATION} competitors.`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The sources competitors are tracked on: the company's competitor sources that are also its sources, never Feedback, at most 4. */
export function competitorSourcesOf(ctx: ActingContext): string[] {
  const c = ctx.company;
  return c ? competitorSourcesFor(c.sources, c.competitorsSources).slice(0, MAX_COMPETITOR_SOURCES) : [];
}

export function serializeCompetitor(c: CompetitorRow, titles: Map<number, string>) {
  return {
    id: c.id,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    locations: c.branches.map((b) => ({
      id: b.id,
      location_id: b.locationId,
      location_title: titles.get(b.locationId) ?? null,
      title: b.title,
      address: b.address,
      sources: b.sourceUrls,
    })),
  };
}

function fieldError(field: string, message: string): AppError {
  return badRequest(message, [{ field, message }]);
}

/** The checks of one branch: an allowed own location, the company's competitor sources (at most 4), valid addresses. */
function checkBranch(
  ctx: ActingContext,
  b: BranchInput,
  index: number,
  locationIds: Set<number>,
  allowedSources: string[],
): Record<string, string> {
  const allowed = ctx.locationIds;
  if (!locationIds.has(b.location_id) || (allowed && !allowed.includes(b.location_id)))
    throw notFound(`Location ${b.location_id} not found`);
  const urls: Record<string, string> = {};
  for (const [k, v] of Object.entries(b.sources)) if (v.trim() !== '') urls[k] = v.trim();
  if (Object.keys(urls).length > MAX_COMPETITOR_SOURCES)
    throw fieldError(`locations.${index}.sources`, COMPETITOR_SOURCES_MESSAGE);
  for (const [source, url] of Object.entries(urls)) {
    if (!allowedSources.includes(source))
      throw fieldError(
        `locations.${index}.sources.${source}`,
        `${sourceTitle(source)} is not one of the company's competitor sources.`,
      );
    if (!validateSourceUrl(source, url))
      throw fieldError(`locations.${index}.sources.${source}`, `Enter a valid ${sourceTitle(source)} address.`);
  }
  return urls;
}

function checkName(name: string): string {
  if (name === '') throw fieldError('name', 'Missing competitor name!');
  const err = freeTextError(name);
  if (err) throw fieldError('name', err);
  return name.trim();
}

/** At most three competitor branches per own location, counting what stays and what is added. */
function checkPerLocation(existing: Map<number, number>, removedAt: number[], addedAt: number[]): void {
  const counts = new Map(existing);
  for (const l of removedAt) counts.set(l, (counts.get(l) ?? 0) - 1);
  for (const l of addedAt) {
    const n = (counts.get(l) ?? 0) + 1;
    if (n > MAX_COMPETITORS_PER_LOCATION) throw fieldError('locations', PER_LOCATION_MESSAGE);
    counts.set(l, n);
  }
}

async function removeBranches(tx: Tx, companyId: number, branchIds: number[]): Promise<void> {
  // Their reviews go too, and the rollups they counted in are recomputed in the same transaction.
  const reviewIds = await branchReviewIds(tx, companyId, branchIds);
  const before = await rollupKeysOf(tx, companyId, reviewIds);
  await deleteReviews(tx, companyId, reviewIds);
  await deleteBranches(tx, companyId, branchIds);
  await afterReviewsWritten(tx, companyId, [], before);
}

export async function locationTitles(db: Db, companyId: number): Promise<Map<number, string>> {
  return new Map((await companyLocations(db, companyId)).map((l) => [l.id, l.title]));
}

export async function getCompetitor(db: Db, ctx: ActingContext, id: number): Promise<CompetitorRow> {
  const found = await findCompetitor(db, scopeCompanyId(ctx), id, ctx.locationIds);
  if (!found) throw notFound('Competitor not found');
  return found;
}

export async function createCompetitor(db: Db, ctx: ActingContext, input: CompetitorInput): Promise<CompetitorRow> {
  const companyId = scopeCompanyId(ctx);
  const name = checkName(input.name);
  const locationIds = new Set((await companyLocations(db, companyId)).map((l) => l.id));
  const sources = competitorSourcesOf(ctx);
  const branches = input.locations.map((b, i) => ({ ...b, urls: checkBranch(ctx, b, i, locationIds, sources) }));
  if (await findCompetitorByName(db, companyId, name))
    throw fieldError('name', `A competitor named ${name} already exists.`);
  return db.transaction(async (tx) => {
    checkPerLocation(
      await branchCountsByLocation(tx, companyId),
      [],
      branches.map((b) => b.location_id),
    );
    const id = await insertCompetitor(tx, companyId, name);
    for (const b of branches)
      await insertBranch(tx, companyId, id, {
        locationId: b.location_id,
        title: b.title?.trim() || name,
        address: b.address?.trim() || null,
        sourceUrls: b.urls,
      });
    return (await findCompetitor(tx, companyId, id, null))!;
  });
}

/** Renames and, when `locations` is given, replaces the branch list: items with an id are kept and updated, others added, missing ones removed. */
export async function updateCompetitor(
  db: Db,
  ctx: ActingContext,
  id: number,
  input: Partial<CompetitorInput>,
): Promise<CompetitorRow> {
  const companyId = scopeCompanyId(ctx);
  const current = await getCompetitor(db, ctx, id);
  const name = input.name === undefined ? current.name : checkName(input.name);
  if (name.toLowerCase() !== current.name.toLowerCase()) {
    const clash = await findCompetitorByName(db, companyId, name);
    if (clash && clash.id !== id) throw fieldError('name', `A competitor named ${name} already exists.`);
  }
  const locationIds = new Set((await companyLocations(db, companyId)).map((l) => l.id));
  const sources = competitorSourcesOf(ctx);
  const wanted = input.locations?.map((b, i) => ({ ...b, urls: checkBranch(ctx, b, i, locationIds, sources) }));
  return db.transaction(async (tx) => {
    if (name !== current.name) await renameCompetitor(tx, companyId, id, name);
    else await touchCompetitor(tx, companyId, id);
    if (wanted) {
      const currentIds = new Set(current.branches.map((b) => b.id));
      for (const b of wanted)
        if (b.id !== undefined && !currentIds.has(b.id)) throw notFound(`Competitor location ${b.id} not found`);
      const keptIds = new Set(wanted.filter((b) => b.id !== undefined).map((b) => b.id!));
      const removed = current.branches.filter((b) => !keptIds.has(b.id));
      const moved = wanted.filter(
        (b) => b.id !== undefined && current.branches.find((c) => c.id === b.id)!.locationId !== b.location_id,
      );
      checkPerLocation(
        await branchCountsByLocation(tx, companyId),
        [
          ...removed.map((b) => b.locationId),
          ...moved.map((b) => current.branches.find((c) => c.id === b.id)!.locationId),
        ],
        [...wanted.filter((b) => b.id === undefined).map((b) => b.location_id), ...moved.map((b) => b.location_id)],
      );
      await removeBranches(
        tx,
        companyId,
        removed.map((b) => b.id),
      );
      for (const b of wanted) {
        const values = {
          locationId: b.location_id,
          title: b.title?.trim() || name,
          address: b.address?.trim() || null,
          sourceUrls: b.urls,
        };
        if (b.id !== undefined) await updateBranch(tx, companyId, b.id, values);
        else await insertBranch(tx, companyId, id, values);
      }
    }
    return (await findCompetitor(tx, companyId, id, null))!;
  });
}

export async function deleteCompetitor(db: Db, ctx: ActingContext, id: number): Promise<void> {
  const companyId = scopeCompanyId(ctx);
  await getCompetitor(db, ctx, id);
  // Every branch goes, also those at locations this user does not see.
  const all = (await findCompetitor(db, companyId, id, null))!;
  await db.transaction(async (tx) => {
    await removeBranches(
      tx,
      companyId,
      all.branches.map((b) => b.id),
    );
    await deleteCompetitorRow(tx, companyId, id);
  });
}

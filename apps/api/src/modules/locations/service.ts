import {
  FEEDBACK_SOURCE,
  locationsTitleFor,
  pluralize,
  SOURCE_URL_MESSAGE,
  sourceTitle,
  validateSourceUrl,
  type LocationsTitle,
} from '@reputo/core';
import type { Db } from '../../db/client';
import { t } from '../../platform/i18n';
import type { ActingContext } from '../../platform/acting';
import { AppError, badRequest, forbidden, notFound, type ErrorDetail } from '../../platform/errors';
import { totalPages } from '../../platform/paging';
import {
  allLocations,
  companyBrands,
  lockCompany,
  companyStates,
  countLocations,
  deleteLocationCascade,
  findLocation,
  insertLocation,
  listLocations,
  locationCodes,
  reviewCounts,
  updateLocation,
  type LocationWithTree,
  type NewLocation,
} from './repository';
import type { LocationInput, LocationPatch } from './schemas';

export function companyOf(ctx: ActingContext): number {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return ctx.companyId;
}

/** Location, Product or Unit for the acting company (spec 000 section 3). */
export function titleOf(ctx: ActingContext): LocationsTitle {
  return locationsTitleFor(ctx.company?.type);
}

/** 'location', 'product' or 'unit', and their plurals, for messages. */
export function nounOf(ctx: ActingContext, plural = false): string {
  const title = titleOf(ctx);
  return (plural ? pluralize(title) : title).toLowerCase();
}

export function limitOf(ctx: ActingContext): number {
  return ctx.company?.locationsLimit ?? 0;
}

/**
 * The message at the package's locations limit, in the company's own word, with the limit as the
 * count. English as thrown; the error answer translates it by the `errors:locations.limit` catalogue.
 */
export function limitMessage(ctx: ActingContext): string {
  return t('en', `errors:locations.limit.${nounOf(ctx)}`, { count: limitOf(ctx) });
}

export function limitReached(ctx: ActingContext): AppError {
  return new AppError(409, 'locations_limit', limitMessage(ctx));
}

/**
 * Adding, removing or uploading locations changes what every member sees: only members who see all
 * may do it. English as thrown; the error answer translates it by the `errors:locations` catalogue.
 */
export function assertUnlimited(ctx: ActingContext, action: 'manageAll' | 'uploadAll' = 'manageAll'): void {
  if (ctx.locationIds !== null) throw forbidden(t('en', `errors:locations.${action}.${nounOf(ctx)}`));
}

export function toLocationDto(l: LocationWithTree, reviews = 0) {
  return {
    id: l.id,
    title: l.title,
    locationId: l.locationId,
    brandId: l.brandId,
    brand: l.brand,
    stateId: l.stateId,
    state: l.state,
    address: l.address,
    city: l.city,
    country: l.country,
    timeZone: l.timeZone,
    sourceUrls: l.sourceUrls,
    facebook: l.facebook,
    reviews,
    createdAt: l.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Facebook accounts and source addresses

export interface FacebookAccount {
  id: string;
  urlPart: string;
  fullUrl: string;
  initialValue: string;
}

/** The page part of a Facebook address: 'NakhlaLabs', 'profile.php?id=123', 'pages/Name/123'. */
export function facebookUrlPart(fullUrl: string): string {
  const u = new URL(fullUrl);
  const path = u.pathname.replace(/^\/+|\/+$/g, '');
  const id = u.searchParams.get('id');
  return id ? `${path}?id=${id}` : path;
}

/**
 * A Facebook account's id: the numeric page id when the address carries one (profile.php?id=…,
 * pages/Name/123, Name-123), otherwise the page's user name, which Facebook also accepts as an id.
 */
export function facebookPageId(fullUrl: string): string {
  const part = facebookUrlPart(fullUrl);
  const numeric = part.match(/(?:[?&]id=|[/-])(\d{5,})$/) ?? part.match(/^(\d{5,})$/);
  return numeric ? numeric[1]! : part.split('/')[0]!.toLowerCase();
}

export function facebookAccounts(
  input: { id?: string; fullUrl: string }[],
  before: FacebookAccount[],
  errors: ErrorDetail[],
): FacebookAccount[] {
  const previous = new Map(before.map((a) => [a.id, a]));
  const out: FacebookAccount[] = [];
  input.forEach((entry, i) => {
    const fullUrl = entry.fullUrl.trim();
    if (!fullUrl) return;
    if (!validateSourceUrl('facebook', fullUrl)) {
      errors.push({ field: `facebook.${i}`, message: SOURCE_URL_MESSAGE(sourceTitle('facebook')) });
      return;
    }
    const id = facebookPageId(fullUrl);
    if (out.some((a) => a.id === id)) {
      errors.push({ field: `facebook.${i}`, message: 'This Facebook page is listed twice.' });
      return;
    }
    const kept = (entry.id && previous.get(entry.id)) || previous.get(id);
    out.push({ id, urlPart: facebookUrlPart(fullUrl), fullUrl, initialValue: kept?.initialValue ?? fullUrl });
  });
  return out;
}

/** Checks each address against its source's rule (core validateSourceUrl); only the company's sources are taken. */
export function sourceUrlsOf(
  ctx: ActingContext,
  input: Record<string, string>,
  errors: ErrorDetail[],
): Record<string, string> {
  const allowed = new Set((ctx.company?.sources ?? []).filter((s) => s !== FEEDBACK_SOURCE));
  const out: Record<string, string> = {};
  for (const [source, raw] of Object.entries(input)) {
    const url = raw.trim();
    if (!url) continue;
    if (!allowed.has(source)) {
      errors.push({
        field: `sourceUrls.${source}`,
        message: `${sourceTitle(source)} is not one of the company's sources.`,
      });
      continue;
    }
    if (!validateSourceUrl(source, url)) {
      errors.push({ field: `sourceUrls.${source}`, message: SOURCE_URL_MESSAGE(sourceTitle(source)) });
      continue;
    }
    out[source] = url;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Brand, region and code checks

interface Tree {
  brands: Map<number, string>;
  states: Map<number, { title: string; brandId: number | null }>;
}

export async function treeOf(db: Db, companyId: number): Promise<Tree> {
  const [b, s] = await Promise.all([companyBrands(db, companyId), companyStates(db, companyId)]);
  return {
    brands: new Map(b.map((x) => [x.id, x.title])),
    states: new Map(s.map((x) => [x.id, { title: x.title, brandId: x.brandId }])),
  };
}

function checkTree(tree: Tree, brandId: number | null, stateId: number | null, errors: ErrorDetail[]): void {
  if (brandId !== null && !tree.brands.has(brandId))
    errors.push({ field: 'brandId', message: 'This brand does not exist.' });
  if (stateId !== null) {
    const state = tree.states.get(stateId);
    if (!state) errors.push({ field: 'stateId', message: 'This region does not exist.' });
    else if (brandId !== null && state.brandId !== null && state.brandId !== brandId)
      errors.push({ field: 'stateId', message: 'This region belongs to another brand.' });
  }
}

function throwIfErrors(errors: ErrorDetail[]): void {
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

/** Turns a checked create or edit body into columns; `before` keeps Facebook first values on edit. */
async function columnsOf(
  db: Db,
  ctx: ActingContext,
  input: LocationPatch,
  before: LocationWithTree | null,
): Promise<Partial<NewLocation>> {
  const companyId = companyOf(ctx);
  const errors: ErrorDetail[] = [];
  const tree = await treeOf(db, companyId);
  const brandId = input.brandId !== undefined ? (input.brandId ?? null) : (before?.brandId ?? null);
  const stateId = input.stateId !== undefined ? (input.stateId ?? null) : (before?.stateId ?? null);
  if (input.brandId !== undefined || input.stateId !== undefined) checkTree(tree, brandId, stateId, errors);
  const cols: Partial<NewLocation> = {};
  if (input.title !== undefined) cols.title = input.title.trimEnd();
  if (input.locationId !== undefined) {
    cols.locationId = input.locationId;
    if (input.locationId) {
      const owner = (await locationCodes(db, companyId)).get(input.locationId.toLowerCase());
      if (owner !== undefined && owner !== before?.id)
        errors.push({ field: 'locationId', message: `Another ${nounOf(ctx)} already has the ID ${input.locationId}.` });
    }
  }
  if (input.brandId !== undefined) cols.brandId = brandId;
  if (input.stateId !== undefined) cols.stateId = stateId;
  for (const key of ['address', 'city', 'country'] as const) if (input[key] !== undefined) cols[key] = input[key];
  if (input.timeZone !== undefined) cols.timeZone = input.timeZone || null;
  let sourceUrls = input.sourceUrls !== undefined ? sourceUrlsOf(ctx, input.sourceUrls, errors) : undefined;
  if (input.facebook !== undefined) {
    const accounts = facebookAccounts(input.facebook, before?.facebook ?? [], errors);
    cols.facebook = accounts;
    // The first Facebook account is the location's Facebook page for reviews and reports.
    const base = { ...(sourceUrls ?? before?.sourceUrls ?? {}) };
    delete base.facebook;
    sourceUrls = accounts[0] ? { ...base, facebook: accounts[0].fullUrl } : base;
  } else if (sourceUrls?.facebook) {
    cols.facebook = facebookAccounts([{ fullUrl: sourceUrls.facebook }], before?.facebook ?? [], errors);
  }
  if (sourceUrls !== undefined) cols.sourceUrls = sourceUrls;
  throwIfErrors(errors);
  return cols;
}

// ---------------------------------------------------------------------------------------------
// Calls

export async function listCompanyLocations(
  db: Db,
  ctx: ActingContext,
  q: { search?: string; brand?: number; state?: number; page: number; per_page: number },
) {
  const companyId = companyOf(ctx);
  const [{ rows, total }, used] = await Promise.all([
    listLocations(db, companyId, ctx.locationIds, {
      search: q.search,
      brandId: q.brand,
      stateId: q.state,
      page: q.page,
      perPage: q.per_page,
    }),
    countLocations(db, companyId),
  ]);
  const counts = await reviewCounts(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => toLocationDto(r, counts.get(r.id) ?? 0)),
    total,
    page: q.page,
    per_page: q.per_page,
    total_pages: totalPages(total, q.per_page),
    limit: { used, max: limitOf(ctx) },
    locationsTitle: titleOf(ctx),
  };
}

export async function requireLocation(db: Db, ctx: ActingContext, id: number): Promise<LocationWithTree> {
  const found = await findLocation(db, companyOf(ctx), ctx.locationIds, id);
  if (!found) throw notFound(`No such ${nounOf(ctx)}`);
  return found;
}

export async function getLocation(db: Db, ctx: ActingContext, id: number) {
  const l = await requireLocation(db, ctx, id);
  const counts = await reviewCounts(db, companyOf(ctx), [l.id]);
  return toLocationDto(l, counts.get(l.id) ?? 0);
}

export async function createLocation(db: Db, ctx: ActingContext, input: LocationInput) {
  const companyId = companyOf(ctx);
  assertUnlimited(ctx);
  const cols = await columnsOf(db, ctx, input, null);
  // Count and insert in one transaction so two quick creates cannot pass the limit together.
  const created = await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    if ((await countLocations(tx, companyId)) >= limitOf(ctx)) throw limitReached(ctx);
    return insertLocation(tx, { ...cols, title: input.title.trimEnd(), companyId });
  });
  return getLocation(db, ctx, created.id);
}

export async function editLocation(db: Db, ctx: ActingContext, id: number, input: LocationPatch) {
  const before = await requireLocation(db, ctx, id);
  const cols = await columnsOf(db, ctx, input, before);
  if (Object.keys(cols).length) await updateLocation(db, companyOf(ctx), id, cols);
  return getLocation(db, ctx, id);
}

export async function removeLocation(db: Db, ctx: ActingContext, id: number) {
  const companyId = companyOf(ctx);
  assertUnlimited(ctx);
  await requireLocation(db, ctx, id);
  const reviews = await db.transaction((tx) => deleteLocationCascade(tx, companyId, id));
  return { id, deleted: true as const, reviews };
}

export async function shortInfo(db: Db, ctx: ActingContext) {
  const rows = await allLocations(db, companyOf(ctx), ctx.locationIds);
  return {
    locations: rows.map((l) => ({
      id: l.id,
      title: l.title,
      locationId: l.locationId,
      brandId: l.brandId,
      brand: l.brand,
      stateId: l.stateId,
      state: l.state,
    })),
  };
}

/** What the location form offers: brands, regions, the company's sources and the limit. */
export async function locationOptions(db: Db, ctx: ActingContext) {
  const companyId = companyOf(ctx);
  const [brands, states, used] = await Promise.all([
    companyBrands(db, companyId),
    companyStates(db, companyId),
    countLocations(db, companyId),
  ]);
  const sources = (ctx.company?.sources ?? []).filter((s) => s !== FEEDBACK_SOURCE);
  return {
    brands,
    states,
    sources: sources.map((value) => ({ value, title: sourceTitle(value) })),
    limit: { used, max: limitOf(ctx) },
    locationsTitle: titleOf(ctx),
  };
}

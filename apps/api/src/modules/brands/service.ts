import { isOtherTitle, LOGO_MAX_BYTES, MSG, OTHER_BRAND_TITLE, OTHER_REGION_TITLE, splitTags } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { uploadUrl, type Storage } from '../../platform/storage';
import { acceptImage, type UploadedFile } from '../../platform/imageUpload';
import { companyInScope, managesCompany } from '../companies/service';
import { findCompanyById } from '../companies/repository';
import {
  brandsWithRegions,
  brandTitleTaken,
  brandTree,
  deleteBrand,
  findBrand,
  findBrandById,
  insertBrand,
  setBrandLogo,
  updateBrand,
  type BrandRow,
} from './repository';

export const NO_SUCH_BRAND = 'No such brand';

type BrandWithRegions = Awaited<ReturnType<typeof brandsWithRegions>>[number];

function brandView(b: BrandWithRegions) {
  return {
    id: b.brand.id,
    title: b.brand.title,
    states: b.states,
    locations: b.locationsCount,
    photoUrl: uploadUrl(b.brand.logoPath),
    client: b.brand.companyId,
  };
}
export type BrandView = ReturnType<typeof brandView>;

/** The brands table: brands titled 'Other' are hidden, and so are 'Other' regions (spec 001 section 2). */
export async function listAdminBrands(db: Db, ctx: ActingContext, companyId: number): Promise<BrandView[]> {
  await companyInScope(db, ctx, companyId);
  const rows = await brandsWithRegions(db, companyId);
  return rows
    .filter((b) => !isOtherTitle(b.brand.title))
    .map((b) => brandView({ ...b, states: b.states.filter((s) => !isOtherTitle(s.title)) }));
}

async function oneBrandView(db: Db, companyId: number, brandId: number): Promise<BrandView> {
  const [row] = await brandsWithRegions(db, companyId, brandId);
  if (!row) throw notFound(NO_SUCH_BRAND);
  return brandView(row);
}

export async function getAdminBrand(
  db: Db,
  ctx: ActingContext,
  companyId: number,
  brandId: number,
): Promise<BrandView> {
  await companyInScope(db, ctx, companyId);
  return oneBrandView(db, companyId, brandId);
}

/** Region tags: a list or a comma-separated text; blanks and repeats (ignoring case) dropped. */
export function regionTitles(input: string | string[] | undefined): string[] | undefined {
  if (input === undefined) return undefined;
  const tags = Array.isArray(input) ? input.flatMap((t) => splitTags(t)) : splitTags(input);
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function assertTitleFree(db: Db, companyId: number, title: string, exceptId?: number): Promise<void> {
  if (await brandTitleTaken(db, companyId, title, exceptId)) throw conflict('A brand with this name already exists.');
}

export async function createAdminBrand(
  db: Db,
  ctx: ActingContext,
  companyId: number,
  input: { title: string; states?: string | string[] },
): Promise<BrandView> {
  await companyInScope(db, ctx, companyId);
  const title = input.title.trim();
  await assertTitleFree(db, companyId, title);
  const brand = await insertBrand(db, companyId, title, regionTitles(input.states) ?? []);
  return oneBrandView(db, companyId, brand.id);
}

export async function updateAdminBrand(
  db: Db,
  ctx: ActingContext,
  companyId: number,
  brandId: number,
  input: { id?: number; title?: string; states?: string | string[] },
): Promise<BrandView> {
  if (input.id !== undefined && input.id !== brandId)
    throw badRequest('The id in the body is not the id in the address');
  await companyInScope(db, ctx, companyId);
  if (!(await findBrand(db, companyId, brandId))) throw notFound(NO_SUCH_BRAND);
  const title = input.title?.trim();
  if (title !== undefined) await assertTitleFree(db, companyId, title, brandId);
  await updateBrand(db, companyId, brandId, { title, states: regionTitles(input.states) });
  return oneBrandView(db, companyId, brandId);
}

export async function deleteAdminBrand(
  db: Db,
  storage: Storage,
  ctx: ActingContext,
  companyId: number,
  brandId: number,
): Promise<void> {
  await companyInScope(db, ctx, companyId);
  const brand = await findBrand(db, companyId, brandId);
  if (!brand) throw notFound(NO_SUCH_BRAND);
  await deleteBrand(db, companyId, brandId);
  await storage.remove(brand.logoPath);
}

/** A brand whose company the caller manages; otherwise 404 like a missing brand. */
async function brandInScope(db: Db, ctx: ActingContext, brandId: number): Promise<BrandRow> {
  const brand = await findBrandById(db, brandId);
  const company = brand ? await findCompanyById(db, brand.companyId) : undefined;
  if (!brand || !company || !managesCompany(ctx, company)) throw notFound(NO_SUCH_BRAND);
  return brand;
}

/**
 * Stores a brand logo (spec 001 section 5): an image of at most 5,242,880 bytes, otherwise the
 * spec's message and nothing stored. The bytes decide what the file is, not its name or declared type.
 */
export async function uploadBrandLogo(
  db: Db,
  storage: Storage,
  ctx: ActingContext,
  brandId: number,
  file: UploadedFile | null,
): Promise<{ id: number; photoUrl: string }> {
  const brand = await brandInScope(db, ctx, brandId);
  const image = acceptImage(file, LOGO_MAX_BYTES, {
    missing: 'Send the logo as the multipart field "file"',
    tooBig: MSG.logoTooBig,
    notImage: MSG.logoNotImage,
  });
  const key = await storage.save('brands', file!.content, image);
  await setBrandLogo(db, brand.id, key);
  await storage.remove(brand.logoPath);
  return { id: brand.id, photoUrl: uploadUrl(key)! };
}

interface TreeLocation {
  id: number;
  title: string;
  locationId: string | null;
}

interface TreeState {
  id: number;
  title: string;
  locations: TreeLocation[];
}

interface TreeBrand {
  id: number;
  title: string;
  photoUrl: string | null;
  states: TreeState[];
}

/**
 * The brand > region > location tree for the filters, limited to the locations the user may see.
 * Locations without a brand go under an 'Other brand' node, a brand's locations without a region
 * under an 'Other region' node (id 0 both): the groupings the spec says clients flatten.
 */
export async function brandFilterTree(db: Db, ctx: ActingContext): Promise<TreeBrand[]> {
  const companyId = ctx.companyId!;
  const tree = await brandTree(db, companyId, ctx.locationIds);
  const loc = (l: (typeof tree.locations)[number]): TreeLocation => ({
    id: l.id,
    title: l.title,
    locationId: l.locationId,
  });
  const out: TreeBrand[] = [];
  for (const b of tree.brands) {
    const mine = tree.locations.filter((l) => l.brandId === b.id);
    const states: TreeState[] = tree.states
      .filter((s) => s.brandId === b.id)
      .map((s) => ({ id: s.id, title: s.title, locations: mine.filter((l) => l.stateId === s.id).map(loc) }))
      .filter((s) => s.locations.length > 0);
    const loose = mine.filter(
      (l) => l.stateId === null || !tree.states.some((s) => s.id === l.stateId && s.brandId === b.id),
    );
    if (loose.length) states.push({ id: 0, title: OTHER_REGION_TITLE, locations: loose.map(loc) });
    if (states.length) out.push({ id: b.id, title: b.title, photoUrl: uploadUrl(b.logoPath), states });
  }
  const unbranded = tree.locations.filter((l) => l.brandId === null);
  if (unbranded.length)
    out.push({
      id: 0,
      title: OTHER_BRAND_TITLE,
      photoUrl: null,
      states: [{ id: 0, title: OTHER_REGION_TITLE, locations: unbranded.map(loc) }],
    });
  return out;
}

/** GET v2/api/brands: the acting company's brands with their regions and the locations the user may see. */
export async function companyBrands(db: Db, ctx: ActingContext) {
  const companyId = ctx.companyId!;
  const tree = await brandTree(db, companyId, ctx.locationIds);
  return tree.brands
    .map((b) => ({
      id: b.id,
      title: b.title,
      photoUrl: uploadUrl(b.logoPath),
      client: companyId,
      states: tree.states.filter((s) => s.brandId === b.id).map((s) => ({ id: s.id, title: s.title })),
      locations: tree.locations
        .filter((l) => l.brandId === b.id)
        .map((l) => ({ id: l.id, title: l.title, locationId: l.locationId, stateId: l.stateId })),
    }))
    .filter((b) => ctx.locationIds === null || b.locations.length > 0);
}

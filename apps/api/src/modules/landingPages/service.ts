import { feedbackPaths, LOGO_MAX_BYTES } from '@reputo/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { notFound } from '../../platform/errors';
import { acceptImage, type UploadedFile } from '../../platform/imageUpload';
import { uploadUrl, type Storage } from '../../platform/storage';
import { findCompanyPage, findSettings, upsertSettings, type PageListRow, type SettingsValues } from './repository';
import type { SettingsPatch } from './schemas';
import { forgetPages } from './publicFlow';
import { resolveSettings } from './settings';
import { DEFAULT_TEXTS } from './texts';

export async function readSettings(db: Db, ctx: ActingContext) {
  const s = resolveSettings(await findSettings(db, scopeCompanyId(ctx)));
  return {
    rating_type: s.ratingType === 'nps' ? ('nps' as const) : ('stars' as const),
    primary_color: s.primaryColor,
    logo_url: uploadUrl(s.logoPath),
    texts: s.texts,
    default_texts: DEFAULT_TEXTS,
    source_order: s.sourceOrder,
    offer_id: s.offerId,
    repeat_guard_days: s.repeatGuardDays,
    daily_cap_per_location: s.dailyCapPerLocation,
    updated_at: s.updatedAt?.toISOString() ?? null,
  };
}

/** Empty texts are dropped, so the page falls back to the default of that language. */
function cleanTexts(texts: NonNullable<SettingsPatch['texts']>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [lang, values] of Object.entries(texts)) {
    const kept = Object.entries(values ?? {}).filter((e): e is [string, string] => Boolean(e[1]?.trim()));
    if (kept.length) out[lang] = Object.fromEntries(kept.map(([k, v]) => [k, v.trim()]));
  }
  return out;
}

export async function changeSettings(db: Db, storage: Storage, ctx: ActingContext, patch: SettingsPatch) {
  const companyId = scopeCompanyId(ctx);
  if (patch.offer_id) {
    const [offer] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.id, patch.offer_id), eq(offers.companyId, companyId)));
    if (!offer) throw notFound('No such offer');
  }
  const values: SettingsValues = {};
  if (patch.rating_type !== undefined) values.ratingType = patch.rating_type;
  if (patch.primary_color !== undefined) values.primaryColor = patch.primary_color.toLowerCase();
  if (patch.texts !== undefined) values.texts = cleanTexts(patch.texts);
  if (patch.source_order !== undefined) values.sourceOrder = [...new Set(patch.source_order)];
  if (patch.offer_id !== undefined) values.offerId = patch.offer_id;
  if (patch.repeat_guard_days !== undefined) values.repeatGuardDays = patch.repeat_guard_days;
  if (patch.daily_cap_per_location !== undefined) values.dailyCapPerLocation = patch.daily_cap_per_location;
  const old = patch.logo === null ? await findSettings(db, companyId) : null;
  if (patch.logo === null) values.logoPath = null;
  await upsertSettings(db, companyId, values);
  forgetPages();
  await storage.remove(old?.logoPath);
  return readSettings(db, ctx);
}

export async function setLogo(db: Db, storage: Storage, ctx: ActingContext, file: UploadedFile | null) {
  const companyId = scopeCompanyId(ctx);
  const image = acceptImage(file, LOGO_MAX_BYTES, {
    missing: 'Send the logo as the multipart field "file"',
    tooBig: 'Uploaded file is too big. Image size should not exceed 5Mb!',
    notImage: 'The logo must be an image file!',
  });
  const old = await findSettings(db, companyId);
  const key = await storage.save('landing', file!.content, image);
  await upsertSettings(db, companyId, { logoPath: key });
  forgetPages();
  await storage.remove(old?.logoPath);
  return readSettings(db, ctx);
}

export function serializePage(publicUrl: string, row: PageListRow) {
  const { page } = row;
  const qr = (format: string) => `/v2/api/lendingPage/${page.id}/qr/${format}`;
  return {
    id: page.id,
    kind: page.kind === 'brand' ? ('brand' as const) : ('location' as const),
    location_id: page.locationId,
    brand_id: row.brandId,
    title: row.title,
    brand_title: row.brandTitle,
    code: page.code,
    url: `${publicUrl}${feedbackPaths.landingPage(page.code)}`,
    active: page.active,
    qr: { png: qr('png'), svg: qr('svg'), pdf: qr('pdf') },
  };
}

/** A page of the acting company (a location page only within the user's locations), or 404. */
export async function companyPage(db: Db, ctx: ActingContext, id: number): Promise<PageListRow> {
  const row = await findCompanyPage(db, scopeCompanyId(ctx), id);
  if (!row) throw notFound('No such landing page');
  if (ctx.locationIds && row.page.locationId !== null && !ctx.locationIds.includes(row.page.locationId))
    throw notFound('No such landing page');
  return row;
}

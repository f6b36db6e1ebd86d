import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { forbidden, notFound } from '../../platform/errors';
import { listStates, regionLanguageOfLocation, setStateLanguage } from './repository';

/** Reply languages a region may be set to (ISO 639-1 codes and their English names). */
export const REGION_LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'Arabic' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'es', name: 'Spanish' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'nl', name: 'Dutch' },
  { code: 'ru', name: 'Russian' },
  { code: 'tr', name: 'Turkish' },
  { code: 'fa', name: 'Persian' },
  { code: 'ur', name: 'Urdu' },
  { code: 'hi', name: 'Hindi' },
  { code: 'zh', name: 'Chinese' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
];
export const REGION_LANGUAGE_CODES = REGION_LANGUAGES.map((l) => l.code) as [string, ...string[]];

function companyOf(ctx: ActingContext): number {
  if (ctx.companyId === null) throw forbidden('Choose a company to act as first');
  return ctx.companyId;
}

function toDto(s: Awaited<ReturnType<typeof listStates>>[number]) {
  return { id: s.id, title: s.title, language: s.language, brandId: s.brandId, brand: s.brand, locations: s.locations };
}

/**
 * The company's regions in the spec's two groups: those with a reply-language override and those
 * without. A region whose language changes moves from one group to the other.
 */
export async function regionsOf(db: Db, ctx: ActingContext) {
  const rows = (await listStates(db, companyOf(ctx))).map(toDto);
  return {
    statesWithOverrides: rows.filter((r) => r.language !== null),
    statesWithoutOverrides: rows.filter((r) => r.language === null),
    languages: [...REGION_LANGUAGES],
  };
}

export async function setRegionLanguage(db: Db, ctx: ActingContext, id: number, language: string | null) {
  const companyId = companyOf(ctx);
  if (!(await setStateLanguage(db, companyId, id, language))) throw notFound('No such region');
  const row = (await listStates(db, companyId)).find((s) => s.id === id)!;
  return toDto(row);
}

/**
 * The language a reply to a review of this location should be written in when its region overrides
 * it; null means "the review's own language". For the reply writers (AI, templates, auto-response).
 */
export async function replyLanguageOverride(
  db: Db,
  companyId: number,
  locationId: number | null,
): Promise<string | null> {
  return locationId === null ? null : regionLanguageOfLocation(db, companyId, locationId);
}

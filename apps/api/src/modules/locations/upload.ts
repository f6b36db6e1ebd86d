import { directionOf, freeTextError, isValidTimeZone, MSG, sourceTitle, type UiLanguage } from '@reputo/core';
import { t, translateKnownText, type TextVars } from '../../platform/i18n';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import type { ErrorDetail } from '../../platform/errors';
import { buildWorkbook } from '../statistics/excel';
import {
  allLocations,
  companyBrands,
  companyStates,
  countLocations,
  insertLocations,
  lockCompany,
  locationCodes,
  reviewCounts,
  updateLocation,
  type LocationWithTree,
  type NewLocation,
} from './repository';
import {
  assertUnlimited,
  companyOf,
  facebookAccounts,
  limitReached,
  limitOf,
  nounOf,
  sourceUrlsOf,
  titleOf,
} from './service';
import { readSheet } from '../../platform/sheets';
import { helpSheet, rejectUpload, rowsOf, type RowProblem, type SheetRow, type UploadField } from './sheet';

/**
 * Locations upload: one row per location. A row whose ID matches an existing location updates it,
 * the others are added. Every row is checked first; if any is wrong nothing is written and the
 * answer lists each wrong row, so a file is never half-imported.
 */

function sourcesOf(ctx: ActingContext): string[] {
  return (ctx.company?.sources ?? []).filter((s) => s !== 'feedback');
}

/**
 * The upload's columns. Titles are the file's English column names (a file reads the same whoever
 * uploads it); descriptions are in the request's language.
 */
export function uploadFields(ctx: ActingContext, language: UiLanguage = 'en'): UploadField[] {
  const title = titleOf(ctx);
  const noun = title.toLowerCase();
  const describe = (key: string, vars?: TextVars) => t(language, `uploads:locations.fields.${key}`, vars);
  return [
    { key: 'title', title: `${title} name`, required: true, description: describe(`title_${noun}`) },
    { key: 'code', title: `${title} ID`, required: false, description: describe(`code_${noun}`) },
    { key: 'brand', title: 'Brand', required: false, description: describe('brand') },
    { key: 'region', title: 'Region', required: false, description: describe('region') },
    { key: 'address', title: 'Address', required: false, description: describe('address') },
    { key: 'city', title: 'City', required: false, description: describe('city') },
    { key: 'country', title: 'Country', required: false, description: describe('country') },
    { key: 'timeZone', title: 'Time zone', required: false, description: describe('timeZone') },
    ...sourcesOf(ctx).map((s) => ({
      key: `source:${s}`,
      title: `${sourceTitle(s)} URL`,
      required: false,
      description: describe(`source_${noun}`, { source: sourceTitle(s) }),
    })),
  ];
}

const SAMPLE_URLS: Record<string, string> = {
  google: 'https://www.google.com/maps?cid=1234567890123456789',
  facebook: 'https://www.facebook.com/ExampleMarina',
  tripadvisor: 'https://www.tripadvisor.com/Restaurant_Review-g295424-d1234567-Reviews-Example.html',
  zomato: 'https://www.zomato.com/dubai/example-marina',
  foursquare: 'https://foursquare.com/v/example-marina/5a1b2c3d4e5f',
  talabat: 'https://www.talabat.com/uae/example-marina',
  booking: 'https://www.booking.com/hotel/ae/example.html',
};

function locationRow(l: LocationWithTree, reviews?: number): Record<string, string | number> {
  return {
    title: l.title,
    code: l.locationId ?? '',
    brand: l.brand ?? '',
    region: l.state ?? '',
    address: l.address ?? '',
    city: l.city ?? '',
    country: l.country ?? '',
    timeZone: l.timeZone ?? '',
    ...Object.fromEntries(Object.entries(l.sourceUrls).map(([s, url]) => [`source:${s}`, url])),
    ...(reviews === undefined ? {} : { reviews }),
  };
}

function sheetColumns(fields: UploadField[]) {
  return fields.map((f) => ({
    header: f.title,
    value: (r: Record<string, string | number>) => r[f.key] ?? '',
    width: Math.max(14, Math.min(48, f.title.length + 6)),
  }));
}

export async function exampleFile(db: Db, ctx: ActingContext, language: UiLanguage = 'en'): Promise<Buffer> {
  const fields = uploadFields(ctx, language);
  const brands = await companyBrands(db, companyOf(ctx));
  const states = await companyStates(db, companyOf(ctx));
  const brand = brands[0];
  const region = states.find((s) => s.brandId === brand?.id);
  const sample: Record<string, string> = {
    title: 'Example Marina',
    code: 'EX-001',
    brand: brand?.title ?? '',
    region: region?.title ?? '',
    address: 'Marina Walk 12',
    city: 'Dubai',
    country: 'United Arab Emirates',
    timeZone: 'Asia/Dubai',
    ...Object.fromEntries(sourcesOf(ctx).map((s) => [`source:${s}`, SAMPLE_URLS[s] ?? ''])),
  };
  // The data sheet keeps the file's English column names; the help sheet explains them in the language.
  return buildWorkbook(
    [{ name: pluralTitle(ctx), columns: sheetColumns(fields), rows: [sample] }, helpSheet(fields, language)],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

function pluralTitle(ctx: ActingContext): string {
  const noun = nounOf(ctx, true);
  return noun[0]!.toUpperCase() + noun.slice(1);
}

/** The locations as an Excel file: the upload's English columns, the intro lines in the download's language. */
export async function exportLocations(db: Db, ctx: ActingContext, language: UiLanguage = 'en'): Promise<Buffer> {
  const companyId = companyOf(ctx);
  const rows = await allLocations(db, companyId, ctx.locationIds);
  const counts = await reviewCounts(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  const fields = [...uploadFields(ctx), { key: 'reviews', title: 'Reviews', required: false, description: '' }];
  return buildWorkbook(
    [
      {
        name: pluralTitle(ctx),
        intro: [
          t(language, `exports:locations.title_${nounOf(ctx)}`, { company: ctx.company?.companyName ?? '' }),
          t(language, 'exports:locations.used', { used: rows.length, max: limitOf(ctx) }),
        ],
        columns: sheetColumns(fields),
        rows: rows.map((l) => locationRow(l, counts.get(l.id) ?? 0)),
      },
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

interface Lookup {
  brands: Map<string, number>;
  states: { id: number; title: string; brandId: number | null }[];
  codes: Map<string, number>;
  existing: Map<number, LocationWithTree>;
}

/** A row's reasons, written in the request's language. */
class Problems {
  readonly list: string[] = [];
  constructor(readonly language: UiLanguage) {}
  add(key: string, vars?: TextVars): void {
    this.list.push(t(this.language, `uploads:locations.${key}`, vars));
  }
  /** A cell's problem: core's or the API's English message, in the language where a catalogue has it. */
  cell(column: string, message: string): void {
    this.add('cell', { column, problem: this.text(message) });
  }
  text(message: string): string {
    return translateKnownText(this.language, message) ?? message;
  }
}

function textCell(row: SheetRow, key: string, label: string, problems: Problems, required = false): string | null {
  const raw = row.get(key);
  if (raw === '') {
    if (required) problems.cell(label, MSG.fieldEmpty);
    return null;
  }
  const e = freeTextError(raw);
  if (e) {
    problems.cell(label, e);
    return null;
  }
  return raw.trimEnd();
}

/** One row to columns, or its problems. */
function checkRow(
  ctx: ActingContext,
  fields: UploadField[],
  row: SheetRow,
  lookup: Lookup,
  language: UiLanguage,
): { cols: Partial<NewLocation>; updates?: number; problems: Problems } {
  const problems = new Problems(language);
  const label = (key: string) => fields.find((f) => f.key === key)!.title;
  const cols: Partial<NewLocation> = {};
  cols.title = textCell(row, 'title', label('title'), problems, true) ?? undefined;
  const code = textCell(row, 'code', label('code'), problems);
  cols.locationId = code;
  const updates = code ? lookup.codes.get(code.toLowerCase()) : undefined;
  const brandTitle = textCell(row, 'brand', 'Brand', problems);
  const brandId = brandTitle ? lookup.brands.get(brandTitle.toLowerCase()) : null;
  if (brandTitle && brandId === undefined) problems.add('brandMissing', { brand: brandTitle });
  cols.brandId = brandId ?? null;
  const regionTitle = textCell(row, 'region', 'Region', problems);
  if (regionTitle) {
    const state = lookup.states.find(
      (s) => s.title.toLowerCase() === regionTitle.toLowerCase() && (!brandId || s.brandId === brandId),
    );
    if (!state)
      problems.add(brandTitle ? 'regionMissingForBrand' : 'regionMissing', {
        region: regionTitle,
        brand: brandTitle ?? '',
      });
    cols.stateId = state?.id ?? null;
  } else cols.stateId = null;
  cols.address = textCell(row, 'address', 'Address', problems);
  cols.city = textCell(row, 'city', 'City', problems);
  cols.country = textCell(row, 'country', 'Country', problems);
  const tz = row.get('timeZone').trim();
  if (tz && !isValidTimeZone(tz)) problems.cell('Time zone', MSG.timeZoneNotValid);
  cols.timeZone = tz || null;
  const errors: ErrorDetail[] = [];
  const urls: Record<string, string> = {};
  for (const f of fields.filter((x) => x.key.startsWith('source:'))) urls[f.key.slice(7)] = row.get(f.key).trim();
  const sourceUrls = sourceUrlsOf(ctx, urls, errors);
  const before = updates !== undefined ? lookup.existing.get(updates) : undefined;
  cols.facebook = sourceUrls.facebook
    ? facebookAccounts([{ fullUrl: sourceUrls.facebook }], before?.facebook ?? [], errors)
    : [];
  // Sources the file leaves out keep their addresses; the file's own columns replace theirs.
  cols.sourceUrls = {
    ...Object.fromEntries(Object.entries(before?.sourceUrls ?? {}).filter(([s]) => !(s in urls))),
    ...sourceUrls,
  };
  if (before && !sourceUrls.facebook && !('facebook' in urls)) cols.facebook = before.facebook;
  for (const e of errors) problems.list.push(problems.text(e.message));
  return { cols, updates, problems };
}

export interface LocationUploadReport {
  added: number;
  updated: number;
  total: number;
}

export async function uploadLocations(
  db: Db,
  ctx: ActingContext,
  filename: string,
  base64: string,
  language: UiLanguage = 'en',
): Promise<LocationUploadReport> {
  const companyId = companyOf(ctx);
  assertUnlimited(ctx, 'uploadAll');
  const fields = uploadFields(ctx, language);
  const rows = rowsOf(await readSheet(filename, Buffer.from(base64, 'base64')), fields);
  const [brands, states, codes, existing] = await Promise.all([
    companyBrands(db, companyId),
    companyStates(db, companyId),
    locationCodes(db, companyId),
    allLocations(db, companyId, null),
  ]);
  const lookup: Lookup = {
    brands: new Map(brands.map((b) => [b.title.toLowerCase(), b.id])),
    states,
    codes,
    existing: new Map(existing.map((l) => [l.id, l])),
  };

  const problems: RowProblem[] = [];
  const checked: { cols: Partial<NewLocation>; updates?: number }[] = [];
  const seenCodes = new Map<string, number>();
  for (const row of rows) {
    const result = checkRow(ctx, fields, row, lookup, language);
    const code = result.cols.locationId?.toLowerCase();
    if (code) {
      const first = seenCodes.get(code);
      if (first !== undefined) result.problems.add('duplicateId', { id: result.cols.locationId!, line: first });
      else seenCodes.set(code, row.line);
    }
    for (const reason of result.problems.list) problems.push({ line: row.line, reason });
    checked.push(result);
  }
  if (problems.length) rejectUpload(problems, language);

  const added = checked.filter((c) => c.updates === undefined).length;
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    if ((await countLocations(tx, companyId)) + added > limitOf(ctx)) throw limitReached(ctx);
    for (const c of checked) if (c.updates !== undefined) await updateLocation(tx, companyId, c.updates, c.cols);
    await insertLocations(
      tx,
      checked.filter((c) => c.updates === undefined).map((c) => ({ ...c.cols, title: c.cols.title!, companyId })),
    );
  });
  return { added, updated: checked.length - added, total: checked.length };
}

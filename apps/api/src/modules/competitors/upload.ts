import { readSheet } from '../../platform/sheets';
import { directionOf, sourceTitle, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { AppError, badRequest } from '../../platform/errors';
import { scopeCompanyId } from '../../platform/companyScope';
import { t, translateKnownText, type TextVars } from '../../platform/i18n';
import { buildWorkbook } from '../statistics/excel';
import { helpSheet, type UploadField } from '../locations/sheet';
import {
  branchCountsByLocation,
  companyLocations,
  findCompetitorByName,
  insertBranch,
  insertCompetitor,
  listCompetitors,
} from './repository';
import { competitorSourcesOf, MAX_COMPETITORS_PER_LOCATION, PER_LOCATION_MESSAGE } from './service';
import { branchInput } from './schemas';
import { freeTextError, validateSourceUrl } from '@reputo/core';

/**
 * Competitor upload: an .xlsx or .csv file with one row per competitor branch. Rows that pass are
 * imported, rows that repeat an existing branch are skipped, the others are reported with their line
 * and reason. All in one transaction, so a failure midway leaves nothing half-imported.
 */

/** An empty location cell (errors:competitors.locationEmpty, its own text in another language). */
const LOCATION_EMPTY = 'Location (empty) is not one of your locations.';

/**
 * The upload's columns: titles are the file's English column names, descriptions in the request's
 * language (`uploads:competitors.fields`).
 */
export function uploadFields(ctx: ActingContext, language: UiLanguage = 'en'): UploadField[] {
  const describe = (key: string, vars?: TextVars) => t(language, `uploads:competitors.fields.${key}`, vars);
  return [
    { key: 'competitor', title: 'Competitor name', required: true, description: describe('competitor') },
    { key: 'location', title: 'Location ID', required: true, description: describe('location') },
    { key: 'branch', title: 'Branch name', required: false, description: describe('branch') },
    { key: 'address', title: 'Address', required: false, description: describe('address') },
    ...competitorSourcesOf(ctx).map((s) => ({
      key: `source:${s}`,
      title: `${sourceTitle(s)} URL`,
      required: false,
      description: describe('source', { source: sourceTitle(s) }),
    })),
  ];
}

export async function exampleFile(ctx: ActingContext, db: Db, language: UiLanguage = 'en'): Promise<Buffer> {
  const fields = uploadFields(ctx, language);
  const [first] = await companyLocations(db, scopeCompanyId(ctx));
  const sampleUrl: Record<string, string> = {
    google: 'https://www.google.com/maps/place/Burger+Palace',
    tripadvisor: 'https://www.tripadvisor.com/Restaurant_Review-Burger_Palace',
    zomato: 'https://www.zomato.com/dubai/burger-palace',
    talabat: 'https://www.talabat.com/uae/burger-palace',
    facebook: 'https://www.facebook.com/burgerpalace',
    booking: 'https://www.booking.com/hotel/ae/example.html',
  };
  const row = Object.fromEntries(
    fields.map((f) => [f.key, f.key.startsWith('source:') ? (sampleUrl[f.key.slice(7)] ?? '') : '']),
  );
  Object.assign(row, {
    competitor: 'Burger Palace',
    location: first?.code ?? first?.title ?? 'LOC-001',
    branch: 'Burger Palace Marina',
    address: 'Marina Walk, Dubai',
  });
  return buildWorkbook(
    [
      {
        name: 'Competitors',
        columns: fields.map((f) => ({
          header: f.title,
          value: (r: Record<string, string>) => r[f.key],
          width: Math.max(16, f.title.length + 4),
        })),
        rows: [row],
      },
      helpSheet(fields, language),
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

export interface UploadReport {
  imported: number;
  skipped: number;
  rejected: { line: number; reason: string }[];
}

export async function uploadCompetitors(
  db: Db,
  ctx: ActingContext,
  filename: string,
  base64: string,
  language: UiLanguage = 'en',
): Promise<UploadReport> {
  const companyId = scopeCompanyId(ctx);
  const rows = (await readSheet(filename, Buffer.from(base64, 'base64'))).map((cells) =>
    cells.map((cell) => cell.trim()),
  );
  const fields = uploadFields(ctx);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = new Map(fields.map((f) => [f.key, header.indexOf(f.title.toLowerCase())]));
  const missing = fields.filter((f) => f.required && col.get(f.key) === -1).map((f) => f.title);
  if (missing.length)
    throw badRequest(
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Download the example file to see the expected columns.`,
    );
  const locs = (await companyLocations(db, companyId)).filter(
    (l) => !ctx.locationIds || ctx.locationIds.includes(l.id),
  );
  const byCode = new Map(
    locs
      .flatMap((l) => [[(l.code ?? '').toLowerCase(), l.id] as const, [l.title.toLowerCase(), l.id] as const])
      .filter(([k]) => k !== ''),
  );
  const report: UploadReport = { imported: 0, skipped: 0, rejected: [] };

  await db.transaction(async (tx) => {
    const counts = await branchCountsByLocation(tx, companyId);
    const existing = (await listCompetitors(tx, companyId, null)).rows;
    const seen = new Set(
      existing.flatMap((c) =>
        c.branches.map((b) => `${c.name.toLowerCase()}|${b.locationId}|${b.title.toLowerCase()}`),
      ),
    );
    for (let i = 1; i < rows.length; i++) {
      const line = i + 1;
      const get = (key: string) => {
        const idx = col.get(key) ?? -1;
        return idx >= 0 ? (rows[i]![idx] ?? '').trim() : '';
      };
      if (rows[i]!.every((c) => c.trim() === '')) continue;
      try {
        const name = get('competitor');
        if (!name) throw badRequest('Competitor name is missing.');
        const nameError = freeTextError(name);
        if (nameError) throw badRequest(nameError);
        const locationId = byCode.get(get('location').toLowerCase());
        if (!locationId)
          throw badRequest(
            get('location') ? `Location ${get('location')} is not one of your locations.` : LOCATION_EMPTY,
          );
        const sources: Record<string, string> = {};
        for (const f of fields.filter((x) => x.key.startsWith('source:'))) {
          const url = get(f.key);
          if (!url) continue;
          const source = f.key.slice(7);
          if (!validateSourceUrl(source, url))
            throw badRequest(`${f.title} is not a valid ${sourceTitle(source)} address.`);
          sources[source] = url;
        }
        const parsed = branchInput.parse({
          location_id: locationId,
          title: get('branch') || name,
          address: get('address') || null,
          sources,
        });
        const key = `${name.toLowerCase()}|${locationId}|${parsed.title!.toLowerCase()}`;
        if (seen.has(key)) {
          report.skipped++;
          continue;
        }
        if ((counts.get(locationId) ?? 0) >= MAX_COMPETITORS_PER_LOCATION) throw badRequest(PER_LOCATION_MESSAGE);
        const competitorId =
          (await findCompetitorByName(tx, companyId, name))?.id ?? (await insertCompetitor(tx, companyId, name));
        await insertBranch(tx, companyId, competitorId, {
          locationId,
          title: parsed.title!,
          address: parsed.address ?? null,
          sourceUrls: sources,
        });
        counts.set(locationId, (counts.get(locationId) ?? 0) + 1);
        seen.add(key);
        report.imported++;
      } catch (err) {
        // The reasons are thrown in English; the errors catalogue gives them in the request's language.
        const reason = (text: string) => translateKnownText(language, text) ?? text;
        if (err instanceof AppError) report.rejected.push({ line, reason: reason(err.message) });
        else if (err instanceof Error && err.name === 'ZodError')
          report.rejected.push({ line, reason: reason('A value is too long.') });
        else throw err;
      }
    }
  });
  return report;
}

import type { Db } from '../../db/client';
import type { CouponContact } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { badRequest } from '../../platform/errors';
import { readSheet } from '../../platform/sheets';
import { directionOf, type UiLanguage } from '@reputo/core';
import { t, type TextVars } from '../../platform/i18n';
import { buildWorkbook } from '../statistics/excel';
import { helpSheet, type UploadField } from '../locations/sheet';
import { normalizeCode, UPLOADED_CODE } from './codes';
import { existingCodes, insertCoupons, type NewCoupon } from './repository';
import { getOffer } from './service';

/**
 * Codes from a point of sale: an .xlsx or .csv file with one code per row (and, optionally, whom it
 * was given to). Good rows are imported in one statement; a code repeated in the file or already
 * one of the company's codes is reported by its line, as is a malformed row.
 */

const COLUMNS = [
  { key: 'code', title: 'Code', required: true },
  { key: 'name', title: 'Name', required: false },
  { key: 'email', title: 'Email', required: false },
  { key: 'phone', title: 'Phone', required: false },
] as const;

/** The example file: the data sheet with the English column names, the help sheet in the language. */
export async function offerExampleFile(language: UiLanguage = 'en'): Promise<Buffer> {
  type Row = Record<string, string>;
  const fields: UploadField[] = COLUMNS.map((c) => ({
    ...c,
    description: t(language, `uploads:codes.fields.${c.key}`),
  }));
  return buildWorkbook(
    [
      {
        name: 'Codes',
        columns: COLUMNS.map((c) => ({
          header: c.title,
          value: (r: Row) => r[c.key],
          width: c.key === 'code' ? 18 : 28,
        })),
        rows: [
          { code: 'SUMMER25A7', name: 'Layla Nasser', email: 'layla@example.com', phone: '+971 50 123 4567' },
          { code: 'SUMMER25B3', name: '', email: '', phone: '' },
        ],
      },
      helpSheet(fields, language),
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

export interface CodeUploadReport {
  imported: number;
  duplicates: { line: number; code: string; reason: string }[];
  rejected: { line: number; reason: string }[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function contactOf(name: string, email: string, phone: string): CouponContact | null {
  if (!name && !email && !phone) return null;
  return { name: name || null, email: email || null, phone: phone || null };
}

export async function uploadCodes(
  db: Db,
  ctx: ActingContext,
  offerId: number,
  filename: string,
  base64: string,
  language: UiLanguage = 'en',
): Promise<CodeUploadReport> {
  // The rows' reasons in the request's language (`uploads:codes`); the column names stay English.
  const reason = (key: string, vars?: TextVars) => t(language, `uploads:codes.${key}`, vars);
  const offer = await getOffer(db, ctx, offerId);
  const rows = await readSheet(filename, Buffer.from(base64, 'base64'));
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = Object.fromEntries(COLUMNS.map((c) => [c.key, header.indexOf(c.title.toLowerCase())])) as Record<
    (typeof COLUMNS)[number]['key'],
    number
  >;
  if (col.code === -1) throw badRequest('Missing column: Code. Download the example file to see the expected columns.');
  const report: CodeUploadReport = { imported: 0, duplicates: [], rejected: [] };
  const firstLine = new Map<string, number>();
  const good: (NewCoupon & { line: number })[] = [];
  for (let i = 1; i < rows.length; i++) {
    const line = i + 1;
    const cells = rows[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const get = (k: keyof typeof col) => (col[k] >= 0 ? (cells[col[k]] ?? '').trim() : '');
    const code = normalizeCode(get('code'));
    if (!code) {
      report.rejected.push({ line, reason: reason('codeMissing') });
      continue;
    }
    if (!UPLOADED_CODE.test(code)) {
      report.rejected.push({ line, reason: reason('codeInvalid', { code: code.slice(0, 40) }) });
      continue;
    }
    const email = get('email');
    if (email && !EMAIL.test(email)) {
      report.rejected.push({ line, reason: reason('emailInvalid', { email: email.slice(0, 80) }) });
      continue;
    }
    const seenAt = firstLine.get(code);
    if (seenAt !== undefined) {
      report.duplicates.push({ line, code, reason: reason('repeats', { line: seenAt }) });
      continue;
    }
    firstLine.set(code, line);
    good.push({
      line,
      code,
      contact: contactOf(get('name').slice(0, 200), email.slice(0, 200), get('phone').slice(0, 50)),
    });
  }
  const taken = await existingCodes(
    db,
    offer.companyId,
    good.map((g) => g.code),
  );
  const fresh = good.filter((g) => {
    if (!taken.has(g.code)) return true;
    report.duplicates.push({ line: g.line, code: g.code, reason: reason('exists') });
    return false;
  });
  report.imported = await insertCoupons(db, offer.companyId, offer.id, 'upload', fresh);
  report.duplicates.sort((a, b) => a.line - b.line);
  return report;
}

import type { UiLanguage } from '@reputo/core';
import { AppError, badRequest, type ErrorDetail } from '../../platform/errors';
import { t } from '../../platform/i18n';
import type { SheetSpec } from '../statistics/excel';

/**
 * The settings uploads (locations, team): the rows platform/sheets.ts read from an .xlsx or .csv
 * file, whose first row names the columns. Columns are found by title, case-insensitively, so their
 * order does not matter and extra columns (an export's figures) are ignored.
 */
export interface UploadField {
  key: string;
  title: string;
  required: boolean;
  description: string;
}

/**
 * The example file's help sheet of an upload: each column by its English name (the file's), whether
 * it is required and what it means, in the download's language (`uploads:help`).
 */
export function helpSheet(fields: UploadField[], language: UiLanguage): SheetSpec<UploadField> {
  const help = (key: string) => t(language, `uploads:help.${key}`);
  return {
    name: help('sheet'),
    columns: [
      { header: help('column'), value: (f) => f.title, width: 22 },
      { header: help('required'), value: (f) => (f.required ? help('yes') : help('no')) },
      { header: help('meaning'), value: (f) => f.description, width: 90 },
    ],
    rows: fields,
  };
}

/** At most this many data rows per upload: the whole file is checked before anything is written. */
export const MAX_UPLOAD_ROWS = 5000;

export interface SheetRow {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  get(key: string): string;
}

/**
 * The data rows of a sheet, keyed by field; blank rows are skipped. Missing required columns, an
 * empty file or too many rows answer 400 before any row is looked at.
 */
export function rowsOf(rows: string[][], fields: UploadField[], maxRows = MAX_UPLOAD_ROWS): SheetRow[] {
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = new Map(fields.map((f) => [f.key, header.indexOf(f.title.toLowerCase())]));
  const missing = fields.filter((f) => f.required && col.get(f.key) === -1).map((f) => f.title);
  // English as thrown; the error answer translates these by the `errors:upload` catalogue.
  if (missing.length)
    throw badRequest(
      t('en', missing.length > 1 ? 'errors:upload.missingColumns' : 'errors:upload.missingColumn', {
        columns: missing.join(', '),
      }),
    );
  const data: SheetRow[] = [];
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    data.push({
      line: i + 1,
      get: (key) => {
        const idx = col.get(key) ?? -1;
        return idx >= 0 ? (cells[idx] ?? '') : '';
      },
    });
  }
  if (data.length === 0) throw badRequest(t('en', 'errors:upload.noRows'));
  if (data.length > maxRows)
    throw badRequest(t('en', 'errors:upload.tooManyRows', { rows: data.length, max: maxRows }));
  return data;
}

export interface RowProblem {
  line: number;
  reason: string;
}

/**
 * Nothing is imported when any row is wrong: the answer lists every wrong row with its line and
 * reason. Reasons written in the request's language (`language`) are answered as they are; English
 * ones are translated by the error answer where the catalogues know them.
 */
export function rejectUpload(problems: RowProblem[], language?: UiLanguage): never {
  const details: ErrorDetail[] = problems.slice(0, 200).map((p) => ({ field: `row ${p.line}`, message: p.reason }));
  const count = new Set(problems.map((p) => p.line)).size;
  throw new AppError(
    400,
    'invalid_request',
    t(language ?? 'en', 'errors:upload.rejected', { count }),
    details,
    undefined,
    language,
  );
}

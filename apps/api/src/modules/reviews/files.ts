import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';

/**
 * Uploads travel as JSON `{ fileName, content }` with the file base64-encoded, so the web app's one
 * API client sends them like any other call. CSV (comma or semicolon) and Excel (.xlsx) are read
 * into rows of cell texts; the first row is the header.
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = Math.ceil(UPLOAD_MAX_BYTES * 1.4) + 4096;

export const uploadBody = z.object({
  fileName: z.string().trim().min(1, 'Choose a file to upload').max(255),
  content: z.string().min(1, 'The file is empty'),
});

export type SheetRow = string[];

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('hyperlink' in value) return String((value as { hyperlink: string }).hyperlink);
    return '';
  }
  return String(value);
}

/** Splits one CSV text into rows (quotes, doubled quotes, newlines inside quotes; , or ; separators). */
export function parseCsv(text: string): SheetRow[] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.slice(0, clean.indexOf('\n') === -1 ? clean.length : clean.indexOf('\n'));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: SheetRow[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const ch = clean[i]!;
    if (quoted) {
      if (ch === '"' && clean[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && clean[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw badRequest('The CSV file is broken: a quoted value is never closed.');
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Reads an uploaded CSV or Excel file into rows; a file that cannot be read is a 400, never a 500. */
export async function readSheet(fileName: string, base64: string): Promise<SheetRow[]> {
  const buffer = Buffer.from(base64, 'base64');
  if (buffer.length === 0) throw badRequest('The file is empty');
  if (buffer.length > UPLOAD_MAX_BYTES) throw badRequest('The file is too big: at most 20 MB.');
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return parseCsv(buffer.toString('utf8'));
  if (lower.endsWith('.xlsx')) {
    const rows: SheetRow[] = [];
    try {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), { sharedStrings: 'cache', worksheets: 'emit', hyperlinks: 'ignore', styles: 'ignore' });
      for await (const sheet of reader) {
        for await (const row of sheet) {
          const values = (row.values as ExcelJS.CellValue[]).slice(1);
          rows[row.number - 1] = values.map(cellText);
        }
        break;
      }
    } catch {
      throw badRequest('The Excel file cannot be read. Save it as .xlsx (or .csv) and try again.');
    }
    return Array.from(rows, (r) => r ?? []);
  }
  throw badRequest('Upload a .csv or .xlsx file.');
}

/** Excel and CSV cells starting with = + - @ are formulas to a spreadsheet: a leading ' keeps them text. */
export function safeCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

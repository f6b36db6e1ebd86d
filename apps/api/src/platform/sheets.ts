import type ExcelJS from 'exceljs';
import { loadExcelJS } from './lazyModules';
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { badRequest } from './errors';
import { t } from './i18n';

/**
 * Reading uploaded sheets (reviews, locations, team, competitors, auto-response rules): a CSV
 * (comma or semicolon) or Excel (.xlsx) file into rows of cell texts, the first row being the
 * header. An unreadable file is a 400 with a message that says what to do, never a 500 (English
 * from the `errors:upload` catalogue, which the error answer translates).
 */

/** An Excel date cell as text: a day alone as YYYY-MM-DD, with a time as ISO (Excel dates carry no time zone; ExcelJS reads them as UTC). */
function dateText(value: Date): string {
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell as text: rich text joined, formulas by their result, links by their text, dates as ISO. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('hyperlink' in value) return String((value as { hyperlink: string }).hyperlink);
    return '';
  }
  return String(value);
}

/** The separator of a CSV text: a semicolon when the first line has more of them than commas. */
function separatorOf(text: string): ',' | ';' {
  const end = text.indexOf('\n');
  const firstLine = end === -1 ? text : text.slice(0, end);
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
}

/** Splits one CSV text into rows with papaparse (quotes, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const { data, errors } = Papa.parse<string[]>(clean, { delimiter: separatorOf(clean) });
  if (errors.some((e) => e.code === 'MissingQuotes')) throw badRequest(t('en', 'errors:upload.csvBroken'));
  // A last line of one empty cell (a file ending in a line break) is no row.
  const last = data[data.length - 1];
  if (last && last.length === 1 && last[0] === '') data.pop();
  return data;
}

/** The rows of the file's first sheet (or of the CSV text), as cell texts. */
export async function readSheet(fileName: string, buffer: Buffer): Promise<string[][]> {
  const rows = await readRows(fileName, buffer);
  // Cells become database text, which cannot hold NUL.
  if (rows.some((row) => row.some((cell) => cell.includes('\0'))))
    throw badRequest(t('en', 'errors:upload.nulCharacters'));
  return rows;
}

async function readRows(fileName: string, buffer: Buffer): Promise<string[][]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return parseCsv(buffer.toString('utf8'));
  if (!lower.endsWith('.xlsx')) throw badRequest(t('en', 'errors:upload.fileType'));
  const rows: string[][] = [];
  try {
    // The streaming reader: a 100,000-row upload never holds the whole workbook model. Styles are
    // read because a date cell is a number with a date format: without them it reads as 45750.
    const { stream } = await loadExcelJS();
    const reader = new stream.xlsx.WorkbookReader(Readable.from(buffer), {
      sharedStrings: 'cache',
      worksheets: 'emit',
      hyperlinks: 'ignore',
      styles: 'cache',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1);
        rows[row.number - 1] = values.map(cellText);
      }
      break;
    }
  } catch {
    throw badRequest(t('en', 'errors:upload.excelUnreadable'));
  }
  return Array.from(rows, (r) => r ?? []);
}

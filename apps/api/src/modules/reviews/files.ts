import Papa from 'papaparse';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { readSheet as readSheetRows } from '../../platform/sheets';

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

/** Reads an uploaded CSV or Excel file into rows; a file that cannot be read is a 400, never a 500. */
export async function readSheet(fileName: string, base64: string): Promise<SheetRow[]> {
  const buffer = Buffer.from(base64, 'base64');
  if (buffer.length === 0) throw badRequest('The file is empty');
  if (buffer.length > UPLOAD_MAX_BYTES) throw badRequest('The file is too big: at most 20 MB.');
  return readSheetRows(fileName, buffer);
}

/** Excel and CSV cells starting with = + - @ are formulas to a spreadsheet: a leading ' keeps them text. */
export function safeCell(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV cell: quoted when it holds a separator, quote or line break, and kept text for spreadsheets (safeCell). */
export function csvCell(value: string): string {
  return Papa.unparse([[safeCell(value)]]);
}

/** A CSV text of a header and rows, cells kept text for spreadsheets (safeCell). */
export function csvText(header: string[], rows: string[][]): string {
  return Papa.unparse({ fields: header, data: rows.map((r) => r.map(safeCell)) });
}

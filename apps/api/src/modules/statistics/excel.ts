import type { Readable } from 'node:stream';
import { loadExcelJS } from '../../platform/lazyModules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XLSX_TYPE } from '../../platform/xlsx';

/**
 * Report workbooks. Reports are at most a few thousand rows (locations, days, topics), so a workbook
 * is built in memory and sent at once; review exports with 100k rows stream elsewhere.
 */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
  /** Excel number format, e.g. '0.00' or '0.0"%"'. */
  format?: string;
}

export interface SheetSpec<T> {
  name: string;
  /** Lines above the table (title, period, filters). */
  intro?: string[];
  columns: SheetColumn<T>[];
  rows: T[];
}

/** A text cell starting with = + - @ would be run as a formula by Excel: prefix it with a quote. */
export function safeCell(value: string | number | null | undefined): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Sheets of different row types go in one workbook; each is only read through its own columns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySheet = SheetSpec<any>;

export async function buildWorkbook(sheets: AnySheet[], opts: { rightToLeft?: boolean } = {}): Promise<Buffer> {
  const ExcelJS = await loadExcelJS();
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Reputo';
  wb.created = new Date();
  for (const spec of sheets) {
    const ws = wb.addWorksheet(spec.name.slice(0, 31), opts.rightToLeft ? { views: [{ rightToLeft: true }] } : {});
    for (const line of spec.intro ?? []) ws.addRow([safeCell(line)]);
    if (spec.intro?.length) {
      ws.getRow(1).font = { bold: true, size: 14 };
      ws.addRow([]);
    }
    const header = ws.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF4F46E5' } };
    for (const row of spec.rows) ws.addRow(spec.columns.map((c) => safeCell(c.value(row))));
    spec.columns.forEach((c, i) => {
      const col = ws.getColumn(i + 1);
      col.width = c.width ?? Math.max(12, c.header.length + 2);
      if (c.format) col.numFmt = c.format;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends a workbook as a download: built in memory (a Buffer) or streamed (xlsxStream). */
export function sendWorkbook(reply: FastifyReply, filename: string, content: Buffer | Readable) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(content);
}

/**
 * Exports open as a plain browser download, which cannot set headers: like the spec's billing
 * export, they accept the access token as the `access_token` query parameter. This hook moves it
 * into the Authorization header before the access check runs, so the route's declared access still
 * decides (and an expired token still answers 400 `expired`).
 */
export async function accessTokenFromQuery(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization) return;
  const token = new URLSearchParams(request.url.split('?')[1] ?? '').get('access_token');
  if (token) request.headers.authorization = `Bearer ${token}`;
}

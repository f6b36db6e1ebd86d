import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { percentile } from './cannon';
import type { Caller } from './http';
import type { RunningServer } from './server';

/**
 * The calls measured one at a time: a 100,000-row Excel export (time and the server's peak memory)
 * and a 100,000-row review upload (rows per second).
 */

export interface ExportResult {
  rows: number;
  bytes: number;
  seconds: number;
  /** The server's resident memory before the export and its peak while exporting, in MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
  filter: string;
}

export interface UploadResult {
  rows: number;
  imported: number;
  duplicates: number;
  rejected: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  status: string;
  error: string | null;
}

const MB = 1024 * 1024;

/** Samples the server's memory every 20 ms while `work` runs; answers the peak. */
async function peakRss<T>(server: RunningServer, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = server.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, server.rss());
  }, 20);
  try {
    const value = await work();
    peak = Math.max(peak, server.rss());
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The first day from which the big company has about `rows` reviews up to today (by the list's own count). */
export async function dateFromForRows(admin: Caller, rows: number): Promise<{ from: string; count: number }> {
  const countFrom = async (day: string) =>
    (await admin.get<{ total_reviews_count: number }>(`/v2/api/reviews?per_page=1&date_from=${day}`))
      .total_reviews_count;
  const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  let lo = 0;
  let hi = 3 * 366;
  if ((await countFrom(dayOf(hi))) <= rows) return { from: dayOf(hi), count: await countFrom(dayOf(hi)) };
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await countFrom(dayOf(mid))) >= rows) hi = mid;
    else lo = mid;
  }
  return { from: dayOf(hi), count: await countFrom(dayOf(hi)) };
}

async function countXlsxRows(buffer: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    sharedStrings: 'ignore',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const _row of sheet) rows += 1;
  }
  return Math.max(0, rows - 1);
}

export async function measureExport(server: RunningServer, admin: Caller, rows: number): Promise<ExportResult> {
  const { from } = await dateFromForRows(admin, rows);
  const filter = `date_from=${from}`;
  const before = server.rss();
  const t0 = performance.now();
  const { value: buffer, peak } = await peakRss(server, async () => {
    const res = await fetch(`${admin.baseUrl}/v2/api/reviews/export/excel?${filter}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    if (!res.ok) throw new Error(`The export answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    return Buffer.from(await res.arrayBuffer());
  });
  const seconds = (performance.now() - t0) / 1000;
  return {
    rows: await countXlsxRows(buffer),
    bytes: buffer.length,
    seconds: Math.round(seconds * 100) / 100,
    rssBeforeMb: Math.round(before / MB),
    rssPeakMb: Math.round(peak / MB),
    filter,
  };
}

/**
 * A CSV in the upload's column layout (GET reviews/upload/fields), without the optional url column:
 * with links, 100,000 reviews are about 25 MB, over the upload's 20 MB limit.
 */
export function uploadCsv(rows: UploadRow[]): string {
  const q = (v: string | number | null) => {
    if (v === null) return '';
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = ['source,date,rating,text,title,author_name,location_id,external_id,language'];
  for (const r of rows)
    lines.push(
      [r.source, r.date, r.rating, r.text, r.title, r.authorName, r.locationCode, r.externalId, r.language]
        .map(q)
        .join(','),
    );
  return lines.join('\n');
}

export interface UploadRow {
  source: string;
  date: string;
  rating: number | null;
  text: string | null;
  title: string | null;
  authorName: string | null;
  locationCode: string | null;
  externalId: string;
  language: string | null;
}

export async function measureUpload(
  admin: Caller,
  csv: string,
  rows: number,
  timeoutMs = 30 * 60_000,
): Promise<UploadResult> {
  const content = Buffer.from(csv, 'utf8').toString('base64');
  const t0 = performance.now();
  const started = await admin.send<{ id?: number; error_description?: string }>('POST', '/v2/api/reviews/upload', {
    fileName: 'bench-reviews.csv',
    content,
  });
  if (started.status !== 202 || !started.body.id)
    throw new Error(`The upload answered ${started.status}: ${JSON.stringify(started.body).slice(0, 300)}`);
  type Progress = {
    status: string;
    totalRows: number;
    imported: number;
    duplicates: number;
    rejected: unknown[];
    error: string | null;
  };
  let progress: Progress;
  for (;;) {
    progress = await admin.get<Progress>(`/v2/api/reviews/upload/${started.body.id}`);
    if (progress.status !== 'running' && progress.status !== 'queued') break;
    if (performance.now() - t0 > timeoutMs)
      throw new Error(`The upload did not finish within ${timeoutMs / 60000} minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    rows,
    imported: progress.imported,
    duplicates: progress.duplicates,
    rejected: progress.rejected.length,
    bytes: csv.length,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(rows / seconds),
    status: progress.status,
    error: progress.error,
  };
}

export interface ListDuringUploadResult {
  rows: number;
  clients: number;
  /** The import's own time, and how long the list was probed (the import, then `afterSeconds` for its analysis). */
  uploadSeconds: number;
  probeSeconds: number;
  status: string;
  requests: number;
  failures: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * The review list's first page asked by `clients` clients in a loop while a `rows`-row upload is
 * imported and its texts analysed: the 'insights.analyze' job picks the new reviews up within 30
 * seconds of the import, so the probe goes on for `afterSeconds` after the import is done.
 */
export async function measureListDuringUpload(
  admin: Caller,
  csv: string,
  rows: number,
  opts: { clients: number; afterSeconds: number },
): Promise<ListDuringUploadResult> {
  const times: number[] = [];
  let failures = 0;
  let probing = true;
  const probe = async () => {
    while (probing) {
      const t = performance.now();
      try {
        const res = await fetch(`${admin.baseUrl}/v2/api/reviews?page=1&per_page=20`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
      } catch {
        failures += 1;
      }
      times.push(performance.now() - t);
    }
  };
  const t0 = performance.now();
  const clients = Array.from({ length: opts.clients }, probe);
  let upload: UploadResult;
  try {
    upload = await measureUpload(admin, csv, rows);
    await new Promise((r) => setTimeout(r, opts.afterSeconds * 1000));
  } finally {
    probing = false;
    await Promise.all(clients);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    rows,
    clients: opts.clients,
    uploadSeconds: upload.seconds,
    probeSeconds: Math.round((performance.now() - t0) / 100) / 10,
    status: upload.status,
    requests: times.length,
    failures,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
  };
}

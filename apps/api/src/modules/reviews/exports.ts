import type { Readable } from 'node:stream';
import { sourceTitle, type ReviewFilterValues } from '@reputo/core';
import type ExcelJS from 'exceljs';
import { loadExcelJS, loadPdfKit } from '../../platform/lazyModules';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { ligaturesAsPresentationForms, registerPdfFonts, richText } from '../../platform/pdfText';
import { xlsxStream, type XlsxCell, type XlsxColumn } from '../../platform/xlsx';
import { safeCell } from './files';
import { iterateReviews, ratingSummary, summaryBySource } from './repository';
import { responseRateOf } from './service';

/** A PDF holds at most this many reviews; beyond it the Excel export is the right tool. */
export const PDF_MAX_REVIEWS = 2000;
export const EXCEL_MAX_REVIEWS = 200_000;
const PDF_REVIEWS_PER_TURN = 10;

const stamp = () => new Date().toISOString().slice(0, 10);

const REVIEW_COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 20 },
  { header: 'Source', width: 14 },
  { header: 'Brand', width: 18 },
  { header: 'Region', width: 16 },
  { header: 'Location', width: 28 },
  { header: 'Location ID', width: 12 },
  { header: 'Reviewer', width: 22 },
  { header: 'Rating', width: 8 },
  { header: 'Title', width: 30 },
  { header: 'Review', width: 60 },
  { header: 'Answered', width: 10 },
  { header: 'Link', width: 30 },
];

/**
 * The reviews of a filter as sheet rows, 500 at a time (the next batch is read while this one is
 * written). Batches this small die young: with 2,000 rows a batch outlived the young generation's
 * collections, and the 100,000-row export peaked 165 MB above the idle server instead of ~65 MB,
 * and took longer (bench/RESULTS.md).
 */
async function* reviewRows(db: Db, ctx: ActingContext, filter: ReviewFilterValues): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of prefetched(iterateReviews(db, ctx, filter, { limit: EXCEL_MAX_REVIEWS, batch: 500 }))) {
    yield batch.map((r) => [
      r.createdAt.toISOString().replace('T', ' ').slice(0, 16),
      sourceTitle(r.source),
      safeCell(r.brandTitle),
      safeCell(r.stateTitle),
      safeCell(r.locationTitle),
      safeCell(r.locationCode),
      safeCell(r.authorName),
      r.rating,
      safeCell(r.title),
      safeCell(r.text),
      r.respondedAt ? 'Yes' : 'No',
      safeCell(r.url),
    ]);
  }
}

/** Yields what `source` yields, asking for the next item before handing out the current one. */
async function* prefetched<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  for (;;) {
    const current = await next;
    if (current.done) return;
    next = source.next();
    yield current.value;
  }
}

/** Streams the reviews of a filter to an .xlsx in constant memory. */
export function reviewsExcel(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
): { stream: Readable; fileName: string } {
  return {
    stream: xlsxStream('Reviews', REVIEW_COLUMNS, reviewRows(db, ctx, filter)),
    fileName: `reviews-${stamp()}.xlsx`,
  };
}

const STAR = 'M12 2l2.94 6.36 6.97.78-5.2 4.73 1.47 6.88L12 17.27 5.82 20.75l1.47-6.88-5.2-4.73 6.97-.78z';

function drawStars(doc: PDFKit.PDFDocument, x: number, y: number, rating: number | null): void {
  for (let i = 0; i < 5; i++) {
    doc
      .save()
      .translate(x + i * 11, y)
      .scale(0.42)
      .path(STAR)
      .fill(rating !== null && i < rating ? '#fadb14' : '#d9d9d9')
      .restore();
  }
}

/** Streams a PDF of the reviews of a filter (newest first, at most PDF_MAX_REVIEWS). */
export async function reviewsPdf(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
  companyName: string,
): Promise<{ stream: Readable; fileName: string }> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: false,
    info: { Title: `Reviews - ${companyName}` },
  });
  void (async () => {
    try {
      registerPdfFonts(doc);
      const width = doc.page.width - 80;
      richText(doc, `Reviews - ${companyName}`, { x: 40, width, fontSize: 18, color: '#1f1f1f' });
      richText(doc, `Exported ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, {
        x: 40,
        width,
        fontSize: 9,
        color: '#8c8c8c',
      });
      doc.moveDown(1);
      let count = 0;
      for await (const batch of iterateReviews(db, ctx, filter, { limit: PDF_MAX_REVIEWS, batch: 200 })) {
        for (const r of batch) {
          if (doc.y > doc.page.height - 140) doc.addPage();
          richText(doc, r.authorName?.trim() || 'Anonymous', { x: 40, width, fontSize: 11, color: '#1f1f1f' });
          doc.y += 2;
          drawStars(doc, 40, doc.y, r.rating);
          richText(
            doc,
            `${sourceTitle(r.source)} · ${r.createdAt.toISOString().slice(0, 10)}${r.locationTitle ? ` · ${r.locationTitle}` : ''}`,
            { x: 100, width: width - 60, fontSize: 8, color: '#8c8c8c' },
          );
          doc.moveDown(0.3);
          const body = [r.title, r.text].filter((t) => t && t.trim()).join(' - ');
          richText(doc, body || '(rating only)', { x: 40, width, fontSize: 10, color: '#262626' });
          doc
            .moveDown(0.8)
            .strokeColor('#f0f0f0')
            .moveTo(40, doc.y)
            .lineTo(doc.page.width - 40, doc.y)
            .stroke()
            .moveDown(0.8);
          count += 1;
          // Laying out text is CPU work: other requests get a turn every few reviews.
          if (count % PDF_REVIEWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      }
      if (count === 0)
        richText(doc, 'No reviews match these filters.', { x: 40, width, fontSize: 11, color: '#595959' });
      ligaturesAsPresentationForms(doc);
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return { stream: doc, fileName: `reviews-${stamp()}.pdf` };
}

async function bufferOf(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Rating export: the average and star distribution, overall and per source. */
export async function ratingExcel(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
): Promise<{ buffer: Buffer; fileName: string }> {
  const [all, bySource, ExcelJS] = await Promise.all([
    ratingSummary(db, ctx, filter),
    summaryBySource(db, ctx, filter),
    loadExcelJS(),
  ]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Rating');
  sheet.addRow([
    'Source',
    'Reviews',
    'Rated',
    'Average rating',
    '5 stars',
    '4 stars',
    '3 stars',
    '2 stars',
    '1 star',
  ]).font = { bold: true };
  const avg = (s: { rated: number; ratingSum: number }) =>
    s.rated ? Math.round((s.ratingSum / s.rated) * 100) / 100 : null;
  for (const s of bySource)
    sheet.addRow([
      sourceTitle(s.source),
      s.reviews,
      s.rated,
      avg(s),
      s.stars[5],
      s.stars[4],
      s.stars[3],
      s.stars[2],
      s.stars[1],
    ]);
  sheet.addRow([
    'All sources',
    all.reviews,
    all.rated,
    avg(all),
    all.stars[5],
    all.stars[4],
    all.stars[3],
    all.stars[2],
    all.stars[1],
  ]).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 14));
  return { buffer: await bufferOf(wb), fileName: `rating-${stamp()}.xlsx` };
}

/** Response-rate export: rate and mean time to reply, overall and per source, with the target. */
export async function responseRateExcel(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
): Promise<{ buffer: Buffer; fileName: string }> {
  const [overall, bySource, ExcelJS] = await Promise.all([
    responseRateOf(db, ctx, filter),
    summaryBySource(db, ctx, filter),
    loadExcelJS(),
  ]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Response rate');
  sheet.addRow(['Source', 'Reviews', 'Answered', 'Response rate %', 'Mean hours to reply']).font = { bold: true };
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : null);
  const hours = (s: { responded: number; responseSeconds: number }) =>
    s.responded ? Math.round((s.responseSeconds / s.responded / 3600) * 10) / 10 : null;
  for (const s of bySource)
    sheet.addRow([sourceTitle(s.source), s.reviews, s.responded, pct(s.responded, s.reviews), hours(s)]);
  sheet.addRow(['All sources', overall.total, overall.responded, overall.rate, overall.averageResponseHours]).font = {
    bold: true,
  };
  sheet.addRow([]);
  sheet.addRow(['Target %', overall.target]);
  sheet.columns.forEach((c) => (c.width = 18));
  return { buffer: await bufferOf(wb), fileName: `response-rate-${stamp()}.xlsx` };
}

import type { Readable } from 'node:stream';
import { directionOf, sourceTitle, type ReviewFilterValues, type UiLanguage } from '@reputo/core';
import { dateText, t } from '../../platform/i18n';
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

const REVIEW_COLUMNS: [key: string, width: number][] = [
  ['date', 20],
  ['source', 14],
  ['brand', 18],
  ['region', 16],
  ['location', 28],
  ['locationId', 12],
  ['reviewer', 22],
  ['rating', 8],
  ['title', 30],
  ['review', 60],
  ['answered', 10],
  ['link', 30],
];

/** The review export's columns, headed in a language. */
const reviewColumns = (lang: UiLanguage): XlsxColumn[] =>
  REVIEW_COLUMNS.map(([key, width]) => ({ header: t(lang, `exports:reviews.columns.${key}`), width }));

/**
 * The reviews of a filter as sheet rows, 500 at a time (the next batch is read while this one is
 * written). Batches this small die young: with 2,000 rows a batch outlived the young generation's
 * collections, and the 100,000-row export peaked 165 MB above the idle server instead of ~65 MB,
 * and took longer (bench/RESULTS.md).
 */
async function* reviewRows(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilterValues,
  lang: UiLanguage,
): AsyncGenerator<XlsxCell[][]> {
  const [yes, no] = [t(lang, 'exports:reviews.yes'), t(lang, 'exports:reviews.no')];
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
      r.respondedAt ? yes : no,
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
  lang: UiLanguage = 'en',
): { stream: Readable; fileName: string } {
  return {
    stream: xlsxStream(t(lang, 'exports:reviews.sheet'), reviewColumns(lang), reviewRows(db, ctx, filter, lang), {
      rightToLeft: directionOf(lang) === 'rtl',
    }),
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
  lang: UiLanguage = 'en',
): Promise<{ stream: Readable; fileName: string }> {
  const PDFDocument = await loadPdfKit();
  const title = t(lang, 'exports:pdf.title', { company: companyName });
  // The interface's texts take the language's direction (right to left: stars on the right); reviews keep their own.
  const dir = directionOf(lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: false,
    info: { Title: title },
  });
  void (async () => {
    try {
      registerPdfFonts(doc);
      const width = doc.page.width - 80;
      richText(doc, title, { x: 40, width, fontSize: 18, color: '#1f1f1f', direction: dir });
      richText(
        doc,
        t(lang, 'exports:pdf.exported', {
          date: dateText(lang, new Date().toISOString().slice(0, 16).replace('T', ' ')),
        }),
        {
          x: 40,
          width,
          fontSize: 9,
          color: '#8c8c8c',
          direction: dir,
        },
      );
      doc.moveDown(1);
      let count = 0;
      for await (const batch of iterateReviews(db, ctx, filter, { limit: PDF_MAX_REVIEWS, batch: 200 })) {
        for (const r of batch) {
          if (doc.y > doc.page.height - 140) doc.addPage();
          const author = r.authorName?.trim();
          richText(doc, author || t(lang, 'exports:pdf.anonymous'), {
            x: 40,
            width,
            fontSize: 11,
            color: '#1f1f1f',
            direction: author ? 'auto' : dir,
          });
          doc.y += 2;
          drawStars(doc, dir === 'rtl' ? 40 + width - 55 : 40, doc.y, r.rating);
          richText(
            doc,
            `${sourceTitle(r.source)} · ${r.createdAt.toISOString().slice(0, 10)}${r.locationTitle ? ` · ${r.locationTitle}` : ''}`,
            { x: dir === 'rtl' ? 40 : 100, width: width - 60, fontSize: 8, color: '#8c8c8c', direction: dir },
          );
          doc.moveDown(0.3);
          const body = [r.title, r.text].filter((t) => t && t.trim()).join(' - ');
          richText(doc, body || t(lang, 'exports:pdf.ratingOnly'), {
            x: 40,
            width,
            fontSize: 10,
            color: '#262626',
            direction: body ? 'auto' : dir,
          });
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
        richText(doc, t(lang, 'exports:pdf.empty'), { x: 40, width, fontSize: 11, color: '#595959', direction: dir });
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
  lang: UiLanguage = 'en',
): Promise<{ buffer: Buffer; fileName: string }> {
  const c = (key: string) => t(lang, `exports:rating.columns.${key}`);
  const [all, bySource, ExcelJS] = await Promise.all([
    ratingSummary(db, ctx, filter),
    summaryBySource(db, ctx, filter),
    loadExcelJS(),
  ]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(t(lang, 'exports:rating.sheet'), {
    views: [{ rightToLeft: directionOf(lang) === 'rtl' }],
  });
  sheet.addRow(
    ['source', 'reviews', 'rated', 'average', 'stars5', 'stars4', 'stars3', 'stars2', 'stars1'].map(c),
  ).font = { bold: true };
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
    t(lang, 'exports:rating.allSources'),
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
  lang: UiLanguage = 'en',
): Promise<{ buffer: Buffer; fileName: string }> {
  const c = (key: string) => t(lang, `exports:responseRate.columns.${key}`);
  const [overall, bySource, ExcelJS] = await Promise.all([
    responseRateOf(db, ctx, filter),
    summaryBySource(db, ctx, filter),
    loadExcelJS(),
  ]);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(t(lang, 'exports:responseRate.sheet'), {
    views: [{ rightToLeft: directionOf(lang) === 'rtl' }],
  });
  sheet.addRow(['source', 'reviews', 'answered', 'rate', 'hours'].map(c)).font = { bold: true };
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 10 : null);
  const hours = (s: { responded: number; responseSeconds: number }) =>
    s.responded ? Math.round((s.responseSeconds / s.responded / 3600) * 10) / 10 : null;
  for (const s of bySource)
    sheet.addRow([sourceTitle(s.source), s.reviews, s.responded, pct(s.responded, s.reviews), hours(s)]);
  sheet.addRow([
    t(lang, 'exports:responseRate.allSources'),
    overall.total,
    overall.responded,
    overall.rate,
    overall.averageResponseHours,
  ]).font = {
    bold: true,
  };
  sheet.addRow([]);
  sheet.addRow([t(lang, 'exports:responseRate.target'), overall.target]);
  sheet.columns.forEach((c) => (c.width = 18));
  return { buffer: await bufferOf(wb), fileName: `response-rate-${stamp()}.xlsx` };
}

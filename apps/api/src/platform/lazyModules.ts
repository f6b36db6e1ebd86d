/**
 * Libraries that only some requests or settings need (spreadsheets, PDF, the S3 client), loaded on first use: an idle server
 * does not hold them (about 30 MB; bench/RESULTS.md). Node caches the module after the first call.
 * The language detector loads in its own thread on first use (platform/languageDetector.ts).
 */
export const loadExcelJS = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadS3 = () => import('@aws-sdk/client-s3');

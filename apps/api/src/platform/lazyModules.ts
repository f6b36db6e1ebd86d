/**
 * Libraries that only some requests need (spreadsheets, PDF, the language detector's n-grams),
 * loaded on first use: an idle server does not hold them (about 30 MB for the first two, 100 MB for
 * eld; bench/RESULTS.md). Node caches the module after the first call.
 */
export const loadExcelJS = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadEld = async () => (await import('eld/small')).eld;

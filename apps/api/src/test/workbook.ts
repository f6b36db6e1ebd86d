import ExcelJS from 'exceljs';

/**
 * An .xlsx answer for assertions: its sheets' names, whether the first reads right to left, its intro
 * lines, and a sheet's rows by index as cell values (without ExcelJS's empty first cell).
 */
export async function readWorkbook(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ExcelJS.Buffer);
  const rows = (index: number) =>
    wb.worksheets[index]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1));
  return {
    sheets: wb.worksheets.map((ws) => ws.name),
    // A sheet written without views (left to right) has none.
    rightToLeft: wb.worksheets[0]?.views?.[0]?.rightToLeft ?? false,
    /** The first sheet's two intro lines (title, period) of a report workbook. */
    intro: wb.worksheets.length
      ? rows(0)
          .slice(0, 2)
          .map((r) => r[0])
      : [],
    rows,
  };
}

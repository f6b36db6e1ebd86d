import ExcelJS from 'exceljs';

/** The rows of one sheet of an .xlsx answer as plain values (first column first), blank rows left out. */
export async function sheetRows(content: Buffer, sheet: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const ws = wb.getWorksheet(sheet);
  if (!ws) throw new Error(`no sheet ${sheet}; sheets: ${wb.worksheets.map((w) => w.name).join(', ')}`);
  const rows: unknown[][] = [];
  ws.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1));
  });
  return rows;
}

/** The table under the header row that starts with `firstHeader`: header and data rows. */
export function tableFrom(rows: unknown[][], firstHeader: string): { header: unknown[]; data: unknown[][] } {
  const at = rows.findIndex((r) => r[0] === firstHeader);
  if (at < 0) throw new Error(`no header row starting with ${firstHeader}`);
  return { header: rows[at]!, data: rows.slice(at + 1) };
}

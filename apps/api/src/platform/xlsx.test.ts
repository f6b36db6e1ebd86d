import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream, type XlsxCell } from './xlsx';

async function* batchesOf(rows: XlsxCell[][], size: number): AsyncGenerator<XlsxCell[][]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('xlsxStream', () => {
  it('writes a workbook Excel readers open, with the header, every row and the texts intact', async () => {
    const rows: XlsxCell[][] = Array.from({ length: 2500 }, (_, i) => [
      `2026-11-0${(i % 9) + 1} 12:00`,
      (i % 5) + 1,
      `Row ${i} & <more> "quoted"`,
    ]);
    rows.push(['مطعم رائع', null, ' leading space and a bell\u0007 removed']);
    const bytes = await buffer(
      xlsxStream(
        'Reviews & more',
        [
          { header: 'Date', width: 20 },
          { header: 'Rating', width: 8 },
          { header: 'Review', width: 60 },
        ],
        batchesOf(rows, 1000),
      ),
    );
    const sheet = await readBack(bytes);
    expect(sheet.name).toBe('Reviews & more');
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Rating', 'Review']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(60);
    expect(sheet.getRow(2).values).toEqual([undefined, '2026-11-01 12:00', 1, 'Row 0 & <more> "quoted"']);
    expect(sheet.getRow(2501).getCell(3).value).toBe('Row 2499 & <more> "quoted"');
    const last = sheet.getRow(rows.length + 1);
    expect(last.getCell(1).value).toBe('مطعم رائع');
    expect(last.getCell(2).value).toBeNull();
    expect(last.getCell(3).value).toBe(' leading space and a bell removed');
  });

  it('fails the download when reading the rows fails', async () => {
    async function* broken(): AsyncGenerator<XlsxCell[][]> {
      yield [['one']];
      throw new Error('database went away');
    }
    await expect(buffer(xlsxStream('Reviews', [{ header: 'A', width: 10 }], broken()))).rejects.toThrow(
      'database went away',
    );
  });
});

describe('xlsxStream with many rows', () => {
  it('writes a large sheet that ExcelJS streaming reader reads back row by row', async () => {
    const count = 60_000;
    async function* many(): AsyncGenerator<XlsxCell[][]> {
      for (let start = 0; start < count; start += 500)
        yield Array.from({ length: 500 }, (_, i) => [
          start + i,
          `Review ${start + i}: great food, الخدمة ممتازة`,
          ((start + i) % 5) + 1,
        ]);
    }
    const bytes = await buffer(
      xlsxStream(
        'Reviews',
        [
          { header: 'N', width: 8 },
          { header: 'Review', width: 60 },
          { header: 'Rating', width: 8 },
        ],
        many(),
      ),
    );
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(bytes), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
    });
    let rows = 0;
    let last: unknown[] = [];
    for await (const sheet of reader) {
      for await (const row of sheet) {
        rows += 1;
        last = (row.values as unknown[]).slice(1);
      }
    }
    expect(rows).toBe(count + 1);
    expect(last).toEqual([count - 1, `Review ${count - 1}: great food, الخدمة ممتازة`, ((count - 1) % 5) + 1]);
  });
});

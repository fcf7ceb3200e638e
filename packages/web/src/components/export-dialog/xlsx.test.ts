import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderXlsx, sheetNames } from './xlsx.ts';

async function readBack(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

const rowsOf = (sheet: ExcelJS.Worksheet) =>
  sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (Array.isArray(row) ? row.slice(1) : []));

describe('xlsx export', () => {
  it('writes every sheet and reads back the same values', async () => {
    const readAt = new Date('2026-11-20T10:00:00Z');
    const bytes = await renderXlsx({
      title: 'Piezometric levels',
      subtitle: 'Cerro Azul TSF',
      meta: [{ name: 'Period', content: 'Last 7 days' }],
      infoSheetName: 'Information',
      sheets: [
        {
          name: 'Levels',
          rows: [
            ['Instrument', 'Level (m)', 'Read at'],
            ['PZ-01', 101.25, readAt],
            ['PZ-02', -3.5, null],
          ],
        },
        {
          name: 'Instruments',
          rows: [
            ['Name', 'Active'],
            ['PZ-01', true],
          ],
        },
      ],
    });

    const workbook = await readBack(bytes);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Information', 'Levels', 'Instruments']);

    const levels = workbook.getWorksheet('Levels')!;
    const [header, first, second] = rowsOf(levels);
    expect(header).toEqual(['Instrument', 'Level (m)', 'Read at']);
    expect(first?.slice(0, 2)).toEqual(['PZ-01', 101.25]);
    expect((first?.[2] as Date).toISOString()).toBe(readAt.toISOString());
    expect(second?.slice(0, 2)).toEqual(['PZ-02', -3.5]);
    expect(levels.getRow(1).font?.bold).toBe(true);
    expect(levels.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    expect(rowsOf(workbook.getWorksheet('Instruments')!)).toEqual([
      ['Name', 'Active'],
      ['PZ-01', true],
    ]);
    const info = rowsOf(workbook.getWorksheet('Information')!);
    expect(info[0]).toEqual(['Piezometric levels']);
    expect(info[1]).toEqual(['Cerro Azul TSF']);
    expect(info.at(-1)).toEqual(['Period', 'Last 7 days']);
  });

  it('makes sheet names that Excel accepts: short, without []:*?/\\ and unique', () => {
    expect(sheetNames(['Levels', 'levels', 'a/b:c', '', 'x'.repeat(40), 'x'.repeat(40)])).toEqual([
      'Levels',
      'levels (2)',
      'a b c',
      'Sheet 4',
      'x'.repeat(31),
      `${'x'.repeat(27)} (2)`,
    ]);
  });
});

import type { Workbook, Worksheet } from 'exceljs';
import { cellText, type ExportCell, type ExportMeta, type ExportSheet } from './export-settings.ts';

export interface XlsxExport {
  title: string;
  subtitle?: string;
  meta?: readonly ExportMeta[];
  sheets: readonly ExportSheet[];
  /** the name of the leading sheet holding title, subtitle and meta (translated by the caller) */
  infoSheetName?: string;
}

/** exceljs is large: it is loaded on the first xlsx export only, as its own chunk. */
async function loadExcelJs() {
  const module = await import('exceljs');
  return (module as unknown as { default?: typeof module }).default ?? module;
}

const FORBIDDEN = /[[\]:*?/\\]/g;
const MAX_SHEET_NAME = 31;

/** Sheet names Excel accepts: at most 31 characters, none of []:*?/\, unique in any letter case. */
export function sheetNames(wanted: readonly string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((name, index) => {
    const base =
      name
        .replace(FORBIDDEN, ' ')
        .replace(/^'+|'+$/g, '')
        .trim() || `Sheet ${index + 1}`;
    let candidate = base.slice(0, MAX_SHEET_NAME);
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      candidate = `${base.slice(0, MAX_SHEET_NAME - suffix.length)}${suffix}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

const xlsxValue = (cell: ExportCell) =>
  cell === undefined || (typeof cell === 'number' && !Number.isFinite(cell)) ? null : cell;

function addTable(worksheet: Worksheet, sheet: ExportSheet) {
  for (const row of sheet.rows) {
    const added = worksheet.addRow(row.map(xlsxValue));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
  }
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EDF3' } };
  const columnCount = Math.max(0, ...sheet.rows.map((row) => row.length));
  for (let c = 0; c < columnCount; c++) {
    const widest = Math.max(...sheet.rows.map((row) => cellText(row[c]).length));
    worksheet.getColumn(c + 1).width = Math.min(60, Math.max(10, widest + 2));
  }
}

function addInfo(workbook: Workbook, name: string, { title, subtitle, meta = [] }: XlsxExport) {
  const info = workbook.addWorksheet(name);
  info.addRow([title]).font = { bold: true, size: 14 };
  if (subtitle) info.addRow([subtitle]);
  if (meta.length) info.addRow([]);
  for (const pair of meta) info.addRow([pair.name, pair.content]).getCell(1).font = { bold: true };
  info.getColumn(1).width = Math.min(60, Math.max(16, ...meta.map((m) => m.name.length + 2)));
  info.getColumn(2).width = Math.min(80, Math.max(16, ...meta.map((m) => m.content.length + 2)));
}

/** A workbook with an information sheet and one sheet per data sheet, header rows bold and frozen. */
export async function renderXlsx(settings: XlsxExport): Promise<Uint8Array> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Vigil';
  workbook.created = new Date();
  workbook.title = settings.title;
  const names = sheetNames([settings.infoSheetName ?? 'Info', ...settings.sheets.map((s) => s.name)]);
  addInfo(workbook, names[0]!, settings);
  settings.sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index + 1], { views: [{ state: 'frozen', ySplit: 1 }] });
    addTable(worksheet, sheet);
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

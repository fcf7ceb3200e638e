import { parseString } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import type { RegisterFormat } from '@vigil/domain';

/**
 * The register's files (ADR 0034): an .xlsx workbook's first sheet, or a CSV in UTF-8 (with or without
 * a BOM) separated by `,` or `;`, read into rows of text cells; and the same written out.
 */

/** A file that is neither a workbook nor text: the caller answers 400 naming the file. */
export class NotASpreadsheet extends Error {}

/** A formula cell without a value (never calculated, or an error such as #REF!). */
export const FORMULA_WITHOUT_VALUE = '\u0000formula';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = '\ufeff';

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'formula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined || result === null || (typeof result === 'object' && 'error' in result))
      return FORMULA_WITHOUT_VALUE;
    return result instanceof Date ? result.toISOString() : String(result);
  }
  if (typeof value === 'object' && 'error' in value) return FORMULA_WITHOUT_VALUE;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return String(value);
  return cell.text;
}

async function readWorkbook(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new NotASpreadsheet('The file is not an .xlsx workbook or a CSV file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cellText(cell)));
    rows[number - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/** `;` when the header line has more of them than commas (outside quotes), as spreadsheets in many locales write. */
function delimiterOf(text: string): ',' | ';' {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const unquoted = line.replace(/"[^"]*"/g, '');
  return (unquoted.match(/;/g)?.length ?? 0) > (unquoted.match(/,/g)?.length ?? 0) ? ';' : ',';
}

async function readCsv(bytes: Buffer): Promise<string[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new NotASpreadsheet('The file is not an .xlsx workbook or a CSV file in UTF-8');
  }
  if (text.startsWith(BOM)) text = text.slice(1);
  // Text with control characters other than line breaks and tabs is a binary file, not a register.
  if (/(?![\t\n\r])\p{Cc}/u.test(text)) throw new NotASpreadsheet('The file is not an .xlsx workbook or a CSV file');
  const delimiter = delimiterOf(text);
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { delimiter, ignoreEmpty: false })
      .on('error', (error: Error) => reject(new NotASpreadsheet(`The CSV file cannot be read: ${error.message}`)))
      .on('data', (row: string[]) => rows.push(row.map((cell) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell))))
      .on('end', () => resolve(rows));
  });
}

/** The file's rows of text cells, trailing empty rows dropped. */
export async function readSheet(bytes: Buffer): Promise<string[][]> {
  const rows = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readWorkbook(bytes) : await readCsv(bytes);
  while (rows.length && rows[rows.length - 1]!.every((cell) => cell.trim() === '')) rows.pop();
  return rows;
}

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first): written behind an apostrophe,
 * which spreadsheets show as text (OWASP's CSV injection advice); `readCsv` takes it off again.
 */
const FORMULA_START = /^[=+\-@]/;

/** A cell of a CSV: formulas defused; quoted when it holds a delimiter, a quote, a line break or edge spaces. */
const csvCell = (value: string | number) => {
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",;\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const REGISTER_CONTENT_TYPES: Record<RegisterFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The rows as a file: numbers stay numbers in a workbook; a CSV starts with a BOM so that spreadsheets read UTF-8. */
export async function writeSheet(rows: Array<Array<string | number>>, format: RegisterFormat): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Register');
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

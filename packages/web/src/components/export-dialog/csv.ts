import { cellText, type ExportCell, type ExportSheet } from './export-settings.ts';

/** Text that a spreadsheet would run as a formula when the file is opened (CSV injection). */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d)/;

function csvField(cell: ExportCell): string {
  let text = cellText(cell);
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One sheet as RFC 4180 CSV: comma separated, CRLF line ends, fields quoted when needed. */
export function renderCsv(sheet: ExportSheet): string {
  return sheet.rows.map((row) => row.map(csvField).join(',')).join('\r\n') + (sheet.rows.length ? '\r\n' : '');
}

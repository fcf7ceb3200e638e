import { renderCsv } from './csv.ts';
import { type ExportFileType, type ExportSettings } from './export-settings.ts';
import { renderHtml } from './html.ts';

const MIME: Record<ExportFileType, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
  html: 'text/html;charset=utf-8',
};

/** Renders the export as a file of `type`: xlsx with every sheet, csv and html with the first one. */
export async function renderExport(
  settings: ExportSettings,
  type: ExportFileType,
  options: { infoSheetName?: string; lang?: string } = {},
): Promise<Blob> {
  const first = settings.data[0] ?? { name: settings.title, rows: [] };
  if (type === 'xlsx') {
    const { renderXlsx } = await import('./xlsx.ts');
    const bytes = await renderXlsx({ ...settings, sheets: settings.data, infoSheetName: options.infoSheetName });
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: MIME.xlsx });
  }
  if (type === 'csv') {
    // The byte order mark makes Excel read the file as UTF-8 (names such as "Copiapó").
    return new Blob(['\uFEFF', renderCsv(first)], { type: MIME.csv });
  }
  return new Blob([renderHtml({ ...settings, sheet: first, lang: options.lang })], { type: MIME.html });
}

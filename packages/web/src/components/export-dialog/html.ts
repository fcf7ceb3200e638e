import { cellText, type ExportMeta, type ExportSheet } from './export-settings.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

export interface HtmlExport {
  title: string;
  subtitle?: string;
  meta?: readonly ExportMeta[];
  sheet: ExportSheet;
  /** the document's language, e.g. "pt-BR" */
  lang?: string;
}

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:24px;color:#1b1f24}
h1{font-size:1.5rem;margin:0 0 4px}p.subtitle{margin:0 0 16px;color:#57606a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}dt{font-weight:600}dd{margin:0}
table{border-collapse:collapse;font-size:.875rem}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left}
th{background:#f3f5f8}td.number{text-align:right;font-variant-numeric:tabular-nums}`;

/** One sheet as a self-contained HTML document: title, subtitle, meta pairs, then the table. */
export function renderHtml({ title, subtitle, meta = [], sheet, lang = 'en' }: HtmlExport): string {
  const [head = [], ...body] = sheet.rows;
  const headRow = head.map((cell) => `<th scope="col">${escapeHtml(cellText(cell))}</th>`).join('');
  const bodyRows = body
    .map((row) => {
      const cells = row.map((cell) =>
        typeof cell === 'number'
          ? `<td class="number">${escapeHtml(cellText(cell))}</td>`
          : `<td>${escapeHtml(cellText(cell))}</td>`,
      );
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('\n');
  const metaList = meta.length
    ? `<dl>${meta.map((m) => `<dt>${escapeHtml(m.name)}</dt><dd>${escapeHtml(m.content)}</dd>`).join('')}</dl>\n`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${subtitle ? `<p class="subtitle">${escapeHtml(subtitle)}</p>\n` : ''}${metaList}<table>
<caption hidden>${escapeHtml(sheet.name)}</caption>
<thead><tr>${headRow}</tr></thead>
<tbody>
${bodyRows}
</tbody>
</table>
</body>
</html>
`;
}

import { downloadBlob } from '../../../components/export-dialog/download-blob.ts';
import { reportsApi } from '../api/reports-api.ts';

/**
 * Opens a report's PDF in a new tab. The PDF route takes the session's token in a header only (a token
 * in a URL ends up in logs), so the file is fetched and shown from a blob URL. The tab is opened at the
 * click, before the fetch, which a popup blocker would otherwise refuse; blocked anyway, it is downloaded.
 */
export async function openReportPdf(projectId: string, reportId: string, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await reportsApi.pdf(projectId, reportId);
    const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    if (!tab) return downloadBlob(pdf, fileName);
    const url = URL.createObjectURL(pdf);
    tab.location.href = url;
    // The tab has read it long before: a blob URL holds the file in memory until revoked.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The file name a report's PDF is saved under: its template's name and its period's first day. */
export function pdfFileName(name: string, from: string): string {
  const safe = name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'report';
  return `${safe} ${from.slice(0, 10)}.pdf`;
}

import type { ExportFileType } from './export-settings.ts';

/** An ISO-8601 timestamp that is safe in file names on every system: the ':' characters removed. */
export function fileTimestamp(date: Date): string {
  return date.toISOString().replaceAll(':', '');
}

/** Characters that Windows, macOS or Linux refuse in a file name (control characters aside). */
const UNSAFE = /[<>:"/\\|?*]+/g;

/** `name` without control characters and with every run of refused characters made one '-'. */
const safe = (name: string) =>
  [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20)
    .join('')
    .replace(UNSAFE, '-');

/** The given name plus the current ISO timestamp (requirements#shell-validation), made safe for a file name. */
export function defaultExportFileName(name: string, now: Date = new Date()): string {
  const base = safe(name).trim() || 'export';
  return `${base}-${fileTimestamp(now)}`;
}

/** `name` with `.type` appended unless it already ends with it (any letter case). */
export function withExtension(name: string, type: ExportFileType): string {
  const trimmed = safe(name.trim());
  const extension = `.${type}`;
  return trimmed.toLowerCase().endsWith(extension) ? trimmed : `${trimmed}${extension}`;
}

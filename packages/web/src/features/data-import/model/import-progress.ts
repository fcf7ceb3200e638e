import type { LoggerImport } from '@vigil/domain';

/** Whether an import is still to end: its progress is asked for until it has. */
export const isImportRunning = (run: Pick<LoggerImport, 'status'>) =>
  run.status === 'queued' || run.status === 'running';

/** How far an import is, 0–100 (100 only once done); null while its rows are not counted yet. */
export function importPercent(run: Pick<LoggerImport, 'status' | 'rows_done' | 'rows_total'>): number | null {
  if (run.status === 'done') return 100;
  if (run.rows_total <= 0) return null;
  return Math.min(99, Math.floor((run.rows_done / run.rows_total) * 100));
}

/** Rows imported a second since the import started, until `now` or its end; null before a row is done. */
export function importSpeed(
  run: Pick<LoggerImport, 'rows_done' | 'started_at' | 'finished_at'>,
  now: number,
): number | null {
  if (!run.started_at || run.rows_done <= 0) return null;
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  const seconds = (end - Date.parse(run.started_at)) / 1000;
  // A file done within the clock's resolution has no meaningful speed.
  if (!(seconds > 0.05)) return null;
  return Math.round(run.rows_done / seconds);
}

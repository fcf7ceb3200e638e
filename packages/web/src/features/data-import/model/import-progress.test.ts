import { describe, expect, it } from 'vitest';
import { importPercent, importSpeed, isImportRunning } from './import-progress.ts';

describe('an import’s progress', () => {
  it('is followed while queued or running, not once done or failed', () => {
    expect(['queued', 'running', 'done', 'failed'].map((status) => isImportRunning({ status } as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('is the share of rows done, unknown before the rows are counted, whole once done', () => {
    expect(importPercent({ status: 'queued', rows_done: 0, rows_total: 0 })).toBeNull();
    expect(importPercent({ status: 'running', rows_done: 1000, rows_total: 3000 })).toBe(33);
    expect(importPercent({ status: 'done', rows_done: 0, rows_total: 0 })).toBe(100);
    expect(importPercent({ status: 'failed', rows_done: 500, rows_total: 1000 })).toBe(50);
    // the last rows are still being stored until the import says it is done
    expect(importPercent({ status: 'running', rows_done: 60_000, rows_total: 60_001 })).toBe(99);
    expect(importPercent({ status: 'running', rows_done: 60_001, rows_total: 60_001 })).toBe(99);
  });

  it('reads the speed in rows a second from the start to now, or to the end', () => {
    const started_at = '2026-11-28T10:00:00.000Z';
    const now = Date.parse('2026-11-28T10:00:04.000Z');
    expect(importSpeed({ rows_done: 8000, started_at, finished_at: null }, now)).toBe(2000);
    expect(importSpeed({ rows_done: 8000, started_at, finished_at: '2026-11-28T10:00:02.000Z' }, now)).toBe(4000);
    expect(importSpeed({ rows_done: 0, started_at, finished_at: null }, now)).toBeNull();
    expect(importSpeed({ rows_done: 10, started_at: null, finished_at: null }, now)).toBeNull();
  });
});

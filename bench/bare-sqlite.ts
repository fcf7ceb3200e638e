import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, INSTRUMENTS, STEP_MS } from './metrics-workload.ts';

/** Always issue 5's 30 days, also in a shorter run: the figure compares machines. */
const STEPS = (30 * DAY_MS) / STEP_MS;

/**
 * The machine's pace, as issue 5 gives its reference (≈ 840 K values/s on the machine it was set
 * for): the 30-day workload's readings inserted into a bare SQLite table, one row of 4 values per reading,
 * in transactions of one time step, with the project's driver and settings (WAL, synchronous NORMAL).
 * Runs on this machine differ by more than code changes do: this figure tells them apart.
 */
export function bareSqliteValuesPerSecond(): number {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-bare-'));
  const db = new Database(join(dir, 'bare.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(
      'create table readings (read_at integer, entity integer, pressure real, temperature real, battery real, level real, primary key (read_at, entity))',
    );
    const insert = db.prepare('insert into readings values (?, ?, ?, ?, ?, ?)');
    const step = db.transaction((t: number) => {
      for (let e = 0; e < INSTRUMENTS; e++) insert.run(t, e, 100 + e, 10 + e / 100, 3.6, 200 + e);
    });
    const started = performance.now();
    for (let s = 0; s < STEPS; s++) step(s * STEP_MS);
    return (STEPS * INSTRUMENTS * 4) / ((performance.now() - started) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

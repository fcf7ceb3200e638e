import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../packages/server/src/db/connection.ts';
import { seedHistory } from '../packages/server/src/demo/history.ts';
import { decodeBlock, type Block } from '../packages/server/src/services/metrics/series-blocks.ts';
import { demoApp } from './demo-app.ts';
import { within } from './measure.ts';
import {
  DAY_MS,
  DAYS,
  INSTRUMENTS,
  piezometricLevel,
  rawValues,
  STEP_MS,
  STEPS,
  workloadWindow,
} from './metrics-workload.ts';

/** The demo's history as `bench/dashboard-draw.ts` writes it. */
const DEMO_HISTORY_DAYS = 93;

/**
 * The day blocks of the demo's history, compacted by the server: the SQLite file is written in
 * `dataDir` on the first run (a few minutes) and read again by later runs with the same directory.
 */
export async function demoBlocks(dataDir: string): Promise<Block[]> {
  const file = join(dataDir, 'vigil.db');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const { app, db } = await demoApp(dataDir);
    await seedHistory(app, { days: DEMO_HISTORY_DAYS });
    await within('the rules engine idle', 1_200_000, app.rulesEngine?.idle() ?? Promise.resolve());
    await within('compaction of the history', 1_200_000, app.compactor?.run() ?? Promise.resolve());
    await app.close();
    await db.destroy();
  }
  const { db } = openDatabase({ dataDir });
  try {
    const rows = await db.selectFrom('metric_blocks').select('data').orderBy('series_id').orderBy('day').execute();
    return rows.map((r) => copyOf(decodeBlock(r.data)));
  } finally {
    await db.destroy();
  }
}

const copyOf = (block: Block): Block => ({ times: block.times.slice(), values: block.values.slice() });

/**
 * The day blocks of issue 5's metrics workload (bench/metrics-workload.ts): 200 instruments × 3 raw
 * metrics and 1 calculated, every 5 minutes for DAYS days, the values as the server parses them
 * from the decimal text sent (the calculated one as its formula computes it).
 */
export function workloadBlocks(): Block[] {
  const { start } = workloadWindow(Date.parse('2026-11-28T00:00:00Z'));
  const blocks: Block[] = [];
  for (let i = 0; i < INSTRUMENTS; i++) {
    const series: Array<{ times: number[]; values: number[] }> = [];
    let day = NaN;
    for (let step = 0; step < STEPS; step++) {
      const t = start + step * STEP_MS;
      if (Math.floor(t / DAY_MS) !== day) {
        day = Math.floor(t / DAY_MS);
        for (const s of series.splice(0)) blocks.push(toBlock(s));
        for (let m = 0; m < 4; m++) series.push({ times: [], values: [] });
      }
      const raw = rawValues(i, step);
      const pressure = Number(raw.pressure);
      const values = [pressure, Number(raw.temperature), Number(raw.battery), piezometricLevel(i, pressure)];
      values.forEach((v, m) => {
        series[m]!.times.push(t);
        series[m]!.values.push(v);
      });
    }
    for (const s of series) blocks.push(toBlock(s));
  }
  return blocks;
}

const toBlock = (s: { times: number[]; values: number[] }): Block => ({
  times: Float64Array.from(s.times),
  values: Float64Array.from(s.values),
});

export const WORKLOAD_DAYS = DAYS;

import type { BrowserContext } from '@playwright/test';
import { percentile } from './measure.ts';

/**
 * A fixed piece of script work (objects, strings, JSON and a sort, as a page's data handling does):
 * what it takes says how fast this host runs JavaScript at the time, which moves by half and more
 * between hosts of one machine kind and within an hour. Self-contained: it runs in the page.
 */
function paceWork(): number {
  const started = performance.now();
  const rows: Array<{ at: string; value: number }> = [];
  for (let i = 0; i < 200_000; i++)
    rows.push({ at: new Date(1_780_000_000_000 + i * 60_000).toISOString(), value: (i * 7919) % 1000 });
  const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
  parsed.sort((a, b) => a.value - b.value || (a.at < b.at ? -1 : 1));
  return performance.now() - started;
}

/** The median of five runs of {@link paceWork} in a page of `context`, in ms. */
export async function browserPace(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  try {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await page.evaluate(paceWork));
    return percentile(runs, 50);
  } finally {
    await page.close();
  }
}

/** The line a browser bench's entry gives its host's pace in. */
export const paceLine = (ms: number) =>
  `- This host's pace in Chromium: a fixed script (bench/pace.ts: 200,000 objects made, through JSON and sorted) in ${ms.toFixed(0)} ms (median of 5): entries of other hosts and days compare by it`;

/// <reference lib="dom" />
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addBenchPage, drawn, PAGE_PATH, serveDemo, signedInContext } from './dashboard-draw.ts';
import { CATEGORIES, mainThreadEvents, recordTrace } from './dashboard-trace.ts';

/**
 * A diagnosis: the renderer main thread's tasks of one warm load of the bench page (after three
 * loads that warm the HTTP cache), in order, with the longest events inside each: where the page
 * waits (gaps) and what runs in one go. BENCH_WEB_DIST names another build; TASK_MIN_MS (default 8)
 * the shortest task listed.
 *
 *   npx node bench/main-thread-tasks.ts
 */
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-tasks-'));
cpSync(process.env.BENCH_WEB_DIST ?? join(import.meta.dirname, '../packages/web/dist'), join(dataDir, 'web'), {
  recursive: true,
});
const server = await serveDemo(dataDir, join(dataDir, 'web'));
try {
  const { session } = await addBenchPage(server.base);
  const context = await signedInContext(server.base, session);
  const url = `/safety-state/${PAGE_PATH}`;
  for (let i = 0; i < 3; i++) {
    const warming = await context.newPage();
    await warming.goto(url);
    await warming.waitForFunction(drawn);
    await warming.close();
  }
  const page = await context.newPage();
  const { result: drawnMs, events } = await recordTrace(page, CATEGORIES, async () => {
    await page.goto(url);
    await page.waitForFunction(drawn);
    return page.evaluate(() => window.__benchDraw!.drawnAt!);
  });
  const { start, complete } = mainThreadEvents(events, url, drawnMs);
  const minMs = Number(process.env.TASK_MIN_MS ?? 8);
  console.log(
    `drawn at ${drawnMs.toFixed(0)} ms; tasks of ${minMs} ms or more (start +duration: longest events inside)`,
  );
  for (const task of complete.filter((e) => e.name === 'RunTask')) {
    const [startMs, ms] = [(task.ts - start) / 1000, (task.dur ?? 0) / 1000];
    if (ms < minMs) continue;
    const inside = complete
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0))
      .filter((e) => (e.dur ?? 0) > 2000)
      .slice(0, 6)
      .map((e) => {
        const where = [e.args?.data?.url?.replace(/^.*\//, ''), e.args?.data?.functionName].filter(Boolean);
        return `${[e.name, ...where].join(':')} ${((e.dur ?? 0) / 1000).toFixed(0)}`;
      });
    console.log(`${startMs.toFixed(0).padStart(5)} +${ms.toFixed(0).padStart(4)}  ${inside.join(' | ')}`);
  }
  await context.close();
} finally {
  await server.close();
}

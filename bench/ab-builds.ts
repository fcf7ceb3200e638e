/// <reference lib="dom" />
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { addBenchPage, drawn, PAGE_PATH, serveDemo, signedInContext } from './dashboard-draw.ts';
import { createMapFixture, serveDemoSite } from './map-fixture.ts';
import { mapSettled, watchMap } from './map-page.ts';
import { mapCard, MAP_PATH } from './map-plan.ts';
import { DEVICES } from './map-site.ts';
import { percentile } from './measure.ts';

/**
 * A diagnosis, not a measurement of record: two or more web builds (AB_DISTS, comma-separated
 * `vite build --outDir` folders) served by one server and loaded in turn, so that a change to the
 * web app is compared with the build before it under the same load of the machine, which moves by
 * more than most changes within an hour. Each round loads the bench page of bench/dashboard-draw.ts
 * (or AB_PATH) once with each build, in a rotating order, and prints each build's median, p95 and
 * every "navigation → 8 charts drawn"; with AB_PAGE=state-map, the page of bench/state-map.ts and
 * "navigation → clusters painted". The builds' assets share one folder (their names carry their
 * hash); index.html is the build's own for each load.
 *
 *   AB_DISTS=/tmp/before,/tmp/after AB_ROUNDS=10 [AB_PAGE=state-map] npx node bench/ab-builds.ts
 */
const dists = (process.env.AB_DISTS ?? '').split(',').filter(Boolean);
if (dists.length < 2) throw new Error('AB_DISTS: two or more web builds, comma-separated');
const rounds = Number(process.env.AB_ROUNDS ?? 8);
const dataDir = mkdtempSync(join(tmpdir(), 'vigil-ab-'));
const root = join(dataDir, 'web');
for (const dist of dists) cpSync(dist, root, { recursive: true });
for (const file of ['index.html.br', 'index.html.gz']) rmSync(join(root, file), { force: true });
const onMap = process.env.AB_PAGE === 'state-map';
const server = onMap ? await serveDemoSite(dataDir, root) : await serveDemo(dataDir, root);

/** A signed-in browser on the page compared, and how to read when it was drawn. */
async function benchPage(): Promise<{ context: BrowserContext; url: string; drawnAt: () => number }> {
  if (!onMap) {
    const { session } = await addBenchPage(server.base);
    return {
      context: await signedInContext(server.base, session),
      url: process.env.AB_PATH ?? `/safety-state/${PAGE_PATH}`,
      drawnAt: () => window.__benchDraw!.drawnAt!,
    };
  }
  if (!('idle' in server)) throw new Error('the map page needs the demo site');
  const fixture = await createMapFixture(server.base, server.idle);
  const { session } = await addBenchPage(server.base, {
    path: MAP_PATH,
    devices: 1,
    cards: () => mapCard(fixture.groupId),
  });
  const context = await signedInContext(server.base, session, 0);
  await context.addInitScript(watchMap, DEVICES);
  return { context, url: `/safety-state/${MAP_PATH}`, drawnAt: () => window.__benchMap!.drawnAt! };
}

try {
  const { context, url, drawnAt } = await benchPage();
  const load = async (dist: string) => {
    copyFileSync(join(dist, 'index.html'), join(root, 'index.html'));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(onMap ? mapSettled : drawn, null, { timeout: 60_000 });
    const at = await page.evaluate(drawnAt);
    await page.close();
    return at;
  };
  // each build's files into the HTTP cache first: every measured load is warm
  for (const dist of dists) await load(dist);
  const results = dists.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < dists.length; k++) {
      const i = (k + round) % dists.length;
      results[i]!.push(await load(dists[i]!));
    }
  }
  dists.forEach((dist, i) => {
    const all = results[i]!.sort((a, b) => a - b);
    const ms = (v: number) => v.toFixed(0);
    console.log(
      `${dist}: median ${ms(percentile(all, 50))} p95 ${ms(percentile(all, 95))} all ${all.map(ms).join(' ')}`,
    );
  });
  await context.close();
} finally {
  await server.close();
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BundleRow } from './web-bundles.ts';

/**
 * Issue 17's rows of the bundle table: the dashboard page's own JavaScript and its two lazy chunks,
 * the chart (uPlot) and the grid editor (react-grid-layout), from the Vite build manifest. Each row
 * counts only what the entry and the signed-in application do not already bring.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = join(import.meta.dirname, '../packages/web/dist');
export const DASHBOARD_SOURCES = {
  route: 'features/dashboards/dashboard-route.tsx',
  chart: 'components/charts/time-series-chart.tsx',
  editor: 'features/dashboards/editor/dashboard-editor.tsx',
} as const;

/** A chunk and its static imports, recursively: what must load before it runs. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

export interface DashboardBundles {
  rows: BundleRow[];
  /** what is wrong with the split: empty when route, chart and editor are chunks of their own */
  problems: string[];
}

export function measureDashboardBundles(dist = DIST): DashboardBundles | undefined {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const keyOf = (suffix: string) => Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith(suffix));
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const app = keyOf('app/signed-in/pages.tsx');
  const keys = {
    route: keyOf(DASHBOARD_SOURCES.route),
    chart: keyOf(DASHBOARD_SOURCES.chart),
    editor: keyOf(DASHBOARD_SOURCES.editor),
  };

  const problems: string[] = [];
  for (const [part, key] of Object.entries(keys))
    if (!key) problems.push(`no chunk of its own for ${DASHBOARD_SOURCES[part as keyof typeof keys]}`);
  if (!app || !keys.route || !keys.chart || !keys.editor) return { rows: [], problems };

  const before = new Set([...closure(manifest, entry), ...closure(manifest, app)]);
  const route = closure(manifest, keys.route);
  if (before.has(keys.route)) problems.push(`${DASHBOARD_SOURCES.route} loads with the first page, not lazily`);
  for (const [part, key] of [['chart', keys.chart] as const, ['editor', keys.editor] as const])
    if (route.has(key)) problems.push(`${DASHBOARD_SOURCES[part]} loads with the dashboard route, not lazily`);
  const chart = closure(manifest, keys.chart);
  const editor = closure(manifest, keys.editor);

  const gzipKiB = (set: Iterable<string>) =>
    [...set].reduce((sum, k) => sum + gzipSync(readFileSync(join(dist, manifest[k]!.file))).length, 0) / 1024;
  const row = (part: string, set: Iterable<string>, minus: Set<string>) => {
    const own = [...set].filter((k) => !minus.has(k));
    return { part, files: own.length, gzipKiB: gzipKiB(own) };
  };
  const withRoute = new Set([...before, ...route]);
  return {
    rows: [
      row('dashboard page only (dashboard-route closure minus entry and application)', route, before),
      row('chart chunk only (time-series-chart, uPlot; lazy, first chart)', chart, withRoute),
      row('dashboard editor only (react-grid-layout; lazy, on edit)', editor, withRoute),
      row('dashboard page with charts total', new Set([...withRoute, ...chart]), new Set()),
    ],
    problems,
  };
}

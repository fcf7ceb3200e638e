import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DASHBOARD_SOURCES } from './dashboard-bundles.ts';
import type { BundleRow } from './web-bundles.ts';

/**
 * Issue 19's chunk budget: Leaflet and its plugins load as their own chunk, not on the signed-in first
 * page. From the Vite build manifest: which built files hold Leaflet and markercluster (found by
 * strings their code always carries), and whether any of them is among what the first page or the
 * dashboard route load before they run.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DIST = join(import.meta.dirname, '../packages/web/dist');
export const MAP_SOURCES = {
  map: 'components/map/vigil-map.tsx',
  card: 'features/dashboards/cards/state-map-card.tsx',
} as const;
/** class names Leaflet's and markercluster's code set on elements: no other library writes them */
const SIGNATURES = { Leaflet: 'leaflet-zoom-animated', markercluster: 'leaflet-cluster-anim' } as const;

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

export interface MapBundles {
  rows: BundleRow[];
  problems: string[];
  /** the manifest keys of the built files that hold each library */
  holders: Record<keyof typeof SIGNATURES, string[]>;
  /** the map chunk's own file and style sheet, as the page requests them */
  mapFile: string | null;
  mapCssKiB: number;
}

export function measureMapBundles(dist = DIST): MapBundles | undefined {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const read = (file: string) => readFileSync(join(dist, file));
  const keyOf = (suffix: string) => Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith(suffix));
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const app = keyOf('app/signed-in/pages.tsx');
  const route = keyOf(DASHBOARD_SOURCES.route);
  const map = keyOf(MAP_SOURCES.map);
  const card = keyOf(MAP_SOURCES.card);

  const holders = Object.fromEntries(
    Object.entries(SIGNATURES).map(([library, signature]) => [
      library,
      Object.keys(manifest).filter(
        (k) => manifest[k]!.file.endsWith('.js') && read(manifest[k]!.file).includes(signature),
      ),
    ]),
  ) as Record<keyof typeof SIGNATURES, string[]>;

  const problems: string[] = [];
  if (!app || !route || !map || !card) {
    problems.push('the manifest lacks the application, the dashboard route, the map or the state-map card');
    return { rows: [], problems, holders, mapFile: null, mapCssKiB: 0 };
  }
  const firstPage = new Set([...closure(manifest, entry), ...closure(manifest, app)]);
  const dashboard = closure(manifest, route);
  for (const [library, files] of Object.entries(holders)) {
    if (!files.length) problems.push(`no built file holds ${library}`);
    for (const key of files) {
      const file = manifest[key]!.file;
      if (firstPage.has(key)) problems.push(`${library} (${file}) loads with the signed-in first page`);
      else if (dashboard.has(key)) problems.push(`${library} (${file}) loads with every dashboard page, map or not`);
      if (!closure(manifest, map).has(key)) problems.push(`${library} (${file}) is outside the map chunk's closure`);
    }
  }
  if (!manifest[map]!.isDynamicEntry) problems.push(`${MAP_SOURCES.map} is not loaded with a dynamic import`);

  const gzipKiB = (keys: Iterable<string>) =>
    [...keys].reduce((sum, k) => sum + gzipSync(read(manifest[k]!.file)).length, 0) / 1024;
  const row = (part: string, set: Set<string>, minus: Set<string>) => {
    const own = [...set].filter((k) => !minus.has(k));
    return { part, files: own.length, gzipKiB: gzipKiB(own) };
  };
  const withRoute = new Set([...firstPage, ...dashboard]);
  const cardSet = closure(manifest, card);
  const withCard = new Set([...withRoute, ...cardSet]);
  const mapSet = closure(manifest, map);
  return {
    rows: [
      row('state-map card only (lazy, with the first map card)', cardSet, withRoute),
      row(
        "map chunk only (Leaflet, markercluster, react-leaflet; lazy, asked for with the card's chunk)",
        mapSet,
        withCard,
      ),
      row('dashboard page with a state map total', new Set([...withCard, ...mapSet]), new Set()),
    ],
    problems,
    holders,
    mapFile: manifest[map]!.file,
    mapCssKiB: (manifest[map]!.css ?? []).reduce((sum, f) => sum + gzipSync(read(f)).length, 0) / 1024,
  };
}

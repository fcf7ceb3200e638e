import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** the web build to measure: BENCH_WEB_DIST when set (a build of one's own), else packages/web/dist */
const DIST = process.env.BENCH_WEB_DIST ?? join(import.meta.dirname, '../packages/web/dist');

/** Every JS file a chunk needs before it runs: itself and its static imports, recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

function gzipBytes(manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) total += gzipSync(readFileSync(join(DIST, manifest[key]!.file))).length;
  return total;
}

export interface BundleRow {
  part: string;
  files: number;
  gzipKiB: number;
}

/**
 * The JavaScript a browser downloads for the login route and for the signed-in application,
 * gzip-compressed, from the Vite build manifest (issue 3: the login route is split from the app).
 */
export function measureWebBundles(): BundleRow[] | undefined {
  const manifestFile = join(DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const bySource = (suffix: string) => Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith(suffix))!;
  const shared = closure(manifest, entry);
  const login = closure(manifest, bySource('features/auth/login-route.tsx'));
  const app = closure(manifest, bySource('app/signed-in/pages.tsx'));
  const only = (set: Set<string>) => [...set].filter((k) => !shared.has(k));
  const row = (part: string, keys: string[]) => ({
    part,
    files: keys.length,
    gzipKiB: gzipBytes(manifest, keys) / 1024,
  });
  return [
    row('entry (router, providers, UI kit; every page)', [...shared]),
    row('login route only', only(login)),
    row('signed-in application only', only(app)),
    row('login page total', [...new Set([...shared, ...login])]),
    row('signed-in first page total', [...new Set([...shared, ...app])]),
  ];
}

export function bundleTable(rows: BundleRow[]): string {
  return [
    '| JavaScript downloaded | files | gzip (KiB) |',
    '| --- | ---: | ---: |',
    ...rows.map((r) => `| ${r.part} | ${r.files} | ${r.gzipKiB.toFixed(1)} |`),
  ].join('\n');
}

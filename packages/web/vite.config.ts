import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * A hash of every locale file: the app asks for `/locales/{lng}/{ns}.json?v=<hash>`, which the
 * server lets browsers keep for a year (packages/server/src/app.ts), so that a load does not wait
 * for eighteen revalidations; a build with other texts asks for other URLs.
 */
function localesVersion(dir = join(import.meta.dirname, 'public/locales')) {
  const hash = createHash('sha256');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()) {
    hash.update(entry.slice(dir.length)).update(readFileSync(entry));
  }
  return hash.digest('hex').slice(0, 12);
}

// `vite dev` forwards the server's paths to a server started with `npm start` (port 8080); a key
// starting with ^ is a regular expression, so SPA routes that merely begin with the same letters stay here.
const SERVER_PATHS = [
  'api',
  'healthz',
  'auth',
  'ui',
  'device-registry',
  'metrics-provider',
  'rules-engine',
  'notifications-async',
  'inmt-journal',
  'media',
  'ingest',
  'weather',
];

export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()) },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: { proxy: { [`^/(${SERVER_PATHS.join('|')})(/|$)`]: 'http://localhost:8080' } },
});

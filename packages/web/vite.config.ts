import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * Every text file of the build also as .br and .gz, compressed once at their best: the server sends
 * the one a browser accepts (@fastify/static `preCompressed`), so that a field link carries a fifth
 * of the bytes and no request pays for compressing.
 */
function precompress(): Plugin {
  let dir = '';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      dir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|json|svg)$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        const quality = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: quality }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
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
  plugins: [react(), precompress()],
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()) },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: { proxy: { [`^/(${SERVER_PATHS.join('|')})(/|$)`]: 'http://localhost:8080' } },
});

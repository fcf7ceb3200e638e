import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ALL_NAMESPACES_FILE } from './src/i18n/all-namespaces.ts';

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

/** A language's namespaces as one object: `{ namespace: texts }`. */
function allNamespaces(dir: string, language: string) {
  const files = readdirSync(join(dir, language)).filter((f) => f.endsWith('.json') && f !== ALL_NAMESPACES_FILE);
  return JSON.stringify(
    Object.fromEntries(
      files.sort().map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, language, f), 'utf8'))]),
    ),
  );
}

/**
 * `locales/{lng}/all-namespaces.json`: the app asks for a language's texts in one request
 * (src/i18n/locale-files.ts); the namespace files stay for tests and translators.
 */
function localeBundles(dir = join(import.meta.dirname, 'public/locales')): Plugin {
  return {
    name: 'vigil-locale-bundles',
    generateBundle() {
      for (const language of readdirSync(dir)) {
        const fileName = `locales/${language}/${ALL_NAMESPACES_FILE}`;
        this.emitFile({ type: 'asset', fileName, source: allNamespaces(dir, language) });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const language = new RegExp(`^/locales/([^/]+)/${ALL_NAMESPACES_FILE}(\\?|$)`).exec(request.url ?? '')?.[1];
        if (!language) return next();
        response.setHeader('content-type', 'application/json');
        response.end(allNamespaces(dir, language));
      });
    },
  };
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

/**
 * What every page runs before anything of its own (the libraries, the API client), and the MUI
 * parts both first pages (the login page and the signed-in shell) draw with, as one chunk: split by
 * the bundler's default they were a few dozen small files, each a request and each compressed alone.
 */
const FIRST_PAGES = [
  'react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack/(query-core|react-query)',
  '@emotion/[^/]+|stylis|@mui/(system|utils|styled-engine|private-theming)',
  'hoist-non-react-statics|react-is|use-sync-external-store|clsx',
  '@mui/material/(styles|zero-styled|transitions|colors|useLazyRipple)',
  '@mui/material/(Alert|Box|Button|ButtonBase|CircularProgress|IconButton|Paper|Stack|SvgIcon|Typography)',
].join('|');
const FRAMEWORK = new RegExp(
  `node_modules/(${FIRST_PAGES})/|/src/api/(client|query-keys|session-store|api-error)\\.ts$`.replaceAll(
    '/',
    String.raw`[\/]`,
  ),
);

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
  plugins: [react(), localeBundles(), precompress()],
  define: { 'import.meta.env.VITE_LOCALES_VERSION': JSON.stringify(localesVersion()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] } } },
  },
  server: { proxy: { [`^/(${SERVER_PATHS.join('|')})(/|$)`]: 'http://localhost:8080' } },
});

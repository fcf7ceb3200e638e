import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: { proxy: { [`^/(${SERVER_PATHS.join('|')})(/|$)`]: 'http://localhost:8080' } },
});

import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './lint/no-import-cycle.js';

const WEB = 'packages/web/src';
// read beside this file, so that the lint run from any folder finds the same features
const FEATURES = readdirSync(`${import.meta.dirname}/${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// One lint set-up for every workspace. The recommended (not type-checked) rules keep `npm run lint` fast;
// `npm run typecheck` covers what types can prove.
export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/coverage/',
    // the server's data folders (SQLite file, outbox), not source folders that happen to be called data
    'data/',
    'packages/*/data/',
    'test-results/',
    'playwright-report/',
    // files that break the rules on purpose, linted only by the test that shows the rules fail
    'lint/fixtures/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Migrations are frozen in time and written against Kysely<any>, not against today's schema types.
    files: ['packages/server/src/db/migrations/**/*.ts', 'packages/server/src/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read arbitrary JSON bodies and assert on them; typing every response there buys nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/server/src/test-support/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No import cycles anywhere, type-only imports included (see lint/no-import-cycle.js).
    files: ['**/*.{js,ts,tsx}'],
    plugins: { vigil: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'vigil/no-import-cycle': 'error' },
  },
  {
    // The web app's import direction: app → features → components and session → api, theme, i18n → @vigil/domain.
    // A feature never imports another feature; what two features share moves down a layer.
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature imports only itself and the shared layers; move what features share to components/.',
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'Features do not import the app; the app imports features.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/session`],
              from: [`${WEB}/app`, `${WEB}/features`],
              message: 'Shared code imports neither the app nor a feature.',
            },
            {
              target: [`${WEB}/api`, `${WEB}/theme`, `${WEB}/i18n`],
              from: [`${WEB}/app`, `${WEB}/features`, `${WEB}/components`, `${WEB}/session`],
              message: 'api/, theme/ and i18n/ sit below every screen and import none.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules of hooks. The React Compiler's rules that the plugin's presets add (refs, purity,
    // set-state-in-effect, ...) are not on: the app is not built with the compiler.
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);

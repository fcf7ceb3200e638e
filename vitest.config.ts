import { defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts'];
const dialects = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['packages/web/src/**/*.test.{ts,tsx}'] } },
      ...dialects.map((dialect) => ({
        test: {
          name: `server-${dialect}`,
          include: serverTests,
          env: { VIGIL_TEST_DIALECT: dialect },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      })),
    ],
  },
});

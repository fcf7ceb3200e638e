import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * One server for the whole run, on the built web app and a fresh demo site (SQLite). E2E_PORT and
 * E2E_WEB_DIST let several runs share a machine (each with its own port, data and build).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_480);
export const E2E_DATA_DIR = join(tmpdir(), `vigil-e2e-${E2E_PORT}`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Machines of the same kind differ threefold in how fast Chromium opens the app (bench/RESULTS.md,
  // 2026-11-28): the limits allow the slower ones.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /cross-sections\.spec\.ts/,
    },
    // The cross-section tests send readings to the demo's piezometers, which other files read as they
    // found them (the explorer's days, the heatmap's values): they run once every other file is done.
    {
      name: 'cross-sections',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /cross-sections\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --max-semi-space-size=4 --heap-growing-percent=30 packages/server/src/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    // The server logs warnings and errors only (LOG_LEVEL below): show them with the run's output.
    stdout: 'pipe',
    // Seeding the demo takes 20–80 s on a loaded two-core machine.
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      PASSWORD_HASH_COST: '10',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
      // The shell and administration screens need the demo site, not its 90 days of readings.
      DEMO_HISTORY: 'off',
      SIMULATOR: 'off',
      // The connectivity rules run on the engine's tick: every second, so a silent logger shows at once.
      RULES_TICK_SECONDS: '1',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});

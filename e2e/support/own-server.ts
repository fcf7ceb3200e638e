import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../../playwright.config.ts';

/**
 * A server of the test's own, for a test that stops and restarts it: the run's shared server must
 * stay up for every other test. Same settings as playwright.config.ts, on the run's port plus
 * `offset`, with its own data folder, kept across restarts; `settings` override the environment.
 */
export function ownServer(offset: number, settings: Record<string, string> = {}) {
  const port = E2E_PORT + offset;
  const dataDir = join(tmpdir(), `vigil-e2e-${port}`);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DEMO_HISTORY: 'off',
    SIMULATOR: 'off',
    RULES_TICK_SECONDS: '1',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    // a test's own settings (e.g. a few days of demo history) over the run's
    ...settings,
  };

  async function answers() {
    try {
      return (await fetch(`${url}/healthz`)).ok;
    } catch {
      return false;
    }
  }

  async function healthy(timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child && child.exitCode !== null) throw new Error(`the server on ${url} exited with ${child.exitCode}`);
      if (await answers()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server on ${url} did not start`);
  }

  return {
    url,
    /** Starts the server; `fresh` wipes its data first (a new demo site). */
    async start({ fresh = false } = {}) {
      // Another run's server on this port would answer for ours.
      if (await answers()) throw new Error(`${url} is already in use`);
      if (fresh) await rm(dataDir, { recursive: true, force: true });
      // The Node that runs the tests is the project's Node 24, which runs the server's TypeScript.
      child = spawn(process.execPath, ['packages/server/src/main.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      await healthy(60_000);
    },
    /** Stops it as an operator would (SIGTERM): it closes its streams and exits. */
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePorts } from './private-server.ts';

/**
 * A process's resident memory in MiB (/proc/<pid>/status): all of it, the anonymous part (heaps,
 * SQLite page caches) and the file-backed part (the database file mapped by SQLite).
 */
export function resident(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { total: kib('VmRSS') / 1024, anon: kib('RssAnon') / 1024, file: kib('RssFile') / 1024 };
}

/**
 * The server as `npm start` runs it (main.ts, with this process's Node flags: `npm run bench` passes
 * ADR 0039's semi-space cap), in its own process on the bench's data directory, so that its resident
 * memory is the server's alone and not the bench client's.
 */
export async function startServerProcess(dataDir: string) {
  const [port] = await freePorts(1);
  const child = spawn(process.execPath, [...process.execArgv, 'packages/server/src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      DEMO_HISTORY: 'off',
      SIMULATOR: 'off',
      PASSWORD_HASH_COST: '10',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/auth/api/v1/users/login`, { method: 'OPTIONS' }).catch(() => undefined);
    if (up) break;
    if (tries > 240) throw new Error('the server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, pid: child.pid!, stop: () => child.kill('SIGTERM') && once(child, 'exit') };
}

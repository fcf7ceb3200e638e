import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * What the benches need to run another store beside Vigil (bench/influx.ts, bench/victoria-metrics.ts):
 * find its binary, free ports of 127.0.0.1, wait for it to answer, read its log, stop it.
 */

/** The binary's path, or undefined when it is not installed. */
export function which(binary: string): string | undefined {
  try {
    return execFileSync('which', [binary], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Whether the binary comes from a Debian package. */
export function isPackaged(binary: string): boolean {
  try {
    execFileSync('dpkg', ['-S', binary], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Free ports of 127.0.0.1, all held until every one is known, so that they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

/** Starts `binary` with its output appended to `log`; a failed start shows as its exit code in waitForAnswer. */
export function startLogged(binary: string, args: string[], log: string): ChildProcess {
  const logFd = openSync(log, 'a');
  try {
    const child = spawn(binary, args, { stdio: ['ignore', logFd, logFd] });
    child.on('error', () => {});
    return child;
  } finally {
    closeSync(logFd);
  }
}

/** The last 20 lines of a log file ('' when there is none). */
export function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}

/** Waits up to 30 s until `url` answers `status`; throws with the log's tail when the process exits first. */
export async function waitForAnswer(url: string, status: number, child: ChildProcess, log: string) {
  const name = child.spawnfile;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${tail(log)}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url} within 30 s:\n${tail(log)}`);
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

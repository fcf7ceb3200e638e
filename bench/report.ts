import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, release } from 'node:os';

/** One row of the results table; `note` replaces the figures when a measurement could not run. */
export interface Row {
  measurement: string;
  concurrency: number;
  calls?: number;
  ratePerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  note?: string;
}

function cores(): number {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return availableParallelism();
  }
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}

export const machine = () => `${cores()} cores, ${cpuModel()}, Linux ${release()}`;

const fixed = (value: number | undefined, digits: number) => (value === undefined ? '' : value.toFixed(digits));

export function table(rows: Row[]): string {
  const lines = [
    '| measurement | concurrency | calls | rate (/s) | p50 (ms) | p99 (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      r.note
        ? `| ${r.measurement} | ${r.concurrency} | ${r.note} | | | |`
        : `| ${r.measurement} | ${r.concurrency} | ${r.calls} | ${fixed(r.ratePerSecond, 1)} | ${fixed(r.p50Ms, 1)} | ${fixed(r.p99Ms, 1)} |`,
    );
  }
  return lines.join('\n');
}

const HEADER = '# Benchmark results\n\nAppended by `npm run bench` (see README.md); the newest run is last.\n';

/** Appends one dated section to RESULTS.md, creating the file the first time; not with BENCH_RESULTS=off. */
export function appendResults(file: string, facts: Record<string, string>, rows: Row[], extra?: string) {
  if (process.env.BENCH_RESULTS === 'off') return;
  if (!existsSync(file)) writeFileSync(file, HEADER);
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const list = Object.entries(facts).map(([name, value]) => `- ${name}: ${value}`);
  appendFileSync(file, `\n## ${when} UTC\n\n${list.join('\n')}\n\n${table(rows)}\n${extra ? `\n${extra}\n` : ''}`);
}

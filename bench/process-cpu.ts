import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of this process with its descendants (the browser it launched) against the whole
 * machine's, from /proc: the share of the machine that other work (other users' processes, the
 * hypervisor) took while something was measured. Linux only; elsewhere the share is NaN.
 */
interface Sample {
  at: number;
  machineMs: number;
  /** CPU ms of each process of the tree, by pid */
  tree: Map<number, number>;
}

const TICK_MS = 10;

function processes(): Array<{ pid: number; ppid: number; cpuMs: number }> {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // the command may hold spaces and parentheses: the fields start after its last ')'
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

export function sampleCpu(): Sample {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: busy = all but idle and iowait
    const machineMs = (fields.slice(0, 8).reduce((a, b) => a + b, 0) - fields[3]! - fields[4]!) * TICK_MS;
    const all = processes();
    const mine = new Set([process.pid]);
    // parents come before their children in pid order, mostly; repeat until nothing is added
    for (let grown = true; grown;) {
      grown = false;
      for (const p of all)
        if (!mine.has(p.pid) && mine.has(p.ppid)) {
          mine.add(p.pid);
          grown = true;
        }
    }
    return {
      at: performance.now(),
      machineMs,
      tree: new Map(all.filter((p) => mine.has(p.pid)).map((p) => [p.pid, p.cpuMs])),
    };
  } catch {
    return { at: performance.now(), machineMs: Number.NaN, tree: new Map() };
  }
}

/**
 * Between two samples: the CPU time of this process tree and of everything else, and the cores each
 * used on average (CPU time over wall time; the machine has `nproc` of them).
 */
export function cpuBetween(before: Sample, after: Sample) {
  let ownMs = 0;
  // processes that ended between the samples are not counted (their time shows as other work)
  for (const [pid, ms] of after.tree) ownMs += ms - (before.tree.get(pid) ?? 0);
  const otherMs = Math.max(0, after.machineMs - before.machineMs - ownMs);
  const wallMs = after.at - before.at;
  return { ownMs, otherMs, ownCores: ownMs / wallMs, otherCores: otherMs / wallMs };
}

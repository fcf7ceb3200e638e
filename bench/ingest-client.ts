import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { BATCH, INGEST_CONCURRENCY, STEP_MS, STEPS, batchReadings, rawValues } from './metrics-workload.ts';

/**
 * The metrics workload's client, run in a worker thread by bench/metrics.ts: sends every batch of
 * the workload to `POST /ingest/api/v1/payloads` from INGEST_CONCURRENCY loops, then posts
 * `{accepted, batches, busy, cpuSeconds}` back (`busy`: batches answered 503 and sent again; the
 * CPU time of this thread).
 */
const { base, token, eids, start } = workerData as { base: string; token: string; eids: string[]; start: number };

/**
 * Batch `b` of the workload as JSON text: 5 time steps × 200 instruments, oldest first. Built as
 * one string, each step's time formatted once: the client shares the server's two cores.
 */
function batchBody(b: number, total: number): string {
  let body = '';
  let formattedStep = -1;
  let middle = '';
  for (const { i, step } of batchReadings(b, eids.length, total)) {
    if (step !== formattedStep) {
      formattedStep = step;
      middle = `","read_at":"${new Date(start + step * STEP_MS).toISOString()}","raw_metrics":{"pressure":`;
    }
    const { pressure, temperature, battery } = rawValues(i, step);
    body += `${body ? ',' : '['}{"eid":"${eids[i]}${middle}${pressure},"temperature":${temperature},"battery":${battery}}}`;
  }
  return `${body}]`;
}

const total = STEPS * eids.length;
const batches = Math.ceil(total / BATCH);
let next = 0;
let accepted = 0;
let busy = 0;
/** A batch answered 503 (the database busy) is sent again after its Retry-After, as a logger does, at most this often. */
const BUSY_RETRIES = 3;
const send = async () => {
  while (next < batches) {
    const b = next++;
    const body = batchBody(b, total);
    let res: Response;
    let text: string;
    for (let attempt = 0; ; attempt++) {
      res = await fetch(`${base}/ingest/api/v1/payloads`, {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body,
      });
      text = await res.text();
      if (res.status !== 503 || attempt === BUSY_RETRIES) break;
      busy += 1;
      await sleep(Number(res.headers.get('retry-after') ?? 2) * 1000);
    }
    if (res.status !== 200) throw new Error(`batch ${b} answered ${res.status}: ${text.slice(0, 300)}`);
    accepted += (JSON.parse(text) as { accepted: number }).accepted;
    if (b % 200 === 0) console.log(`  ingested batch ${b + 1}/${batches}`);
  }
};
await Promise.all(Array.from({ length: INGEST_CONCURRENCY }, send));
const cpu = process.threadCpuUsage();
parentPort!.postMessage({ accepted, batches, busy, cpuSeconds: (cpu.user + cpu.system) / 1e6 });

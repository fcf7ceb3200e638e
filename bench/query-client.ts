import { parentPort, workerData } from 'node:worker_threads';
import { httpCall, runLoad } from './measure.ts';
import type { QueryCall } from './metrics-workload.ts';

/**
 * The queries of the metrics workload (bench/metrics-workload.ts `measure`), asked from a worker
 * thread as a real client asks from elsewhere: the requests are built and the answers decompressed
 * and read outside the event loop of the server measured (for Vigil, the bench's own process). Warms
 * up with a tenth of the calls, then posts the measured series back.
 */
const { url, init, maxCalls } = workerData as QueryCall;
const call = httpCall(url, init);
await runLoad(call, { concurrency: 1, maxCalls: Math.ceil(maxCalls / 10), maxMs: 20_000 });
parentPort!.postMessage(await runLoad(call, { concurrency: 1, maxCalls, maxMs: 30_000 }));

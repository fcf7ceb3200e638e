/** One measured series: how many calls, how long they took together and each one's latency. */
export interface Series {
  count: number;
  durationMs: number;
  latenciesMs: number[];
}

export interface LoadOptions {
  /** calls in flight at once */
  concurrency: number;
  /** stop after this many calls… */
  maxCalls: number;
  /** …or after this long, whichever comes first */
  maxMs: number;
}

/** Runs `call` in `concurrency` loops until either bound is reached; every call must succeed. */
export async function runLoad(call: () => Promise<void>, options: LoadOptions): Promise<Series> {
  const latenciesMs: number[] = [];
  const start = performance.now();
  const deadline = start + options.maxMs;
  let started = 0;
  const worker = async () => {
    while (started < options.maxCalls && performance.now() < deadline) {
      started += 1;
      const t0 = performance.now();
      await call();
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { count: latenciesMs.length, durationMs: performance.now() - start, latenciesMs };
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A GET or POST over real HTTP that reads the whole body and fails on any status but `expected`. */
export function httpCall(url: string, init: RequestInit = {}, expected = 200): () => Promise<void> {
  return async () => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  };
}

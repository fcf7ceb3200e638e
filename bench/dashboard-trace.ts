/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * Where the renderer's main thread spends a page load: one load under Chromium's tracing, and the
 * self time of its timeline events (as DevTools' performance panel counts them), from navigation
 * start to a given instant. Tracing slows the load a little: it is a diagnosis, not the measurement.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      documentLoaderURL?: string;
      frame?: string;
      timerId?: number;
      timeout?: number;
    };
  };
}

export const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

/** What each timeline event counts as (DevTools' groups); others are "other". */
export const GROUPS: Array<[string, RegExp]> = [
  ['scripting: compile', /compile|CacheScript|v8\.produceModuleCache|v8\.parse/i],
  ['scripting: garbage collection', /GC|Scavenge|MarkCompact/],
  [
    'scripting: run',
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks|v8\.run|V8\.Execute|XHRReadyStateChange|XHRLoad|ResourceReceivedData)$/,
  ],
  [
    'rendering: style and layout',
    /^(UpdateLayoutTree|Layout|RecalculateStyles|HitTest|UpdateLayerTree|PrePaint|IntersectionObserverController::computeIntersections|LayoutShift)$/,
  ],
  ['painting', /^(Paint|PaintImage|RasterTask|Layerize|Commit|CompositeLayers|Decode Image|ImageDecodeTask)$/],
  [
    'loading: HTML and CSS',
    /^(ParseHTML|ParseAuthorStyleSheet|ResourceSendRequest|ResourceReceiveResponse|ResourceFinish)$/,
  ],
];

export interface TraceBreakdown {
  /** the main thread's busy time (top-level tasks) up to `untilMs` */
  busyMs: number;
  untilMs: number;
  groups: Array<{ group: string; ms: number }>;
  /** the largest self times by event name (and script, where the event names one) */
  top: Array<{ event: string; ms: number }>;
  /** busy ms of the main thread in each 250 ms slice since navigation start */
  slices: number[];
  /** timers of 50 ms or more that fired during the load: the page waited on them, not on work or the network */
  timers: Array<{ installedMs: number; timeoutMs: number; firedMs: number }>;
}

/**
 * The trace events of Chromium's tracing while `run` runs, through the page's DevTools session
 * (Playwright's `browser.startTracing` needs a Browser, which a persistent context has not).
 */
export async function recordTrace<T>(
  page: Page,
  categories: readonly string[],
  run: () => Promise<T>,
): Promise<{ result: T; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: [...categories] },
    });
    const result = await run();
    const complete = new Promise<{ stream?: string }>((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    if (!stream) throw new Error('the trace came without a stream');
    const chunks: Buffer[] = [];
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream });
      chunks.push(Buffer.from(chunk.data, chunk.base64Encoded ? 'base64' : 'utf8'));
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const trace = JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return { result, events: Array.isArray(trace) ? trace : trace.traceEvents };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Loads `url` in `page` under tracing and breaks the main thread's time down until `waitDrawn` says the load ended. */
export async function traceLoad(page: Page, url: string, waitDrawn: () => Promise<number>): Promise<TraceBreakdown> {
  const { result: untilMs, events } = await recordTrace(page, CATEGORIES, async () => {
    await page.goto(url);
    return waitDrawn();
  });
  return breakdown(events, url, untilMs);
}

/**
 * The renderer main thread's complete events of the load of `url`, from its navigation start for
 * `untilMs`, in order (an enclosing event before those inside it), with the renderer's process and
 * the trace times (µs) the load starts and ends at.
 */
export function mainThreadEvents(events: TraceEvent[], url: string, untilMs: number) {
  const path = new URL(url, 'http://x').pathname;
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes(path),
  );
  if (!navigation) throw new Error('no navigationStart in the trace');
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain',
  );
  const start = navigation.ts;
  const end = start + untilMs * 1000;
  const complete = events
    .filter((e) => e.pid === navigation.pid && e.tid === (main?.tid ?? navigation.tid) && e.ph === 'X' && e.dur)
    .filter((e) => e.ts >= start && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  return { pid: navigation.pid, start, end, complete };
}

export function breakdown(events: TraceEvent[], url: string, untilMs: number): TraceBreakdown {
  const { pid, start, end, complete } = mainThreadEvents(events, url, untilMs);

  const self = new Map<string, number>();
  const groups = new Map<string, number>();
  const slices = Array.from({ length: Math.ceil(untilMs / 250) }, () => 0);
  let busy = 0;
  const stack: Array<{ event: TraceEvent; childUs: number }> = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= until) {
      const { event, childUs } = stack.pop()!;
      const ms = (event.dur! - childUs) / 1000;
      const script = event.args?.data?.url ? ` ${new URL(event.args.data.url, 'http://x').pathname}` : '';
      const key = `${event.name}${script}`;
      self.set(key, (self.get(key) ?? 0) + ms);
      const group = GROUPS.find(([, pattern]) => pattern.test(event.name))?.[0] ?? 'other';
      groups.set(group, (groups.get(group) ?? 0) + ms);
    }
  };
  for (const event of complete) {
    close(event.ts);
    if (stack.length) stack.at(-1)!.childUs += event.dur!;
    else {
      busy += event.dur! / 1000;
      // a top-level task's time, spread over the slices it covers
      for (let t = event.ts; t < event.ts + event.dur!;) {
        const slice = Math.floor((t - start) / 250_000);
        const sliceEnd = start + (slice + 1) * 250_000;
        const until = Math.min(sliceEnd, event.ts + event.dur!);
        if (slice < slices.length) slices[slice]! += (until - t) / 1000;
        t = until;
      }
    }
    stack.push({ event, childUs: 0 });
  }
  close(Number.POSITIVE_INFINITY);

  const at = (e: TraceEvent) => (e.ts - start) / 1000;
  const fired = new Map(
    events
      .filter((e) => e.name === 'TimerFire' && e.pid === pid && e.ts >= start && e.ts < end)
      .map((e) => [e.args?.data?.timerId, e]),
  );
  const timers = events
    .filter((e) => e.name === 'TimerInstall' && e.pid === pid && e.ts >= start)
    .filter((e) => (e.args?.data?.timeout ?? 0) >= 50 && fired.has(e.args?.data?.timerId))
    .map((e) => ({
      installedMs: at(e),
      timeoutMs: e.args!.data!.timeout!,
      firedMs: at(fired.get(e.args!.data!.timerId)!),
    }));

  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return {
    busyMs: busy,
    untilMs,
    groups: sorted(groups).map(([group, ms]) => ({ group, ms })),
    top: sorted(self)
      .slice(0, 15)
      .map(([event, ms]) => ({ event, ms })),
    slices,
    timers,
  };
}

export function breakdownText(b: TraceBreakdown): string {
  const ms = (v: number) => v.toFixed(0);
  return [
    `Renderer main thread, navigation → every chart drawn (${ms(b.untilMs)} ms, traced load): busy ${ms(b.busyMs)} ms.`,
    '',
    '| main thread (self time) | ms |',
    '| --- | ---: |',
    ...b.groups.map((g) => `| ${g.group} | ${ms(g.ms)} |`),
    '',
    '| largest events (self time) | ms |',
    '| --- | ---: |',
    ...b.top.map((t) => `| ${t.event} | ${ms(t.ms)} |`),
    '',
    `Busy ms per 250 ms since navigation start: ${b.slices.map(ms).join(' ')}`,
    '',
    `Timers of 50 ms or more that fired during the load: ${
      b.timers.length
        ? b.timers
            .map((t) => `set at ${ms(t.installedMs)} ms for ${ms(t.timeoutMs)} ms, fired at ${ms(t.firedMs)} ms`)
            .join('; ')
        : 'none'
    }`,
  ].join('\n');
}

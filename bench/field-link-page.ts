/// <reference lib="dom" />
import type { CDPSession, Page } from '@playwright/test';

/**
 * The field link's page side (bench/field-link.ts): an init script that notes when the login form is
 * usable, when "Sign in" is clicked and when the landing dashboard is drawn, and a recorder of the
 * page's requests through the DevTools protocol (their bytes on the wire and their wait for a
 * connection), with Chromium's network throttling set on the page.
 */

/** The landing dashboard as a load on loopback leaves it once settled: what "drawn" waits for. */
export interface Landing {
  charts: number;
  markers: number;
}

export interface FieldState {
  usableAt?: number;
  clickAt?: number;
  chartsAt?: number;
  markersAt?: number;
  drawnAt?: number;
  counts: { charts: number; markers: number; busy: number };
  longTasks: number[];
}

declare global {
  interface Window {
    __benchField?: FieldState;
  }
}

/**
 * Runs in the document before its scripts. Each animation frame it counts the landing page's painted
 * uPlot canvases (sized, holding a non-transparent pixel), the map's markers and cluster icons, and the
 * progress indicators still shown; once the counts of `landing` are reached and nothing is loading, the
 * end of the next painted frame (an animation frame, then a message) is "drawn". `landing` null: only count.
 */
export function watchField(landing: Landing | null) {
  const state: FieldState = { counts: { charts: 0, markers: 0, busy: 0 }, longTasks: [] };
  window.__benchField = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest('button[type="submit"]');
      if (button && location.pathname.startsWith('/login')) state.clickAt ??= performance.now();
    },
    true,
  );
  const painted = new WeakSet<HTMLCanvasElement>();
  const isPainted = (canvas: HTMLCanvasElement) => {
    if (painted.has(canvas)) return true;
    if (!canvas.width || !canvas.height) return false;
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) {
      if (pixels[i] !== 0) {
        painted.add(canvas);
        return true;
      }
    }
    return false;
  };
  const afterPaint = (note: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => note(performance.now());
      channel.port2.postMessage(null);
    });
  const check = () => {
    if (location.pathname.startsWith('/login')) {
      const form = document.querySelector('input[name="username"], input[autocomplete="username"]');
      if (state.usableAt === undefined && form && document.querySelector('button[type="submit"]'))
        afterPaint((at) => (state.usableAt ??= at));
    } else if (state.clickAt !== undefined) {
      const charts = [...document.querySelectorAll<HTMLCanvasElement>('.uplot canvas')].filter(isPainted).length;
      const markers = document.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon').length;
      const busy = document.querySelectorAll('main [role="progressbar"], main .MuiSkeleton-root').length;
      state.counts = { charts, markers, busy };
      if (landing && state.chartsAt === undefined && charts >= landing.charts) state.chartsAt = performance.now();
      if (landing && state.markersAt === undefined && markers >= landing.markers) state.markersAt = performance.now();
      if (landing && state.chartsAt !== undefined && state.markersAt !== undefined && busy === 0) {
        afterPaint((at) => (state.drawnAt = at));
        return;
      }
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** One request as the DevTools protocol saw it (times in the protocol's monotonic seconds). */
export interface WireRequest {
  url: string;
  type: string;
  issuedAt: number;
  /** waiting for a connection (Chromium's "Queueing" and "Stalled" but DNS, connect and TLS), ms */
  waitMs?: number;
  bytes?: number;
  finishedAt?: number;
  encoding?: string;
  fromCache?: boolean;
  /** Chromium's error text, when it did not finish (cancelled, refused) */
  failed?: string;
}

/** Throttles `page` with Chromium's network emulation and records its requests. */
export async function throttledRecorder(
  page: Page,
  link: { latencyMs: number; downKbps: number; upKbps: number } | null,
) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (link)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: link.latencyMs,
      downloadThroughput: (link.downKbps * 1000) / 8,
      uploadThroughput: (link.upKbps * 1000) / 8,
    });
  const requests = new Map<string, WireRequest>();
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', issuedAt: e.timestamp });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    const t = e.response.timing;
    if (!r) return;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    r.encoding = headers['content-encoding'];
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
    if (!t || t.sendStart < 0) return;
    const span = (start: number, end: number) => (start >= 0 && end >= start ? end - start : 0);
    const setUp = span(t.dnsStart, t.dnsEnd) + span(t.connectStart, t.connectEnd);
    r.waitMs = Math.max(0, t.requestTime * 1000 + t.sendStart - r.issuedAt * 1000 - setUp);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { failed: e.errorText, finishedAt: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: e.encodedDataLength, finishedAt: e.timestamp });
  });
  return { requests, detach: () => cdp.detach() };
}

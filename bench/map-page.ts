/// <reference lib="dom" />

/**
 * What the map bench runs inside the page, without changing the app. Leaflet's bundle assigns
 * `window.L` when it runs (markercluster reads it from there): a setter on `window.L` catches it, and
 * Leaflet's own plugin hook (`L.Map.addInitHook`) then notes the map and its zoom events, and wraps
 * markercluster's clustering (`addLayers`) and its redraw on zoom (`_zoomEnd`) to time them. "Painted"
 * is the end of the next frame after a change: an animation frame, then a message, as the other
 * browser benches count it.
 */

interface MapLike {
  getZoom(): number;
  getCenter(): { lat: number; lng: number };
  setZoom(zoom: number, options: { animate: boolean }): void;
  setView(center: [number, number], zoom: number, options: { animate: boolean }): void;
  on(type: string, listener: () => void): void;
  _animatingZoom?: boolean;
}
interface ClusterGroupLike {
  _map: MapLike | null;
  _inZoomAnimation: number;
  _queue: unknown[];
  on(type: string, listener: () => void): void;
}
type Method = (this: ClusterGroupLike, ...args: unknown[]) => unknown;
interface LeafletLike {
  Map: { addInitHook(hook: (this: MapLike) => void): void };
  MarkerClusterGroup?: { prototype: Record<'addLayers' | '_zoomEnd' | 'onAdd', Method> };
}

export interface MapPageState {
  total: number;
  /** when Leaflet's module ran, and when the map was made */
  leafletAt?: number;
  mapAt?: number;
  /** markercluster's addLayers with the group on the map (its first pass over every marker): start, end, markers */
  clustering: Array<[number, number, number]>;
  /** the first frame showing the first view's clusters and markers (their counts add up to every device), painted */
  drawnAt?: number;
  drawn?: { clusters: number; markers: number; zoom: number };
  /** markercluster's animation over (only the first view's icons left), painted */
  settledAt?: number;
  /** zoom-in control clicks (event time), and setZoom calls made by the bench */
  clicks: number[];
  calls: number[];
  zoomStarts: number[];
  zoomEnds: number[];
  /** markercluster's redraw on zoomend (new clusters and markers in the DOM): start, end, painted */
  redraws: Array<[number, number, number?]>;
  animationEnds: Array<[number, number?]>;
  longTasks: Array<[number, number]>;
  map?: MapLike;
  group?: ClusterGroupLike;
}

declare global {
  interface Window {
    __benchMap?: MapPageState;
    L?: LeafletLike;
  }
}

/** The init script: instruments Leaflet as it loads and watches the map until every device shows. */
export function watchMap(total: number) {
  if (!location.pathname.startsWith('/safety-state/')) return;
  const state: MapPageState = {
    total,
    clustering: [],
    clicks: [],
    calls: [],
    zoomStarts: [],
    zoomEnds: [],
    redraws: [],
    animationEnds: [],
    longTasks: [],
  };
  window.__benchMap = state;
  const now = () => performance.now();
  const afterPaint = (noted: (at: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => noted(now());
      channel.port2.postMessage(null);
    });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('.leaflet-control-zoom-in')) state.clicks.push(e.timeStamp);
    },
    { capture: true },
  );

  const wrapClusterGroup = (prototype: NonNullable<LeafletLike['MarkerClusterGroup']>['prototype']) => {
    const { addLayers, _zoomEnd: zoomEnd, onAdd } = prototype;
    prototype.addLayers = function (...args) {
      if (!this._map) return addLayers.apply(this, args);
      const start = now();
      const result = addLayers.apply(this, args);
      state.clustering.push([start, now(), Array.isArray(args[0]) ? args[0].length : 1]);
      return result;
    };
    prototype._zoomEnd = function (...args) {
      const start = now();
      const result = zoomEnd.apply(this, args);
      const redraw: [number, number, number?] = [start, now()];
      state.redraws.push(redraw);
      afterPaint((at) => (redraw[2] = at));
      return result;
    };
    prototype.onAdd = function (...args) {
      state.group = this;
      this.on('animationend', () => {
        const end: [number, number?] = [now()];
        state.animationEnds.push(end);
        afterPaint((at) => (end[1] = at));
      });
      return onAdd.apply(this, args);
    };
  };
  let leaflet: LeafletLike | undefined;
  Object.defineProperty(window, 'L', {
    configurable: true,
    get: () => leaflet,
    set(value: LeafletLike) {
      const first = !leaflet;
      leaflet = value;
      if (!first || !value?.Map) return;
      state.leafletAt = now();
      value.Map.addInitHook(function (this: MapLike) {
        state.mapAt ??= now();
        state.map = this;
        // registered as the map is made: before markercluster's own zoomend listener
        this.on('zoomstart', () => state.zoomStarts.push(now()));
        this.on('zoomend', () => state.zoomEnds.push(now()));
        if (value.MarkerClusterGroup && !state.group) wrapClusterGroup(value.MarkerClusterGroup.prototype);
      });
    },
  });

  const shown = () => {
    const container = document.querySelector<HTMLElement>('.vigil-map');
    const pane = container?.querySelector('.leaflet-marker-pane');
    if (!container || !pane) return null;
    const counts: number[] = [];
    let markers = 0;
    let hidden = 0;
    for (const icon of pane.children) {
      if (!(icon instanceof HTMLElement)) continue;
      // markercluster fades out the icons of a zoom it leaves before removing them
      if (icon.style.opacity === '0') hidden += 1;
      else if (icon.classList.contains('vigil-cluster')) counts.push(Number(icon.textContent));
      else if (icon.classList.contains('vigil-marker')) markers += 1;
    }
    const all = counts.reduce((sum, n) => sum + n, markers);
    // From zoom 4 to the first view, markercluster leaves the one cluster of every device on screen
    // (not faded) while the new ones fly out of it for 300 ms: the new ones are the first view.
    const whole = counts.filter((n) => n === total).length;
    const fresh = whole && counts.length > whole ? all - whole * total : all;
    return {
      fresh,
      all,
      clusters: counts.length - whole,
      markers,
      hidden,
      zoom: Number(container.dataset.zoom),
      container,
    };
  };
  const check = () => {
    const icons = shown();
    if (!state.drawn) {
      // the map starts at zoom 4 before its first view is set: its clusters there do not count
      if (icons && icons.zoom > 4 && icons.clusters > 0 && icons.fresh === total) {
        state.drawn = { clusters: icons.clusters, markers: icons.markers, zoom: icons.zoom };
        afterPaint((at) => (state.drawnAt = at));
      }
    } else if (
      icons &&
      icons.hidden === 0 &&
      icons.all === total &&
      !icons.container.querySelector('.leaflet-cluster-anim')
    ) {
      afterPaint((at) => (state.settledAt = at));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export const mapSettled = () => window.__benchMap?.settledAt !== undefined;

/** In the page: nothing is moving (Leaflet's and markercluster's animations over, their queue empty). */
export const mapQuiet = () => {
  const state = window.__benchMap;
  const group = state?.group;
  return !!group && !state.map?._animatingZoom && group._inZoomAnimation === 0 && group._queue.length === 0;
};

/** In the page: the map's view as it is now, to come back to. */
export function mapView() {
  const map = window.__benchMap!.map!;
  const { lat, lng } = map.getCenter();
  return { center: [lat, lng] as [number, number], zoom: map.getZoom() };
}

/** In the page: a view set at once, with no animation of Leaflet's. */
export function setMapView(view: { center: [number, number]; zoom: number }) {
  window.__benchMap!.map!.setView(view.center, view.zoom, { animate: false });
}

/** In the page: zooms in one level at once (no zoom animation of Leaflet's), as a script would. */
export function zoomInAtOnce() {
  const state = window.__benchMap!;
  state.calls.push(performance.now());
  state.map!.setZoom(state.map!.getZoom() + 1, { animate: false });
}

/** One zoom in as the page saw it (ms since navigation start), or null while it is not painted. */
export interface ZoomRun {
  startMs: number;
  zoomStartMs: number;
  zoomEndMs: number;
  redrawMs: [number, number];
  paintedMs: number;
  animationEndMs: number;
  longTaskMs: number;
  zoom: number;
}

/** In the page: the zoom begun at `since` or after, once its redraw and markercluster's animation are painted. */
export function zoomReport(since: number): ZoomRun | null {
  const state = window.__benchMap!;
  const startMs = [...state.clicks, ...state.calls].find((t) => t >= since);
  if (startMs === undefined) return null;
  const zoomEndMs = state.zoomEnds.find((t) => t >= startMs);
  const redraw = state.redraws.find(([start]) => start >= (zoomEndMs ?? Infinity));
  const animationEnd = state.animationEnds.find(([t]) => t >= (redraw?.[1] ?? Infinity));
  if (zoomEndMs === undefined || redraw?.[2] === undefined || animationEnd?.[1] === undefined) return null;
  const paintedMs = redraw[2];
  const longTaskMs = state.longTasks
    .filter(([start, duration]) => start + duration > startMs && start < paintedMs)
    .reduce((sum, [start, duration]) => sum + Math.min(start + duration, paintedMs) - Math.max(start, startMs), 0);
  return {
    startMs,
    zoomStartMs: state.zoomStarts.find((t) => t >= startMs) ?? Number.NaN,
    zoomEndMs,
    redrawMs: [redraw[0], redraw[1]],
    paintedMs,
    animationEndMs: animationEnd[1],
    longTaskMs,
    zoom: state.map!.getZoom(),
  };
}

/** What one load recorded, in ms since its navigation started. */
export interface MapDrawRun {
  drawnMs: number;
  settledMs: number;
  drawn: { clusters: number; markers: number; zoom: number };
  leafletMs: number;
  mapMs: number;
  clustering: Array<[number, number, number]>;
  firstRedraw: [number, number] | null;
  documentMs: number;
  domContentLoadedMs: number;
  longTasks: { count: number; totalMs: number };
  requests: Array<{ path: string; kind: string; startMs: number; endMs: number; kiB: number }>;
  cores: { own: number; other: number };
}

/** In the page: the load's figures once the map is drawn and settled. */
export function drawReport(): MapDrawRun {
  const state = window.__benchMap!;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  const drawnMs = state.drawnAt!;
  const during = state.longTasks.filter(([start]) => start < drawnMs);
  return {
    drawnMs,
    settledMs: state.settledAt!,
    drawn: state.drawn!,
    leafletMs: state.leafletAt!,
    mapMs: state.mapAt!,
    clustering: state.clustering,
    // the first view (fitted to the devices) is a zoom from 4: markercluster's redraw for it
    firstRedraw: state.redraws[0] ? [state.redraws[0][0], state.redraws[0][1]] : null,
    documentMs: nav.responseEnd,
    domContentLoadedMs: nav.domContentLoadedEventEnd,
    longTasks: {
      count: during.length,
      totalMs: during.reduce((sum, [start, duration]) => sum + Math.min(duration, drawnMs - start), 0),
    },
    requests: resources.map((r) => ({
      path: `${new URL(r.name).pathname}${new URL(r.name).search}`,
      kind: r.initiatorType,
      startMs: r.startTime,
      endMs: r.responseEnd,
      kiB: r.encodedBodySize / 1024,
    })),
    cores: { own: Number.NaN, other: Number.NaN },
  };
}

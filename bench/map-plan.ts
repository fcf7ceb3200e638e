import type { DashboardCard } from '@vigil/domain';
import type { MapDrawRun, ZoomRun } from './map-page.ts';

/**
 * Issue 19's budgets and what the map bench does to check them (bench/state-map.ts runs it,
 * bench/map-report.ts writes it up).
 */
export const BUDGET_DRAW_MS = 500;
export const BUDGET_ZOOM_MS = 100;
export const MAP_PATH = 'root/bench-map';
/** page loads; the first is cold (empty HTTP cache) and reported apart */
export const RUNS = 6;
/** the card's zoom: the first view fits the site, no closer than this */
export const CARD_ZOOM = 16;
/** before a zoom: nothing may move or redraw for this long */
export const QUIET_MS = 300;

/** How each zoom of a load is made: the map's first (the zoom-in control at the first view), then two more. */
export const ZOOM_KINDS = {
  first: "zoom-in control at the first view (the map's first zoom)",
  atOnce: 'setZoom(+1, {animate: false}) through the page at the first view',
  elsewhere: 'zoom-in control at a view centred on another part of the site',
} as const;
export type ZoomKind = keyof typeof ZOOM_KINDS;

export interface MapLoad {
  draw: MapDrawRun;
  zooms: Record<ZoomKind, ZoomRun>;
  /** the map's box in CSS px */
  size: { width: number; height: number };
}

/** The bench page's one card: a full-width state map of the fixture's group. */
export const mapCard = (groupId: string): DashboardCard[] => [
  {
    id: 'bench-map',
    type: 'state-map',
    title: '',
    layout: { x: 0, y: 0, w: 16, h: 4 },
    group_id: groupId,
    display_names: false,
    cross_sections_layer: false,
    zoom: CARD_ZOOM,
  },
];

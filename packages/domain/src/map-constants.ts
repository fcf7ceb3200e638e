/**
 * The maps' constants, apart from the site map's schemas (site-map.ts): the web app's map chunk
 * reads them without loading zod.
 */

/** Map card zooms (requirements#monitoring-constants): from 4 to 20, 12 unless chosen; the map itself goes to 21. */
export const MAP_ZOOM = { min: 4, max: 20, initial: 12, mapMax: 21 } as const;
/** Cluster icons are 40 × 40 px (requirements#monitoring-states). */
export const CLUSTER_ICON_SIZE = 40;
/** Zoom 19 is as deep as OpenStreetMap and most tile servers go. */
export const DEFAULT_TILE_MAX_ZOOM = 19;

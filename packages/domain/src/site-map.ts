import { z } from 'zod';

/**
 * The base of a project's maps without a tile server (issue 19): a georeferenced site image over a
 * bundled world background, and an online XYZ tile layer only where one is configured.
 * Coordinates are longitude then latitude everywhere else (spec 001 §3); bounds name their sides.
 */

/** Map card zooms (spec 001 §9): from 4 to 20, 12 unless chosen; the map itself goes to 21. */
export const MAP_ZOOM = { min: 4, max: 20, initial: 12, mapMax: 21 } as const;
/** Cluster icons are 40 × 40 px (spec 001 §4). */
export const CLUSTER_ICON_SIZE = 40;

export const geoBoundsSchema = z
  .strictObject({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .refine((b) => b.west < b.east && b.south < b.north, 'West is left of east and south below north');
export type GeoBounds = z.infer<typeof geoBoundsSchema>;

/** `GET /ui/api/v1/projects/{id}/site-map`: what a project's maps are drawn on. */
export const siteMapSchema = z.object({
  /** the site drawing or orthophoto, stretched over its bounds; null when the project has none */
  image: z.object({ url: z.string(), bounds: geoBoundsSchema, updated_at: z.string() }).nullable(),
  /** an online XYZ layer (`{z}/{x}/{y}` in its URL); null unless configured (MAP_TILE_URL) */
  tile_layer: z.object({ url: z.string(), attribution: z.string(), max_zoom: z.number().int() }).nullable(),
});
export type SiteMap = z.infer<typeof siteMapSchema>;

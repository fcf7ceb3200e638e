import { z } from 'zod';
import { DEFAULT_TILE_MAX_ZOOM, MAP_ZOOM } from './map-constants.ts';

/**
 * The base of a project's maps without a tile server (issue 19): a georeferenced site image over a
 * bundled world background, and an online XYZ tile layer only where one is configured.
 * Coordinates are longitude then latitude everywhere else (requirements#monitoring-entities); bounds name their sides.
 */

export const geoBoundsSchema = z
  .strictObject({
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .refine((b) => b.west < b.east && b.south < b.north, 'West is left of east and south below north');
export type GeoBounds = z.infer<typeof geoBoundsSchema>;

const tileLayerSchema = z.object({ url: z.string(), attribution: z.string(), max_zoom: z.number().int() });

/** `GET /ui/api/v1/projects/{id}/site-map`: what a project's maps are drawn on. */
export const siteMapSchema = z.object({
  /** the site drawing or orthophoto, stretched over its bounds; null when the project has none */
  image: z.object({ url: z.string(), bounds: geoBoundsSchema, updated_at: z.string() }).nullable(),
  /** an online XYZ layer (`{z}/{x}/{y}` in its URL): the project's own, else MAP_TILE_URL's; null when neither */
  tile_layer: tileLayerSchema.nullable(),
});
export type SiteMap = z.infer<typeof siteMapSchema>;

/**
 * `PATCH /ui/api/v1/projects/{id}/site-map` (administrators): the project's own tile layer, or null to
 * fall back to MAP_TILE_URL's. HTTPS only, which every page may load images from; a plain-HTTP server
 * on the site's network is configured for the whole server (MAP_TILE_URL), where the page's policy
 * names it. The attribution is required: every tile server asks for one.
 */
export const siteMapPatchBody = z.strictObject({
  tile_layer: z
    .strictObject({
      url: z
        .url({ protocol: /^https$/, error: 'An https:// URL' })
        .max(500)
        .refine((url) => ['{z}', '{x}', '{y}'].every((p) => url.includes(p)), 'The URL holds {z}, {x} and {y}'),
      attribution: z.string().trim().min(1).max(300),
      max_zoom: z.number().int().min(1).max(MAP_ZOOM.mapMax).default(DEFAULT_TILE_MAX_ZOOM),
    })
    .nullable(),
});
export type SiteMapPatchBody = z.infer<typeof siteMapPatchBody>;

import type { SiteMap, SiteMapPatchBody } from '@vigil/domain';
import type { TileLayerConfig } from '../../config.ts';
import type { Db, Dialect } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import { findProjectAttrsForUpdate, saveProjectAttrs } from './feature-store.ts';
import { requireActingAs, type Member } from './project-access.ts';
import { findSiteImage, findSiteImageInfo, type SiteImageInfo } from './site-map-store.ts';

export const siteImagePath = (projectId: string) => `/ui/api/v1/projects/${projectId}/site-map/image`;

export const NO_SITE_IMAGE = 'This project has no site image';

/** Where in a project's attrs its own tile layer is kept (`SiteMap['tile_layer']`). */
const TILES_ATTR = 'mapTileLayer';

type TileLayer = NonNullable<SiteMap['tile_layer']>;

function presentSiteMap(projectId: string, image: SiteImageInfo | undefined, tiles: TileLayer | null): SiteMap {
  return {
    image: image ? { url: siteImagePath(projectId), bounds: image.bounds, updated_at: image.updatedAt } : null,
    tile_layer: tiles,
  };
}

/** What a project's maps are drawn on (ADR 0022): its site image and, when configured, online tiles. */
export function siteMapService(db: Db, dialect: Dialect, serverTiles: TileLayerConfig | null) {
  const fallback: TileLayer | null = serverTiles && {
    url: serverTiles.url,
    attribution: serverTiles.attribution,
    max_zoom: serverTiles.maxZoom,
  };
  /** The project's own tile layer wins over the server's (MAP_TILE_URL). */
  const tilesOf = (attrs: Record<string, unknown> | undefined) =>
    (attrs?.[TILES_ATTR] as TileLayer | undefined) ?? fallback;

  return {
    async get(member: Member): Promise<SiteMap> {
      const [image, attrs] = await Promise.all([
        findSiteImageInfo(db, member.projectId),
        findProjectAttrsForUpdate(db, member.projectId, false),
      ]);
      return presentSiteMap(member.projectId, image, tilesOf(attrs));
    },

    /** Sets or clears the project's own tile layer (administrators). */
    async patch(member: Member, body: SiteMapPatchBody): Promise<SiteMap> {
      requireActingAs(member, 'Administrator');
      const attrs = await db.transaction().execute(async (trx) => {
        const current = (await findProjectAttrsForUpdate(trx, member.projectId, dialect === 'postgres')) ?? {};
        const { [TILES_ATTR]: _previous, ...rest } = current;
        const next = body.tile_layer ? { ...rest, [TILES_ATTR]: body.tile_layer } : rest;
        await saveProjectAttrs(trx, member.projectId, next);
        return next;
      });
      return presentSiteMap(member.projectId, await findSiteImageInfo(db, member.projectId), tilesOf(attrs));
    },

    async image(member: Member) {
      const image = await findSiteImage(db, member.projectId);
      if (!image) throw notFound(NO_SITE_IMAGE);
      return { mimeType: image.mimeType, content: Buffer.from(image.content) };
    },
  };
}

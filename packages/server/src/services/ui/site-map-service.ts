import type { SiteMap } from '@vigil/domain';
import type { TileLayerConfig } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../http/errors.ts';
import type { Member } from './project-access.ts';
import { findSiteImage, findSiteImageInfo, type SiteImageInfo } from './site-map-store.ts';

export const siteImagePath = (projectId: string) => `/ui/api/v1/projects/${projectId}/site-map/image`;

export const NO_SITE_IMAGE = 'This project has no site image';

function presentSiteMap(projectId: string, image: SiteImageInfo | undefined, tiles: TileLayerConfig | null): SiteMap {
  return {
    image: image ? { url: siteImagePath(projectId), bounds: image.bounds, updated_at: image.updatedAt } : null,
    tile_layer: tiles && { url: tiles.url, attribution: tiles.attribution, max_zoom: tiles.maxZoom },
  };
}

/** What a project's maps are drawn on (ADR 0022): its site image and, when configured, online tiles. */
export function siteMapService(db: Db, tileLayer: TileLayerConfig | null) {
  return {
    async get(member: Member): Promise<SiteMap> {
      return presentSiteMap(member.projectId, await findSiteImageInfo(db, member.projectId), tileLayer);
    },

    async image(member: Member) {
      const image = await findSiteImage(db, member.projectId);
      if (!image) throw notFound(NO_SITE_IMAGE);
      return { mimeType: image.mimeType, content: Buffer.from(image.content) };
    },
  };
}

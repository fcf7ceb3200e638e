import type { GeoBounds } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/values.ts';

/** A project's site image (ADR 0022): its bytes, their media type and the bounds it covers. */
export interface SiteImage {
  projectId: string;
  mimeType: string;
  content: Uint8Array;
  bounds: GeoBounds;
  updatedAt: string;
}

/** Where the image is and when it last changed, without its bytes. */
export type SiteImageInfo = Omit<SiteImage, 'content' | 'mimeType'>;

export async function findSiteImageInfo(db: Db, projectId: string): Promise<SiteImageInfo | undefined> {
  const row = await db
    .selectFrom('site_images')
    .select(['project_id', 'west', 'south', 'east', 'north', 'updated_at'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return (
    row && {
      projectId: row.project_id,
      bounds: { west: row.west, south: row.south, east: row.east, north: row.north },
      updatedAt: row.updated_at,
    }
  );
}

export async function findSiteImage(db: Db, projectId: string): Promise<SiteImage | undefined> {
  const row = await db.selectFrom('site_images').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  return (
    row && {
      projectId: row.project_id,
      mimeType: row.mime_type,
      content: row.content,
      bounds: { west: row.west, south: row.south, east: row.east, north: row.north },
      updatedAt: row.updated_at,
    }
  );
}

/** Stores or replaces a project's site image (the demo seed now; an administrator's upload later). */
export async function saveSiteImage(
  db: Db,
  projectId: string,
  image: { mimeType: string; content: Uint8Array; bounds: GeoBounds },
): Promise<SiteImage> {
  const values = {
    mime_type: image.mimeType,
    content: image.content,
    ...image.bounds,
    updated_at: nowIso(),
  };
  await db
    .insertInto('site_images')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
  return { projectId, ...image, updatedAt: values.updated_at };
}

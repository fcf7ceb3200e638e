import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { mediaFileCreateBody, type Attachment, type MediaFile } from '@vigil/domain';
import { toJson } from '../db/values.ts';
import type { ProjectActor } from '../http/auth-hook.ts';
import { mediaContext, type MediaContext } from '../services/media/media-context.ts';
import { demoMediaFiles, type DemoMediaFile } from './demo-media-files.ts';
import { DEMO_PROJECTS } from './site.ts';

/**
 * A demo file put in a project's library the way an upload goes: record, bytes, type check,
 * processing. Private, as uploads are, unless `isPublic`.
 */
export async function storeDemoFile(
  media: MediaContext,
  actor: ProjectActor,
  file: DemoMediaFile,
  isPublic = false,
): Promise<MediaFile> {
  const created = await media.files.create(
    actor,
    mediaFileCreateBody.parse({
      original_filename: file.filename,
      mime_type: file.mimeType,
      tags: file.tags,
      description: file.description,
      attrs: { is_public: isPublic },
    }),
  );
  const { fields } = await media.uploads.uploadUrl(actor, created.id);
  await media.uploads.receive(created.id, fields, Readable.from([file.bytes]));
  await media.tasks.process((await media.store.find(actor.projectId, created.id))!);
  return media.files.get(actor.projectId, created.id);
}

/** The administrator of a demo project, as the services see a caller. */
export async function demoAdministrator(app: FastifyInstance, projectId: string): Promise<ProjectActor> {
  const admin = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // The project's own role: the file manager's features are granted by role id.
  const role = await app.db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', 'Administrator')
    .executeTakeFirstOrThrow();
  return {
    tokenId: '',
    tokenKind: 'session',
    userId: admin.id,
    username: 'admin',
    projectId,
    profileId: '',
    roles: [],
    activeRole: { id: role.id, name: 'Administrator' },
  };
}

/** The instrument of each demo project whose entity dashboard shows attachments. */
export const ATTACHMENT_DEVICE_EID = 'PZ-01';

/**
 * Puts the demo's files in each project's media library through the media service itself (record,
 * upload, type check, processing, thumbnails), and attaches the crest photo and the inspection
 * report to one piezometer.
 */
export async function seedDemoMedia(app: FastifyInstance): Promise<void> {
  const media = mediaContext(app);
  try {
    for (const project of DEMO_PROJECTS) {
      const row = await app.db.selectFrom('projects').select('id').where('name', '=', project.name).executeTakeFirst();
      if (!row) continue;
      const actor = await demoAdministrator(app, row.id);
      const attachments: Attachment[] = [];
      const files = await demoMediaFiles(project.slug, project.name, project.crossSectionsSettings.defaultDistanceUnit);
      for (const file of files) {
        const type = file.mimeType === 'application/pdf' ? 'pdf' : file.mimeType === 'image/jpeg' ? 'image' : null;
        // A device's attachments are links kept in the registry (requirements#monitoring-validation), read by anyone
        // who
        // sees the device: the files attached are made public, as their uploader would have to.
        const processed = await storeDemoFile(media, actor, file, type !== null);
        if (type && processed.public_url) {
          attachments.push({
            type,
            public_url: processed.public_url,
            label: file.description,
            original_filename: file.filename,
          });
        }
      }
      await media.tasks.idle();
      await app.db
        .updateTable('monitored_entities')
        .set({ attachments: toJson(attachments) })
        .where('project_id', '=', row.id)
        .where('eid', '=', ATTACHMENT_DEVICE_EID)
        .execute();
    }
  } finally {
    await media.storage.close();
  }
}

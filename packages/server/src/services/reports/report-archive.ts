import { newId, nowIso, toJson } from '../../db/values.ts';
import type { Db } from '../../db/connection.ts';
import { mediaStore } from '../media/media-store.ts';
import { mediaKey, type MediaStorage } from '../media/storage/media-storage.ts';

export interface ArchivedPdf {
  fileId: string;
  key: string;
}

/**
 * Keeps a report's PDF as a private media file of its project (ADR 0025, 0051): the bytes first, then
 * the record, so that a record never names missing bytes; `discard` takes both back.
 */
export function reportArchive(db: Db, storage: MediaStorage) {
  const files = mediaStore(db);
  return {
    async store(
      projectId: string,
      report: { id: string; name: string; from: string; to: string; sha256: string; createdBy: string | null },
      bytes: Buffer,
    ): Promise<ArchivedPdf> {
      const fileId = newId();
      const key = mediaKey(projectId, fileId);
      await storage.put(key, { bytes }, 'application/pdf');
      const at = nowIso();
      const period = `${report.from.slice(0, 10)} – ${report.to.slice(0, 10)}`;
      try {
        await files.insert({
          id: fileId,
          project_id: projectId,
          parent_id: null,
          thumbnail_name: null,
          original_filename: `${report.name} ${report.from.slice(0, 10)}.pdf`,
          // labels are unique in a project: the report's id keeps two versions of a period apart
          label: `${report.name} ${period} (${report.id.slice(0, 8)})`,
          mime_type: 'application/pdf',
          size: bytes.length,
          width: null,
          height: null,
          tags: toJson(['report']),
          attrs: toJson({ is_public: false, report_id: report.id, sha256: report.sha256 }),
          description: '',
          thumbnail_type_id: null,
          storage_key: key,
          is_uploaded: 1,
          processed_at: at,
          upload_ticket_hash: null,
          upload_expires_at: null,
          created_by: report.createdBy,
          created_at: at,
          modified_by: report.createdBy,
          modified_at: at,
        });
      } catch (error) {
        await storage.remove([key]);
        throw error;
      }
      return { fileId, key };
    },

    async discard(projectId: string, archived: ArchivedPdf): Promise<void> {
      await files.remove(projectId, [archived.fileId]);
      await storage.remove([archived.key]);
    },
  };
}

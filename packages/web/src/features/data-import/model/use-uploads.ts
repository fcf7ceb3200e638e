import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';
import { importsApi } from '../api/imports-api.ts';

/** A file sent for import: being sent, refused (with the error), or queued as import `importId`. */
export interface Upload {
  key: number;
  fileName: string;
  profileId: string;
  importId: string | null;
  error: unknown;
}

let nextKey = 0;

/** The files sent from this page, newest first; each is sent at once, on its own. */
export function useUploads() {
  const client = useQueryClient();
  const { project } = useSession();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const send = useCallback(
    (files: File[], profileId: string) => {
      const update = (key: number, change: Partial<Upload>) =>
        setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
      const added = files.map((file) => ({
        file,
        upload: { key: nextKey++, fileName: file.name, profileId, importId: null, error: null },
      }));
      setUploads((all) => [...added.map((a) => a.upload).reverse(), ...all]);
      for (const { file, upload } of added) {
        importsApi.upload(file, profileId).then(
          (created) => {
            client.setQueryData(queryKeys.ingest.import(project.id, created.id), created);
            update(upload.key, { importId: created.id });
            void client.invalidateQueries({ queryKey: [...queryKeys.ingest.imports(project.id), 'page'] });
          },
          (error: unknown) => update(upload.key, { error }),
        );
      }
    },
    [client, project.id],
  );
  const dismiss = (key: number) => setUploads((all) => all.filter((u) => u.key !== key));
  return { uploads, send, dismiss };
}

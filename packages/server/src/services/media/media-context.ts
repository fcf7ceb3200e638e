import type { FastifyInstance } from 'fastify';
import { contentUrls } from './content-urls.ts';
import { fileManagerFeatures } from './file-manager-features.ts';
import { mediaService } from './media-service.ts';
import { mediaStore } from './media-store.ts';
import { mediaTasks } from './media-tasks.ts';
import { createMediaStorage } from './storage/media-storage.ts';
import { uploadService } from './upload-service.ts';

/** The media service's parts, made once per server and shared by its route files. */
export function mediaContext(app: FastifyInstance) {
  const store = mediaStore(app.db);
  const storage = createMediaStorage(app.config);
  const urls = contentUrls(store);
  const features = fileManagerFeatures(app.db);
  const files = mediaService(store, storage, urls, features);
  return {
    store,
    storage,
    urls,
    files,
    uploads: uploadService(store, storage, files, features, app.config.DATA_DIR),
    tasks: mediaTasks(store, storage, app.log),
  };
}

export type MediaContext = ReturnType<typeof mediaContext>;

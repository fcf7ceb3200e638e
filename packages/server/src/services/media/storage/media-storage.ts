import type { Readable } from 'node:stream';
import type { Config } from '../../../config.ts';
import { folderStorage } from './folder-storage.ts';
import { s3Storage } from './s3-storage.ts';
import type { MediaStorage } from './storage-port.ts';

export type { MediaStorage, StoredBody } from './storage-port.ts';

const KEY_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** A storage key of ids only; anything else is a programming error. */
export function mediaKey(projectId: string, fileId: string): string {
  if (!KEY_PART.test(projectId) || !KEY_PART.test(fileId)) throw new Error('media keys are made of ids');
  return `${projectId}/${fileId}`;
}

/** An S3-compatible bucket when S3_URL is set, else a folder under DATA_DIR/media. */
export function createMediaStorage(config: Pick<Config, 'S3_URL' | 'S3_REGION' | 'DATA_DIR'>): MediaStorage {
  return config.S3_URL ? s3Storage(config.S3_URL, config.S3_REGION) : folderStorage(`${config.DATA_DIR}/media`);
}

/** Reads a stream whole (thumbnails are made from a stored original of at most 10 MiB). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

import type { Readable } from 'node:stream';
import type { ByteRange } from '../byte-range.ts';

/** What is stored: a file on the local disk (a finished upload) or bytes made in memory (a thumbnail). */
export type StoredBody = { path: string; size: number } | { bytes: Buffer };

/**
 * Where media bytes live (ADR 0025). Keys are made of ids only (`{projectId}/{fileId}`), never of a
 * file's name, so that no name can reach a path or a bucket key.
 */
export interface MediaStorage {
  put(key: string, body: StoredBody, contentType: string): Promise<void>;
  /** The bytes (or those of `range`) as a stream, or null when nothing is stored under the key. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the keys; keys that hold nothing are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

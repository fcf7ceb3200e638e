import { randomInt } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Block } from './series-blocks.ts';

/**
 * Decoded day blocks kept between reads (ADR 0037). Every write of a block gives it a new random
 * `version`; a read asks the database for the versions of the blocks it needs and fetches the data
 * only of those it does not hold at that version. Charts read the same days again and again, and a
 * year of minutes is 8 MB of blocks: read each time, those megabytes made the garbage collector stop
 * the server every few calls. Least recently used blocks go first when the cache is full.
 */
export class BlockCache {
  readonly maxBytes: number;
  /** `series:day` → the block as read at its version; Map order is the order of last use */
  readonly #entries = new Map<string, { version: number; block: Block }>();
  #bytes = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get bytes() {
    return this.#bytes;
  }

  /** The block of the series' day if it is held at `version`. */
  get(seriesId: number, day: number, version: number): Block | undefined {
    const key = `${seriesId}:${day}`;
    const entry = this.#entries.get(key);
    if (entry?.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.block;
  }

  set(seriesId: number, day: number, version: number, block: Block) {
    const key = `${seriesId}:${day}`;
    const size = sizeOf(block);
    this.#forget(key);
    if (size > this.maxBytes) return;
    this.#entries.set(key, { version, block });
    this.#bytes += size;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(entry.block);
  }
}

const sizeOf = (block: Block) => block.times.byteLength + block.values.byteLength;

/** The default size of each database's cache: a year of minutes of 16 series. */
export const BLOCK_CACHE_BYTES = 128 * 1024 * 1024;

const caches = new WeakMap<Db, BlockCache>();

/** The block cache of a database (one per process and database). */
export function blockCacheOf(db: Db): BlockCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new BlockCache(BLOCK_CACHE_BYTES);
    caches.set(db, cache);
  }
  return cache;
}

/** A new block version: random, so that instances writing the same database need not agree on one. */
export const newBlockVersion = () => randomInt(1, 2 ** 47);

import type { Db } from '../../db/connection.ts';
import { compactionMark } from './block-store.ts';
import { channelKeyOf, findReadingChannels, findReadingDaysBetween } from './reading-day-store.ts';
import { decodeReadingDay } from './reading-days.ts';
import { dayOf } from './series-blocks.ts';

/**
 * Idempotent ingest once readings are kept once (ADR 0048): the key of `readings` catches a resend
 * of a reading still in the tail, this a resend of one already in a reading day. Each channel has a
 * watermark, the greatest read_at its reading days ever held: a reading after it cannot be in one
 * (live ingest: one map lookup); one at or before it is looked up in its reading day. Watermarks
 * are cached per database under the compaction mark they were read at: compaction (which raises
 * them) and every edit of reading days move the mark.
 */

/** A reading as ingest has it. */
interface Keyed {
  entityId: string;
  dataPointId: string;
  t: number;
}

/** A channel's id and watermark; null when it has no reading day. */
type Watermark = { id: number; until: number } | null;

interface Cache {
  mark: string;
  /** entities whose channels were read, and the channels' watermarks */
  entities: Set<string>;
  channels: Map<string, Watermark>;
}

const caches = new WeakMap<object, Cache>();
const CACHE_CHANNELS = 200_000;

/** The resent readings of a batch, and the mark they were checked at. */
export interface ResentCheck<R> {
  mark: string;
  resent: Set<R>;
}

/** The compaction mark as one comparable value. */
export async function markOf(db: Db): Promise<string> {
  const m = await compactionMark(db);
  return `${m.compacted}:${m.rewrites}:${m.days}`;
}

/**
 * The readings already in reading days, found with the watermarks cached for `cacheKey` (the
 * database; `db` may be a transaction of it) at the compaction mark read now.
 */
export async function findResent<R extends Keyed>(
  db: Db,
  cacheKey: object,
  readings: readonly R[],
): Promise<ResentCheck<R>> {
  const mark = await markOf(db);
  let cache = caches.get(cacheKey);
  if (!cache || cache.mark !== mark || cache.channels.size > CACHE_CHANNELS) {
    caches.set(cacheKey, (cache = { mark, entities: new Set(), channels: new Map() }));
  }
  const unread = [...new Set(readings.map((r) => r.entityId))].filter((id) => !cache.entities.has(id));
  for (let i = 0; i < unread.length; i += 500) {
    const part = unread.slice(i, i + 500);
    for (const c of await findReadingChannels(db, part)) {
      cache.channels.set(channelKeyOf(c.entity_id, c.data_point_id), {
        id: Number(c.id),
        until: Number(c.compacted_until),
      });
    }
    for (const id of part) cache.entities.add(id);
  }
  // Readings at or before their channel's watermark: looked up in their reading days.
  const candidates: Array<{ reading: R; id: number }> = [];
  for (const r of readings) {
    const w = cache.channels.get(channelKeyOf(r.entityId, r.dataPointId));
    if (w && r.t <= w.until) candidates.push({ reading: r, id: w.id });
  }
  const resent = new Set<R>();
  if (!candidates.length) return { mark, resent };
  const wanted = new Set(candidates.map((c) => `${c.id}:${dayOf(c.reading.t)}`));
  const days = candidates.map((c) => dayOf(c.reading.t));
  const ids = [...new Set(candidates.map((c) => c.id))];
  const held = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await findReadingDaysBetween(db, ids.slice(i, i + 500), Math.min(...days), Math.max(...days));
    for (const row of rows) {
      const id = Number(row.channel_id);
      if (!wanted.has(`${id}:${Number(row.day)}`)) continue;
      for (const t of decodeReadingDay(row.data).times) held.add(`${id}:${t}`);
    }
  }
  for (const c of candidates) if (held.has(`${c.id}:${c.reading.t}`)) resent.add(c.reading);
  return { mark, resent };
}

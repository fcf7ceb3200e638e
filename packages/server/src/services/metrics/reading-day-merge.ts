import type { Db } from '../../db/connection.ts';
import type { HandedReadings } from './handed-readings.ts';
import {
  channelKeyOf,
  findReadingChannels,
  findReadingDaysBetween,
  type SavedChannel,
  type SavedDay,
} from './reading-day-store.ts';
import { decodeReadingDay, encodeReadingDay, type ReadingDay } from './reading-days.ts';
import { dayOf } from './series-blocks.ts';

/**
 * Compacted readings merged into their reading days (ADR 0048), as compaction merges their values
 * into series blocks: gathered per channel and UTC day, merged with the day already stored in time
 * order (the later stored wins at an equal time, as `mergeBlock`), coded again.
 */

interface Entry {
  t: number;
  received: number;
  rest: string;
}

interface Channel {
  entityId: string;
  dataPointId: string;
  projectId: string;
  days: Map<number, Entry[]>;
}

export class ReadingDayEntries {
  readonly #channels = new Map<string, Channel>();
  #count = 0;

  /** Readings added. They are added in the order stored (seq), which decides between two at one time. */
  get count() {
    return this.#count;
  }

  add(entityId: string, dataPointId: string, projectId: string, t: number, received: number, rest: string) {
    this.#push(this.#channel(entityId, dataPointId, projectId), t, received, rest);
  }

  /** The readings ingest handed over whose seq is after `after`. */
  addHanded(handed: HandedReadings, after: number) {
    const { entries, channels, rests } = handed;
    // each channel of the batch looked up once, not by a key made for every reading
    const ofBatch: Array<Channel | undefined> = [];
    for (let i = 0; i < entries.length; i += 4) {
      if (entries[i]! <= after) continue;
      const c = entries[i + 2]!;
      const channel = (ofBatch[c] ??= this.#channel(channels[2 * c]!, channels[2 * c + 1]!, handed.projectId));
      this.#push(channel, entries[i + 1]!, handed.received, rests[entries[i + 3]!]!);
    }
  }

  #channel(entityId: string, dataPointId: string, projectId: string): Channel {
    const key = channelKeyOf(entityId, dataPointId);
    let channel = this.#channels.get(key);
    if (!channel) this.#channels.set(key, (channel = { entityId, dataPointId, projectId, days: new Map() }));
    return channel;
  }

  #push(channel: Channel, t: number, received: number, rest: string) {
    const day = dayOf(t);
    let entries = channel.days.get(day);
    if (!entries) channel.days.set(day, (entries = []));
    entries.push({ t, received, rest });
    this.#count++;
  }

  /**
   * The reading days to write: each touched day of each channel merged with its stored day (read
   * in `trx`) and coded, with the channels they belong to (a new one created when written).
   */
  async merge(trx: Db): Promise<{ channels: SavedChannel[]; days: SavedDay[] }> {
    const channels: SavedChannel[] = [];
    const days: SavedDay[] = [];
    if (!this.#channels.size) return { channels, days };
    const stored = await this.#storedDays(trx);
    for (const [key, channel] of this.#channels) {
      let compactedUntil = -Infinity;
      for (const [day, added] of channel.days) {
        const merged = mergeDay(stored.get(`${key}\u0000${day}`), added);
        const lastT = merged.times[merged.times.length - 1]!;
        if (lastT > compactedUntil) compactedUntil = lastT;
        days.push({ channel: key, day, n: merged.times.length, lastT, data: encodeReadingDay(merged) });
      }
      const { entityId, dataPointId, projectId } = channel;
      channels.push({ entityId, dataPointId, projectId, compactedUntil });
    }
    return { channels, days };
  }

  /** The stored reading days of the touched channels and days, decoded, by channel key and day. */
  async #storedDays(trx: Db): Promise<Map<string, ReadingDay>> {
    const stored = new Map<string, ReadingDay>();
    const entityIds = [...new Set([...this.#channels.values()].map((c) => c.entityId))];
    const keyOfId = new Map<number, string>();
    for (let i = 0; i < entityIds.length; i += 500) {
      for (const row of await findReadingChannels(trx, entityIds.slice(i, i + 500))) {
        const key = channelKeyOf(row.entity_id, row.data_point_id);
        if (this.#channels.has(key)) keyOfId.set(Number(row.id), key);
      }
    }
    const ids = [...keyOfId.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const part = ids.slice(i, i + 500);
      const touched = part.flatMap((id) => [...this.#channels.get(keyOfId.get(id)!)!.days.keys()]);
      const rows = await findReadingDaysBetween(trx, part, Math.min(...touched), Math.max(...touched));
      for (const row of rows) {
        const key = keyOfId.get(Number(row.channel_id))!;
        const day = Number(row.day);
        if (this.#channels.get(key)!.days.has(day)) stored.set(`${key}\u0000${day}`, decodeReadingDay(row.data));
      }
    }
    return stored;
  }
}

/** A stored day with readings added, in time order; at an equal time the added (later) one wins. */
export function mergeDay(old: ReadingDay | undefined, added: Entry[]): ReadingDay {
  // stable: of two added at one time, the later stays after the earlier, and wins below
  added.sort((a, b) => a.t - b.t);
  const oldN = old?.times.length ?? 0;
  const size = oldN + added.length;
  const times = new Float64Array(size);
  const received = new Float64Array(size);
  const rests: string[] = [];
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < oldN || j < added.length) {
    const next = added[j];
    if (next && (i >= oldN || next.t <= old!.times[i]!)) {
      if (i < oldN && next.t === old!.times[i]) i++;
      if (n > 0 && times[n - 1] === next.t) n--;
      times[n] = next.t;
      received[n] = next.received;
      rests[n++] = next.rest;
      j++;
    } else {
      times[n] = old!.times[i]!;
      received[n] = old!.received[i]!;
      rests[n++] = old!.rests[i++]!;
    }
  }
  rests.length = n;
  return { times: times.subarray(0, n), received: received.subarray(0, n), rests };
}

import { restOf, sameRest } from './reading-rest.ts';

/**
 * What ingest hands compaction of each reading it stored, besides its values (ADR 0016, 0048): what
 * its reading day keeps. Numbers in one Float64Array and texts interned per batch, so that the
 * message to the background worker is a few arrays, not an object per reading.
 */
export interface HandedReadings {
  projectId: string;
  /** the batch's received_at, epoch ms */
  received: number;
  /** four numbers a reading: its seq, its read_at (epoch ms), its channel's index and its rest's index */
  entries: Float64Array<ArrayBuffer>;
  /** entity id and data point id of each channel, flat */
  channels: string[];
  /** the distinct rests (reading-rest.ts) */
  rests: string[];
}

/** Each channel's last reading handed over and its rest, across batches: a device's next one most often shares it. */
const lastRests = new Map<string, { metrics: object; text: string }>();
const LAST_RESTS_CHANNELS = 100_000;

interface StoredReading {
  entityId: string;
  dataPointId: string;
  t: number;
  metrics: object;
}

export function handReadings(
  projectId: string,
  receivedAt: string,
  readings: readonly StoredReading[],
  seqs: ReadonlyMap<StoredReading, number>,
): HandedReadings {
  const entries = new Float64Array(4 * readings.length);
  const channels: string[] = [];
  const rests: string[] = [];
  const channelIndex = new Map<string, number>();
  const restIndex = new Map<string, number>();
  let n = 0;
  if (lastRests.size > LAST_RESTS_CHANNELS) lastRests.clear();
  for (const r of readings) {
    const key = r.dataPointId ? `${r.entityId}\u0000${r.dataPointId}` : r.entityId;
    let channel = channelIndex.get(key);
    if (channel === undefined) {
      channelIndex.set(key, (channel = channels.length / 2));
      channels.push(r.entityId, r.dataPointId);
    }
    const last = lastRests.get(key);
    const text = last && sameRest(last.metrics, r.metrics) ? last.text : restOf(r.metrics);
    lastRests.set(key, { metrics: r.metrics, text });
    let rest = restIndex.get(text);
    if (rest === undefined) {
      restIndex.set(text, (rest = rests.length));
      rests.push(text);
    }
    entries[n++] = seqs.get(r)!;
    entries[n++] = r.t;
    entries[n++] = channel;
    entries[n++] = rest;
  }
  return { projectId, received: Date.parse(receivedAt), entries, channels, rests };
}

import type { BusEvents } from '../bus/bus.ts';

type StoredReadings = BusEvents['readings.stored'];

/**
 * `readings.stored` as the server passes it to the background worker: the strings once each, and
 * every reading's time and values in one Float64Array, moved to the worker without a copy. A batch
 * of 1000 readings costs a fraction of a millisecond to encode, where JSON or a structured clone
 * of the objects costs several on each side (ADR 0015).
 *
 * Numbers, per reading: entity, data point and received_at as indexes into `strings`, read_at in
 * epoch ms, the count of values, then (key index, value) for each; a key is `group\0metric`.
 */
export interface EncodedReadings {
  projectId: string;
  backlogId?: number;
  strings: string[];
  numbers: Float64Array<ArrayBuffer>;
}

const GROUPS = ['raw_metrics', 'calculated_metrics', 'context_metrics', 'invalid_metrics'];

export function encodeReadings(event: StoredReadings): EncodedReadings {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const ref = (text: string) => {
    let i = index.get(text);
    if (i === undefined) index.set(text, (i = strings.push(text) - 1));
    return i;
  };
  // group → metric → index: no key string is built per value
  const keys = new Map<string, Map<string, number>>();
  let numbers = new Float64Array(event.readings.length * 16);
  let n = 0;
  const put = (value: number) => {
    if (n === numbers.length) {
      const grown = new Float64Array(numbers.length * 2 + 16);
      grown.set(numbers);
      numbers = grown;
    }
    numbers[n++] = value;
  };
  for (const r of event.readings) {
    put(ref(r.entityId));
    put(ref(r.dataPointId));
    put(ref(r.receivedAt));
    put(r.t);
    put(0);
    const countAt = n - 1;
    for (const group in r.metrics) {
      let metrics = keys.get(group);
      if (!metrics) keys.set(group, (metrics = new Map()));
      const values = r.metrics[group]!;
      for (const metric in values) {
        let key = metrics.get(metric);
        if (key === undefined) metrics.set(metric, (key = ref(`${group}\u0000${metric}`)));
        put(key);
        put(values[metric]!);
        numbers[countAt]!++;
      }
    }
  }
  const encoded: EncodedReadings = { projectId: event.projectId, strings, numbers: numbers.slice(0, n) };
  if (event.backlogId !== undefined) encoded.backlogId = event.backlogId;
  return encoded;
}

export function decodeReadings({ projectId, backlogId, strings, numbers }: EncodedReadings): StoredReadings {
  const keys = strings.map((s) => s.split('\u0000') as [string, string]);
  // a batch's readings share few read_at times: each is formatted once
  const isoTimes = new Map<number, string>();
  const isoOf = (t: number) => {
    let iso = isoTimes.get(t);
    if (iso === undefined) isoTimes.set(t, (iso = new Date(t).toISOString()));
    return iso;
  };
  const readings: StoredReadings['readings'] = [];
  let i = 0;
  while (i < numbers.length) {
    const metrics: Record<string, Record<string, number>> = {};
    for (const group of GROUPS) metrics[group] = {};
    const reading = {
      entityId: strings[numbers[i]!]!,
      dataPointId: strings[numbers[i + 1]!]!,
      receivedAt: strings[numbers[i + 2]!]!,
      readAt: isoOf(numbers[i + 3]!),
      t: numbers[i + 3]!,
      metrics,
    };
    const count = numbers[i + 4]!;
    i += 5;
    for (let n = 0; n < count; n++, i += 2) {
      const [group, metric] = keys[numbers[i]!]!;
      (metrics[group] ??= {})[metric] = numbers[i + 1]!;
    }
    readings.push(reading);
  }
  return backlogId === undefined ? { projectId, readings } : { projectId, backlogId, readings };
}

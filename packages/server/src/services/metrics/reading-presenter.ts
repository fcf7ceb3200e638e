import { READING_GROUPS, type ManualReadingInfo, type MetricReading, type ReadingGroups } from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { ReadingRecord } from './reading-store.ts';

/** What a reading is, whatever `fields` selects: it is kept in every object. */
export const READING_IDENTITY = ['monitored_entity_id', 'data_point_id', 'read_at'];

/** The key a manual reading is found by. */
export const readingKey = (r: { entity_id: string; data_point_id: string; read_at: string }) =>
  `${r.entity_id}\u0000${r.data_point_id}\u0000${r.read_at}`;

/**
 * A stored reading as a metric reading of requirements#monitoring-entities: every group present, {} when empty, and its
 * source (with who entered it, for a manual one), and why a calculated metric has no value when it is known.
 */
export function presentReading(record: ReadingRecord, manual?: ManualReadingInfo): MetricReading {
  const metrics = fromJson<Record<string, Record<string, number> | undefined>>(record.metrics, {});
  const reading: MetricReading = {
    monitored_entity_id: record.entity_id,
    data_point_id: record.data_point_id || null,
    read_at: record.read_at,
    received_at: record.received_at,
    source: manual ? 'manual' : 'device',
    manual: manual ?? null,
    raw_metrics: {},
    calculated_metrics: {},
    context_metrics: {},
    invalid_metrics: {},
  };
  for (const group of READING_GROUPS) reading[group] = metrics[group] ?? {};
  const reasons = (metrics as Partial<ReadingGroups>).invalid_reasons;
  if (reasons) reading.invalid_reasons = reasons;
  return reading;
}

/** `fields` plus the identity of the reading; undefined (every field) when none are asked for. */
export const readingFields = (fields: string[] | undefined) =>
  fields?.length ? [...new Set([...READING_IDENTITY, ...fields])] : undefined;

import { MAX_METRIC_MAGNITUDE, MAX_PAYLOADS, payloadSchema, type Payload } from '@vigil/domain';
import { addDetail, type ErrorDetails } from '../../http/errors.ts';

export {
  ingestResultSchema,
  MAX_PAYLOADS,
  payloadSchema,
  payloadsBody,
  type IngestResult,
  type Payload,
} from '@vigil/domain';

/** Whether every payload of a body is a manual reading, which any member of the project may send. */
export function onlyManual(input: unknown): boolean {
  const items: unknown[] = Array.isArray(input) ? input : [input];
  return items.length > 0 && items.every((p) => (p as { source?: unknown } | null)?.source === 'manual');
}

type TextField = 'eid' | 'read_at' | 'data_point_id';
/** Per field, the texts checked so far and whether the field's schema accepts them. */
export type TextsChecked = Map<TextField, Map<string, boolean>>;
const FIELDS = new Set<string>(['eid', 'read_at', 'raw_metrics', 'data_point_id']);

/**
 * Whether `payloadSchema` accepts `item` as it is, checked without building its copy: the text fields
 * through the schema's own field schemas, once per distinct text of the batch (`checked`), since a
 * batch repeats a few eids and times; the metrics by hand (at least one, each a number within
 * MAX_METRIC_MAGNITUDE). When it is not certain (anything unusual), it says no and the schema itself
 * checks the payload and names the problems. On a batch of 1000 readings it takes a fraction of
 * zod's time (ADR 0017; the equivalence is tested in payload-shape.test.ts).
 */
export function plainlyValid(item: object, checked: TextsChecked): item is Payload {
  for (const key in item) if (!FIELDS.has(key)) return false;
  const { eid, read_at, raw_metrics, data_point_id } = item as Record<string, unknown>;
  const valid = (field: TextField, text: unknown) => {
    if (typeof text !== 'string') return false;
    let texts = checked.get(field);
    if (!texts) checked.set(field, (texts = new Map()));
    let ok = texts.get(text);
    if (ok === undefined) texts.set(text, (ok = payloadSchema.shape[field].safeParse(text).success));
    return ok;
  };
  if (!valid('eid', eid) || !valid('read_at', read_at)) return false;
  if (data_point_id !== undefined && !valid('data_point_id', data_point_id)) return false;
  if (
    typeof raw_metrics !== 'object' ||
    raw_metrics === null ||
    Object.getPrototypeOf(raw_metrics) !== Object.prototype
  )
    return false;
  let metrics = 0;
  for (const name in raw_metrics) {
    if (name.length > 64 || name === '__proto__') return false;
    const value = (raw_metrics as Record<string, unknown>)[name];
    // false for NaN, ±Infinity and anything not a number, as well as beyond the bound
    if (!(typeof value === 'number' && Math.abs(value) <= MAX_METRIC_MAGNITUDE)) return false;
    metrics++;
  }
  return metrics > 0;
}

/**
 * Checks the shape of one payload or an array of them. Problems are named `{index}.{field}` for an
 * array and `{field}` for a single payload.
 */
export function parsePayloads(input: unknown): { payloads: Payload[]; prefixes: string[]; details: ErrorDetails } {
  const details: ErrorDetails = {};
  const add = (field: string, message: string) => addDetail(details, field, message);
  const isArray = Array.isArray(input);
  const items: unknown[] = isArray ? input : [input];
  if (isArray && items.length === 0) add('non_field_errors', 'Send at least one payload');
  if (items.length > MAX_PAYLOADS) {
    add('non_field_errors', `Send at most ${MAX_PAYLOADS} payloads at a time`);
    return { payloads: [], prefixes: [], details };
  }
  const payloads: Payload[] = [];
  const prefixes: string[] = [];
  const checked: TextsChecked = new Map();
  items.forEach((item, index) => {
    const prefix = isArray ? `${index}.` : '';
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      add(isArray ? String(index) : 'non_field_errors', 'Expected a payload object');
      return;
    }
    if (plainlyValid(item, checked)) {
      payloads.push(item);
      prefixes.push(prefix);
      return;
    }
    const parsed = payloadSchema.safeParse(item);
    if (parsed.success) {
      payloads.push(parsed.data);
      prefixes.push(prefix);
      return;
    }
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) add(`${prefix}${path ? `${path}.` : ''}${key}`, 'Unknown field');
      } else {
        const missing =
          issue.path.length === 1 && (item as Record<string, unknown>)[String(issue.path[0])] === undefined;
        add(`${prefix}${path}` || 'non_field_errors', missing ? 'This field is required' : issue.message);
      }
    }
  });
  return { payloads, prefixes, details };
}

import { idSchema } from '@vigil/domain';
import { z } from 'zod';
import type { ErrorDetails } from '../../http/errors.ts';

/** Most payloads one request or message may carry. */
export const MAX_PAYLOADS = 5000;

/**
 * One payload of a device (DESIGN §3). read_at must carry its zone (`Z` or an offset): a local time
 * would be ambiguous.
 */
export const payloadSchema = z.strictObject({
  eid: z
    .string()
    .min(1)
    .max(128)
    .refine((eid) => !/\p{Cc}/u.test(eid), 'Invalid device id'),
  read_at: z.iso.datetime({
    offset: true,
    error: 'Enter an ISO-8601 date and time with its zone, e.g. 2026-11-20T10:00:00Z',
  }),
  raw_metrics: z.record(z.string().max(64), z.number()),
  data_point_id: idSchema.optional(),
});
export type Payload = z.infer<typeof payloadSchema>;

/** The body of `POST /ingest/api/v1/payloads`, for the API document (the pipeline checks it itself). */
export const payloadsBody = z.union([payloadSchema, z.array(payloadSchema).max(MAX_PAYLOADS)]);

export const ingestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  unknown: z.number().int(),
  invalid_values: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/**
 * Checks the shape of one payload or an array of them. Problems are named `{index}.{field}` for an
 * array and `{field}` for a single payload.
 */
export function parsePayloads(input: unknown): { payloads: Payload[]; prefixes: string[]; details: ErrorDetails } {
  const details: ErrorDetails = {};
  const add = (field: string, message: string) => (details[field] ??= []).push(message);
  const isArray = Array.isArray(input);
  const items: unknown[] = isArray ? input : [input];
  if (isArray && items.length === 0) add('non_field_errors', 'Send at least one payload');
  if (items.length > MAX_PAYLOADS) {
    add('non_field_errors', `Send at most ${MAX_PAYLOADS} payloads at a time`);
    return { payloads: [], prefixes: [], details };
  }
  const payloads: Payload[] = [];
  const prefixes: string[] = [];
  items.forEach((item, index) => {
    const prefix = isArray ? `${index}.` : '';
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      add(isArray ? String(index) : 'non_field_errors', 'Expected a payload object');
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

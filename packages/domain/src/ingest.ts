import { z } from 'zod';
import { idSchema } from './api.ts';

/** The payloads of `POST /ingest/api/v1/payloads` and MQTT (requirements#http-contract, ADR 0008, 0027). */

/** Most payloads one request or message may carry. */
export const MAX_PAYLOADS = 5000;

/**
 * The largest magnitude a sensor value may have (ADR 0008, amended). No instrument of a dam reads
 * beyond it in any unit it reports (1e15 Pa is some 3000 times the pressure at the Earth's centre);
 * a larger number is a logger's fault or a probe, and sums of such numbers overflow. Within it, a
 * day of readings a second sums to under 1e20: aggregates stay finite and precise.
 */
export const MAX_METRIC_MAGNITUDE = 1e15;

const MAGNITUDE_TEXT = MAX_METRIC_MAGNITUDE.toExponential().replace('+', ''); // 1e15
const BEYOND_MAGNITUDE = `Must be between -${MAGNITUDE_TEXT} and ${MAGNITUDE_TEXT}`;

/** One value of a payload: a finite number of at most MAX_METRIC_MAGNITUDE either way. */
export const metricValueSchema = z
  .number()
  .min(-MAX_METRIC_MAGNITUDE, { error: BEYOND_MAGNITUDE })
  .max(MAX_METRIC_MAGNITUDE, { error: BEYOND_MAGNITUDE });

/** A payload's values by metric name: at least one. */
export const rawMetricsSchema = z
  .record(z.string().max(64), metricValueSchema)
  .refine((metrics) => Object.keys(metrics).length > 0, 'Send at least one metric');

/**
 * One payload of a device (requirements#http-contract). read_at must carry its zone (`Z` or an offset): a local time
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
  raw_metrics: rawMetricsSchema,
  data_point_id: idSchema.optional(),
  /** a reading entered by hand (ADR 0027): sent with its data session, kept with who entered it */
  source: z.literal('manual').optional(),
  data_session: idSchema.optional(),
});
export type Payload = z.infer<typeof payloadSchema>;

/** The body of `POST /ingest/api/v1/payloads`, for the API document (the pipeline checks it itself). */
export const payloadsBody = z.union([payloadSchema, z.array(payloadSchema).max(MAX_PAYLOADS)]);

export const ingestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  unknown: z.number().int(),
  invalid_values: z.number().int(),
  /** payloads of devices outside the ingest key's list: not stored (ADR 0035); 0 without a key */
  out_of_scope: z.number().int(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

/** A reading entered by hand (ADR 0027): a payload with its source and its open data session. */
export type ManualPayload = Omit<Payload, 'source' | 'data_session'> & { source: 'manual'; data_session: string };

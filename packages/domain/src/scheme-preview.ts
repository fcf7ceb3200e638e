import { z } from 'zod';
import { idSchema } from './api.ts';
import { schemeSpec } from './schemes.ts';

/**
 * Helpers of the scheme editor (ADR 0034): how many devices a scheme change affects, and a preview of
 * calculated metrics on a device's latest readings, with the evaluator ingest uses.
 */

/** `GET schemes/{id}/usage`: the devices that use the scheme, by type. */
export const schemeUsageSchema = z.object({
  devices: z.number().int(),
  instruments: z.number().int(),
  interface_nodes: z.number().int(),
  virtual_devices: z.number().int(),
});
export type SchemeUsage = z.infer<typeof schemeUsageSchema>;

/** How many readings a preview evaluates. */
export const SCHEME_PREVIEW_READINGS = 20;

/**
 * `POST schemes/preview`: the spec being edited (whole, or only its calculated metrics: other
 * groups default to empty) and the device whose latest readings it is evaluated on.
 */
export const schemePreviewBody = z.strictObject({
  spec: schemeSpec.partial().extend({ metrics: schemeSpec.shape.metrics.partial() }),
  device_id: idSchema,
});
export type SchemePreviewBody = z.infer<typeof schemePreviewBody>;

/** One reading as the edited spec would compute it; `errors` names each metric that failed. */
export const schemePreviewRowSchema = z.object({
  read_at: z.string(),
  raw_metrics: z.record(z.string(), z.number()),
  calculated_metrics: z.record(z.string(), z.number()),
  errors: z.record(z.string(), z.string()),
});
export type SchemePreviewRow = z.infer<typeof schemePreviewRowSchema>;

export const schemePreviewAnswerSchema = z.object({ objects: z.array(schemePreviewRowSchema) });
export type SchemePreviewAnswer = z.infer<typeof schemePreviewAnswerSchema>;

import { z } from 'zod';

/** The error body of every failed call (requirements#http-contract). */
export const errorBody = z.object({
  error_type: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Ids on the wire: opaque text; the pattern keeps control characters and paths out of lookups. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

/** The list shape: `{count, page, paginate_by, objects}`. */
export function listBody<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number(), page: z.number(), paginate_by: z.number(), objects: z.array(item) });
}

import { z } from 'zod';

/**
 * The datum of an inclinometer (issue 34): the reading set that its displacement is measured from.
 * A datum is never overwritten: re-setting it (after a casing is extended or a probe replaced) adds
 * a record, and the newest record is the datum in effect.
 */

export const inclinometerDatumSchema = z.object({
  id: z.string(),
  /** the read_at of the device's reading set that displacement is measured from */
  datum_at: z.string(),
  set_at: z.string(),
  /** the username of who set it */
  set_by: z.string().nullable(),
  notes: z.string(),
});
export type InclinometerDatum = z.infer<typeof inclinometerDatumSchema>;

export const inclinometerDatumCreateBody = z.strictObject({
  datum_at: z.iso.datetime({ offset: true, error: 'Enter an ISO-8601 date and time with its zone' }),
  notes: z.string().max(4000).default(''),
});
export type InclinometerDatumCreateBody = z.input<typeof inclinometerDatumCreateBody>;
export type InclinometerDatumCreate = z.output<typeof inclinometerDatumCreateBody>;

/** One reading set of a device: the readings (one per node of a chain) stored with one read_at. */
export const readingSetSchema = z.object({ read_at: z.string(), readings: z.number().int() });
export type ReadingSet = z.infer<typeof readingSetSchema>;

/** The most reading sets one call answers: a day of 5-minute readings and then some. */
export const MAX_READING_SETS = 500;

export const readingSetQuery = z.strictObject({
  from_time: z.iso.datetime({ offset: true }),
  to_time: z.iso.datetime({ offset: true }),
});
export type ReadingSetQuery = z.infer<typeof readingSetQuery>;

/** Lengths of the periods readings are bucketed and compacted by, in milliseconds. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

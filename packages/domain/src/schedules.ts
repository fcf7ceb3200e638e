import { Cron } from 'croner';
import { z } from 'zod';

/** Whether a cron pattern parses (5 or 6 fields, croner's syntax); the message says why not. */
export function scheduleError(pattern: string): string | null {
  try {
    new Cron(pattern, { paused: true, timezone: 'UTC' });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A rule's schedule: a cron expression read in UTC. */
export const cronSchedule = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .superRefine((pattern, ctx) => {
    const error = scheduleError(pattern);
    if (error) ctx.addIssue({ code: 'custom', message: `Schedule does not parse: ${error}` });
  });

/**
 * Whether `at` falls in the minute a schedule names (seconds ignored unless the pattern has six
 * fields). No schedule matches always.
 */
export function scheduleMatches(pattern: string | null, at: Date): boolean {
  if (!pattern) return true;
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  const cron = new Cron(pattern, { paused: true, timezone: 'UTC' });
  return cron.match(pattern.trim().split(/\s+/).length >= 6 ? at : minute);
}

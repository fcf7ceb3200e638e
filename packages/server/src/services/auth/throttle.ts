import { MESSAGES } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { clearFailures, findFailures, saveFailures } from './throttle-store.ts';

export interface ThrottleSettings {
  maxFailures: number;
  lockMinutes: number;
}

/**
 * Login throttling per username and per client address: after `maxFailures` failures within the lock
 * window, further attempts are refused until the window has passed (even with the right password).
 */
export function loginThrottle(db: Db, settings: ThrottleSettings) {
  const windowMs = settings.lockMinutes * 60_000;
  const keys = (username: string, address: string) => [`user:${username.toLowerCase()}`, `addr:${address}`];

  return {
    async assertAllowed(username: string, address: string, now = Date.now()) {
      for (const key of keys(username, address)) {
        const row = await findFailures(db, key);
        if (row?.locked_until && Date.parse(row.locked_until) > now) {
          throw tooManyRequests(MESSAGES.tooManyLoginAttempts);
        }
      }
    },
    async recordFailure(username: string, address: string, now = Date.now()) {
      for (const key of keys(username, address)) {
        const row = await findFailures(db, key);
        const fresh = !row || now - Date.parse(row.first_failure_at) > windowMs;
        const failures = fresh ? 1 : row.failures + 1;
        // Addresses are shared (offices, NAT): they get a larger allowance than one username.
        const limit = key.startsWith('addr:') ? settings.maxFailures * 4 : settings.maxFailures;
        await saveFailures(db, {
          key,
          failures,
          first_failure_at: fresh ? new Date(now).toISOString() : row.first_failure_at,
          locked_until: failures >= limit ? new Date(now + windowMs).toISOString() : null,
        });
      }
    },
    async recordSuccess(username: string) {
      await clearFailures(db, `user:${username.toLowerCase()}`);
    },
  };
}

import { MESSAGES } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { clearFailures, clearPairFailures, findFailures, saveFailures, type FailureRow } from './throttle-store.ts';

export interface ThrottleSettings {
  maxFailures: number;
  lockMinutes: number;
}

interface Counter {
  key: string;
  limit: number;
}

/**
 * Login throttling (ADR 0032). Failures are counted per client address, per username, and per
 * username from one address, within the lock window. An address that fails too often is refused for
 * every username. A username that fails too often is refused only from the addresses that have been
 * failing for it: the owner signing in from elsewhere still gets in, so that nobody can lock an account
 * by guessing at it; each new address then has one try before it is refused too.
 */
export function loginThrottle(db: Db, settings: ThrottleSettings) {
  const windowMs = settings.lockMinutes * 60_000;
  const user = (username: string) => `user:${username.toLowerCase()}`;
  const pair = (username: string, address: string) => `pair:${username.toLowerCase()}@${address}`;
  const counters = (username: string, address: string): Counter[] => [
    { key: user(username), limit: settings.maxFailures },
    { key: pair(username, address), limit: settings.maxFailures },
    // Addresses are shared (offices, NAT): they get a larger allowance than one username.
    { key: `addr:${address}`, limit: settings.maxFailures * 4 },
  ];
  const fresh = (row: FailureRow | undefined, now: number) =>
    row && now - Date.parse(row.first_failure_at) <= windowMs ? row : undefined;
  const isLocked = (row: FailureRow | undefined, now: number) =>
    Boolean(row?.locked_until && Date.parse(row.locked_until) > now);

  return {
    async assertAllowed(username: string, address: string, now = Date.now()) {
      const [userRow, pairRow, addressRow] = await Promise.all(
        counters(username, address).map(({ key }) => findFailures(db, key)),
      );
      const refused =
        isLocked(addressRow, now) ||
        isLocked(pairRow, now) ||
        (isLocked(userRow, now) && fresh(pairRow, now) !== undefined);
      if (refused) throw tooManyRequests(MESSAGES.tooManyLoginAttempts);
    },
    async recordFailure(username: string, address: string, now = Date.now()) {
      for (const { key, limit } of counters(username, address)) {
        const row = fresh(await findFailures(db, key), now);
        const failures = (row?.failures ?? 0) + 1;
        await saveFailures(db, {
          key,
          failures,
          first_failure_at: row?.first_failure_at ?? new Date(now).toISOString(),
          locked_until: failures >= limit ? new Date(now + windowMs).toISOString() : null,
        });
      }
    },
    /**
     * A right password from `address`: that address starts afresh for the user. The username's own
     * count stays: the owner getting in says nothing about the addresses that were guessing.
     */
    async recordSuccess(username: string, address: string) {
      await clearFailures(db, pair(username, address));
    },
    /** A reset link used: whoever holds it owns the account, so no earlier lock protects anything. */
    async forgetUser(username: string) {
      await clearFailures(db, user(username));
      await clearPairFailures(db, `pair:${username.toLowerCase()}@`);
    },
  };
}

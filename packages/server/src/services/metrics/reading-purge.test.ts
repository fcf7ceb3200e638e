import { describe, expect, it } from 'vitest';
import { PURGE_BACKLOG_READINGS, PURGE_IDLE_MS, purgeDelay } from './reading-purge.ts';

describe('when compaction purges (ADR 0048)', () => {
  const now = 1_000_000;

  it('waits until no reading has been stored for PURGE_IDLE_MS', () => {
    expect(PURGE_IDLE_MS).toBe(1000);
    expect(purgeDelay({ asked: false, lastStoredAt: now, unpurged: 10 }, now)).toBe(1000);
    expect(purgeDelay({ asked: false, lastStoredAt: now - 400, unpurged: 10 }, now)).toBe(600);
    expect(purgeDelay({ asked: false, lastStoredAt: now - 1000, unpurged: 10 }, now)).toBe(0);
    expect(purgeDelay({ asked: false, lastStoredAt: 0, unpurged: 0 }, now)).toBe(0);
  });

  it('purges at once when asked for, or when the backlog of rows kept twice is full', () => {
    expect(purgeDelay({ asked: true, lastStoredAt: now, unpurged: 10 }, now)).toBe(0);
    expect(purgeDelay({ asked: false, lastStoredAt: now, unpurged: PURGE_BACKLOG_READINGS - 1 }, now)).toBe(1000);
    expect(purgeDelay({ asked: false, lastStoredAt: now, unpurged: PURGE_BACKLOG_READINGS }, now)).toBe(0);
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { addDevices, emptyRound, setValue } from './round.ts';
import { clearRound, loadRound, roundStorageKey, saveRound } from './round-storage.ts';

const at = new Date(2026, 10, 26, 9, 30);
const device = { id: 'pz1', entity_type: 'instrument' as const, title: 'PZ-01', eid: 'PZ-01' };
const typedRound = () => setValue(addDevices(emptyRound(at), [device], at), 'pz1', 'pressure', '96,5');

describe('the round kept in the browser', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per project and per user', () => {
    expect(roundStorageKey('p1', 'u1')).not.toBe(roundStorageKey('p1', 'u2'));
    expect(roundStorageKey('p1', 'u1')).not.toBe(roundStorageKey('p2', 'u1'));
  });

  it('comes back after a reload exactly as typed, with the submission’s progress', () => {
    const key = roundStorageKey('p1', 'u1');
    const round = { ...typedRound(), submission: { sessionId: 's1', sessionTitle: 'Round', result: null } };
    expect(saveRound(localStorage, key, round)).toBe(true);
    expect(loadRound(localStorage, key)).toEqual(round);
    expect(loadRound(localStorage, roundStorageKey('p1', 'u2'))).toBeNull();
  });

  it('is removed when the round is empty or cleared', () => {
    const key = roundStorageKey('p1', 'u1');
    saveRound(localStorage, key, typedRound());
    saveRound(localStorage, key, emptyRound(at));
    expect(localStorage.getItem(key)).toBeNull();
    saveRound(localStorage, key, typedRound());
    clearRound(localStorage, key);
    expect(loadRound(localStorage, key)).toBeNull();
  });

  it('ignores what is not a round rather than failing', () => {
    const key = roundStorageKey('p1', 'u1');
    for (const text of ['{', '[]', '{"devices": 3}', JSON.stringify({ ...typedRound(), devices: [{ id: 1 }] })]) {
      localStorage.setItem(key, text);
      expect(loadRound(localStorage, key)).toBeNull();
    }
  });

  it('says so when the browser refuses to keep it', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(saveRound(full, 'k', typedRound())).toBe(false);
  });
});

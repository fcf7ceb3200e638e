import { useCallback, useEffect, useState } from 'react';
import { emptyRound, type Round } from './round.ts';
import { clearRound, loadRound, roundStorageKey, saveRound } from './round-storage.ts';

/**
 * The round of this project and user, as kept in the browser: every change is written back at once,
 * so that a reload or a lost connection finds it as it was. `kept` is false when the browser refuses.
 */
export function useStoredRound(projectId: string, userId: string) {
  const key = roundStorageKey(projectId, userId);
  const [round, setRound] = useState<Round>(() => loadRound(localStorage, key) ?? emptyRound(new Date()));
  const [kept, setKept] = useState(true);
  useEffect(() => setKept(saveRound(localStorage, key, round)), [key, round]);
  const update = useCallback((change: (round: Round) => Round) => setRound(change), []);
  const discard = useCallback(() => {
    clearRound(localStorage, key);
    setRound(emptyRound(new Date()));
  }, [key]);
  return { round, update, discard, kept };
}

import { useCallback, useState } from 'react';

/** A change on its way to the server: which box of a row (`target`), and the state it is being set to. */
export interface PendingChange {
  target: string;
  on: boolean;
}

/**
 * The changes being saved, one per row (a row's change sends its whole list, so a second one waits).
 * A box being saved shows the state asked for; it falls back to the stored one if the server refuses.
 */
export function usePendingChanges() {
  const [pending, setPending] = useState<ReadonlyMap<string, PendingChange>>(new Map());
  const start = useCallback(
    (row: string, change: PendingChange) => setPending((map) => new Map(map).set(row, change)),
    [],
  );
  const end = useCallback(
    (row: string) =>
      setPending((map) => {
        const next = new Map(map);
        next.delete(row);
        return next;
      }),
    [],
  );
  const rowBusy = (row: string) => pending.has(row);
  const busy = (row: string, target: string) => pending.get(row)?.target === target;
  const shown = (row: string, target: string, stored: boolean) => {
    const change = pending.get(row);
    return change && change.target === target ? change.on : stored;
  };
  return { start, end, rowBusy, busy, shown };
}

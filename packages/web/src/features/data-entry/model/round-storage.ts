import { ENTITY_TYPES } from '@vigil/domain';
import { z } from 'zod';
import { isBlank, type Round } from './round.ts';

/**
 * The round in progress lives in localStorage, one per project and user, so that a reload, a closed
 * tab or a lost connection loses nothing typed until it is submitted.
 */
export const roundStorageKey = (projectId: string, userId: string) => `vigil.data-entry.round.${projectId}.${userId}`;

const count = z.number().int().min(0);
const storedRound = z.object({
  startedAt: z.string(),
  devices: z.array(z.object({ id: z.string(), entity_type: z.enum(ENTITY_TYPES), title: z.string(), eid: z.string() })),
  entries: z.record(z.string(), z.object({ values: z.record(z.string(), z.string()), readAt: z.string() })),
  submission: z
    .object({
      sessionId: z.string(),
      sessionTitle: z.string(),
      result: z
        .object({
          accepted: count,
          duplicates: count,
          unknown: count,
          invalid_values: count,
          out_of_scope: count.default(0),
        })
        .nullable(),
    })
    .nullable(),
});

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored round, or null when there is none or what is stored is not a round (another version, hand edits). */
export function loadRound(storage: KeyValueStore, key: string): Round | null {
  try {
    const text = storage.getItem(key);
    if (!text) return null;
    const parsed = storedRound.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    // a device without its entry (never written so, but cheap to mend) gets an empty one
    const round = parsed.data;
    for (const d of round.devices) round.entries[d.id] ??= { values: {}, readAt: '' };
    return round;
  } catch {
    return null;
  }
}

/** Keeps the round (an empty one is removed); false when the browser refused to store it (private mode, full). */
export function saveRound(storage: KeyValueStore, key: string, round: Round): boolean {
  try {
    if (isBlank(round)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(round));
    return true;
  } catch {
    return false;
  }
}

export function clearRound(storage: KeyValueStore, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // nothing stored, nothing to clear
  }
}

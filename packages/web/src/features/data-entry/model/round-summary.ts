import { readAtError, type Round } from './round.ts';
import type { DeviceCheck } from './value-checks.ts';

/** Why a round cannot be submitted yet, device by device. */
export type BlockerKind = 'loading' | 'loadFailed' | 'errors' | 'readAt' | 'noValues';

export interface RoundSummary {
  /** devices with a value to send */
  readings: number;
  /** devices with a value at or beyond a warning (but no critical) limit */
  warning: number;
  /** devices with a value at or beyond a critical limit */
  critical: number;
  /** what stops the submission: empty when it may go */
  blockers: Array<{ kind: BlockerKind; device: string }>;
}

export interface DeviceState {
  /** null while the device's scheme and limits load */
  check: DeviceCheck | null;
  failed: boolean;
}

/** The round at a glance: readings to send, limits reached, and what must be fixed first (one reason per device). */
export function summarizeRound(round: Round, states: ReadonlyMap<string, DeviceState>, now: Date): RoundSummary {
  const summary: RoundSummary = { readings: 0, warning: 0, critical: 0, blockers: [] };
  for (const device of round.devices) {
    const state = states.get(device.id);
    const check = state?.check ?? null;
    const count = check ? Object.keys(check.values).length : 0;
    if (count > 0) summary.readings++;
    if (check?.level === 'critical') summary.critical++;
    else if (check?.level === 'warning') summary.warning++;
    const kind: BlockerKind | null = state?.failed
      ? 'loadFailed'
      : !check
        ? 'loading'
        : check.hasErrors
          ? 'errors'
          : readAtError(round.entries[device.id]?.readAt ?? '', now)
            ? 'readAt'
            : count === 0
              ? 'noValues'
              : null;
    if (kind) summary.blockers.push({ kind, device: device.title });
  }
  return summary;
}

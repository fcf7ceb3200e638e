import type { Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { Database } from '../../db/schema.ts';
import { advanceCallOuts } from '../call-out/call-out-steps.ts';
import { appendHistory, unshelveExpired } from './alarm-store.ts';

type Created = BusEvents['notification.created'];

/**
 * What time alone does to alarms, on the engine's tick: a shelf past its expiry is taken off, and
 * the call-outs of unacknowledged alarms take their next steps (ADR 0050): the TARP deadline's
 * escalation to the level's next role is one such step when the level has no policy. Answers the
 * notifications to announce after the transaction commits.
 */
export async function alarmTick(trx: Transaction<Database>, now: string): Promise<Created[]> {
  await unshelveWithHistory(trx, now);
  return advanceCallOuts(trx, now);
}

async function unshelveWithHistory(trx: Transaction<Database>, now: string) {
  const expired = await unshelveExpired(trx, now);
  if (!expired.length) return;
  await appendHistory(
    trx,
    expired.map((a) => ({
      alarmId: a.id,
      projectId: a.project_id,
      action: 'unshelved' as const,
      at: now,
      details: { expired_at: a.shelved_until },
    })),
  );
}

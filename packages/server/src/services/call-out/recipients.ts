import { onCallAt, type EscalationTarget } from '@vigil/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findProjectMembers, findUsersOfRole } from './recipient-store.ts';
import { findRoster } from './roster-store.ts';
import { presentRoster } from './roster-service.ts';

/** The people a step's target names at `at`: the roster's on-call person, a role's members, or a member. */
export async function resolveTarget(
  trx: Transaction<Database>,
  projectId: string,
  target: EscalationTarget,
  at: string,
): Promise<string[]> {
  if ('roster_id' in target) {
    const roster = await findRoster(trx, projectId, target.roster_id);
    const turn = roster ? onCallAt(presentRoster(roster), at) : null;
    // someone who left the project since the roster was made is called no more
    return turn ? [...(await findProjectMembers(trx, projectId, [turn.user_id]))] : [];
  }
  if ('role' in target) return findUsersOfRole(trx, projectId, target.role);
  return [...(await findProjectMembers(trx, projectId, [target.user_id]))];
}

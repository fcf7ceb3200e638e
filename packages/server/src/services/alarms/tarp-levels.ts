import { tarpLevelsBody, type TarpLevel } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { findProjectAttrsForUpdate, saveProjectAttrs } from '../ui/feature-store.ts';
import type { AlarmDb } from './alarm-store.ts';

/** Where in a project's attrs its TARP levels are kept. */
const TARP_ATTR = 'tarpLevels';

/**
 * The TARP a project starts with: amber for warnings, red for critical alarms, each with the first
 * actions of a tailings facility's plan; operators acknowledge, managers are told when they do not.
 */
export const DEFAULT_TARP_LEVELS: TarpLevel[] = [
  {
    key: 'amber',
    name: 'Amber',
    colour: 'orange',
    colours: ['yellow', 'orange'],
    actions: [
      'Check the readings against the instrument’s history and its neighbours',
      'Inspect the instrument and the embankment around it',
      'Inform the site engineer',
      'Increase the reading frequency until the alarm clears',
    ],
    responsible_role: 'Operator',
    ack_deadline_minutes: 60,
    escalate_to_role: 'Manager',
  },
  {
    key: 'red',
    name: 'Red',
    colour: 'red',
    colours: ['red'],
    actions: [
      'Inform the engineer of record and the site manager at once',
      'Inspect the embankment at the instrument; keep people off the downstream slope',
      'Confirm the reading with a second, independent measurement',
      'Stand by to start the emergency response plan',
    ],
    responsible_role: 'Operator',
    ack_deadline_minutes: 15,
    escalate_to_role: 'Manager',
  },
];

/** The project's TARP levels: its own, or the defaults. */
export async function findTarpLevels(db: AlarmDb, projectId: string): Promise<TarpLevel[]> {
  const attrs = await findProjectAttrsForUpdate(db as Db, projectId, false);
  const parsed = tarpLevelsBody.safeParse({ levels: attrs?.[TARP_ATTR] });
  return parsed.success ? parsed.data.levels : DEFAULT_TARP_LEVELS;
}

/** Replaces the project's TARP levels, keeping its other attributes (the row locked on PostgreSQL). */
export async function saveTarpLevels(db: Db, dialect: Dialect, projectId: string, levels: TarpLevel[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const attrs = (await findProjectAttrsForUpdate(trx, projectId, dialect === 'postgres')) ?? {};
    await saveProjectAttrs(trx, projectId, { ...attrs, [TARP_ATTR]: levels });
  });
}

import { alarmReport, STALE_ALARM_HOURS, type Alarm, type AlarmListQuery, type TarpLevel } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson, toJson } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { presentAlarm, presentHistory } from './alarm-presenter.ts';
import { alarmViews, findAlarmHistory, listAlarms, raisesBetween } from './alarm-view-store.ts';
import { appendHistory, findAlarm, updateAlarm, type AlarmDb, type AlarmRow } from './alarm-store.ts';
import { findTarpLevels, saveTarpLevels } from './tarp-levels.ts';
import { acknowledgeAlarm, awaitsAcknowledgement } from './acknowledge-alarm.ts';
import { TEST_ALARM_SOURCE } from '../call-out/test-alarm.ts';

export const NOTHING_TO_ACKNOWLEDGE = 'This alarm has nothing to acknowledge';
export const NOT_SHELVED = 'This alarm is not shelved';
export const AT_REST = 'This alarm is not raised';

interface Caller {
  projectId: string;
  userId: string;
}

/** The operators' side of alarms (ADR 0024): read, acknowledge, shelve, tick off TARP actions, report. */
export function alarmService(db: Db, dialect: Dialect, clock: () => Date = () => new Date()) {
  const now = () => clock().toISOString();

  async function get(projectId: string, id: string): Promise<Alarm> {
    const row = await alarmViews(db, projectId).where('a.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return presentAlarm(row, now());
  }

  /** Runs `change` on the alarm, locked, then answers it as it is after. */
  async function change(
    caller: Caller,
    id: string,
    change: (trx: AlarmDb, row: AlarmRow, at: string) => Promise<void>,
  ) {
    await db.transaction().execute(async (trx) => {
      const row = await findAlarm(trx, caller.projectId, id, true);
      if (!row) throw notFound();
      await change(trx, row, now());
    });
    return get(caller.projectId, id);
  }

  return {
    get,

    async list(projectId: string, query: AlarmListQuery) {
      const { count, rows } = await listAlarms(db, projectId, query, now());
      return {
        count,
        page: query.page,
        paginate_by: query.paginate_by,
        objects: rows.map((row) => presentAlarm(row, now())),
      };
    },

    async history(projectId: string, id: string) {
      await get(projectId, id);
      const rows = await findAlarmHistory(db, projectId, id);
      return { objects: rows.map(presentHistory) };
    },

    acknowledge: (caller: Caller, id: string, comment: string) =>
      change(caller, id, async (trx, row, at) => {
        if (!awaitsAcknowledgement(row.state)) throw conflict(NOTHING_TO_ACKNOWLEDGE);
        await acknowledgeAlarm(trx, row, caller.userId, comment, at);
      }),

    shelve: (caller: Caller, id: string, reason: string, hours: number) =>
      change(caller, id, async (trx, row, at) => {
        if (row.state === 'normal') throw conflict(AT_REST);
        const until = new Date(Date.parse(at) + hours * 3_600_000).toISOString();
        await updateAlarm(trx, row.id, {
          shelved_by: caller.userId,
          shelved_at: at,
          shelved_until: until,
          shelve_reason: reason,
        });
        await appendHistory(trx, [
          {
            alarmId: row.id,
            projectId: row.project_id,
            action: 'shelved',
            at,
            userId: caller.userId,
            comment: reason,
            details: { until },
          },
        ]);
      }),

    unshelve: (caller: Caller, id: string) =>
      change(caller, id, async (trx, row, at) => {
        if (!row.shelved_until || row.shelved_until <= at) throw conflict(NOT_SHELVED);
        await updateAlarm(trx, row.id, {
          shelved_by: null,
          shelved_at: null,
          shelved_until: null,
          shelve_reason: null,
        });
        await appendHistory(trx, [
          { alarmId: row.id, projectId: row.project_id, action: 'unshelved', at, userId: caller.userId },
        ]);
      }),

    /** Ticks a TARP action of the alarm's level off (or on again). */
    check: (caller: Caller, id: string, index: number, done: boolean) =>
      change(caller, id, async (trx, row, at) => {
        const level = (await findTarpLevels(trx, caller.projectId)).find((l) => l.key === row.tarp_level);
        if (!level || index >= level.actions.length)
          throw validationError('No such action', { index: ['The alarm’s TARP level has no such action'] });
        const doneNow = new Set<number>(JSON.parse(row.checklist_done) as number[]);
        if (done) doneNow.add(index);
        else doneNow.delete(index);
        await updateAlarm(trx, row.id, { checklist_done: toJson([...doneNow].sort((a, b) => a - b)) });
        await appendHistory(trx, [
          {
            alarmId: row.id,
            projectId: row.project_id,
            action: done ? 'checked' : 'unchecked',
            at,
            userId: caller.userId,
            details: { index, action: level.actions[index] },
          },
        ]);
      }),

    tarpLevels: (projectId: string) => findTarpLevels(db, projectId),

    async saveTarpLevels(projectId: string, levels: TarpLevel[]) {
      await saveTarpLevels(db, dialect, projectId, levels);
      return { levels: await findTarpLevels(db, projectId) };
    },

    async report(projectId: string, from: string, to: string) {
      const changes = await raisesBetween(db, projectId, from, to);
      const staleBefore = new Date(Date.parse(to) - STALE_ALARM_HOURS * 3_600_000).toISOString();
      const stale = await alarmViews(db, projectId)
        .where('a.state', 'in', ['active_unacknowledged', 'active_acknowledged'])
        .where('a.source', '!=', TEST_ALARM_SOURCE)
        .where('a.first_raised_at', '<=', staleBefore)
        .orderBy('a.first_raised_at')
        .limit(100)
        .execute();
      return alarmReport(
        new Date(from).toISOString(),
        new Date(to).toISOString(),
        changes.map((c) => ({
          alarmId: c.alarm_id,
          action: c.action as 'raised' | 'cleared',
          annunciated: fromJson<{ annunciated?: boolean }>(c.details, {}).annunciated !== false,
          at: c.at,
          title: c.title ?? c.source,
          source: c.source,
        })),
        stale.map((a) => ({
          alarm_id: a.id,
          title: a.entity_title ?? a.source,
          source: a.source,
          active_since: a.first_raised_at,
        })),
      );
    },
  };
}

import type { Alarm, AlarmHistoryItem } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { alarmService } from '../alarms/alarm-service.ts';
import { raisesBetween } from '../alarms/alarm-view-store.ts';

/** One raise of an alarm in the period, with what people did about it until the next raise. */
export interface AlarmRow {
  alarmId: string;
  /** the title of the alarm's device; null for an alarm of no device (payloads of an unknown one) */
  title: string | null;
  source: string;
  level: string;
  tarpLevel: string | null;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  /** seconds from the raise to its acknowledgement */
  secondsToAcknowledge: number | null;
  comments: string[];
  /** the TARP actions ticked off (and not unticked since), in the order they were done */
  tarpActionsDone: string[];
}

export interface AlarmSection {
  rows: AlarmRow[];
  raised: number;
  acknowledged: number;
  /** median seconds to acknowledge of those acknowledged; null when none was */
  medianSecondsToAcknowledge: number | null;
}

/**
 * The alarm rows of a period from each raise (oldest first), the alarms and their histories (any order):
 * a raise's episode runs to the alarm's next raise (or the end of the period, `to`).
 */
export function alarmRows(
  raises: ReadonlyArray<{ alarmId: string; at: string }>,
  alarms: ReadonlyMap<string, Alarm>,
  histories: ReadonlyMap<string, readonly AlarmHistoryItem[]>,
  to: string,
): AlarmSection {
  const rows: AlarmRow[] = [];
  const raisesOf = Map.groupBy(raises, (r) => r.alarmId);
  for (const raise of raises) {
    const alarm = alarms.get(raise.alarmId);
    if (!alarm) continue;
    const later = (raisesOf.get(raise.alarmId) ?? []).map((r) => r.at).filter((at) => at > raise.at);
    const end = later.length ? later.reduce((a, b) => (a < b ? a : b)) : to;
    const episode = [...(histories.get(raise.alarmId) ?? [])]
      .filter((h) => h.at >= raise.at && h.at < end)
      .sort((a, b) => a.at.localeCompare(b.at));
    const ack = episode.find((h) => h.action === 'acknowledged');
    const cleared = episode.find((h) => h.action === 'cleared');
    const done = new Map<number, string>();
    for (const h of episode) {
      const index = Number(h.details.index);
      if (h.action === 'checked') done.set(index, String(h.details.action ?? index + 1));
      if (h.action === 'unchecked') done.delete(index);
    }
    rows.push({
      alarmId: alarm.id,
      title: alarm.monitored_entity?.title ?? null,
      source: alarm.source,
      level: alarm.level,
      tarpLevel: alarm.tarp_level,
      raisedAt: raise.at,
      clearedAt: cleared?.at ?? null,
      acknowledgedAt: ack?.at ?? null,
      acknowledgedBy: ack?.by ?? null,
      secondsToAcknowledge: ack ? (Date.parse(ack.at) - Date.parse(raise.at)) / 1000 : null,
      comments: episode.filter((h) => h.comment).map((h) => `${h.by ?? ''}: ${h.comment}`),
      tarpActionsDone: [...done.values()],
    });
  }
  const times = rows
    .map((r) => r.secondsToAcknowledge)
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  const median =
    times.length === 0
      ? null
      : times.length % 2
        ? times[(times.length - 1) / 2]!
        : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2;
  return { rows, raised: rows.length, acknowledged: times.length, medianSecondsToAcknowledge: median };
}

/** The alarms section of [from, to), read through the alarms service. */
export async function alarmSection(db: Db, dialect: Dialect, projectId: string, from: string, to: string) {
  const changes = await raisesBetween(db, projectId, from, to);
  const raises = changes.filter((c) => c.action === 'raised').map((c) => ({ alarmId: c.alarm_id, at: c.at }));
  const service = alarmService(db, dialect);
  const alarms = new Map<string, Alarm>();
  const histories = new Map<string, AlarmHistoryItem[]>();
  for (const id of new Set(raises.map((r) => r.alarmId))) {
    alarms.set(id, await service.get(projectId, id));
    histories.set(id, (await service.history(projectId, id)).objects);
  }
  return alarmRows(raises, alarms, histories, to);
}

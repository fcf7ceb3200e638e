import { CHATTER_CYCLES_PER_MINUTE, FLOOD_ALARMS_PER_10_MINUTES, type AlarmReport } from './alarms.ts';

/**
 * A change of an alarm in the period: raised or cleared, when, and what it belongs to. A raise is
 * annunciated when it asked an operator to act (not shelved, suppressed, or one of a reading's
 * related alarms): only those count in the rates, as ISA-18.2 counts what reaches the operator.
 */
export interface AlarmChange {
  alarmId: string;
  action: 'raised' | 'cleared';
  annunciated: boolean;
  at: string;
  title: string;
  source: string;
}

const TEN_MINUTES = 10 * 60_000;
const MINUTE = 60_000;

/**
 * The alarm performance of a period (ISA-18.2 §16, EEMUA 191): annunciated raises per hour, the busiest ten
 * minutes (a sliding window), the share of the period's ten-minute windows in flood (more than ten
 * raises, windows aligned to the period's start), the ten most frequent sources, and the alarms that
 * chatter (three or more raise-and-clear cycles within a minute). Stale alarms are read apart.
 */
export function alarmReport(
  from: string,
  to: string,
  changes: readonly AlarmChange[],
  stale: AlarmReport['stale'],
): AlarmReport {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const raises = changes.filter((c) => c.action === 'raised' && c.annunciated);
  const times = raises.map((c) => Date.parse(c.at)).sort((a, b) => a - b);

  let peak = { start: null as string | null, count: 0 };
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[j]! <= times[i]! - TEN_MINUTES) j++;
    if (i - j + 1 > peak.count) peak = { start: new Date(times[j]!).toISOString(), count: i - j + 1 };
  }

  const windows = Math.max(1, Math.ceil((end - start) / TEN_MINUTES));
  const perWindow = new Array<number>(windows).fill(0);
  for (const t of times) perWindow[Math.min(windows - 1, Math.floor((t - start) / TEN_MINUTES))]!++;
  const flooded = perWindow.filter((n) => n > FLOOD_ALARMS_PER_10_MINUTES).length;

  const bySource = new Map<string, { alarm_id: string; title: string; source: string; count: number }>();
  for (const c of raises) {
    const entry = bySource.get(c.alarmId) ?? { alarm_id: c.alarmId, title: c.title, source: c.source, count: 0 };
    entry.count++;
    bySource.set(c.alarmId, entry);
  }
  const top = [...bySource.values()].sort((a, b) => b.count - a.count || a.title.localeCompare(b.title)).slice(0, 10);

  return {
    from,
    to,
    raised: raises.length,
    alarms_per_hour: raises.length / Math.max((end - start) / 3_600_000, 1 / 60),
    peak_10_minutes: peak,
    flood_share: flooded / windows,
    top_sources: top,
    chattering: chattering(changes),
    stale,
  };
}

/** Alarms with at least three raise-then-clear cycles inside one minute, most cycles first. */
function chattering(changes: readonly AlarmChange[]): AlarmReport['chattering'] {
  const byAlarm = new Map<string, AlarmChange[]>();
  for (const c of changes) byAlarm.set(c.alarmId, [...(byAlarm.get(c.alarmId) ?? []), c]);
  const found: AlarmReport['chattering'] = [];
  for (const [alarmId, list] of byAlarm) {
    // the times of the clears that close a cycle (a raise, then a clear)
    const cycles: number[] = [];
    let raised = false;
    for (const c of list) {
      if (c.action === 'raised') raised = true;
      else if (raised) {
        cycles.push(Date.parse(c.at));
        raised = false;
      }
    }
    let most = 0;
    for (let i = 0, j = 0; i < cycles.length; i++) {
      while (cycles[j]! < cycles[i]! - MINUTE) j++;
      most = Math.max(most, i - j + 1);
    }
    if (most >= CHATTER_CYCLES_PER_MINUTE)
      found.push({ alarm_id: alarmId, title: list[0]!.title, source: list[0]!.source, cycles: most });
  }
  return found.sort((a, b) => b.cycles - a.cycles);
}

import { intervalsBetween, resultColour } from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';

/** Puts `item` at `position` of `list` in place (splice would allocate the array of none it removes). */
function insertAt<T>(list: T[], position: number, item: T) {
  list.push(item);
  for (let i = list.length - 1; i > position; i--) list[i] = list[i - 1]!;
  list[position] = item;
}

/** How many of the latest payloads' read_at times health looks at (nine intervals). */
export const HEALTH_PAYLOADS = 10;

type Health = 'healthy' | 'irregular' | 'unhealthy';

/**
 * Health (requirements#monitoring-entities): the intervals between the latest payloads (read_at) against the contracted
 * SLA time: all within it healthy, some beyond irregular, more than half beyond unhealthy. Needs two
 * intervals. Readings of several data points at one read_at are one payload; a late reading takes
 * its place in time order.
 */
export function evaluateHealth(ev: Evaluation, reading: EngineReading): void {
  // read_at of the latest payloads, newest first, and their epoch ms (parsed once, kept alongside)
  const memory = ev.slot<{ read_at: string[]; t?: number[] }>('health', () => ({ read_at: [] }));
  const { readAt: at, t } = reading;
  // the evaluation's own copy of the memory (rule-memories.ts): changed in place
  const times = memory.read_at;
  if (memory.t?.length !== times.length) memory.t = times.map((time) => Date.parse(time));
  const ms = memory.t;
  if (ms.includes(t)) return;
  let position = 0;
  while (position < ms.length && ms[position]! > t) position++;
  if (position >= HEALTH_PAYLOADS) return;
  insertAt(times, position, at);
  insertAt(ms, position, t);
  if (times.length > HEALTH_PAYLOADS) times.length = ms.length = HEALTH_PAYLOADS;

  const sla = ev.entity.contractedSlaTime;
  const measured = ms.length - 1;
  if (measured < 2) return;
  let beyond = 0;
  for (let i = 0; i < measured; i++) if ((ms[i]! - ms[i + 1]!) / 1000 > sla) beyond++;
  const result: Health = beyond === 0 ? 'healthy' : beyond * 2 > measured ? 'unhealthy' : 'irregular';
  const to = resultColour('health_state', result);
  // Most payloads change nothing: the event's details are only put together for a change.
  if ((ev.entity.states as Record<string, unknown>)['health_state'] === to) return;

  const intervals = intervalsBetween(times).map((gap, i) => ({
    read_at: times[i]!,
    interval_seconds: gap === null ? null : gap / 1000,
  }));
  const listed = intervals.filter((i) => i.interval_seconds !== null);
  const summary = `${beyond} of ${measured} intervals beyond the contracted SLA time (${sla} s)`;
  ev.changeState({
    state: 'health_state',
    to,
    at: reading.readAt,
    event: {
      type: 'health_state_changed',
      subject: 'health',
      context: { contracted_sla_time: sla, intervals, intervals_beyond_sla: beyond, read_at: reading.readAt },
    },
    execution: {
      ruleType: 'health_state',
      ruleName: 'Payload intervals',
      rule:
        `intervals between the latest ${HEALTH_PAYLOADS} payloads against contracted_sla_time: all within healthy, ` +
        'some beyond irregular, more than half beyond unhealthy',
      executionLog: [
        ...listed.map((i) => `${i.read_at}: ${i.interval_seconds} s${i.interval_seconds! > sla ? ' (beyond)' : ''}`),
        summary,
      ],
      result,
      reason: summary,
    },
  });
}

import { intervalsBetween, resultColour } from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';

/** How many of the latest payloads' read_at times health looks at (nine intervals). */
export const HEALTH_PAYLOADS = 10;

type Health = 'healthy' | 'irregular' | 'unhealthy';

/**
 * Health (spec 001 §3): the intervals between the latest payloads (read_at) against the contracted
 * SLA time: all within it healthy, some beyond irregular, more than half beyond unhealthy. Needs two
 * intervals. Readings of several data points at one read_at are one payload; a late reading takes
 * its place in time order.
 */
export function evaluateHealth(ev: Evaluation, reading: EngineReading): void {
  const memory = ev.slot<{ read_at: string[] }>('health', () => ({ read_at: [] }));
  // read_at times are canonical ISO-8601 (UTC, milliseconds): as text they compare as times.
  const at = reading.readAt;
  const known = memory.read_at;
  if (known.includes(at)) return;
  let position = 0;
  while (position < known.length && known[position]! > at) position++;
  if (position >= HEALTH_PAYLOADS) return;
  const times = [...known.slice(0, position), at, ...known.slice(position)].slice(0, HEALTH_PAYLOADS);
  memory.read_at = times;

  const sla = ev.entity.contractedSlaTime;
  const gaps = intervalsBetween(times);
  const measured = gaps.filter((ms) => ms !== null).length;
  if (measured < 2) return;
  const beyond = gaps.filter((ms) => ms !== null && ms / 1000 > sla).length;
  const result: Health = beyond === 0 ? 'healthy' : beyond * 2 > measured ? 'unhealthy' : 'irregular';
  const to = resultColour('health_state', result);
  // Most payloads change nothing: the event's details are only put together for a change.
  if ((ev.entity.states as Record<string, unknown>)['health_state'] === to) return;

  const intervals = gaps.map((ms, i) => ({ read_at: times[i]!, interval_seconds: ms === null ? null : ms / 1000 }));
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

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
  const t = Date.parse(reading.readAt);
  if (memory.read_at.some((time) => Date.parse(time) === t)) return;
  const times = [...memory.read_at, reading.readAt]
    .sort((a, b) => Date.parse(b) - Date.parse(a))
    .slice(0, HEALTH_PAYLOADS);
  memory.read_at = times;
  if (!times.includes(reading.readAt)) return;

  const sla = ev.entity.contractedSlaTime;
  const intervals = intervalsBetween(times).map((ms, i) => ({
    read_at: times[i]!,
    interval_seconds: ms === null ? null : ms / 1000,
  }));
  const measured = intervals.filter((i) => i.interval_seconds !== null);
  if (measured.length < 2) return;
  const beyond = measured.filter((i) => i.interval_seconds! > sla).length;
  const result: Health = beyond === 0 ? 'healthy' : beyond * 2 > measured.length ? 'unhealthy' : 'irregular';
  const summary = `${beyond} of ${measured.length} intervals beyond the contracted SLA time (${sla} s)`;
  ev.changeState({
    state: 'health_state',
    to: resultColour('health_state', result),
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
        ...measured.map((i) => `${i.read_at}: ${i.interval_seconds} s${i.interval_seconds! > sla ? ' (beyond)' : ''}`),
        summary,
      ],
      result,
      reason: summary,
    },
  });
}

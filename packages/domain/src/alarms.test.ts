import { describe, expect, it } from 'vitest';
import { alarmReport, type AlarmChange } from './alarm-report.ts';
import { alarmSignalOf, nextAlarmState, tarpLevelsBody } from './alarms.ts';

describe('alarmSignalOf', () => {
  it('raises on a state moving to orange or red and clears on green', () => {
    expect(alarmSignalOf('safety_state_changed', 'critical', 'red', {})).toEqual({
      kind: 'raise',
      source: 'safety_state',
      level: 'critical',
      colour: 'red',
    });
    expect(alarmSignalOf('connectivity_state_changed', 'info', 'green', {})).toEqual({
      kind: 'clear',
      source: 'connectivity_state',
    });
    expect(
      alarmSignalOf('advanced_indicator_state_changed', 'critical', 'red', { advanced_indicator_name: 'Seepage' }),
    ).toMatchObject({ source: 'advanced_indicator:Seepage' });
  });

  it('raises nothing for advisory events: trends, health, data quality, or any event of level info', () => {
    expect(alarmSignalOf('trend_state_changed', 'warning', 'yellow', {})).toBeNull();
    expect(alarmSignalOf('health_state_changed', 'warning', 'orange', {})).toBeNull();
    expect(alarmSignalOf('data_quality_issues_state_changed', 'warning', 'orange', {})).toBeNull();
    expect(alarmSignalOf('safety_state_changed', 'info', 'blue', {})).toBeNull();
  });

  it('raises a limit alarm by the limit reached and clears it by the state back to green, not by a fall to orange', () => {
    expect(alarmSignalOf('metric_limit_reached', 'warning', undefined, {})).toEqual({
      kind: 'raise',
      source: 'metric_limits_state',
      level: 'warning',
      colour: 'orange',
    });
    expect(alarmSignalOf('metric_limits_state_changed', 'warning', 'orange', {})).toBeNull();
    expect(alarmSignalOf('metric_limits_state_changed', 'info', 'green', {})).toEqual({
      kind: 'clear',
      source: 'metric_limits_state',
    });
    expect(alarmSignalOf('abnormality_state_out_of_control', 'critical', 'red', {})).toMatchObject({
      kind: 'raise',
      source: 'abnormality_state',
    });
    expect(alarmSignalOf('abnormality_state_changed', 'warning', 'orange', {})).toBeNull();
  });

  it('gives payloads of an unknown device one source per EID, raised and cleared at once', () => {
    expect(alarmSignalOf('unknown_payload_received', 'warning', undefined, { eid: 'X-1' })).toMatchObject({
      kind: 'pulse',
      source: 'unknown_payload:X-1',
    });
  });
});

describe('nextAlarmState (ISA-18.2)', () => {
  it('walks raise → acknowledge → clear to normal, and raise → clear → acknowledge to normal', () => {
    expect(nextAlarmState('normal', 'raise')).toEqual({ state: 'active_unacknowledged', needsAction: true });
    expect(nextAlarmState('active_unacknowledged', 'acknowledge').state).toBe('active_acknowledged');
    expect(nextAlarmState('active_acknowledged', 'clear').state).toBe('normal');
    expect(nextAlarmState('active_unacknowledged', 'clear').state).toBe('cleared_unacknowledged');
    expect(nextAlarmState('cleared_unacknowledged', 'acknowledge').state).toBe('normal');
  });

  it('asks again only when an alarm comes back or gets worse', () => {
    expect(nextAlarmState('active_unacknowledged', 'raise')).toEqual({
      state: 'active_unacknowledged',
      needsAction: false,
    });
    expect(nextAlarmState('active_acknowledged', 'raise')).toEqual({
      state: 'active_acknowledged',
      needsAction: false,
    });
    expect(nextAlarmState('active_acknowledged', 'raise', true)).toEqual({
      state: 'active_unacknowledged',
      needsAction: true,
    });
    expect(nextAlarmState('cleared_unacknowledged', 'raise')).toEqual({
      state: 'active_unacknowledged',
      needsAction: true,
    });
    expect(nextAlarmState('cleared_unacknowledged', 'pulse')).toEqual({
      state: 'cleared_unacknowledged',
      needsAction: false,
    });
  });
});

describe('tarpLevelsBody', () => {
  const level = {
    key: 'amber',
    name: 'Amber',
    colour: 'orange',
    colours: ['orange'],
    actions: [],
    responsible_role: 'Operator',
    ack_deadline_minutes: 30,
    escalate_to_role: 'Manager',
  };
  it('refuses a deadline with no role to escalate to, and a colour on two levels', () => {
    expect(tarpLevelsBody.safeParse({ levels: [level] }).success).toBe(true);
    expect(tarpLevelsBody.safeParse({ levels: [{ ...level, escalate_to_role: null }] }).success).toBe(false);
    expect(tarpLevelsBody.safeParse({ levels: [level, { ...level, key: 'red' }] }).success).toBe(false);
  });
});

describe('alarmReport', () => {
  const from = '2026-11-01T00:00:00.000Z';
  const to = '2026-11-01T02:00:00.000Z';
  const at = (minutes: number, seconds = 0) =>
    new Date(Date.parse(from) + minutes * 60_000 + seconds * 1000).toISOString();
  const change = (alarmId: string, action: 'raised' | 'cleared', when: string, annunciated = true): AlarmChange => ({
    alarmId,
    action,
    annunciated,
    at: when,
    title: alarmId.toUpperCase(),
    source: 'metric_limits_state',
  });

  it('counts raises per hour, the busiest ten minutes and the share of ten-minute windows in flood', () => {
    // 12 raises between minute 30 and 35 (a flood), 2 more at minute 90
    const changes = [
      ...Array.from({ length: 12 }, (_, i) => change(`a${i % 3}`, 'raised', at(30, i * 25))),
      change('b', 'raised', at(90)),
      change('b', 'raised', at(95)),
      // shelved, suppressed or related: raised but not annunciated, not counted
      change('c', 'raised', at(96), false),
    ];
    const report = alarmReport(from, to, changes, []);
    expect(report.raised).toBe(14);
    expect(report.alarms_per_hour).toBe(7);
    expect(report.peak_10_minutes).toEqual({ start: at(30), count: 12 });
    expect(report.flood_share).toBeCloseTo(1 / 12, 9);
    expect(report.top_sources.map((s) => [s.alarm_id, s.count])).toEqual([
      ['a0', 4],
      ['a1', 4],
      ['a2', 4],
      ['b', 2],
    ]);
  });

  it('finds alarms that chatter: three raise-and-clear cycles within a minute', () => {
    const cycles = (id: string, n: number, spacingSeconds: number) =>
      Array.from({ length: n }, (_, i) => [
        change(id, 'raised', at(10, i * spacingSeconds)),
        change(id, 'cleared', at(10, i * spacingSeconds + 5)),
      ]).flat();
    const report = alarmReport(from, to, [...cycles('fast', 4, 15), ...cycles('slow', 4, 40)], []);
    expect(report.chattering).toEqual([{ alarm_id: 'fast', title: 'FAST', source: 'metric_limits_state', cycles: 4 }]);
  });
});

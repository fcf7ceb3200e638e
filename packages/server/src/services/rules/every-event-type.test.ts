import { NOTIFICATION_TYPES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { at, eventsOf, ingest, pressureFor, type RuleEvent } from '../../test-support/rules.ts';
import { CERRO, INGEST, tokenFor } from '../ingest/test-fixtures.ts';

// One device story that raises every event type of requirements#monitoring-constants, through the public API only, and
// the context fields each event-detail body of requirements#monitoring-screens shows.
let t: TestApp;
let token: string;
let events: RuleEvent[];
const REGISTRY = '/device-registry/api/v1';

async function create(path: string, body: object) {
  const res = await t.call('POST', `${REGISTRY}/${path}`, { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  t = await createTestApp();
  const project = await t.db.selectFrom('projects').select('id').where('name', '=', CERRO).executeTakeFirstOrThrow();
  token = await tokenFor(t, 'admin', project.id);
  // Ten-minute statistics periods (ADR 0023): each reading of the story is a period of its own.
  const piezometer = await create('schemes', {
    name: 'Story piezometer',
    type: 'phreatic_surface',
    spec: {
      metrics: {
        raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa', statistics_period: 600 }],
        calculated_metrics: [
          {
            key: 'piezometric_level',
            label: 'Piezometric level',
            unit: 'm',
            formula: 'tip + pressure / 9.8068',
            statistics_period: 600,
          },
        ],
        context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
      },
      metric_limits: [
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
      ],
      invalid_bounds: [{ group: 'raw_metrics', metric: 'pressure', bound: 'upper', value: 2000 }],
    },
  });
  const loggerScheme = await create('schemes', {
    name: 'Story logger',
    type: 'standard',
    spec: { metrics: { raw_metrics: [{ key: 'battery_voltage', label: 'Battery voltage', unit: 'V' }] } },
  });
  const logger = await create('interface-nodes', {
    eid: 'DL-STORY',
    title: 'Story logger',
    scheme: loggerScheme.id,
    contracted_sla_time: 1,
  });
  await create('instruments', {
    eid: 'PZ-STORY',
    title: 'Story piezometer',
    scheme: piezometer.id,
    interface_node: logger.id,
    context: { tip: 100 },
    contracted_sla_time: 600,
    rules: {
      safety_state_rules: [{ rule: 'piezometric_level > 115', rule_description: 'Critical level', state: 'red' }],
      operational_state_rules: [{ rule: 'piezometric_level > 112', rule_description: 'Pump on', state: 'yellow' }],
      advanced_indicators: [{ name: 'High water', rule: 'piezometric_level > 113' }],
    },
  });

  // 24 readings ten minutes apart: levels 104, 104, 106, 106, … (mean 105 m, σ 1 m, no Nelson rule).
  const levels = Array.from({ length: 24 }, (_, i) => (i % 4 < 2 ? 104 : 106));
  const reading = (minutes: number, level: number) => ({
    eid: 'PZ-STORY',
    read_at: at(minutes),
    raw_metrics: { pressure: pressureFor(level) },
  });
  await ingest(
    t,
    token,
    levels.map((level, i) => reading(i * 10, level)),
  );
  await ingest(t, token, reading(240, 116)); // beyond 3σ and every limit: rule 1, limits, safety, operational, indicator
  await ingest(t, token, reading(280, 105)); // 40 minutes later: an interval beyond the 10-minute SLA (health)
  for (let i = 1; i <= 6; i++) await ingest(t, token, reading(280 + i * 10, 105 + i * 0.1)); // six rising: rule 3
  await ingest(t, token, { eid: 'PZ-STORY', read_at: at(350), raw_metrics: { pressure: 5000 } }); // invalid value
  await ingest(t, token, { eid: 'PZ-NOBODY', read_at: at(350), raw_metrics: { pressure: 1 } });
  const garbage = await t.app.inject({
    method: 'POST',
    url: INGEST,
    payload: '{"eid": "DL-STORY", "raw_metrics": {"battery_voltage": 12.',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
  });
  expect(garbage.statusCode).toBe(400);
  await ingest(t, token, {
    eid: 'DL-STORY',
    read_at: new Date().toISOString(),
    raw_metrics: { battery_voltage: 12.6 },
  });
  await t.app.rulesEngine!.tick(new Date(Date.now() + 5_000)); // the logger's 1-second SLA has passed
  events = await eventsOf(t, token);
});
afterAll(() => t.close());

const first = (type: string) => {
  const event = events.find((e) => e.type === type);
  expect(event, type).toBeDefined();
  return event!.context;
};

describe('every event type', () => {
  it('raises all sixteen, each with a notification', async () => {
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(NOTIFICATION_TYPES));
    const notified = await t.db.selectFrom('notifications').select('notification_type').execute();
    expect(new Set(notified.map((n) => n.notification_type))).toEqual(new Set(NOTIFICATION_TYPES));
  });

  it('carries what the event-detail bodies show (requirements#monitoring-screens)', () => {
    for (const type of ['safety_state_changed', 'operational_state_changed'] as const) {
      const state = type.replace('_changed', '');
      expect(first(type)).toMatchObject({
        [`prev_${state}`]: 'green',
        rule_name: expect.any(String),
        rule: expect.stringContaining('piezometric_level'),
        rule_description: expect.any(String),
        rule_execution_id: expect.any(String),
      });
    }
    expect(first('safety_state_changed').safety_state).toBe('red');
    expect(first('operational_state_changed').operational_state).toBe('yellow');

    for (const type of ['trend_state_changed', 'trend_state_trending']) {
      const c = first(type);
      expect(c, type).toMatchObject({ metric_label: expect.any(String), nelson_rule_number: 3 });
      expect(c.metric_values.length, type).toBeGreaterThanOrEqual(6);
    }
    for (const type of ['abnormality_state_changed', 'abnormality_state_out_of_control']) {
      const c = first(type);
      expect(c, type).toMatchObject({
        metric_value: expect.any(Number),
        abnormality_reason: expect.stringMatching(/rule 1/i),
        nelson_rule_1: { result: true, metric_mean: expect.any(Number), metric_stddev: expect.any(Number) },
        nelson_rule_4: { result: false },
      });
      expect(Array.isArray(c.metric_values), type).toBe(true);
    }
    expect(first('unknown_payload_received')).toMatchObject({
      eid: 'PZ-NOBODY',
      payload_type: 'unknown_eid',
      reason: expect.any(String),
      incoming_payload: expect.stringContaining('PZ-NOBODY'),
    });
    for (const type of ['metric_quality_state_changed', 'invalid_metric_received']) {
      expect(first(type), type).toMatchObject({ metric_label: 'Pressure', metric_value: 5000, metric_is_valid: false });
    }
    expect(first('invalid_metric_received').metric_quality_state).toBe('yellow');
    for (const type of ['metric_limit_reached', 'metric_limits_state_changed']) {
      expect(first(type), type).toMatchObject({ metric_label: 'Piezometric level', metric_is_valid: true });
      expect(first(type).metric_value, type).toBeCloseTo(116, 6);
    }
    expect(first('metric_limits_state_changed').metric_limits_state).toBe('red');
    const health = first('health_state_changed');
    expect(health).toMatchObject({ contracted_sla_time: 600, health_state: 'yellow' });
    expect(health.intervals[0]).toEqual({ read_at: at(280), interval_seconds: 2400 });
    expect(first('invalid_payload_received')).toMatchObject({
      eid: 'DL-STORY',
      payload_type: 'invalid_payload',
      extra: {
        exception_type: expect.any(String),
        exception_details: expect.stringMatching(/JSON/),
        exception_traceback: expect.any(String),
      },
    });
    expect(first('connectivity_state_changed')).toMatchObject({
      connectivity_state: 'red',
      contracted_sla_time: 1,
      latest_payload_read_at: expect.any(String),
      latest_payload_received_at: expect.any(String),
      rule: 'elapsed > contracted_sla_time',
    });
    const quality = first('data_quality_issues_state_changed');
    expect(quality.data_quality_issues_state).toBe('orange');
    expect(quality.instruments).toEqual([
      expect.objectContaining({ eid: 'PZ-STORY', health_state: expect.any(String), maintenance_mode: false }),
    ]);
    expect(first('advanced_indicator_state_changed')).toMatchObject({
      advanced_indicator_name: 'High water',
      advanced_indicator_state: 'red',
      prev_advanced_indicator_state: 'green',
    });
  });
});

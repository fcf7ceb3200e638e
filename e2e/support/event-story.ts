import { expect, type APIRequestContext } from '@playwright/test';
import { NOTIFICATION_TYPES } from '@vigil/domain';
import { auth } from './api.ts';
import { ingest } from './notifications.ts';

const REGISTRY = '/device-registry/api/v1';
const EVENTS = '/rules-engine/api/v1/events/';

/** The devices of one run of the story; every name carries the run's suffix. */
export interface EventStory {
  suffix: string;
  piezometer: { id: string; eid: string; title: string };
  logger: { id: string; eid: string; title: string };
  /** the EID of a payload no device owns */
  strangerEid: string;
}

/** Piezometric level = tip + pressure / 9.8068 with the tip at 100 m: the pressure that gives `level`. */
const pressureFor = (level: number) => Number(((level - 100) * 9.8068).toFixed(4));

/**
 * One device story that raises all sixteen event types of requirements#monitoring-constants through the public API only
 * (the server's every-event-type.test.ts over HTTP), in the project of the administrator's `token`.
 * A logger (1-second SLA) and a piezometer on it: 24 quiet readings, a jump beyond 3σ and every
 * limit, a 40-minute silence, six rising readings, a value beyond the invalid bound, then a payload
 * from nobody, one that is not JSON and the logger's own, which then falls silent. Readings lie a
 * day in the past, inside the alert chart's window; the events are raised now.
 */
export async function seedEventStory(request: APIRequestContext, token: string): Promise<EventStory> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
  const since = new Date().toISOString();
  const create = async (path: string, data: object) => {
    const response = await request.post(`${REGISTRY}/${path}`, { headers: auth(token), data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  const piezometerScheme = await create('schemes', {
    name: `Story piezometer ${suffix}`,
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
            // the story reads every 10 minutes: Nelson's rules on 10-minute means, not hourly ones (ADR 0023)
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
    name: `Story logger ${suffix}`,
    type: 'standard',
    spec: { metrics: { raw_metrics: [{ key: 'battery_voltage', label: 'Battery voltage', unit: 'V' }] } },
  });
  const logger = { eid: `DL-${suffix}`, title: `Story logger ${suffix}`, id: '' };
  logger.id = await create('interface-nodes', {
    eid: logger.eid,
    title: logger.title,
    scheme: loggerScheme,
    contracted_sla_time: 1,
  });
  const piezometer = { eid: `PZ-${suffix}`, title: `Story piezometer ${suffix}`, id: '' };
  piezometer.id = await create('instruments', {
    eid: piezometer.eid,
    title: piezometer.title,
    description: 'Vibrating-wire piezometer in the starter wall',
    scheme: piezometerScheme,
    interface_node: logger.id,
    context: { tip: 100 },
    contracted_sla_time: 600,
    rules: {
      safety_state_rules: [{ rule: 'piezometric_level > 115', rule_description: 'Critical level', state: 'red' }],
      operational_state_rules: [{ rule: 'piezometric_level > 112', rule_description: 'Pump on', state: 'yellow' }],
      advanced_indicators: [{ name: `High water ${suffix}`, rule: 'piezometric_level > 113' }],
    },
  });

  const start = Date.now() - 30 * 3_600_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const reading = (minutes: number, level: number) => ({
    eid: piezometer.eid,
    read_at: at(minutes),
    raw_metrics: { pressure: pressureFor(level) },
  });
  // 24 readings ten minutes apart: levels 104, 104, 106, 106, … (mean 105 m, σ 1 m, no Nelson rule).
  await ingest(
    request,
    token,
    Array.from({ length: 24 }, (_, i) => reading(i * 10, i % 4 < 2 ? 104 : 106)),
  );
  const abnormality = async () => {
    const response = await request.get(`${REGISTRY}/instruments/${piezometer.id}?fields=abnormality_state`, {
      headers: auth(token),
    });
    return ((await response.json()) as { abnormality_state?: string }).abnormality_state;
  };
  // The baseline evaluated before the spike, whatever the engine's batches on a busy machine: the
  // spike's event then reads "from green to red".
  await expect.poll(abnormality).toBe('green');
  await ingest(request, token, [reading(240, 116)]); // beyond 3σ and every limit: rule 1, limits, safety, operational, indicator
  // Evaluated on its own before the next reading: the logger's data quality event records the states
  // of this moment (health still green).
  await expect.poll(abnormality).toBe('red');
  await ingest(request, token, [reading(280, 105)]); // 40 minutes later: beyond the 10-minute SLA (health)
  for (let i = 1; i <= 6; i++) await ingest(request, token, [reading(280 + i * 10, 105 + i * 0.1)]); // six rising: rule 3
  await ingest(request, token, [{ eid: piezometer.eid, read_at: at(350), raw_metrics: { pressure: 5000 } }]);
  const strangerEid = `PZ-NOBODY-${suffix}`;
  await ingest(request, token, [{ eid: strangerEid, read_at: at(350), raw_metrics: { pressure: 1 } }]);
  const garbage = await request.post('/ingest/api/v1/payloads', {
    headers: { ...auth(token), 'content-type': 'application/json' },
    // A Buffer goes as it is; a string would be sent JSON-encoded, as valid JSON.
    data: Buffer.from(`{"eid": "${logger.eid}", "raw_metrics": {"battery_voltage": 12.`),
  });
  expect(garbage.status()).toBe(400);
  expect(await garbage.text()).toContain('not valid JSON');
  await ingest(request, token, [{ eid: logger.eid, raw_metrics: { battery_voltage: 12.6 } }]);

  const ids = new Set([piezometer.id, logger.id]);
  const eids = new Set([piezometer.eid, logger.eid, strangerEid]);
  // Every type raised, the logger's connectivity last: the engine's tick (every second in the e2e
  // server) finds it silent beyond its 1-second SLA.
  const raised = async () => {
    const query = new URLSearchParams({ paginate_by: '1000', 'created_at.from_time': since });
    const response = await request.get(`${EVENTS}?${query}`, { headers: auth(token) });
    expect(response.ok(), await response.text()).toBe(true);
    const { objects } = (await response.json()) as {
      objects: Array<{ type: string; context: { eid?: string }; monitored_entity: { id: string } | null }>;
    };
    const ours = objects.filter((e) =>
      e.monitored_entity ? ids.has(e.monitored_entity.id) : eids.has(e.context.eid ?? ''),
    );
    return [...new Set(ours.map((e) => e.type))].sort();
  };
  await expect
    .poll(raised, { timeout: 30_000, message: 'the story raises every event type' })
    .toEqual([...NOTIFICATION_TYPES].sort());
  return { suffix, piezometer, logger, strangerEid };
}

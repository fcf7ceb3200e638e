import {
  compileExpression,
  effectiveMetricLimits,
  eidSchema,
  entityRulesBody,
  schemeSpecBody,
  type Scope,
} from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { schemeProblems } from '../services/registry/device-checks.ts';
import { DEMO_DEVICE_SITES, type DemoDevice, type DemoDeviceSite, type DemoScheme } from './devices.ts';
import { DEMO_PROJECTS } from './site.ts';

const sites = Object.entries(DEMO_DEVICE_SITES);
/** The spec the demo's physics runs on: a digits sensor's engineering-unit twin, else the scheme's own. */
const physicsOf = (scheme: DemoScheme) => scheme.sensor?.physics ?? scheme.spec;

/** The calculated metrics of a reading made of the device's baseline values. */
function calculate(site: DemoDeviceSite, device: DemoDevice, raw: Record<string, number>) {
  const scheme = site.schemes.find((s) => s.name === device.scheme)!;
  const scope: Record<string, number> = { ...device.context, ...raw };
  for (const metric of physicsOf(scheme).metrics.calculated_metrics) {
    scope[metric.key] = compileExpression(metric.formula).evaluate(scope as Scope) as number;
  }
  return scope;
}

describe('demo devices', () => {
  it('has devices for every demo project', () => {
    expect(Object.keys(DEMO_DEVICE_SITES).sort()).toEqual(DEMO_PROJECTS.map((p) => p.slug).sort());
  });

  it('holds the instruments the site plan names', () => {
    const count = (slug: string, prefix: string) =>
      DEMO_DEVICE_SITES[slug]!.devices.filter((d) => d.eid.startsWith(prefix)).length;
    expect([count('cerro-azul', 'PZ-'), count('cerro-azul', 'IPI-'), count('cerro-azul', 'SC-')]).toEqual([24, 4, 3]);
    expect([count('cerro-azul', 'WL-'), count('cerro-azul', 'MET-'), count('cerro-azul', 'DL-')]).toEqual([2, 1, 4]);
    expect([count('ouse-embankment', 'PZ-'), count('ouse-embankment', 'RL-'), count('ouse-embankment', 'DL-')]).toEqual(
      [12, 2, 2],
    );
  });

  it.each(sites)('%s: schemes pass the API’s own validation', (_slug, site) => {
    for (const scheme of site.schemes) {
      const parsed = schemeSpecBody.safeParse(scheme.spec);
      expect(parsed.error?.issues ?? [], scheme.name).toEqual([]);
      for (const key of Object.keys(scheme.noise))
        expect(
          physicsOf(scheme).metrics.raw_metrics.map((m) => m.key),
          scheme.name,
        ).toContain(key);
    }
  });

  it.each(sites)('%s: devices fit their schemes, loggers, rules and site', (slug, site) => {
    const place = DEMO_PROJECTS.find((p) => p.slug === slug)!.places[0];
    const eids = site.devices.map((d) => d.eid);
    expect(new Set(eids).size).toBe(eids.length);
    for (const device of site.devices) {
      expect(eidSchema.safeParse(device.eid).success, device.eid).toBe(true);
      const scheme = site.schemes.find((s) => s.name === device.scheme);
      expect(scheme, device.eid).toBeDefined();
      const problems = schemeProblems(
        { ...device, entityType: device.kind, interfaceNodeId: null, metricLimits: device.limits, userMetrics: {} },
        scheme!.spec,
      );
      expect(problems, device.eid).toEqual({});
      expect(entityRulesBody.safeParse({ safety_state_rules: device.safetyRules }).success, device.eid).toBe(true);
      if (device.interfaceNode) {
        expect(device.kind).toBe('instrument');
        expect(site.devices.find((d) => d.eid === device.interfaceNode)?.kind, device.eid).toBe('interface-node');
      }
      const raw = physicsOf(scheme!)
        .metrics.raw_metrics.map((m) => m.key)
        .sort();
      for (const baseline of device.dataPoints.length ? device.dataPoints.map((p) => p.baseline) : [device.baseline])
        expect(Object.keys(baseline).sort(), device.eid).toEqual(raw);
      const [longitude, latitude] = device.location;
      expect(Math.abs(latitude - place.lat), device.eid).toBeLessThan(0.02);
      expect(Math.abs(longitude - place.lon), device.eid).toBeLessThan(0.02);
      expect(device.contractedSlaTime).toBeGreaterThan(device.cadenceMinutes * 60 - 1);
    }
    for (const group of site.groups) for (const eid of group.members) expect(eids, group.title).toContain(eid);
  });

  it.each(sites)('%s: baselines sit between the tips and the warning limits', (_slug, site) => {
    for (const device of site.devices) {
      const scheme = site.schemes.find((s) => s.name === device.scheme)!;
      const readings = device.dataPoints.length ? device.dataPoints.map((p) => p.baseline) : [device.baseline];
      for (const raw of readings) {
        const values = calculate(site, device, raw);
        for (const limit of effectiveMetricLimits(scheme.spec.metric_limits, device.limits)) {
          const value = values[limit.metric]!;
          if (limit.bound === 'upper') expect(value, `${device.eid} ${limit.metric}`).toBeLessThan(limit.value);
          else expect(value, `${device.eid} ${limit.metric}`).toBeGreaterThan(limit.value);
        }
        if (scheme.name === 'VW piezometer')
          expect(values.piezometric_level).toBeGreaterThan(device.context.tip_elevation!);
      }
    }
  });

  it('gives chains a data point per node, numbered from the top', () => {
    const chain = DEMO_DEVICE_SITES['cerro-azul']!.devices.find((d) => d.eid === 'IPI-02')!;
    expect(chain.dataPoints.map((p) => p.title)).toEqual(Array.from({ length: 15 }, (_, i) => `IPI-02 node ${i + 1}`));
    expect(chain.dataPoints[0]!.baseline.a_axis).toBeGreaterThan(chain.dataPoints[14]!.baseline.a_axis!);
  });
});

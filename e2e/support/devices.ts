import { expect, type APIRequestContext } from '@playwright/test';
import { auth } from './api.ts';

/** A piezometer of its own (tip at 100 m, warning at 110 m, critical at 115 m) in the administrator's project. */
export async function createPiezometer(request: APIRequestContext, token: string, name = 'Alert chart piezometer') {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.toUpperCase();
  const create = async (path: string, data: object) => {
    const response = await request.post(`/device-registry/api/v1/${path}`, { headers: auth(token), data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const scheme = await create('schemes', {
    name: `${name} ${suffix}`,
    type: 'phreatic_surface',
    spec: {
      metrics: {
        raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
        calculated_metrics: [
          { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip + pressure / 9.8068' },
        ],
        context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
      },
      metric_limits: [
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
      ],
    },
  });
  const device = { eid: `PZ-AC-${suffix}`, title: `${name} ${suffix}`, id: '' };
  device.id = await create('instruments', {
    eid: device.eid,
    title: device.title,
    scheme,
    context: { tip: 100 },
    contracted_sla_time: 3600,
  });
  return device;
}

import type { MetricLimit } from '@vigil/domain';
import type { EntryDevice } from '../model/value-checks.ts';

/** Level L in metres ↔ pressure in kPa for a tip at 100 m (the e2e piezometer's). */
export const pressureFor = (level: number) => (level - 100) * 9.8068;

/**
 * A piezometer as the registry answers it: pressure typed, piezometric level = tip + pressure / 9.8068
 * with warning 110 m and critical 115 m, pressure impossible above 2000 kPa.
 */
export function piezometer(limits: MetricLimit[] = []): EntryDevice {
  return {
    id: 'pz1',
    eid: 'PZ-01',
    title: 'PZ-01 crest',
    monitored_entity_type: 'instrument',
    context: { tip: 100 },
    metric_limits: [
      { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: 110 },
      { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
      ...limits,
    ],
    scheme: {
      id: 's1',
      name: 'Piezometer',
      type: 'phreatic_surface',
      spec: {
        metrics: {
          raw_metrics: [
            { key: 'pressure', label: 'Pressure', unit: 'kPa' },
            { key: 'temperature', label: 'Temperature', unit: '°C' },
          ],
          calculated_metrics: [
            { key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'tip + pressure / 9.8068' },
            { key: 'head', label: 'Head above tip', unit: 'm', formula: 'piezometric_level - tip' },
          ],
          context_metrics: [{ key: 'tip', label: 'Tip elevation', unit: 'm' }],
          invalid_metrics: [],
          user_metrics: [],
        },
        metric_limits: [],
        invalid_bounds: [
          { group: 'raw_metrics', metric: 'pressure', bound: 'upper', value: 2000 },
          { group: 'raw_metrics', metric: 'pressure', bound: 'lower', value: -50 },
          { group: 'calculated_metrics', metric: 'head', bound: 'upper', value: 150 },
        ],
      },
    },
  };
}

import { VIBRATING_WIRE_FORMULAS } from '@vigil/domain';

/** A vibrating-wire piezometer's scheme reading its calibration (issue 34): digits and temperature in. */
export const VW_SCHEME = {
  name: 'VW piezometer (recomputed)',
  type: 'phreatic_surface',
  spec: {
    metrics: {
      raw_metrics: [
        { key: 'reading', label: 'Reading', unit: 'digits' },
        { key: 'temperature', label: 'Temperature', unit: '°C' },
      ],
      calculated_metrics: [
        {
          key: 'pressure',
          label: 'Pressure',
          unit: 'kPa',
          formula: VIBRATING_WIRE_FORMULAS.linear,
        },
        { key: 'piezometric_level', label: 'Level', unit: 'm', formula: 'tip_elevation + pressure / 9.8068' },
      ],
      context_metrics: [{ key: 'tip_elevation', label: 'Tip elevation', unit: 'm' }],
    },
    metric_limits: [],
    invalid_bounds: [],
  },
};

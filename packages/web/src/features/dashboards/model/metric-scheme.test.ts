import type { SchemeObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { cardMetricInfo } from './metric-scheme.ts';

const scheme = (id: string, key: string, label: string, unit: string) =>
  ({
    id,
    spec: {
      metrics: {
        raw_metrics: [{ key, label, unit, decimals: 1 }],
        calculated_metrics: [],
        context_metrics: [],
      },
    },
  }) as unknown as SchemeObject;
const member = (schemeId: string) => ({ scheme: { id: schemeId, name: '', type: 'standard' } }) as DeviceSummary;
const schemes = [scheme('met', 'rain', 'Rainfall', 'mm'), scheme('pz', 'pressure', 'Pore pressure', 'kPa')];

describe('the metric of a group card', () => {
  it('takes its label and unit from the scheme of a member that has it', () => {
    const info = cardMetricInfo([member('met'), member('pz')], schemes, 'raw_metrics.pressure');
    expect(info).toMatchObject({ label: 'Pore pressure', unit: 'kPa', decimals: 1 });
  });

  it('falls back to the bare key when no member’s scheme has it', () => {
    expect(cardMetricInfo([member('met')], schemes, 'raw_metrics.pressure')).toMatchObject({
      label: 'pressure',
      unit: '',
    });
  });
});

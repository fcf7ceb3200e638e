import { describe, expect, it } from 'vitest';
import { draftProblems, emptyDraft, type SchemeDraft } from './scheme-draft.ts';

const piezometer = (formula: string): SchemeDraft => {
  const draft = emptyDraft();
  draft.name = 'Piezometer';
  draft.spec.metrics.raw_metrics = [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }];
  draft.spec.metrics.context_metrics = [{ key: 'tip', label: 'Tip elevation', unit: 'm' }];
  draft.spec.metrics.calculated_metrics = [{ key: 'level', label: 'Level', unit: 'm', formula }];
  draft.spec.metric_limits = [
    { group: 'calculated_metrics', metric: 'level', level: 'critical', bound: 'upper', value: 115 },
  ];
  return draft;
};

describe('a scheme draft', () => {
  it('has no problem when its formula reads declared metrics', () => {
    expect(draftProblems(piezometer('tip + pressure / 9.8068'))).toEqual(new Map());
  });

  it('names a formula that does not parse, and one that reads an unknown metric, by their path', () => {
    expect([...draftProblems(piezometer('tip + * 2')).keys()]).toEqual(['spec.metrics.calculated_metrics.0.formula']);
    const unknown = draftProblems(piezometer('tip + depth'));
    expect(unknown.get('spec.metrics.calculated_metrics.0.formula')).toMatch(/depth/);
  });

  it('names a limit of a metric the scheme does not declare', () => {
    const draft = piezometer('tip');
    draft.spec.metric_limits[0]!.metric = 'nothing';
    expect([...draftProblems(draft).keys()]).toEqual(['spec.metric_limits.0.metric']);
  });
});

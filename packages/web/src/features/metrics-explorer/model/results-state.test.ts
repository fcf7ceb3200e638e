import { describe, expect, it } from 'vitest';
import { resultsState } from './results-state.ts';

const READY = {
  deviceCount: 2,
  failed: false,
  cataloguePending: false,
  hasMetric: true,
  validPeriod: true,
  readingsPending: false,
  rowCount: 3,
};

describe('what the explorer’s results show', () => {
  it('asks for devices before anything else', () => {
    expect(resultsState({ ...READY, deviceCount: 0, failed: true, validPeriod: false })).toBe('noDevices');
  });

  it('shows an error over loading, and loading while the devices or readings come', () => {
    expect(resultsState({ ...READY, failed: true, readingsPending: true })).toBe('error');
    expect(resultsState({ ...READY, cataloguePending: true, hasMetric: false })).toBe('loading');
    expect(resultsState({ ...READY, readingsPending: true })).toBe('loading');
  });

  it('asks for a valid period before querying', () => {
    expect(resultsState({ ...READY, validPeriod: false, readingsPending: true })).toBe('invalidPeriod');
  });

  it('tells apart no metric, no readings and readings', () => {
    expect(resultsState({ ...READY, hasMetric: false })).toBe('noMetric');
    expect(resultsState({ ...READY, rowCount: 0 })).toBe('noData');
    expect(resultsState(READY)).toBe('ready');
  });
});

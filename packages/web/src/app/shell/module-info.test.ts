import { describe, expect, it } from 'vitest';
import { moduleInfoOf } from './module-info.ts';

describe('module of an address', () => {
  it('names the module of the first path segment', () => {
    expect(moduleInfoOf('/safety-state/root/dam-a', '')?.key).toBe('safetyState');
    expect(moduleInfoOf('/metrics/safety/12/instrument', '')?.key).toBe('metrics');
    expect(moduleInfoOf('/cross-sections', '')?.key).toBe('crossSections');
  });

  it("treats the journal manager's data sessions tab as its own page", () => {
    expect(moduleInfoOf('/journal-manager', '?tab=dataSessions')?.key).toBe('dataSessions');
    expect(moduleInfoOf('/journal-manager', '')?.key).toBe('journals');
  });

  it('knows no module for other addresses', () => {
    expect(moduleInfoOf('/profile', '')).toBeUndefined();
    expect(moduleInfoOf('/no-such-page', '')).toBeUndefined();
  });
});

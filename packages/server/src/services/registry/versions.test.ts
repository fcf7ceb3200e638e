import { describe, expect, it } from 'vitest';
import { etagOf, ifMatchVersions, nextVersion, requireVersion } from './versions.ts';

describe('registry versions (ADR 0034)', () => {
  it('reads If-Match as the versions it lists, strong or weak; * or none matches anything', () => {
    const version = '2026-11-28T07:00:00.000Z';
    expect(ifMatchVersions(etagOf(version))).toEqual([version]);
    expect(ifMatchVersions(`W/"a", "${version}"`)).toEqual(['a', version]);
    expect(ifMatchVersions('*')).toBeUndefined();
    expect(ifMatchVersions(undefined)).toBeUndefined();
    expect(() => requireVersion([version], version)).not.toThrow();
    expect(() => requireVersion(undefined, version)).not.toThrow();
    expect(() => requireVersion(['2026-11-28T06:00:00.000Z'], version)).toThrow(/someone else saved/i);
  });

  it('moves a version forward even within the millisecond of the previous one', () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(nextVersion(future)).toBe(new Date(Date.parse(future) + 1).toISOString());
    expect(Date.parse(nextVersion(null))).toBeGreaterThan(0);
  });
});

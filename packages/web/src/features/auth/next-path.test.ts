import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

describe('the page after sign-in', () => {
  it('returns to a path on this site with its query', () => {
    expect(safeNextPath('/metrics')).toBe('/metrics');
    expect(safeNextPath('/journal-manager?tab=dataSessions')).toBe('/journal-manager?tab=dataSessions');
  });

  it('goes to / without a next parameter', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath('')).toBe('/');
  });

  it('refuses addresses on another site', () => {
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/metrics')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath('/\t/evil.example')).toBe('/');
    expect(safeNextPath('javascript:alert(1)')).toBe('/');
  });

  it('does not return to the login or logout screens', () => {
    expect(safeNextPath('/login?reason=expired')).toBe('/');
    expect(safeNextPath('/logout')).toBe('/');
  });
});

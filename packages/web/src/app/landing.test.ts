import { describe, expect, it } from 'vitest';
import { defaultLanding, moduleFolderOf } from './landing.ts';

const having =
  (...folders: string[]) =>
  (folder: string) =>
    folders.includes(folder);

describe('default landing', () => {
  it('opens safety-state/root first when the user has it', () => {
    expect(defaultLanding(having('Metrics', 'safety-state', 'notifications'))).toBe('/safety-state/root');
  });

  it('follows the order safety-state, operational-state, metrics, data-entry, file-manager, cross-sections, notifications', () => {
    expect(defaultLanding(having('operational-state', 'Metrics'))).toBe('/operational-state/root');
    expect(defaultLanding(having('Metrics', 'DataEntry'))).toBe('/metrics');
    expect(defaultLanding(having('DataEntry', 'FileManager'))).toBe('/data-entry');
    expect(defaultLanding(having('FileManager', 'Data/GeoJsonEditor'))).toBe('/file-manager');
    expect(defaultLanding(having('Data/GeoJsonEditor'))).toBe('/cross-sections');
  });

  it('falls back to notifications when no module is available', () => {
    expect(defaultLanding(having())).toBe('/notifications');
  });

  it('identifies the module by the first path segment', () => {
    expect(moduleFolderOf('/cross-sections/12')).toBe('Data/GeoJsonEditor');
    expect(moduleFolderOf('/users')).toBe('UserManagement');
    expect(moduleFolderOf('/profile')).toBeUndefined();
  });
});

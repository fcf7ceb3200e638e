import { describe, expect, it } from 'vitest';
import { activeItemId, visibleGroups, type MenuConfig } from './menu-config.ts';

const item = (id: string, path: string) => ({ id, label: `menu.items.${id}`, icon: id, path });
const config: MenuConfig = {
  groups: [
    {
      id: 'dashboards',
      label: 'menu.groups.dashboards',
      items: [item('safety', '/safety-state/root'), item('metrics', '/metrics')],
    },
    {
      id: 'journal',
      label: 'menu.groups.journalManagement',
      items: [item('journals', '/journal-manager'), item('sessions', '/journal-manager?tab=dataSessions')],
    },
    {
      id: 'users',
      label: 'menu.groups.userManagement',
      items: [item('users', '/users'), item('roles', '/roles')],
    },
    {
      id: 'site-setup',
      label: 'menu.groups.siteSetup',
      items: [item('devices', '/devices'), item('schemes', '/devices/schemes')],
    },
  ],
};
const having =
  (...folders: string[]) =>
  (folder: string) =>
    folders.includes(folder);

describe('menu visibility', () => {
  it('shows only the items whose module the user has', () => {
    const groups = visibleGroups(config, having('Metrics', 'JournalManager', 'Roles'));
    expect(groups.map((g) => [g.id, g.items.map((i) => i.id)])).toEqual([
      ['dashboards', ['metrics']],
      ['journal', ['journals', 'sessions']],
      ['users', ['roles']],
    ]);
  });

  it('hides a group with no visible item', () => {
    expect(visibleGroups(config, having('safety-state')).map((g) => g.id)).toEqual(['dashboards']);
  });
});

describe('current menu item', () => {
  const items = config.groups.flatMap((g) => g.items);

  it('matches by the first path segment', () => {
    expect(activeItemId(items, '/safety-state/root/dam-a', '')).toBe('safety');
    expect(activeItemId(items, '/metrics/safety/12/instrument', '')).toBe('metrics');
    expect(activeItemId(items, '/profile', '')).toBeUndefined();
  });

  it('prefers the item whose query matches: sessions over journals', () => {
    expect(activeItemId(items, '/journal-manager', '?tab=dataSessions')).toBe('sessions');
    expect(activeItemId(items, '/journal-manager', '')).toBe('journals');
    expect(activeItemId(items, '/journal-manager', '?tab=entries')).toBe('journals');
  });

  it('prefers the item whose path holds the address: schemes under devices', () => {
    expect(activeItemId(items, '/devices', '')).toBe('devices');
    expect(activeItemId(items, '/devices/schemes', '')).toBe('schemes');
    expect(activeItemId(items, '/devices/instruments/12', '')).toBe('devices');
  });
});

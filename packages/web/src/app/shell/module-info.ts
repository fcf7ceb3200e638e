import { moduleFolderOf } from '../landing.ts';

/** What the module page says about a module: its shell i18n key and icon (see MODULE_ICONS). */
export interface ModuleInfo {
  key: string;
  icon: string;
}

const MODULES: Record<string, ModuleInfo> = {
  'safety-state': { key: 'safetyState', icon: 'safetyState' },
  'operational-state': { key: 'operationalState', icon: 'operationalState' },
  metrics: { key: 'metrics', icon: 'metrics' },
  'cross-sections': { key: 'crossSections', icon: 'crossSections' },
  'journal-manager': { key: 'journals', icon: 'journals' },
  'data-entry': { key: 'dataEntry', icon: 'dataEntry' },
  users: { key: 'users', icon: 'users' },
  roles: { key: 'roles', icon: 'roles' },
  permissions: { key: 'permissions', icon: 'permissions' },
  'file-manager': { key: 'fileManager', icon: 'fileManager' },
  notifications: { key: 'notifications', icon: 'notifications' },
  devices: { key: 'devices', icon: 'devices' },
  'data-import': { key: 'dataImport', icon: 'dataImport' },
  reports: { key: 'reports', icon: 'reports' },
};

/** The module of an address (its first path segment); the journal's data sessions tab is its own. */
export function moduleInfoOf(pathname: string, search: string): ModuleInfo | undefined {
  const segment = pathname.split('/')[1] ?? '';
  if (!moduleFolderOf(pathname)) return undefined;
  if (segment === 'journal-manager' && new URLSearchParams(search).get('tab') === 'dataSessions') {
    return { key: 'dataSessions', icon: 'dataSessions' };
  }
  return MODULES[segment];
}

/** Route (first path segment) → module folder, requirements#shell-screens. */
export const MODULE_FOLDERS = {
  'safety-state': 'safety-state',
  'operational-state': 'operational-state',
  metrics: 'Metrics',
  'data-entry': 'DataEntry',
  'file-manager': 'FileManager',
  'cross-sections': 'Data/GeoJsonEditor',
  'journal-manager': 'JournalManager',
  notifications: 'notifications',
  // Alarms are the notifications an operator must act on: the same module opens both.
  alarms: 'notifications',
  users: 'UserManagement',
  roles: 'Roles',
  permissions: 'Permissions',
  devices: 'DeviceRegistry',
  'data-import': 'DataImport',
  reports: 'Reports',
} as const;
export type ModulePath = keyof typeof MODULE_FOLDERS;

/** The module that is always returned to every user. */
export const ALWAYS_VISIBLE_MODULE = 'Metrics';

/** Default landing after login: the first of these the user may open; notifications otherwise. */
export const LANDING_ORDER = [
  'safety-state',
  'operational-state',
  'metrics',
  'data-entry',
  'file-manager',
  'cross-sections',
  'notifications',
] as const;

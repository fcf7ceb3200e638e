/** The demo organisation: two real-looking sites, their people, roles and modules (requirements#domain-model). */
export const DEMO_PASSWORD = 'vigil-demo';

export const DEMO_ACCOUNT = { name: 'Altiplano Water & Mining Partners' };

export const DEMO_PROJECTS = [
  {
    slug: 'cerro-azul',
    name: 'Cerro Azul Tailings Storage Facility',
    places: [
      { name: 'Cerro Azul TSF, Atacama', lat: -27.3668, lon: -70.3322 },
      { name: 'Copiapó operations centre', lat: -27.3665, lon: -70.3314 },
    ],
    crossSectionsSettings: { defaultAltitudeUnit: 'm', defaultDistanceUnit: 'm' },
  },
  {
    slug: 'ouse-embankment',
    name: 'Ouse Flood Embankment',
    places: [{ name: 'Naburn Lock embankment, York', lat: 53.9047, lon: -1.0875 }],
    crossSectionsSettings: { defaultAltitudeUnit: 'm AOD', defaultDistanceUnit: 'm' },
  },
] as const;

export const DEMO_USERS = [
  {
    username: 'admin',
    first_name: 'Alex',
    last_name: 'Morgan',
    email: 'admin@example.com',
    role: 'Administrator',
    responder: 'dam-safety-engineer',
  },
  {
    username: 'manager',
    first_name: 'Priya',
    last_name: 'Nair',
    email: 'manager@example.com',
    role: 'Manager',
    responder: 'site-engineer',
  },
  {
    username: 'operator',
    first_name: 'Tomás',
    last_name: 'Silva',
    email: 'operator@example.com',
    role: 'Operator',
    responder: 'control-room-operator',
  },
] as const;

export const DEMO_PERMISSION_GROUPS = [
  {
    name: 'Monitoring viewers',
    description: 'Read dashboards, metrics, maps and notifications',
    permissions: ['view_dashboards', 'view_metrics', 'view_notifications'],
  },
  {
    name: 'Data entry',
    description: 'Enter manual readings and manage data sessions',
    permissions: ['add_manual_reading', 'manage_data_sessions'],
  },
  {
    name: 'Journal editors',
    description: 'Write and edit journal entries',
    permissions: ['add_journal_entry', 'change_journal_entry', 'delete_journal_entry'],
  },
  {
    name: 'Media managers',
    description: 'Upload, rename, tag and delete files',
    permissions: ['add_file', 'change_file', 'delete_file'],
  },
  {
    name: 'Device administrators',
    description: 'Create and change devices, schemes, limits and rules',
    permissions: ['add_device', 'change_device', 'change_rules'],
  },
  {
    name: 'User administrators',
    description: 'Create, invite, activate and deactivate users',
    permissions: ['add_user', 'change_user', 'delete_user'],
  },
  {
    name: 'Role administrators',
    description: 'Change roles, modules and permissions',
    permissions: ['change_role', 'change_module'],
  },
] as const;

export const DEMO_ROLES: Record<string, { groups: string[]; tileMenu: 'grid' | 'side-menu' }> = {
  Administrator: { groups: DEMO_PERMISSION_GROUPS.map((g) => g.name), tileMenu: 'side-menu' },
  Manager: {
    groups: ['Monitoring viewers', 'Data entry', 'Journal editors', 'Media managers', 'User administrators'],
    tileMenu: 'side-menu',
  },
  Operator: { groups: ['Monitoring viewers', 'Data entry', 'Journal editors'], tileMenu: 'grid' },
};

const ALL = ['Administrator', 'Manager', 'Operator'];
export const DEMO_MODULES = [
  { name: 'Safety state', path: 'safety-state', folder: 'safety-state', roles: ALL },
  { name: 'Operational state', path: 'operational-state', folder: 'operational-state', roles: ALL },
  { name: 'Metrics', path: 'metrics', folder: 'Metrics', roles: ALL },
  { name: 'Cross sections', path: 'cross-sections', folder: 'Data/GeoJsonEditor', roles: ['Administrator', 'Manager'] },
  { name: 'Journal management', path: 'journal-manager', folder: 'JournalManager', roles: ALL },
  { name: 'Manual data entry', path: 'data-entry', folder: 'DataEntry', roles: ALL },
  { name: 'Users', path: 'users', folder: 'UserManagement', roles: ['Administrator', 'Manager'] },
  { name: 'Roles', path: 'roles', folder: 'Roles', roles: ['Administrator'] },
  { name: 'Permissions', path: 'permissions', folder: 'Permissions', roles: ['Administrator'] },
  { name: 'File manager', path: 'file-manager', folder: 'FileManager', roles: ALL },
  { name: 'Notifications', path: 'notifications', folder: 'notifications', roles: ALL },
  // Operators see the register read-only: the registry's writes are for administrators and managers.
  { name: 'Device registry', path: 'devices', folder: 'DeviceRegistry', roles: ALL },
  // Logger files are brought in by those who may write readings for others (ADR 0035).
  { name: 'Data import', path: 'data-import', folder: 'DataImport', roles: ['Administrator', 'Manager'] },
  // Everyone reads reports; the server lets administrators and managers edit and review them (ADR 0051).
  { name: 'Reports', path: 'reports', folder: 'Reports', roles: ALL },
] as const;

/** The project feature configuration (requirements#roles-permissions): module folder → feature → enabled and scope. */
export const DEMO_FEATURE_CONFIG = {
  Metrics: { export: { enabled: true }, compare: { enabled: true }, basePermissions: { enabled: true } },
  FileManager: {
    upload: { enabled: true, scope: 'role' },
    delete: { enabled: true, scope: 'role' },
    tag: { enabled: true },
  },
  JournalManager: { dataSessions: { enabled: true }, deleteEntries: { enabled: true, scope: 'role' } },
  DataEntry: { manualReadings: { enabled: true }, bulkImport: { enabled: false } },
  'safety-state': { crossSectionsLayer: { enabled: true }, weather: { enabled: true } },
  notifications: { export: { enabled: true } },
};

export const DEMO_RESPONDER_TYPES = [
  { name: 'dam-safety-engineer', title: 'Dam safety engineer' },
  { name: 'site-engineer', title: 'Site engineer' },
  { name: 'control-room-operator', title: 'Control room operator' },
  { name: 'emergency-coordinator', title: 'Emergency coordinator' },
] as const;

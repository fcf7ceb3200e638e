/**
 * The one query-key scheme: [service, resource, ...scope]. Invalidate a whole resource by its
 * prefix, e.g. `queryKeys.ui.modules()` matches every module query of every project.
 */
export const queryKeys = {
  auth: {
    user: (userId?: string) => ['auth', 'user', userId] as const,
    /** the users of a project, as its administrators and managers see them */
    users: (projectId?: string | null) => ['auth', 'users', projectId] as const,
    resetToken: (token: string) => ['auth', 'reset-token', token] as const,
    microservices: () => ['auth', 'microservices'] as const,
    permissionGroups: () => ['auth', 'permission-groups'] as const,
    /** a project's ingest keys (administrators) */
    apiKeys: (projectId?: string | null) => ['auth', 'api-keys', projectId] as const,
  },
  ui: {
    projects: () => ['ui', 'projects'] as const,
    modules: (projectId?: string | null) => ['ui', 'modules', projectId] as const,
    /** every module of a project with its roles (administrators); under modules(), so it refreshes with them */
    allModules: (projectId?: string | null) => ['ui', 'modules', projectId, 'all'] as const,
    /** one module's features as the caller's active role has them; under modules(), so it refreshes with them */
    moduleFeatures: (projectId: string | null | undefined, moduleId: string) =>
      ['ui', 'modules', projectId, 'features', moduleId] as const,
    /** a project's feature configuration and role-scoped grants (administrators) */
    projectFeatures: (projectId?: string | null) => ['ui', 'project-features', projectId] as const,
    profile: (projectId?: string | null, userId?: string) => ['ui', 'profile', projectId, userId] as const,
    /** every user profile of a project (administrators and managers; others get their own only) */
    profiles: (projectId?: string | null) => ['ui', 'profiles', projectId] as const,
    roles: (projectId?: string | null) => ['ui', 'roles', projectId] as const,
    /** a module's data shared by the project (e.g. its dashboards) */
    moduleData: (projectId?: string | null, moduleId?: string) => ['ui', 'module-data', projectId, moduleId] as const,
    /** what a project's maps are drawn on: its site image and any online tile layer */
    siteMap: (projectId?: string | null) => ['ui', 'site-map', projectId] as const,
  },
  crossSections: {
    /** every query of a project's cross sections: what a change refreshes */
    all: (projectId?: string | null) => ['ui', 'cross-sections', projectId] as const,
    list: (projectId?: string | null) => ['ui', 'cross-sections', projectId, 'list'] as const,
    one: (projectId: string | null | undefined, id: string) => ['ui', 'cross-sections', projectId, 'one', id] as const,
    history: (projectId: string | null | undefined, id: string) =>
      ['ui', 'cross-sections', projectId, 'history', id] as const,
  },
  registry: {
    responderTypes: (projectId?: string | null) => ['registry', 'responder-types', projectId] as const,
    /** instruments, interface nodes and virtual devices with their schemes, for searches */
    deviceChoices: (projectId?: string | null) => ['registry', 'device-choices', projectId] as const,
    /** every device of a project with its states (dashboards) */
    deviceSummaries: (projectId?: string | null) => ['registry', 'device-summaries', projectId] as const,
    groups: (projectId?: string | null) => ['registry', 'groups', projectId] as const,
    schemes: (projectId?: string | null) => ['registry', 'schemes', projectId] as const,
    device: (kind: string, id: string) => ['registry', 'device', kind, id] as const,
    /** the data points of some entities, e.g. an inclinometer chain's nodes */
    dataPoints: (entityIds: readonly string[]) => ['registry', 'data-points', entityIds] as const,
    /** the device registry's table of one kind of device (administration) */
    registerRows: (projectId: string | null | undefined, kind: string) =>
      ['registry', 'register-rows', projectId, kind] as const,
    /** one device as its form edits it, with the version (ETag) the edit starts from */
    editable: (kind: string, id: string) => ['registry', 'device', kind, id, 'editable'] as const,
    /** who changed a device, scheme or group, when, and which fields */
    history: (kind: string, id: string) => ['registry', 'history', kind, id] as const,
    /** an instrument's calibrations (requirements#site-contracts): its page's timeline and its charts' marks */
    calibrations: (instrumentId: string) => ['registry', 'calibrations', instrumentId] as const,
    /** the calibrations of the instruments a chart shows, in one call; under every instrument's key prefix */
    chartCalibrations: (instrumentIds: readonly string[]) =>
      ['registry', 'calibrations', 'of', [...instrumentIds].sort().join(',')] as const,
    /** how far the recomputation after a calibration's change has gone */
    calibrationRecompute: (instrumentId: string, calibrationId: string) =>
      ['registry', 'calibrations', instrumentId, 'recompute', calibrationId] as const,
    /** an inclinometer's datums (ADR 0041), the one in effect first */
    datums: (instrumentId: string) => ['registry', 'datums', instrumentId] as const,
    /** an instrument's reading sets between two times: what its datum may be set to */
    readingSets: (instrumentId: string, from: string, to: string) =>
      ['registry', 'reading-sets', instrumentId, from, to] as const,
    /** one scheme as its editor reads it */
    scheme: (id: string) => ['registry', 'scheme', id] as const,
    /** how many devices use a scheme */
    schemeUsage: (id: string) => ['registry', 'scheme-usage', id] as const,
    /** some devices by id, with the fields a view of them needs (a cross section's instruments) */
    devicesById: (entityIds: readonly string[], fields: string) =>
      ['registry', 'devices-by-id', entityIds, fields] as const,
  },
  metrics: {
    timeseries: (body: unknown) => ['metrics', 'timeseries', body] as const,
    /** every query of newest readings, whatever their entities */
    allLatest: () => ['metrics', 'latest'] as const,
    /** the newest reading of each of some entities */
    latest: (entityIds: readonly string[]) => ['metrics', 'latest', entityIds] as const,
    /** the newest reading of each of some data points at a time */
    dataPointReadings: (body: unknown) => ['metrics', 'latest', 'data-points', body] as const,
    heatmap: (body: unknown) => ['metrics', 'heatmap', body] as const,
    rateOfChange: (body: unknown) => ['metrics', 'rate-of-change', body] as const,
    /** a page of stored readings, e.g. an entity's newest */
    readings: (query: unknown) => ['metrics', 'readings', query] as const,
  },
  notifications: {
    /** every list of a project, whatever its filters: the stream and read actions refresh them all */
    lists: (projectId?: string | null) => ['notifications', 'list', projectId] as const,
    list: (projectId: string | null | undefined, filters: unknown) =>
      ['notifications', 'list', projectId, filters] as const,
    unreadCount: (projectId?: string | null) => ['notifications', 'unread-count', projectId] as const,
    types: () => ['notifications', 'types'] as const,
    readBy: (id: string) => ['notifications', 'read-by', id] as const,
  },
  rules: {
    events: (query: unknown) => ['rules', 'events', query] as const,
    execution: (id: string) => ['rules', 'execution', id] as const,
    /** every alarm query of a project: an action on one alarm refreshes them all */
    alarms: (projectId?: string | null) => ['rules', 'alarms', projectId] as const,
    alarmList: (projectId: string | null | undefined, filters: unknown) =>
      ['rules', 'alarms', projectId, 'list', filters] as const,
    alarm: (projectId: string | null | undefined, id: string) => ['rules', 'alarms', projectId, 'one', id] as const,
    alarmHistory: (projectId: string | null | undefined, id: string) =>
      ['rules', 'alarms', projectId, 'history', id] as const,
    /** a period's figures: apart from alarms(), so that each notification does not fetch it again */
    alarmReport: (projectId: string | null | undefined, period: unknown) =>
      ['rules', 'alarm-report', projectId, period] as const,
    tarpLevels: (projectId?: string | null) => ['rules', 'tarp-levels', projectId] as const,
  },
  journal: {
    /** everything of a project's journal service and manual readings: what a change refreshes */
    all: (projectId?: string | null) => ['journal', projectId] as const,
    journals: (projectId?: string | null) => ['journal', projectId, 'journals'] as const,
    /** every list of entries, whatever its journal and filters */
    entryLists: (projectId?: string | null) => ['journal', projectId, 'entries'] as const,
    entryList: (projectId: string | null | undefined, filters: unknown) =>
      ['journal', projectId, 'entries', filters] as const,
    entryHistory: (projectId: string | null | undefined, id: string) =>
      ['journal', projectId, 'entry-history', id] as const,
    sessions: (projectId?: string | null) => ['journal', projectId, 'sessions'] as const,
    session: (projectId: string | null | undefined, id: string) =>
      ['journal', projectId, 'sessions', 'one', id] as const,
    manualReadings: (projectId: string | null | undefined, query: unknown) =>
      ['journal', projectId, 'manual-readings', query] as const,
    manualReadingHistory: (projectId: string | null | undefined, id: string) =>
      ['journal', projectId, 'manual-reading-history', id] as const,
  },
  ingest: {
    /** a project's import profiles */
    importProfiles: (projectId?: string | null) => ['ingest', 'import-profiles', projectId] as const,
    /** every query of a project's imports, lists and single ones: what an upload refreshes */
    imports: (projectId?: string | null) => ['ingest', 'imports', projectId] as const,
    importPage: (projectId: string | null | undefined, page: number, pageSize: number) =>
      ['ingest', 'imports', projectId, 'page', page, pageSize] as const,
    import: (projectId: string | null | undefined, id: string) => ['ingest', 'imports', projectId, 'one', id] as const,
  },
  /** call-out (issue 38): contacts, rosters, escalation policies and deliveries of the notifications service */
  callOut: {
    /** the contacts the caller sees: his own (administrators: everyone's) */
    contacts: (userId?: string) => ['notifications', 'contacts', userId] as const,
    rosters: (projectId?: string | null) => ['notifications', 'rosters', projectId] as const,
    /** who is on call now and next; under rosters(), so that a roster's change refreshes it */
    onCall: (projectId?: string | null) => ['notifications', 'rosters', projectId, 'on-call'] as const,
    policies: (projectId?: string | null) => ['notifications', 'escalation-policies', projectId] as const,
    deliveries: (projectId: string | null | undefined, alarmId: string) =>
      ['notifications', 'deliveries', projectId, alarmId] as const,
  },
  /** monitoring reports (issue 39): a project's report templates and the reports made from them */
  reports: {
    templates: (projectId?: string | null) => ['ui', 'report-templates', projectId] as const,
    template: (projectId: string | null | undefined, id: string) =>
      ['ui', 'report-templates', projectId, 'one', id] as const,
    /** every report query of a project, the list and single ones: what a generation or a review refreshes */
    all: (projectId?: string | null) => ['ui', 'reports', projectId] as const,
    list: (projectId?: string | null) => ['ui', 'reports', projectId, 'list'] as const,
  },
  media: {
    /** the project's file library (uploaded files only) */
    files: (projectId?: string | null) => ['media', 'files', projectId] as const,
  },
  weather: {
    /** the weather at a point, as the caller's project's station or the provider sees it */
    current: (projectId: string | null | undefined, query: unknown) =>
      ['weather', 'current', projectId, query] as const,
    forecast: (projectId: string | null | undefined, query: unknown) =>
      ['weather', 'forecast', projectId, query] as const,
  },
  static: {
    file: (path: string) => ['static', path] as const,
  },
};

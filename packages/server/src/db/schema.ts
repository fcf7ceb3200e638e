import type { Generated } from 'kysely';

/**
 * Longer than 400 lines on purpose: Kysely's `Database` names every table, and a migration's reviewer
 * wants the whole schema on one page; the file holds types only.
 *
 * Table interfaces as Kysely sees them. Portable across SQLite and PostgreSQL (ADR 0001): ids are
 * text, times are ISO-8601 UTC text, booleans are 0/1 integers and structured values are JSON text.
 */
export interface AccountsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  account_id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  profile_image: string | null;
  password_hash: string | null;
  password_changed_at: string | null;
  is_password_set: number;
  is_active: number;
  created_at: string;
  updated_at: string;
  last_login_at: string | null;
}

export type TokenKind = 'session' | 'reset' | 'invite';

export interface AuthTokensTable {
  id: string;
  user_id: string;
  kind: TokenKind;
  token_hash: string;
  data_context: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  first_failure_at: string;
  locked_until: string | null;
}

export interface ProjectsTable {
  id: string;
  account_id: string;
  name: string;
  slug: string;
  attrs: string;
  places: string;
  feature_config: string;
  created_at: string;
}

export interface RolesTable {
  id: string;
  project_id: string;
  name: string;
  permission_groups: string;
  tile_menu: string;
  menu_tree: string;
  created_at: string;
  updated_at: string;
}

export interface PermissionGroupsTable {
  id: string;
  name: string;
  description: string;
  permissions: string;
}

export interface ResponderTypesTable {
  id: string;
  project_id: string;
  name: string;
  title: string;
}

export interface UserProfilesTable {
  id: string;
  project_id: string;
  user_id: string;
  roles: string;
  is_active: number;
  default_responder_type_id: string | null;
  profile: string;
  created_at: string;
  updated_at: string;
}

export interface ModulesTable {
  id: string;
  project_id: string;
  name: string;
  path: string;
  folder: string;
  roles: string;
  features: string;
  position: number;
}

export interface ProjectModuleDataTable {
  project_id: string;
  module_id: string;
  data: string;
  user_id: string;
  action: string;
  timestamp: string;
}

export interface UserModuleDataTable {
  profile_id: string;
  module_id: string;
  data: string;
  updated_at: string;
}

export type EntityType = 'instrument' | 'interface-node' | 'virtual-device';

/** Registry (ADR 0007): JSON columns hold the nested parts of a device profile (requirements#monitoring-entities). */
export interface SchemesTable {
  id: string;
  project_id: string;
  name: string;
  type: string;
  spec: string;
  created_at: string;
  updated_at: string;
}

export interface MonitoredEntitiesTable {
  id: string;
  project_id: string;
  entity_type: EntityType;
  eid: string;
  title: string;
  description: string;
  scheme_id: string | null;
  interface_node_id: string | null;
  longitude: number | null;
  latitude: number | null;
  /** context metric values of the entity, e.g. {tip_elevation: 412.3} */
  context: string;
  attachments: string;
  labels: string;
  user_metrics: string;
  metric_limits: string;
  rules: string;
  asset_certificate: string | null;
  contracted_sla_time: number;
  maintenance_mode: number;
  turned_off: number;
  decommissioned: number;
  /** every state with its *_changed_at, as JSON */
  states: string;
  created_at: string;
  updated_at: string;
}

export interface EntitySnapshotsTable {
  id: string;
  entity_id: string;
  created_at: string;
  states: string;
}

export interface BasicGroupsTable {
  id: string;
  project_id: string;
  title: string;
  type: string;
  entity_ids: string;
  created_at: string;
  /** moved by every change: the group's version for If-Match (ADR 0034); null only before migration 0016 */
  updated_at: string | null;
}

export interface DataPointsTable {
  id: string;
  project_id: string;
  entity_id: string;
  title: string;
  identifier: string;
  created_at: string;
}

export interface ReadingsTable {
  /** arrival order (ADR 0014): compaction turns readings after metric_compaction.compacted_seq into blocks */
  seq: Generated<number>;
  entity_id: string;
  /** '' when the reading is not of a data point */
  data_point_id: string;
  read_at: string;
  project_id: string;
  received_at: string;
  metrics: string;
}

export interface MetricSeriesTable {
  id: Generated<number>;
  entity_id: string;
  data_point_id: string;
  metric_group: string;
  metric: string;
}

/** A series' values of one UTC day (ADR 0014); `day` is its start in epoch ms. */
export interface MetricBlocksTable {
  series_id: number;
  day: number;
  /** the times (epoch ms) then the values, float64 little-endian */
  data: Uint8Array;
  /** random, new at every write (block-cache.ts); bigint, so a string on PostgreSQL */
  version: number | string;
}

/** The summary of a metric_blocks row: the day's rollup. */
export interface MetricDaysTable {
  series_id: number;
  day: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  first_t: number;
  first: number;
  last_t: number;
  last: number;
}

export interface MetricCompactionTable {
  id: number;
  compacted_seq: number;
  /** counts rewrites of blocks outside compaction (ADR 0040): compaction merges again after one */
  rewrites: number;
  /** every reading up to it, and no other, is in reading_days (ADR 0048); never above compacted_seq */
  days_seq: number;
}

/** An entity's own readings, or one data point's (ADR 0048): the channel of reading days. */
export interface ReadingChannelsTable {
  id: Generated<number>;
  entity_id: string;
  /** '' when the readings are not of a data point */
  data_point_id: string;
  project_id: string;
  /** the greatest read_at (epoch ms) its reading days ever held: never lowered; bigint, a string on PostgreSQL */
  compacted_until: number | string;
}

/** A channel's compacted readings of one UTC day without their values (ADR 0048, reading-days.ts). */
export interface ReadingDaysTable {
  channel_id: number;
  /** the day's start, epoch ms */
  day: number;
  /** readings held */
  n: number;
  /** the last reading's read_at, epoch ms */
  last_t: number;
  data: Uint8Array;
  /** random, new at every write, as metric_blocks' (ADR 0037) */
  version: number | string;
}

export interface LatestReadingsTable {
  entity_id: string;
  data_point_id: string;
  project_id: string;
  read_at: string;
  received_at: string;
  metrics: string;
}

export interface UnknownPayloadsTable {
  id: string;
  project_id: string;
  eid: string | null;
  payload_type: string;
  reason: string;
  incoming_payload: string;
  received_at: string;
}

export interface StateRuleExecutionsTable {
  id: string;
  project_id: string;
  entity_id: string | null;
  rule_type: string;
  rule_name: string;
  rule: string;
  /** JSON array of lines */
  execution_log: string;
  schedule: string | null;
  repeatability: number | null;
  /** JSON: the value the rule gave */
  rule_execution_result: string;
  schedule_match_result: number | null;
  repeatability_check_result: number | null;
  reason: string | null;
  error: string | null;
  /** JSON array of {name, state, rule_execution_id} */
  advanced_indicators: string;
  created_at: string;
}

export interface EventsTable {
  id: string;
  project_id: string;
  entity_id: string | null;
  type: string;
  rule_type: string;
  rule_execution_id: string | null;
  payload_id: string | null;
  /** JSON: the event context of requirements#monitoring-entities */
  context: string;
  dedupe_key: string;
  created_at: string;
}

export interface NotificationsTable {
  seq: Generated<number>;
  id: string;
  project_id: string;
  event_id: string;
  entity_id: string | null;
  scheme_id: string | null;
  notification_type: string;
  level: string;
  text: string;
  icon: string;
  /** JSON: the `extra` block of requirements#monitoring-entities */
  extra: string;
  created_at: string;
  /** the role whose users it is for (an escalation); null: every member of the project (ADR 0031) */
  recipient_role: string | null;
}

export interface NotificationReadsTable {
  notification_id: string;
  user_id: string;
  read_at: string;
}

export interface RuleMemoryTable {
  entity_id: string;
  memory: string;
  updated_at: string;
}

/** An entity's latest payload times, moved by every batch of its readings (ADR 0019); no row before the first. */
export interface EntityPayloadTimesTable {
  entity_id: string;
  latest_payload_received_at: string;
  latest_payload_read_at: string;
}

/** One row (id 1): moved by trigger at every edit or delete of an entity or a scheme (ADR 0018). */
export interface RegistryVersionTable {
  id: number;
  version: number;
}

/**
 * A batch of readings stored for the rules engine and not evaluated yet (ADR 0015): the project's
 * readings with seq from first_seq to last_seq, or only those listed in `seqs` (JSON) when the
 * batch's seqs are not consecutive (concurrent inserts on PostgreSQL).
 */
export interface EvaluationBacklogTable {
  id: Generated<number>;
  project_id: string;
  first_seq: number;
  last_seq: number;
  seqs: string | null;
  received_at: string;
  /** the engine (server instance) that evaluates it, until another claims it (ADR 0015) */
  owner: string;
}

/** A project's site image (ADR 0022): a drawing or orthophoto stretched over its bounds (degrees). */
export interface SiteImagesTable {
  project_id: string;
  mime_type: string;
  content: Uint8Array;
  west: number;
  south: number;
  east: number;
  north: number;
  updated_at: string;
}

/** One alarm per source (ADR 0024): its ISA-18.2 state, who acknowledged or shelved it, its TARP level. */
export interface AlarmsTable {
  id: string;
  project_id: string;
  entity_key: string;
  entity_id: string | null;
  source: string;
  state: string;
  level: string;
  colour: string;
  occurrence_count: number;
  first_raised_at: string;
  last_raised_at: string;
  cleared_at: string | null;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  ack_comment: string | null;
  shelved_by: string | null;
  shelved_at: string | null;
  shelved_until: string | null;
  shelve_reason: string | null;
  suppressed: string | null;
  tarp_level: string | null;
  ack_deadline: string | null;
  escalated_at: string | null;
  /** JSON: the indexes of the TARP actions done */
  checklist_done: string;
  last_event_id: string | null;
  text: string;
}

/** Every change to an alarm: raised, cleared, acknowledged, shelved… by the engine (user_id null) or a user. */
export interface AlarmHistoryTable {
  id: string;
  alarm_id: string;
  project_id: string;
  action: string;
  at: string;
  user_id: string | null;
  comment: string | null;
  /** JSON */
  details: string;
}

export interface ThumbnailTypesTable {
  id: string;
  project_id: string;
  name: string;
  auto_process: number;
  /** JSON: ThumbnailDimension[] */
  dimensions: string;
  /** the project's own small-and-medium type, given to images created without one */
  is_default: number;
  created_by: string | null;
  created_at: string;
}

export interface MediaFilesTable {
  id: string;
  project_id: string;
  parent_id: string | null;
  thumbnail_name: string | null;
  original_filename: string;
  label: string;
  mime_type: string;
  size: number | null;
  width: number | null;
  height: number | null;
  /** JSON: string[] */
  tags: string;
  /** JSON object */
  attrs: string;
  description: string;
  thumbnail_type_id: string | null;
  storage_key: string | null;
  is_uploaded: number;
  processed_at: string | null;
  upload_ticket_hash: string | null;
  upload_expires_at: string | null;
  created_by: string | null;
  created_at: string;
  modified_by: string | null;
  modified_at: string;
}

export type MediaTaskKind = 'process' | 'thumbnails';

export interface MediaTasksTable {
  id: string;
  project_id: string;
  file_id: string;
  kind: MediaTaskKind;
  status: 'PENDING' | 'STARTED' | 'SUCCESS' | 'FAILURE';
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** The secret that signs private media files' URLs (ADR 0025): one row, made on first use. */
export interface MediaSigningKeysTable {
  id: string;
  /** hex of 32 random bytes */
  secret: string;
  created_at: string;
}

export interface JournalsTable {
  id: string;
  project_id: string;
  title: string;
  description: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export interface JournalEntriesTable {
  id: string;
  project_id: string;
  journal_id: string;
  title: string;
  text: string;
  occurred_at: string;
  author: string | null;
  /** JSON: string[] */
  tags: string;
  /** JSON: string[] */
  monitored_entity_ids: string;
  /** JSON: media file ids */
  attachments: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

export interface JournalEntryHistoryTable {
  id: string;
  entry_id: string;
  action: 'created' | 'updated';
  at: string;
  user_name: string | null;
  /** JSON: [{field, old, new}] */
  changes: string;
}

export interface DataSessionsTable {
  id: string;
  project_id: string;
  title: string;
  started_at: string;
  ended_at: string | null;
  author: string | null;
  status: 'open' | 'submitted';
}

export interface ManualReadingsTable {
  id: string;
  project_id: string;
  data_session_id: string;
  entity_id: string;
  /** '' when the reading is not of a data point */
  data_point_id: string;
  read_at: string;
  /** JSON: the raw metrics as entered, or as last corrected */
  raw_metrics: string;
  entered_by: string | null;
  entered_at: string;
  corrected_by: string | null;
  corrected_at: string | null;
}

export interface ManualReadingHistoryTable {
  id: string;
  reading_id: string;
  action: 'entered' | 'corrected';
  at: string;
  user_name: string | null;
  /** JSON: the raw metrics this action set */
  raw_metrics: string;
  reason: string | null;
}

export interface CrossSectionsTable {
  id: string;
  project_id: string;
  name: string;
  /** JSON: every other field of the section, snake_case as on the wire */
  data: string;
  created_at: string;
  created_by: string | null;
  modified_at: string;
  modified_by: string | null;
}

export interface CrossSectionHistoryTable {
  id: string;
  cross_section_id: string;
  action: 'created' | 'updated';
  at: string;
  user_name: string | null;
  /** JSON: [{field, old, new}] */
  changes: string;
}

/** An ingest key (ADR 0035): only its SHA-256 is kept; revoked keys stay for the record. */
export interface IngestKeysTable {
  id: string;
  project_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON: entity ids; [] every device of the project */
  monitored_entity_ids: string;
  created_at: string;
  created_by: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_address: string | null;
}

export interface ImportProfilesTable {
  id: string;
  project_id: string;
  name: string;
  /** JSON: every other field of the profile, as on the wire */
  spec: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
}

export interface ImportsTable {
  id: string;
  project_id: string;
  profile_id: string;
  file_name: string;
  /** where the file is while it waits and runs: under DATA_DIR/imports, or IMPORT_DIR's processing/ */
  file_path: string;
  size: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  origin: 'upload' | 'folder';
  rows_total: number;
  rows_done: number;
  /** JSON: the result as on the wire */
  result: string;
  error: string | null;
  /** the ingest key that sent it, whose scope applies */
  key_id: string | null;
  created_at: string;
  created_by: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** moved while it runs: a running import whose heartbeat stopped is taken up again */
  heartbeat_at: string | null;
}

/** One create, change or delete of a device, scheme or basic group (ADR 0034); kept after the thing is deleted. */
export interface RegistryHistoryTable {
  id: string;
  project_id: string;
  subject_type: 'instrument' | 'interface-node' | 'virtual-device' | 'scheme' | 'basic-group';
  subject_id: string;
  action: 'created' | 'updated' | 'deleted';
  changed_at: string;
  changed_by: string | null;
  /** JSON: {field: {old, new}} */
  fields: string;
}

/** An instrument's calibration (requirements#site-contracts), in effect from effective_from until the next one. */
export interface CalibrationsTable {
  id: string;
  project_id: string;
  entity_id: string;
  /** canonical ISO-8601 UTC; unique per entity */
  effective_from: string;
  /** JSON: {name: number} */
  factors: string;
  serial_number: string;
  certificate_file_id: string | null;
  notes: string;
  created_at: string;
  created_by: string | null;
}

/** The recomputation of the readings a calibration change covers (ADR 0040), keyed by the calibration. */
export interface CalibrationRecomputesTable {
  calibration_id: string;
  project_id: string;
  entity_id: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  /** canonical ISO-8601 UTC: the readings from range_from up to range_to (excluded; null: no end) */
  range_from: string;
  range_to: string | null;
  /** the last reading rewritten (read_at, data point), where a resumed job goes on */
  cursor_read_at: string | null;
  cursor_data_point_id: string | null;
  readings_total: number;
  readings_done: number;
  /** counts the changes asked for: a job whose generation moved starts again */
  generation: number;
  requested_at: string;
  heartbeat_at: string | null;
  finished_at: string | null;
  error: string | null;
}

/** An inclinometer's datum (ADR 0041): never overwritten; the newest by set_at is in effect. */
export interface InclinometerDatumsTable {
  id: string;
  project_id: string;
  entity_id: string;
  /** canonical ISO-8601 UTC: the read_at of one of the entity's reading sets */
  datum_at: string;
  /** canonical ISO-8601 UTC, later than the entity's previous datum's */
  set_at: string;
  set_by: string | null;
  notes: string;
}

/** A project's report template (issue 39, ADR 0051); schedule, recipients and sections are JSON. */
export interface ReportTemplatesTable {
  id: string;
  project_id: string;
  name: string;
  language: string;
  period: string;
  schedule: string | null;
  recipients: string;
  sections: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** A report of a period: a job any server may claim, then its PDF (in the media storage) and review status. */
export interface ReportsTable {
  id: string;
  project_id: string;
  template_id: string;
  name: string;
  /** JSON: the template as it was when the report was asked for */
  template: string;
  range_from: string;
  range_to: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  error: string | null;
  pages: number | null;
  sha256: string | null;
  file_id: string | null;
  origin: 'manual' | 'schedule';
  /** template and period of a scheduled report, unique: made once whatever the number of servers */
  schedule_key: string | null;
  review_status: string;
  created_at: string;
  created_by: string | null;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string | null;
}

export interface ReportReviewsTable {
  id: string;
  report_id: string;
  action: string;
  at: string;
  user_name: string | null;
  comment: string;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  login_failures: LoginFailuresTable;
  projects: ProjectsTable;
  roles: RolesTable;
  permission_groups: PermissionGroupsTable;
  responder_types: ResponderTypesTable;
  user_profiles: UserProfilesTable;
  modules: ModulesTable;
  project_module_data: ProjectModuleDataTable;
  user_module_data: UserModuleDataTable;
  schemes: SchemesTable;
  monitored_entities: MonitoredEntitiesTable;
  entity_snapshots: EntitySnapshotsTable;
  basic_groups: BasicGroupsTable;
  data_points: DataPointsTable;
  readings: ReadingsTable;
  metric_series: MetricSeriesTable;
  metric_blocks: MetricBlocksTable;
  metric_days: MetricDaysTable;
  metric_compaction: MetricCompactionTable;
  reading_channels: ReadingChannelsTable;
  reading_days: ReadingDaysTable;
  latest_readings: LatestReadingsTable;
  unknown_payloads: UnknownPayloadsTable;
  state_rule_executions: StateRuleExecutionsTable;
  events: EventsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  rule_memory: RuleMemoryTable;
  registry_version: RegistryVersionTable;
  evaluation_backlog: EvaluationBacklogTable;
  site_images: SiteImagesTable;
  alarms: AlarmsTable;
  alarm_history: AlarmHistoryTable;
  entity_payload_times: EntityPayloadTimesTable;
  thumbnail_types: ThumbnailTypesTable;
  media_files: MediaFilesTable;
  media_tasks: MediaTasksTable;
  media_signing_keys: MediaSigningKeysTable;
  journals: JournalsTable;
  journal_entries: JournalEntriesTable;
  journal_entry_history: JournalEntryHistoryTable;
  data_sessions: DataSessionsTable;
  manual_readings: ManualReadingsTable;
  manual_reading_history: ManualReadingHistoryTable;
  cross_sections: CrossSectionsTable;
  cross_section_history: CrossSectionHistoryTable;
  ingest_keys: IngestKeysTable;
  import_profiles: ImportProfilesTable;
  imports: ImportsTable;
  registry_history: RegistryHistoryTable;
  calibrations: CalibrationsTable;
  calibration_recomputes: CalibrationRecomputesTable;
  inclinometer_datums: InclinometerDatumsTable;
  report_templates: ReportTemplatesTable;
  reports: ReportsTable;
  report_reviews: ReportReviewsTable;
  contacts: ContactsTable;
  rosters: RostersTable;
  escalation_policies: EscalationPoliciesTable;
  call_outs: CallOutsTable;
  deliveries: DeliveriesTable;
  ack_tokens: AckTokensTable;
}

/** A user's way to be reached (ADR 0050): the code sent to verify it is kept hashed until entered. */
export interface ContactsTable {
  id: string;
  user_id: string;
  kind: string;
  address: string;
  verified_at: string | null;
  /** JSON: {from, to, timezone} or null */
  quiet_hours: string | null;
  code_hash: string | null;
  code_expires_at: string | null;
  code_attempts: number;
  created_at: string;
}

export interface RostersTable {
  id: string;
  project_id: string;
  name: string;
  /** JSON: user ids in rotation order */
  members: string;
  shift_hours: number;
  starts_at: string;
  timezone: string;
  /** JSON: [{user_id, from, to}] in the order added */
  overrides: string;
  created_at: string;
  updated_at: string;
}

export interface EscalationPoliciesTable {
  id: string;
  project_id: string;
  name: string;
  tarp_level: string;
  /** JSON: the steps */
  steps: string;
  repeat_minutes: number | null;
  created_at: string;
  updated_at: string;
}

/** Where an alarm's escalation stands: its episode (one per raise asking for action), round and next step. */
export interface CallOutsTable {
  id: string;
  alarm_id: string;
  project_id: string;
  episode: number;
  started_at: string;
  round: number;
  next_step: number;
  /** null once nothing more is due (acknowledged, or the steps ran out) */
  next_due_at: string | null;
  /** the policy a test runs; null: the policy of the alarm's TARP level */
  policy_id: string | null;
  is_test: number;
}

/**
 * The outbox (ADR 0050): one message to one address, claimed by one instance at a time. It belongs to
 * an alarm (its call-out) or to a scheduled report (ADR 0051), never both.
 */
export interface DeliveriesTable {
  id: string;
  alarm_id: string | null;
  report_id: string | null;
  /** a report's message, JSON: {subject, text, attachment: {file_id, filename}}; null for an alarm's */
  message: string | null;
  project_id: string;
  episode: number;
  round: number;
  step: number;
  channel: string;
  user_id: string | null;
  contact_id: string | null;
  address: string;
  dedupe_key: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

/** A link that acknowledges an alarm without signing in: single use, stored hashed. */
export interface AckTokensTable {
  id: string;
  token_hash: string;
  alarm_id: string;
  delivery_id: string;
  user_id: string | null;
  channel: string;
  episode: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

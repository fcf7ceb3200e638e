import {
  DEFAULT_CONTRACTED_SLA_TIME,
  DEFAULT_ENTITY_STATES,
  EMPTY_RULES,
  eidSchema,
  ENTITY_TYPES,
  REGISTER_COLUMNS,
  REGISTER_CONTEXT_PREFIX,
  splitList,
  type EntityType,
  type RegisterError,
  type RegisterRowStatus,
} from '@vigil/domain';
import { newId } from '../../db/values.ts';
import { schemeProblems } from './device-checks.ts';
import type { DeviceRecord } from './device-store.ts';
import { allFields, type FieldChanges } from './history-store.ts';
import { deviceHistoryValues, diffValues } from './history-values.ts';
import { FORMULA_WITHOUT_VALUE } from './register-sheet.ts';
import type { SchemeRecord } from './scheme-store.ts';

/**
 * What a register would do (requirements#site-contracts, ADR 0034): each data row checked and matched by eid within
 * the project, as a new device, a change or no change; every problem named by row and column. Pure:
 * the service reads the project and writes the plan.
 */

/** More rows than a site has instruments is a mistake, and would hold the write lock too long. */
export const MAX_REGISTER_ROWS = 20_000;

export interface PlannedRow {
  row: number;
  eid: string;
  status: RegisterRowStatus;
  before: DeviceRecord | undefined;
  after: DeviceRecord;
  fields: FieldChanges;
}

export interface RegisterPlan {
  rows: number;
  planned: PlannedRow[];
  errors: RegisterError[];
}

export interface ProjectRegistry {
  projectId: string;
  schemesByName: Map<string, SchemeRecord>;
  schemesById: Map<string, SchemeRecord>;
  devicesByEid: Map<string, DeviceRecord>;
  now: string;
}

const FIXED = new Set<string>(REGISTER_COLUMNS);
const REQUIRED_COLUMNS = ['entity_type', 'eid'] as const;
const MAX_SLA = 31_536_000;

/** A row's cells by column name, with the problems found so far. */
class RowReader {
  readonly row: number;
  private readonly cells: Map<string, string>;
  readonly errors: RegisterError[];
  constructor(row: number, cells: Map<string, string>, errors: RegisterError[]) {
    this.row = row;
    this.cells = cells;
    this.errors = errors;
  }

  has = (column: string) => this.cells.has(column);
  columns = () => [...this.cells.keys()];
  text = (column: string) => this.cells.get(column)?.trim() ?? '';
  fail = (column: string, message: string) => this.errors.push({ row: this.row, column, message });

  /** A number in the cell, undefined when empty; a comma as decimal mark is read too. */
  number(column: string, label: string): number | undefined | null {
    const text = this.text(column);
    if (text === '') return undefined;
    if (text === FORMULA_WITHOUT_VALUE) {
      this.fail(column, `${label}: the cell holds a formula without a value; enter the number`);
      return null;
    }
    const value = Number(text.replace(/^(-?\d+),(\d+)$/, '$1.$2'));
    if (!Number.isFinite(value)) {
      this.fail(column, `${label} must be a number, not "${text.slice(0, 40)}"`);
      return null;
    }
    return value;
  }
}

interface HeaderInfo {
  columns: Array<string | null>;
  errors: RegisterError[];
}

function readHeader(header: string[]): HeaderInfo {
  const errors: RegisterError[] = [];
  const seen = new Set<string>();
  const columns = header.map((raw, i) => {
    const name = raw.trim();
    const fixed = name.toLowerCase();
    if (name === '') return null;
    const column = FIXED.has(fixed)
      ? fixed
      : fixed.startsWith(REGISTER_CONTEXT_PREFIX)
        ? `${REGISTER_CONTEXT_PREFIX}${name.slice(REGISTER_CONTEXT_PREFIX.length).trim()}`
        : null;
    if (!column) errors.push({ row: 1, column: name, message: `Unknown column ${name} (column ${i + 1})` });
    else if (seen.has(column)) errors.push({ row: 1, column, message: `The column ${column} appears twice` });
    else if (column === REGISTER_CONTEXT_PREFIX)
      errors.push({ row: 1, column: name, message: 'A context column names its metric: context.<key>' });
    else seen.add(column);
    return column;
  });
  for (const required of REQUIRED_COLUMNS)
    if (!seen.has(required)) errors.push({ row: 1, column: required, message: `The column ${required} is missing` });
  return { columns, errors };
}

/** The plan of a register's rows (the first being the header) against the project's registry. */
export function planRegister(sheet: string[][], project: ProjectRegistry): RegisterPlan {
  const [header = [], ...lines] = sheet;
  // Blank rows between others are skipped; the rest keep the numbers a spreadsheet shows them with.
  const body = lines.flatMap((cells, i) => (cells.some((c) => c.trim() !== '') ? [{ cells, row: i + 2 }] : []));
  if (!sheet.length || header.every((c) => c.trim() === ''))
    return { rows: 0, planned: [], errors: [{ row: 0, column: 'file', message: 'The file is empty' }] };
  const { columns, errors } = readHeader(header);
  if (errors.length) return { rows: body.length, planned: [], errors };
  if (body.length === 0)
    return { rows: 0, planned: [], errors: [{ row: 0, column: 'file', message: 'The file has a header but no rows' }] };
  if (body.length > MAX_REGISTER_ROWS)
    return {
      rows: body.length,
      planned: [],
      errors: [
        { row: MAX_REGISTER_ROWS + 2, column: 'file', message: `A register holds ${MAX_REGISTER_ROWS} rows at most` },
      ],
    };

  const readers = body.map(({ cells, row }) => {
    const byColumn = new Map<string, string>();
    columns.forEach((column, j) => column && byColumn.set(column, cells[j] ?? ''));
    return new RowReader(row, byColumn, errors);
  });

  // First pass: each row's eid, type and id, so that instruments find interface nodes anywhere in the file.
  const firstRowOf = new Map<string, number>();
  const identities = readers.map((r) => {
    const eid = r.text('eid');
    const parsedEid = eidSchema.safeParse(eid);
    if (eid === '') r.fail('eid', 'Required');
    else if (!parsedEid.success) r.fail('eid', parsedEid.error.issues[0]!.message);
    else if (firstRowOf.has(eid)) r.fail('eid', `Duplicate eid ${eid}: also on row ${firstRowOf.get(eid)}`);
    else firstRowOf.set(eid, r.row);
    const before = project.devicesByEid.get(eid);
    const typeText = r.text('entity_type');
    let entityType: EntityType | undefined = before?.entityType;
    if (typeText === '' && !before) r.fail('entity_type', `Required: ${ENTITY_TYPES.join(', ')}`);
    else if (typeText !== '' && !ENTITY_TYPES.includes(typeText as EntityType))
      r.fail('entity_type', `Unknown type ${typeText}: use ${ENTITY_TYPES.join(', ')}`);
    else if (typeText !== '') {
      if (before && before.entityType !== typeText)
        r.fail('entity_type', `${eid} is an existing ${before.entityType}; its type cannot change`);
      entityType = typeText as EntityType;
    }
    return { eid, before, entityType, id: before?.id ?? newId() };
  });
  const fileNodes = new Map(
    identities.filter((d) => d.entityType === 'interface-node' && firstRowOf.get(d.eid)).map((d) => [d.eid, d.id]),
  );

  const planned: PlannedRow[] = [];
  readers.forEach((r, i) => {
    const { eid, before, entityType, id } = identities[i]!;
    const errorsBefore = errors.length;
    const after = rowRecord(r, project, { eid, before, entityType: entityType ?? 'instrument', id }, fileNodes);
    if (errors.length > errorsBefore || !entityType || !after) return;
    const fields = before
      ? diffValues(deviceHistoryValues(before), deviceHistoryValues(after))
      : allFields(deviceHistoryValues(after), 'created');
    const status: RegisterRowStatus = !before ? 'new' : Object.keys(fields).length ? 'changed' : 'unchanged';
    planned.push({ row: r.row, eid, status, before, after, fields });
  });
  return { rows: body.length, planned, errors };
}

/** The device a row describes; columns the file lacks keep an existing device's values. */
function rowRecord(
  r: RowReader,
  project: ProjectRegistry,
  identity: { eid: string; before: DeviceRecord | undefined; entityType: EntityType; id: string },
  fileNodes: Map<string, string>,
): DeviceRecord | undefined {
  const { before, entityType } = identity;

  const title = r.has('title') ? r.text('title') : (before?.title ?? '');
  if (title === '') r.fail('title', 'Required');
  else if (title.length > 200) r.fail('title', 'At most 200 characters');

  let scheme = before?.schemeId ? project.schemesById.get(before.schemeId) : undefined;
  if (r.has('scheme') || !before) {
    const name = r.text('scheme');
    scheme = project.schemesByName.get(name);
    if (name === '') r.fail('scheme', 'Required: the name of one of the project’s schemes');
    else if (!scheme) r.fail('scheme', `Unknown scheme ${name}`);
  }

  let interfaceNodeId = before?.interfaceNodeId ?? null;
  if (r.has('interface_node')) {
    const nodeEid = r.text('interface_node');
    const existing = project.devicesByEid.get(nodeEid);
    const nodeId =
      nodeEid === ''
        ? null
        : (fileNodes.get(nodeEid) ?? (existing?.entityType === 'interface-node' ? existing.id : undefined));
    if (nodeId === undefined) r.fail('interface_node', `Unknown interface node ${nodeEid}`);
    else if (nodeId && entityType !== 'instrument') r.fail('interface_node', 'Only instruments have an interface node');
    else interfaceNodeId = nodeId;
  }

  let coordinates = before?.coordinates ?? null;
  if (r.has('lat') || r.has('lon')) {
    const lat = r.number('lat', 'Latitude');
    const lon = r.number('lon', 'Longitude');
    if (typeof lat === 'number' && (lat < -90 || lat > 90))
      r.fail('lat', `Latitude must be between -90 and 90, not ${lat}`);
    if (typeof lon === 'number' && (lon < -180 || lon > 180))
      r.fail('lon', `Longitude must be between -180 and 180, not ${lon}`);
    if ((lat === undefined) !== (lon === undefined) && lat !== null && lon !== null)
      r.fail(lat === undefined ? 'lat' : 'lon', 'Give both latitude and longitude, or neither');
    coordinates = typeof lat === 'number' && typeof lon === 'number' ? [lon, lat] : null;
  }

  let sla = before?.contractedSlaTime ?? DEFAULT_CONTRACTED_SLA_TIME;
  if (r.has('contracted_sla_time')) {
    const value = r.number('contracted_sla_time', 'Contracted SLA time (seconds)');
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 1 || value > MAX_SLA)
        r.fail('contracted_sla_time', `Contracted SLA time must be a whole number of seconds from 1 to ${MAX_SLA}`);
      else sla = value;
    }
  }

  const description = r.has('description') ? r.text('description') : (before?.description ?? '');
  if (description.length > 4000) r.fail('description', 'At most 4000 characters');

  let labels = before?.labels ?? [];
  if (r.has('labels')) {
    labels = [...new Set(splitList(r.text('labels')))];
    if (labels.length > 50) r.fail('labels', 'At most 50 labels');
    if (labels.some((l) => l.length > 64)) r.fail('labels', 'A label has at most 64 characters');
  }

  const context = { ...(before?.context ?? {}) };
  const declared = new Set(scheme?.spec.metrics.context_metrics.map((m) => m.key) ?? []);
  for (const column of r.columns()) {
    if (!column.startsWith(REGISTER_CONTEXT_PREFIX)) continue;
    const key = column.slice(REGISTER_CONTEXT_PREFIX.length);
    const value = r.number(column, `Context metric ${key}`);
    if (value === undefined) delete context[key];
    else if (value !== null) {
      if (scheme && !declared.has(key)) r.fail(column, `The scheme ${scheme.name} declares no context metric ${key}`);
      else context[key] = value;
    }
  }

  if (!scheme) return undefined;
  const record: DeviceRecord = {
    ...(before ?? newDevice(project, identity.id, entityType)),
    eid: identity.eid,
    title,
    description,
    schemeId: scheme.id,
    interfaceNodeId,
    coordinates,
    context,
    labels,
    contractedSlaTime: sla,
    updatedAt: before?.updatedAt ?? project.now,
  };
  // A device moving to another scheme keeps its limits and user metrics: the new scheme must declare them.
  const problems = new Set(
    Object.entries(schemeProblems(record, scheme.spec)).flatMap(([field, messages]) =>
      messages.map(
        (message) => `${field.startsWith('context.') ? field : 'scheme'}\n${message} (scheme ${scheme.name})`,
      ),
    ),
  );
  for (const problem of problems) {
    const [column, message] = problem.split('\n') as [string, string];
    r.fail(column, message);
  }
  return record;
}

function newDevice(project: ProjectRegistry, id: string, entityType: EntityType): DeviceRecord {
  return {
    id,
    projectId: project.projectId,
    entityType,
    eid: '',
    title: '',
    description: '',
    schemeId: null,
    interfaceNodeId: null,
    coordinates: null,
    context: {},
    attachments: [],
    labels: [],
    userMetrics: {},
    metricLimits: [],
    rules: EMPTY_RULES,
    assetCertificate: null,
    contractedSlaTime: DEFAULT_CONTRACTED_SLA_TIME,
    maintenanceMode: false,
    turnedOff: false,
    decommissioned: false,
    latestPayloadReceivedAt: null,
    latestPayloadReadAt: null,
    states: DEFAULT_ENTITY_STATES,
    createdAt: project.now,
    updatedAt: project.now,
  };
}

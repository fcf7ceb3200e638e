import {
  DEFAULT_CONTRACTED_SLA_TIME,
  DEFAULT_ENTITY_STATES,
  DEFAULT_SNAPSHOT_STATES,
  EMPTY_RULES,
  type DeviceCreateBody,
  type DevicePatchBody,
  type EntityRules,
  type EntityRulesBody,
  type EntityType,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { conflict, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { interfaceNodeProblems, schemeProblems } from './device-checks.ts';
import { findDeviceUsage, usageMessage } from './device-usage.ts';
import { presentDevice, presentSnapshot, snapshotStatesOf, type ProfileLookups } from './device-presenter.ts';
import {
  deleteDevice,
  eidTaken,
  findDevice,
  findEntityRefs,
  findInstrumentsOf,
  insertDevice,
  listDevices,
  updateDevice,
  type DeviceFilters,
  type DeviceRecord,
} from './device-store.ts';
import { deleteDataPointsOf } from './data-point-store.ts';
import { findGroups, updateGroup } from './group-store.ts';
import { deviceHistoryValues, diffValues, groupHistoryValues } from './history-values.ts';
import {
  allFields,
  historyChange,
  recordHistory,
  type Editor,
  type FieldChanges,
  type HistoryAction,
} from './history-store.ts';
import { findProjectSchemes, findScheme } from './scheme-store.ts';
import { appendSnapshot, findLatestSnapshots } from './snapshot-store.ts';
import { nextVersion, requireVersion, STALE_MESSAGE } from './versions.ts';

const EID_TAKEN = 'A device with this eid already exists in the project';

/** A device's change for its history. */
const change = (editor: Editor, record: DeviceRecord, action: HistoryAction, at: string, fields: FieldChanges) =>
  historyChange(editor, record.entityType, record.id, action, at, fields);

/** Rules as stored: an advanced indicator keeps its latest execution while its rule is unchanged. */
function storedRules(body: EntityRulesBody, previous: EntityRules): EntityRules {
  const executions = new Map(previous.advanced_indicators.map((a) => [`${a.name}\n${a.rule}`, a.rule_execution_id]));
  return {
    safety_state_rules: body.safety_state_rules,
    operational_state_rules: body.operational_state_rules,
    connectivity_state_rules: body.connectivity_state_rules,
    advanced_indicators: body.advanced_indicators.map((a) => ({
      name: a.name,
      rule: a.rule,
      rule_execution_id: executions.get(`${a.name}\n${a.rule}`) ?? null,
    })),
  };
}

/** Instruments, interface nodes and virtual devices: read by members, written by administrators and managers. */
export function deviceService(db: Db) {
  async function lookupsFor(projectId: string, records: DeviceRecord[]): Promise<ProfileLookups> {
    const [schemes, refs, instruments] = await Promise.all([
      findProjectSchemes(db, projectId),
      findEntityRefs(
        db,
        projectId,
        records.flatMap((r) => (r.interfaceNodeId ? [r.interfaceNodeId] : [])),
      ),
      findInstrumentsOf(
        db,
        projectId,
        records.filter((r) => r.entityType === 'interface-node').map((r) => r.id),
      ),
    ]);
    return { schemes, refs, instruments };
  }

  async function present(projectId: string, records: DeviceRecord[]) {
    const lookups = await lookupsFor(projectId, records);
    return records.map((r) => presentDevice(r, lookups));
  }

  async function requireDevice(projectId: string, entityType: EntityType, id: string) {
    const record = await findDevice(db, projectId, id, entityType);
    if (!record) throw notFound();
    return record;
  }

  /** Refuses a device whose scheme, interface node, context or limits do not hold in its project. */
  async function check(record: DeviceRecord) {
    const details: ErrorDetails = {};
    const scheme = record.schemeId ? await findScheme(db, record.projectId, record.schemeId) : undefined;
    if (!scheme) details.scheme = ['Unknown scheme'];
    else Object.assign(details, schemeProblems(record, scheme.spec));
    const node = record.interfaceNodeId
      ? (await findEntityRefs(db, record.projectId, [record.interfaceNodeId])).get(record.interfaceNodeId)
      : undefined;
    Object.assign(details, interfaceNodeProblems(record, node));
    if (Object.keys(details).length) throw validationError('Invalid device', details);
    if (await eidTaken(db, record.projectId, record.eid, record.id)) throw conflict(EID_TAKEN, { eid: [EID_TAKEN] });
  }

  /** Writes in one transaction; a concurrent duplicate eid is a conflict, not a 500. */
  async function write(work: (trx: Db) => Promise<void>) {
    try {
      await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EID_TAKEN, { eid: [EID_TAKEN] });
      throw error;
    }
  }

  async function presentOne(record: DeviceRecord) {
    return (await present(record.projectId, [record]))[0]!;
  }

  /** Writes a change over the version read, with its snapshot when the states' switches moved, and its history. */
  async function saveChange(editor: Editor, before: DeviceRecord, after: DeviceRecord, fields: FieldChanges) {
    await write(async (trx) => {
      if (!(await updateDevice(trx, after, before.updatedAt))) throw conflict(STALE_MESSAGE);
      if (JSON.stringify(snapshotStatesOf(before)) !== JSON.stringify(snapshotStatesOf(after)))
        await appendSnapshot(trx, after.id, snapshotStatesOf(after), after.updatedAt);
      await recordHistory(trx, [change(editor, after, 'updated', after.updatedAt, fields)]);
    });
  }

  return {
    async list(projectId: string, entityType: EntityType, query: ListQuery, filters: DeviceFilters) {
      const { count, records } = await listDevices(db, projectId, entityType, query, filters);
      return { count, objects: await present(projectId, records) };
    },

    /** 404 unless the project holds an entity of that type with that id. */
    async requireExisting(projectId: string, entityType: EntityType, id: string) {
      await requireDevice(projectId, entityType, id);
    },

    async get(projectId: string, entityType: EntityType, id: string) {
      return presentOne(await requireDevice(projectId, entityType, id));
    },

    /** Each entity as of its latest snapshot at or before `time` (now when not given). */
    async snapshots(
      projectId: string,
      entityType: EntityType,
      query: ListQuery,
      filters: DeviceFilters,
      time?: string,
    ) {
      const { count, records } = await listDevices(db, projectId, entityType, query, filters);
      const [profiles, snapshots] = await Promise.all([
        present(projectId, records),
        findLatestSnapshots(
          db,
          records.map((r) => r.id),
          time ?? nowIso(),
        ),
      ]);
      return {
        count,
        objects: profiles.map((p) => presentSnapshot(p, snapshots.get(p.id), DEFAULT_SNAPSHOT_STATES)),
      };
    },

    async create(editor: Editor, entityType: EntityType, body: DeviceCreateBody) {
      const { projectId } = editor;
      const now = nowIso();
      const record: DeviceRecord = {
        id: newId(),
        projectId,
        entityType,
        eid: body.eid,
        title: body.title,
        description: body.description ?? '',
        schemeId: body.scheme,
        interfaceNodeId: body.interface_node ?? null,
        coordinates: body.location?.coordinates ?? null,
        context: body.context ?? {},
        attachments: body.attachments ?? [],
        labels: body.labels ?? [],
        userMetrics: body.user_metrics ?? {},
        metricLimits: body.metric_limits ?? [],
        rules: body.rules ? storedRules(body.rules, EMPTY_RULES) : EMPTY_RULES,
        assetCertificate: body.asset_certificate ?? null,
        contractedSlaTime: body.contracted_sla_time ?? DEFAULT_CONTRACTED_SLA_TIME,
        maintenanceMode: body.maintenance_mode ?? false,
        turnedOff: body.turned_off ?? false,
        decommissioned: false,
        latestPayloadReceivedAt: null,
        latestPayloadReadAt: null,
        states: DEFAULT_ENTITY_STATES,
        createdAt: now,
        updatedAt: now,
      };
      await check(record);
      await write(async (trx) => {
        await insertDevice(trx, record);
        await appendSnapshot(trx, record.id, snapshotStatesOf(record), now);
        await recordHistory(trx, [
          change(editor, record, 'created', now, allFields(deviceHistoryValues(record), 'created')),
        ]);
      });
      return presentOne(record);
    },

    /** Changes the fields sent; with `ifMatch`, only over that version of the device (409 otherwise). */
    async update(editor: Editor, entityType: EntityType, id: string, body: DevicePatchBody, ifMatch?: string[]) {
      const before = await requireDevice(editor.projectId, entityType, id);
      requireVersion(ifMatch, before.updatedAt);
      const now = nextVersion(before.updatedAt);
      const after: DeviceRecord = {
        ...before,
        eid: body.eid ?? before.eid,
        title: body.title ?? before.title,
        description: body.description ?? before.description,
        schemeId: body.scheme ?? before.schemeId,
        interfaceNodeId: body.interface_node === undefined ? before.interfaceNodeId : body.interface_node,
        coordinates: body.location === undefined ? before.coordinates : (body.location?.coordinates ?? null),
        context: body.context ?? before.context,
        attachments: body.attachments ?? before.attachments,
        labels: body.labels ?? before.labels,
        userMetrics: body.user_metrics ?? before.userMetrics,
        metricLimits: body.metric_limits ?? before.metricLimits,
        rules: body.rules ? storedRules(body.rules, before.rules) : before.rules,
        assetCertificate: body.asset_certificate === undefined ? before.assetCertificate : body.asset_certificate,
        contractedSlaTime: body.contracted_sla_time ?? before.contractedSlaTime,
        maintenanceMode: body.maintenance_mode ?? before.maintenanceMode,
        turnedOff: body.turned_off ?? before.turnedOff,
        updatedAt: now,
      };
      await check(after);
      const fields = diffValues(deviceHistoryValues(before), deviceHistoryValues(after));
      if (!Object.keys(fields).length) return presentOne(before);
      await saveChange(editor, before, after, fields);
      return presentOne(after);
    },

    /** Takes a device out of service; its readings, snapshots and events stay. */
    async decommission(editor: Editor, entityType: EntityType, id: string, ifMatch?: string[]) {
      const before = await requireDevice(editor.projectId, entityType, id);
      requireVersion(ifMatch, before.updatedAt);
      if (before.decommissioned) return presentOne(before);
      const after = { ...before, decommissioned: true, updatedAt: nextVersion(before.updatedAt) };
      await saveChange(editor, before, after, { decommissioned: { old: false, new: true } });
      return presentOne(after);
    },

    /**
     * Deletes a device nothing uses, with its data points, out of its groups; 409 naming where it is
     * used otherwise (decommissioning is the way out). Its history stays.
     */
    async remove(editor: Editor, entityType: EntityType, id: string, ifMatch?: string[]) {
      const before = await requireDevice(editor.projectId, entityType, id);
      requireVersion(ifMatch, before.updatedAt);
      const now = nextVersion(before.updatedAt);
      await write(async (trx) => {
        // Checked in the transaction that deletes, so that a reading stored meanwhile is not deleted with it.
        const used = usageMessage(await findDeviceUsage(trx, editor.projectId, id));
        if (used) throw conflict(`${used}: decommission the device instead`);
        const groups = (await findGroups(trx, editor.projectId)).filter((g) => g.entityIds.includes(id));
        for (const group of groups) {
          const after = { ...group, entityIds: group.entityIds.filter((e) => e !== id), updatedAt: now };
          await updateGroup(trx, after);
          const fields = diffValues(groupHistoryValues(group), groupHistoryValues(after));
          await recordHistory(trx, [historyChange(editor, 'basic-group', group.id, 'updated', now, fields)]);
        }
        await deleteDataPointsOf(trx, id);
        if (!(await deleteDevice(trx, editor.projectId, id, before.updatedAt))) throw conflict(STALE_MESSAGE);
        await recordHistory(trx, [
          change(editor, before, 'deleted', now, allFields(deviceHistoryValues(before), 'deleted')),
        ]);
      });
    },
  };
}

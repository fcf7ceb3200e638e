import {
  REGISTER_COLUMNS,
  REGISTER_CONTEXT_PREFIX,
  type RegisterFormat,
  type RegisterImportAnswer,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation, newId, nowIso } from '../../db/values.ts';
import { conflict } from '../../http/errors.ts';
import { snapshotStatesOf } from './device-presenter.ts';
import { findDevicesByEid, insertDevices, updateDevice, type DeviceRecord } from './device-store.ts';
import { historyChange, recordHistory, type Editor, type HistoryChange } from './history-store.ts';
import { planRegister, type PlannedRow, type ProjectRegistry } from './register-plan.ts';
import { readSheet, writeSheet } from './register-sheet.ts';
import { findProjectSchemes, type SchemeRecord } from './scheme-store.ts';
import { insertSnapshots } from './snapshot-store.ts';
import { nextVersion } from './versions.ts';

const CHANGED_MEANWHILE = 'A device of the register changed while it was imported: import the file again';

/** The context columns of a project: every context metric its schemes declare, in name order. */
const contextKeysOf = (schemes: Iterable<SchemeRecord>) =>
  [...new Set([...schemes].flatMap((s) => s.spec.metrics.context_metrics.map((m) => m.key)))].sort();

/** Interface nodes first, so that the instruments after them name nodes already read; then by eid. */
const TYPE_ORDER = { 'interface-node': 0, instrument: 1, 'virtual-device': 2 } as const;
const byTypeThenEid = (a: DeviceRecord, b: DeviceRecord) =>
  TYPE_ORDER[a.entityType] - TYPE_ORDER[b.entityType] || a.eid.localeCompare(b.eid, 'en', { numeric: true });

/** The instrument register (requirements#site-contracts, ADR 0034): import with a dry run, export, template. */
export function registerService(db: Db) {
  async function projectRegistry(projectId: string): Promise<ProjectRegistry> {
    const [schemes, devicesByEid] = await Promise.all([
      findProjectSchemes(db, projectId),
      findDevicesByEid(db, projectId),
    ]);
    return {
      projectId,
      schemesById: schemes,
      schemesByName: new Map([...schemes.values()].map((s) => [s.name, s])),
      devicesByEid,
      now: nowIso(),
    };
  }

  /** Writes the plan in one transaction: new devices (interface nodes first) and their first snapshots, changes over the versions read, and the history of each. */
  async function write(editor: Editor, planned: PlannedRow[], now: string) {
    const created = planned
      .filter((p) => p.status === 'new')
      .map((p) => ({ ...p.after, createdAt: now, updatedAt: now }));
    created.sort((a, b) => Number(b.entityType === 'interface-node') - Number(a.entityType === 'interface-node'));
    const history: HistoryChange[] = [];
    const change = (p: PlannedRow, record: DeviceRecord, action: 'created' | 'updated') =>
      historyChange(editor, record.entityType, record.id, action, record.updatedAt, p.fields);
    try {
      await db.transaction().execute(async (trx) => {
        await insertDevices(trx, created);
        await insertSnapshots(
          trx,
          created.map((r) => ({ id: newId(), entityId: r.id, createdAt: now, states: snapshotStatesOf(r) })),
        );
        for (const p of planned) {
          if (p.status === 'new') history.push(change(p, p.after, 'created'));
          if (p.status !== 'changed' || !p.before) continue;
          const after = { ...p.after, updatedAt: nextVersion(p.before.updatedAt) };
          if (!(await updateDevice(trx, after, p.before.updatedAt))) throw conflict(CHANGED_MEANWHILE);
          history.push(change(p, after, 'updated'));
        }
        await recordHistory(trx, history);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CHANGED_MEANWHILE);
      throw error;
    }
  }

  return {
    /** Checks every row; writes them all in one transaction unless `dryRun` or any row has an error. */
    async import(editor: Editor, bytes: Buffer, dryRun: boolean): Promise<RegisterImportAnswer> {
      const sheet = await readSheet(bytes);
      const project = await projectRegistry(editor.projectId);
      const plan = planRegister(sheet, project);
      const count = (status: PlannedRow['status']) => plan.planned.filter((p) => p.status === status).length;
      if (!dryRun && !plan.errors.length) await write(editor, plan.planned, project.now);
      return {
        rows: plan.rows,
        created: count('new'),
        updated: count('changed'),
        unchanged: count('unchanged'),
        errors: plan.errors.sort((a, b) => a.row - b.row),
        row_statuses: plan.planned.map((p) => ({ row: p.row, eid: p.eid, status: p.status })),
      };
    },

    /** Every device of the project in the register's columns, so that export → import changes nothing. */
    async export(projectId: string, format: RegisterFormat): Promise<Buffer> {
      const { schemesById, devicesByEid } = await projectRegistry(projectId);
      const contextKeys = contextKeysOf(schemesById.values());
      const eidOf = new Map([...devicesByEid.values()].map((d) => [d.id, d.eid]));
      const rows = [...devicesByEid.values()]
        .sort(byTypeThenEid)
        .map((d) => [
          d.entityType,
          d.eid,
          d.title,
          (d.schemeId && schemesById.get(d.schemeId)?.name) ?? '',
          (d.interfaceNodeId && eidOf.get(d.interfaceNodeId)) ?? '',
          d.coordinates?.[1] ?? '',
          d.coordinates?.[0] ?? '',
          d.contractedSlaTime,
          d.description,
          d.labels.join(', '),
          ...contextKeys.map((key) => d.context[key] ?? ''),
        ]);
      return writeSheet(
        [[...REGISTER_COLUMNS, ...contextKeys.map((k) => REGISTER_CONTEXT_PREFIX + k)], ...rows],
        format,
      );
    },

    /** The header row and one example row, naming one of the project's schemes. */
    async template(projectId: string, format: RegisterFormat): Promise<Buffer> {
      const { schemesById, devicesByEid } = await projectRegistry(projectId);
      const schemes = [...schemesById.values()].sort((a, b) => a.name.localeCompare(b.name));
      const scheme =
        schemes.find((s) => s.type === 'phreatic_surface' && s.spec.metrics.context_metrics.length) ??
        schemes.find((s) => s.spec.metrics.context_metrics.length) ??
        schemes[0];
      // An eid the project does not use, so that the example imported as it is adds a device, never changes one.
      let n = 1;
      while (devicesByEid.has(`PZ-${String(n).padStart(2, '0')}`)) n++;
      const eid = `PZ-${String(n).padStart(2, '0')}`;
      const contextKeys = contextKeysOf(schemes);
      const example = [
        'instrument',
        eid,
        `Piezometer ${eid}, left abutment`,
        scheme?.name ?? 'VW piezometer',
        '',
        -27.366,
        -70.331,
        3600,
        'Vibrating-wire piezometer at the dam toe',
        'toe, left abutment',
        // Context values stay blank: a made-up tip elevation would give believable, wrong levels.
        ...contextKeys.map(() => ''),
      ];
      return writeSheet(
        [[...REGISTER_COLUMNS, ...contextKeys.map((k) => REGISTER_CONTEXT_PREFIX + k)], example],
        format,
      );
    },
  };
}

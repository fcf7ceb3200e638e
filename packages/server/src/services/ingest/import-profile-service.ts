import {
  importProfileCreateBody,
  importProfilePatchBody,
  type ImportColumn,
  type ImportProfile,
  type ImportProfileCreateBody,
} from '@vigil/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { fromJson, isUniqueViolation, newId, nowIso, toJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { addDetail, conflict, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import { listFromMemory, sameNamedColumns, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import { importProfileStore, type ImportProfileRow, type MappedDevice } from './import-profile-store.ts';
import { compileScheme } from './metric-rules.ts';

const LIST_SPEC: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'format', 'created_at', 'updated_at']),
  filters: ['id', 'name', 'format'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

type ProfileFields = Omit<ImportProfile, 'id' | 'created_at' | 'created_by' | 'updated_at'>;

export function presentProfile(row: ImportProfileRow): ImportProfile {
  const spec = fromJson<Omit<ProfileFields, 'name'>>(row.spec, {} as Omit<ProfileFields, 'name'>);
  return {
    id: row.id,
    name: row.name,
    ...spec,
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
}

const nameTaken = () => conflict('A profile of this name exists', { name: ['A profile of this name exists'] });

/**
 * What is wrong with a profile's columns: a device that is not the project's, a metric that is not a
 * raw metric of its scheme, a data point that is not the device's, a column mapped twice.
 */
export function columnProblems(columns: readonly ImportColumn[], devices: Map<string, MappedDevice>): ErrorDetails {
  const details: ErrorDetails = {};
  const seen = new Set<string>();
  const targets = new Set<string>();
  columns.forEach((c, i) => {
    if (seen.has(c.column)) addDetail(details, `columns.${i}.column`, 'This column is mapped already');
    seen.add(c.column);
    const device = devices.get(c.eid);
    if (!device) {
      addDetail(details, `columns.${i}.eid`, `No device with the id ${c.eid} in this project`);
      return;
    }
    if (!compileScheme(device.schemeSpec).rawKeys.has(c.metric)) {
      addDetail(details, `columns.${i}.metric`, `Not a raw metric of ${c.eid}`);
    }
    if (c.data_point !== undefined && !device.dataPoints.has(c.data_point)) {
      addDetail(details, `columns.${i}.data_point`, `Not a data point of ${c.eid}`);
    }
    const target = `${c.eid}\u0000${c.data_point ?? ''}\u0000${c.metric}`;
    if (targets.has(target)) addDetail(details, `columns.${i}.metric`, 'Another column fills this metric');
    targets.add(target);
  });
  return details;
}

/** Import profiles of the current project (requirements#site-contracts, ADR 0035). */
export function importProfileService(db: Db) {
  const store = importProfileStore(db);

  async function check(projectId: string, fields: ProfileFields) {
    const devices = await store.devices(projectId, [...new Set(fields.columns.map((c) => c.eid))]);
    const details = columnProblems(fields.columns, devices);
    if (Object.keys(details).length) throw validationError('The profile was not saved: fix the fields named', details);
  }

  async function requireRow(projectId: string, id: string) {
    const row = await store.find(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  const specOf = ({ name: _name, ...spec }: ProfileFields) => toJson(spec);

  return {
    store,
    async list(actor: ProjectActor, input: ListQueryInput) {
      return listFromMemory((await store.list(actor.projectId)).map(presentProfile), input, LIST_SPEC);
    },
    async get(actor: ProjectActor, id: string) {
      return presentProfile(await requireRow(actor.projectId, id));
    },
    async create(actor: ProjectActor, input: ImportProfileCreateBody): Promise<ImportProfile> {
      const fields = importProfileCreateBody.parse(input);
      await check(actor.projectId, fields);
      if (await store.findByName(actor.projectId, fields.name)) throw nameTaken();
      const now = nowIso();
      const row: ImportProfileRow = {
        id: newId(),
        project_id: actor.projectId,
        name: fields.name,
        spec: specOf(fields),
        created_at: now,
        created_by: actor.username,
        updated_at: now,
      };
      try {
        await store.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return presentProfile(row);
    },
    async patch(actor: ProjectActor, id: string, input: z.input<typeof importProfilePatchBody>) {
      const body = importProfilePatchBody.parse(input);
      const current = presentProfile(await requireRow(actor.projectId, id));
      const { id: _id, created_at: _c, created_by: _b, updated_at: _u, ...fields } = current;
      const next: ProfileFields = { ...fields, ...body } as ProfileFields;
      await check(actor.projectId, next);
      if (next.name !== current.name && (await store.findByName(actor.projectId, next.name))) throw nameTaken();
      try {
        await store.update(actor.projectId, id, { name: next.name, spec: specOf(next), updated_at: nowIso() });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      return presentProfile(await requireRow(actor.projectId, id));
    },
    async remove(actor: ProjectActor, id: string) {
      if (!(await store.remove(actor.projectId, id))) throw notFound();
    },
  };
}

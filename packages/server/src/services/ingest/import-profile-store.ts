import type { Db } from '../../db/connection.ts';
import { projectRows } from '../../db/project-rows.ts';
import type { ImportProfilesTable } from '../../db/schema.ts';

/** All SQL of import profiles (ADR 0035), and what checking one needs of the registry. */

export type ImportProfileRow = ImportProfilesTable;

/** A device of the project by eid, with its scheme's spec and its data points' identifiers. */
export interface MappedDevice {
  id: string;
  eid: string;
  schemeSpec: string | null;
  /** data point identifier → id */
  dataPoints: Map<string, string>;
}

export function importProfileStore(db: Db) {
  const profiles = projectRows(db, 'import_profiles');
  return {
    async list(projectId: string): Promise<ImportProfileRow[]> {
      return db.selectFrom('import_profiles').selectAll().where('project_id', '=', projectId).execute();
    },
    find: profiles.find,
    async findByName(projectId: string, name: string): Promise<ImportProfileRow | undefined> {
      return db
        .selectFrom('import_profiles')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('name', '=', name)
        .executeTakeFirst();
    },
    insert: profiles.insert,
    update: profiles.update,
    remove: profiles.remove,

    /** The project's devices among `eids`, by eid. */
    async devices(projectId: string, eids: readonly string[]): Promise<Map<string, MappedDevice>> {
      const out = new Map<string, MappedDevice>();
      for (let i = 0; i < eids.length; i += 500) {
        const rows = await db
          .selectFrom('monitored_entities as e')
          .leftJoin('schemes as s', 's.id', 'e.scheme_id')
          .select(['e.id', 'e.eid', 's.spec'])
          .where('e.project_id', '=', projectId)
          .where('e.eid', 'in', eids.slice(i, i + 500))
          .execute();
        for (const row of rows)
          out.set(row.eid, { id: row.id, eid: row.eid, schemeSpec: row.spec, dataPoints: new Map() });
      }
      const byId = new Map([...out.values()].map((d) => [d.id, d]));
      const ids = [...byId.keys()];
      for (let i = 0; i < ids.length; i += 500) {
        const points = await db
          .selectFrom('data_points')
          .select(['id', 'entity_id', 'identifier'])
          .where('project_id', '=', projectId)
          .where('entity_id', 'in', ids.slice(i, i + 500))
          .execute();
        for (const p of points) byId.get(p.entity_id)?.dataPoints.set(p.identifier, p.id);
      }
      return out;
    },
  };
}

export type ImportProfileStore = ReturnType<typeof importProfileStore>;

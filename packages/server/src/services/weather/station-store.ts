import type { SchemeSpec } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';

/** A meteorological device of a project, where it stands, and the units its scheme declares. */
export interface Station {
  id: string;
  eid: string;
  title: string;
  lat: number;
  lon: number;
  /** raw metric key → its unit, e.g. air_temperature → °C */
  units: Record<string, string>;
}

/**
 * The project's located meteorological devices (scheme type `meteorological`) that are in service:
 * neither turned off nor decommissioned.
 */
export async function findStations(db: Db, projectId: string): Promise<Station[]> {
  const rows = await db
    .selectFrom('monitored_entities as e')
    .innerJoin('schemes as s', 's.id', 'e.scheme_id')
    .select(['e.id', 'e.eid', 'e.title', 'e.latitude', 'e.longitude', 's.spec'])
    .where('e.project_id', '=', projectId)
    .where('s.type', '=', 'meteorological')
    .where('e.latitude', 'is not', null)
    .where('e.longitude', 'is not', null)
    .where('e.turned_off', '=', 0)
    .where('e.decommissioned', '=', 0)
    .orderBy('e.eid')
    .execute();
  return rows.map((r) => {
    const spec = fromJson<Partial<SchemeSpec>>(r.spec, {});
    const raw = spec.metrics?.raw_metrics ?? [];
    return {
      id: r.id,
      eid: r.eid,
      title: r.title,
      lat: Number(r.latitude),
      lon: Number(r.longitude),
      units: Object.fromEntries(raw.map((m) => [m.key, m.unit])),
    };
  });
}

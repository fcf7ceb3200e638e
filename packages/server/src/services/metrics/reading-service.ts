import { READING_FIELDS, type ListBody, type MetricReading } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { validationError } from '../../http/errors.ts';
import { listBody, type ListQuery } from '../../http/list-query.ts';
import { presentReading, readingFields, readingKey } from './reading-presenter.ts';
import { listStoredReadings } from './reading-list.ts';
import { findLatestReadings, findManualReadings, type LatestFilter, type ReadingRecord } from './reading-store.ts';
import { rebuildReadings } from './rebuilt-readings.ts';
import { findNewestEntries, readStored } from './stored-readings.ts';

const FIELD = /^([a-z_]+)(?:\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/;

/** Refuses `fields`/`excluded_fields` that name nothing a reading has. */
export function checkReadingFields(query: Pick<ListQuery, 'fields' | 'excludedFields'>) {
  const unknown = [...(query.fields ?? []), ...(query.excludedFields ?? [])].filter((f) => {
    const root = FIELD.exec(f)?.[1];
    return !root || !READING_FIELDS.includes(root);
  });
  if (unknown.length) throw validationError('Invalid query', { fields: unknown.map((f) => `Unknown field ${f}`) });
}

export type LatestBy = 'data_point_id' | 'monitored_entity_id';

export interface LatestRequest {
  filter: LatestFilter;
  latestBy: LatestBy;
  /** column (`read_at` or `entity_id`) and direction; entity and data point break ties */
  ordering: Array<{ column: string; desc: boolean }>;
  page: ListQuery;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Keeps the newest reading of each entity (ties: the smaller data point id). */
function newestPerEntity(records: ReadingRecord[]): ReadingRecord[] {
  const newest = new Map<string, ReadingRecord>();
  for (const r of records) {
    const known = newest.get(r.entity_id);
    if (!known || r.read_at > known.read_at || (r.read_at === known.read_at && r.data_point_id < known.data_point_id)) {
      newest.set(r.entity_id, r);
    }
  }
  return [...newest.values()];
}

export function readingService(db: Db) {
  /** The records as API readings, the manual ones marked with who entered them. */
  async function present(records: ReadingRecord[]): Promise<MetricReading[]> {
    const manual = new Map(
      (await findManualReadings(db, records)).map((m) => [
        readingKey(m),
        {
          id: m.id,
          data_session: m.data_session_id,
          entered_by: m.entered_by,
          entered_at: m.entered_at,
          corrected_by: m.corrected_by,
          corrected_at: m.corrected_at,
        },
      ]),
    );
    return records.map((r) => presentReading(r, manual.get(readingKey(r))));
  }

  /** Without an upper bound latest_readings answers; with one, the stored readings (ADR 0048). */
  async function findLatest(projectId: string, filter: LatestFilter): Promise<ReadingRecord[]> {
    if (filter.to === undefined) return findLatestReadings(db, projectId, filter);
    if (filter.entityIds?.length === 0 || filter.dataPointIds?.length === 0) return [];
    const { entityIds, dataPointIds, ofDataPoints } = filter;
    const scope = { projectId, entityIds, dataPointIds, ofDataPoints };
    const from = filter.from === undefined ? null : Date.parse(filter.from);
    return readStored(db, async (reader) =>
      rebuildReadings(reader, await findNewestEntries(reader, scope, Date.parse(filter.to!), from)),
    );
  }

  return {
    /** GET metrics/: the project's readings, a page at a time. */
    async list(projectId: string, query: ListQuery): Promise<ListBody<Partial<MetricReading>>> {
      checkReadingFields(query);
      const { count, rows } = await readStored(db, (reader) => listStoredReadings(reader, projectId, query));
      return listBody({ ...query, fields: readingFields(query.fields) }, count, await present(rows));
    },

    /**
     * GET and POST metrics/latest/: the newest reading per entity (or per data point) of the project.
     * The candidates are one row per (entity, data point) — as many as the registry holds — so
     * choosing, ordering and paging happen here; only the page's readings are parsed.
     */
    async latest(projectId: string, request: LatestRequest): Promise<ListBody<Partial<MetricReading>>> {
      checkReadingFields(request.page);
      const ofDataPoints = request.latestBy === 'data_point_id';
      const records = await findLatest(projectId, { ...request.filter, ofDataPoints });
      const chosen = ofDataPoints ? records : newestPerEntity(records);
      chosen.sort((a, b) => {
        for (const o of request.ordering) {
          const order =
            o.column === 'read_at' ? compareText(a.read_at, b.read_at) : compareText(a.entity_id, b.entity_id);
          if (order) return o.desc ? -order : order;
        }
        return compareText(a.entity_id, b.entity_id) || compareText(a.data_point_id, b.data_point_id);
      });
      const { page, paginateBy } = request.page;
      const objects = await present(chosen.slice((page - 1) * paginateBy, page * paginateBy));
      return listBody({ ...request.page, fields: readingFields(request.page.fields) }, chosen.length, objects);
    },
  };
}

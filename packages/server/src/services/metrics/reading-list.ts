import type { ListQuery } from '../../http/list-query.ts';
import { countReadingDaysBy, findChannelsInScope, findReadingDaysOf } from './reading-day-store.ts';
import { decodeReadingDay } from './reading-days.ts';
import { findReadingsAfterDays } from './reading-store.ts';
import { dayOf } from './series-blocks.ts';
import type { SeriesReader } from './series-values.ts';
import { rebuildReadings } from './rebuilt-readings.ts';
import {
  findStoredEntries,
  type ReadingScope,
  type StoredEntry,
  type StoredReading,
  type TimeRange,
} from './stored-readings.ts';
import { compactionMark } from './block-store.ts';
import { DAY_MS } from './time-units.ts';

/**
 * A page of `GET metrics/` from stored readings (ADR 0048). The readings are counted by units —
 * a day, or an entity's day when the list is ordered by entity first — from the reading days'
 * counts (the days the range cuts decoded) and the rows not in reading days yet; the units before
 * the page are skipped whole, the page's units decoded, ordered and cut, and only the page's
 * readings rebuilt with their values.
 */

/** A unit of the count: a day, or an entity's day. */
interface Unit {
  entityId: string | null;
  day: number;
  n: number;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list's scope and range from its filters (`monitored_entity_ids`, `read_at.from_time`/`to_time`). */
function scopeOf(projectId: string, query: ListQuery): { scope: ReadingScope; range: TimeRange } {
  let entityIds: string[] | undefined;
  for (const f of query.equals) {
    if (f.column !== 'entity_id') continue;
    entityIds = entityIds ? entityIds.filter((id) => f.values.includes(id)) : [...f.values];
  }
  const range: TimeRange = { from: null, end: null };
  for (const r of query.ranges) {
    const t = Date.parse(r.value);
    if (r.op === '>=') range.from = range.from === null ? t : Math.max(range.from, t);
    else range.end = range.end === null ? t + 1 : Math.min(range.end, t + 1);
  }
  return { scope: { projectId, entityIds }, range };
}

/** One page of the project's readings, rebuilt, and how many match. */
export async function listStoredReadings(
  reader: SeriesReader,
  projectId: string,
  query: ListQuery,
): Promise<{ count: number; rows: StoredReading[] }> {
  const { scope, range } = scopeOf(projectId, query);
  if (range.from !== null && range.end !== null && range.end <= range.from) return { count: 0, rows: [] };
  // (entity, data point, read_at) is the key: order by all three so that pages never overlap
  const ordering = [...query.ordering];
  if (!ordering.some((o) => o.column === 'entity_id')) ordering.push({ column: 'entity_id', desc: false });
  if (!ordering.some((o) => o.column === 'read_at')) ordering.push({ column: 'read_at', desc: true });
  const byEntity = ordering[0]!.column === 'entity_id';
  const entityDesc = ordering.find((o) => o.column === 'entity_id')!.desc;
  const timeDesc = ordering.find((o) => o.column === 'read_at')!.desc;

  const units = await countUnits(reader, scope, range, byEntity);
  units.sort(
    (a, b) =>
      (byEntity ? (entityDesc ? -1 : 1) * compareText(a.entityId!, b.entityId!) : 0) ||
      (timeDesc ? b.day - a.day : a.day - b.day),
  );
  const count = units.reduce((sum, u) => sum + u.n, 0);
  const offset = (query.page - 1) * query.paginateBy;
  let skipped = 0;
  const entries: StoredEntry[] = [];
  let start = -1;
  for (const u of units) {
    // only units before the page are skipped: a small unit after the page's first must be read
    if (start < 0 && skipped + u.n <= offset) {
      skipped += u.n;
      continue;
    }
    if (start < 0) start = offset - skipped;
    const unitScope = u.entityId === null ? scope : { ...scope, entityIds: [u.entityId] };
    const unitRange: TimeRange = {
      from: Math.max(u.day, range.from ?? -Infinity),
      end: Math.min(u.day + DAY_MS, range.end ?? Infinity),
    };
    entries.push(...(await findStoredEntries(reader, unitScope, unitRange)));
    if (entries.length - start >= query.paginateBy) break;
  }
  if (start < 0) return { count, rows: [] };
  entries.sort((a, b) => {
    for (const o of ordering) {
      const order = o.column === 'read_at' ? a.t - b.t : compareText(a.entityId, b.entityId);
      if (order) return o.desc ? -order : order;
    }
    return compareText(a.dataPointId, b.dataPointId);
  });
  return { count, rows: await rebuildReadings(reader, entries.slice(start, start + query.paginateBy)) };
}

/** The units holding readings of the scope in the range, with how many each holds. */
async function countUnits(reader: SeriesReader, scope: ReadingScope, range: TimeRange, byEntity: boolean) {
  const units = new Map<string, Unit>();
  const note = (entityId: string, day: number, n: number) => {
    const key = byEntity ? `${entityId}\u0000${day}` : `${day}`;
    const unit = units.get(key);
    if (unit) unit.n += n;
    else units.set(key, { entityId: byEntity ? entityId : null, day, n });
  };
  if (scope.entityIds?.length === 0) return [];
  const channels = new Map((await findChannelsInScope(reader.trx, scope)).map((c) => [Number(c.id), c]));
  const ids = [...channels.keys()];
  const firstWhole = range.from === null ? null : Math.ceil(range.from / DAY_MS) * DAY_MS;
  const lastWhole = range.end === null ? null : Math.floor(range.end / DAY_MS) * DAY_MS - DAY_MS;
  const cut = new Set<number>();
  if (range.from !== null && firstWhole !== range.from) cut.add(dayOf(range.from));
  if (range.end !== null && lastWhole! + DAY_MS !== range.end) cut.add(dayOf(range.end));
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    if (firstWhole === null || lastWhole === null || firstWhole <= lastWhole) {
      for (const row of await countReadingDaysBy(reader.trx, part, byEntity ? 'entity' : 'day', firstWhole, lastWhole))
        note(row.entity_id, Number(row.day), Number(row.n));
    }
    for (const day of cut) {
      for (const row of await findReadingDaysOf(reader.trx, part, day, day)) {
        const entityId = channels.get(Number(row.channel_id))!.entity_id;
        const inRange = decodeReadingDay(row.data).times.filter(
          (t) => (range.from === null || t >= range.from) && (range.end === null || t < range.end),
        ).length;
        if (inRange) note(entityId, day, inRange);
      }
    }
  }
  const { days: after } = await compactionMark(reader.trx);
  const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  for (const r of await findReadingsAfterDays(reader.trx, after, scope, iso(range.from), iso(range.end)))
    note(r.entity_id, dayOf(Date.parse(r.read_at)), 1);
  return [...units.values()];
}

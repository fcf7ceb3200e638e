import { findChannelsInScope, findDaysOldestFirst } from './reading-day-store.ts';
import { dayOf } from './series-blocks.ts';
import type { SeriesReader } from './series-values.ts';
import { rebuildReadings } from './rebuilt-readings.ts';
import { countStored, findStoredEntries, type StoredReading } from './stored-readings.ts';
import { DAY_MS } from './time-units.ts';

/**
 * A span of an entity's stored readings read a batch at a time in (read_at, data point) order
 * (ADR 0040's recomputation, ADR 0048's stored readings): whole reading days oldest first until
 * they hold a batch, the rows not in reading days yet among them.
 */

/** A span of an entity's readings: from `from` on, before `to` when it is set (ISO). */
export interface ReadingSpan {
  entityId: string;
  from: string;
  to: string | null;
}

/** The last reading of the previous batch. */
export interface SpanCursor {
  readAt: string;
  dataPointId: string;
}

const DAYS_A_QUERY = 64;

/** The next `limit` readings of the span after `after` (when given), in (read_at, data point) order, rebuilt. */
export async function readSpanBatch(
  reader: SeriesReader,
  span: ReadingSpan,
  after: SpanCursor | null,
  limit: number,
): Promise<StoredReading[]> {
  const spanEnd = span.to === null ? null : Date.parse(span.to);
  const scope = { entityIds: [span.entityId] };
  const ids = (await findChannelsInScope(reader.trx, scope)).map((c) => Number(c.id));
  const afterT = after ? Date.parse(after.readAt) : -Infinity;
  let from = Math.max(Date.parse(span.from), afterT);
  for (;;) {
    const end = await windowEnd(reader, ids, from, spanEnd, limit);
    const entries = (await findStoredEntries(reader, scope, { from, end })).filter(
      (e) => e.t > afterT || (e.t === afterT && e.dataPointId > after!.dataPointId),
    );
    // a window of readings all before the cursor (its first day's): the next days then
    if (!entries.length && end !== null && end !== spanEnd) {
      from = end;
      continue;
    }
    entries.sort((a, b) => a.t - b.t || (a.dataPointId < b.dataPointId ? -1 : a.dataPointId > b.dataPointId ? 1 : 0));
    return rebuildReadings(reader, entries.slice(0, limit));
  }
}

/** The end of the first whole days from `from` on that hold `limit` readings; the span's end if they do not. */
async function windowEnd(
  reader: SeriesReader,
  ids: readonly number[],
  from: number,
  spanEnd: number | null,
  limit: number,
): Promise<number | null> {
  let held = 0;
  let fromDay = dayOf(from);
  while (ids.length) {
    const days = await findDaysOldestFirst(reader.trx, ids, fromDay, DAYS_A_QUERY);
    for (const d of days) {
      const day = Number(d.day);
      if (spanEnd !== null && day >= spanEnd) return spanEnd;
      held += Number(d.n);
      if (held >= limit) return spanEnd === null ? day + DAY_MS : Math.min(spanEnd, day + DAY_MS);
    }
    if (days.length < DAYS_A_QUERY) break;
    fromDay = Number(days.at(-1)!.day) + DAY_MS;
  }
  return spanEnd;
}

/** How many readings the span holds. */
export async function countSpan(reader: SeriesReader, span: ReadingSpan): Promise<number> {
  const range = { from: Date.parse(span.from), end: span.to === null ? null : Date.parse(span.to) };
  return countStored(reader, { entityIds: [span.entityId] }, range);
}

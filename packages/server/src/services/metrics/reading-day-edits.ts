import type { Db, Dialect } from '../../db/connection.ts';
import {
  deleteReadingDay,
  findReadingChannels,
  findReadingDaysForUpdate,
  updateReadingDay,
} from './reading-day-store.ts';
import { decodeReadingDay, encodeReadingDay, type ReadingDay } from './reading-days.ts';
import { dayOf } from './series-blocks.ts';

/**
 * Compacted readings edited outside compaction (ADR 0048): a recomputation gives a reading a new
 * rest (its `invalid_reasons`), a correction takes a reading out before its replacement is stored.
 * Runs in the writer's transaction, which moves `metric_compaction.rewrites`, so that a compaction
 * that read a day before the edit merges again rather than write it back.
 */

/** A reading of an entity to edit: its new rest, or null to take it out. */
export interface ReadingDayEdit {
  dataPointId: string;
  t: number;
  rest: string | null;
}

/** Applies the edits to the entity's reading days; returns the edits that found their reading. */
export async function editReadingDays(
  trx: Db,
  dialect: Dialect,
  entityId: string,
  edits: readonly ReadingDayEdit[],
): Promise<ReadingDayEdit[]> {
  if (!edits.length) return [];
  const channels = new Map(
    (await findReadingChannels(trx, [entityId])).map((c) => [c.data_point_id, Number(c.id)] as const),
  );
  // channel id → day → the edits of that day
  const byDay = new Map<number, Map<number, ReadingDayEdit[]>>();
  for (const e of edits) {
    const id = channels.get(e.dataPointId);
    if (id === undefined) continue;
    let days = byDay.get(id);
    if (!days) byDay.set(id, (days = new Map()));
    const day = dayOf(e.t);
    days.set(day, [...(days.get(day) ?? []), e]);
  }
  if (!byDay.size) return [];
  const allDays = [...byDay.values()].flatMap((days) => [...days.keys()]);
  const rows = await findReadingDaysForUpdate(
    trx,
    dialect,
    [...byDay.keys()],
    Math.min(...allDays),
    Math.max(...allDays),
  );
  const found: ReadingDayEdit[] = [];
  for (const row of rows) {
    const channelId = Number(row.channel_id);
    const day = Number(row.day);
    const dayEdits = byDay.get(channelId)?.get(day);
    if (!dayEdits) continue;
    const edited = applyEdits(decodeReadingDay(row.data), dayEdits, found);
    if (!edited) continue;
    if (!edited.times.length) await deleteReadingDay(trx, channelId, day);
    else
      await updateReadingDay(trx, {
        channelId,
        day,
        n: edited.times.length,
        lastT: edited.times[edited.times.length - 1]!,
        data: encodeReadingDay(edited),
      });
  }
  return found;
}

/** The day with the edits applied (those that found their reading noted in `found`); null when none did. */
function applyEdits(day: ReadingDay, edits: readonly ReadingDayEdit[], found: ReadingDayEdit[]): ReadingDay | null {
  const at = new Map<number, number>();
  day.times.forEach((t, i) => at.set(t, i));
  const removed = new Set<number>();
  const rests = [...day.rests];
  let changed = false;
  for (const e of edits) {
    const i = at.get(e.t);
    if (i === undefined) continue;
    found.push(e);
    changed = true;
    if (e.rest === null) removed.add(i);
    else rests[i] = e.rest;
  }
  if (!changed) return null;
  if (!removed.size) return { ...day, rests };
  const keep = [...day.times.keys()].filter((i) => !removed.has(i));
  return {
    times: Float64Array.from(keep, (i) => day.times[i]!),
    received: Float64Array.from(keep, (i) => day.received[i]!),
    rests: keep.map((i) => rests[i]!),
  };
}

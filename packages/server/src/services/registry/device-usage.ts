import { dashboardTreeSchema } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { findEntriesMaybeNaming } from '../journal/journal-store.ts';
import { ALL_TIME, countStored, readStored } from '../metrics/stored-readings.ts';
import { findCrossSectionData } from '../ui/cross-section-store.ts';
import { isDashboardFolder, refsOf } from '../ui/dashboard-check.ts';
import { findModulesProjectData } from '../ui/module-data-store.ts';
import { countInstrumentsOf } from './device-store.ts';

/** What keeps a device from being deleted: where it is used, counted and named. */
export interface DeviceUsage {
  readings: number;
  /** dashboard cards by "Module › Page" */
  cards: Map<string, number>;
  crossSections: string[];
  journalEntries: number;
  instruments: number;
}

const CARD_AT = /^data\.pages\.(\d+)\.cards\.(\d+)\./;

/** The dashboard cards naming the device, by module and page (ADR 0020: dashboards are module data). */
async function cardsUsing(db: Db, projectId: string, id: string): Promise<Map<string, number>> {
  const rows = await findModulesProjectData(db, projectId);
  const cards = new Map<string, number>();
  for (const row of rows.filter((r) => isDashboardFolder(r.folder))) {
    const tree = dashboardTreeSchema.safeParse(fromJson<unknown>(row.data, null));
    if (!tree.success) continue;
    const seen = new Set<string>();
    for (const ref of refsOf(tree.data)) {
      const at = ref.kind === 'entity' && ref.id === id ? CARD_AT.exec(ref.at) : null;
      if (!at || seen.has(`${at[1]}.${at[2]}`)) continue;
      seen.add(`${at[1]}.${at[2]}`);
      const where = `${row.name} › ${tree.data.pages[Number(at[1])]!.title}`;
      cards.set(where, (cards.get(where) ?? 0) + 1);
    }
  }
  return cards;
}

export async function findDeviceUsage(db: Db, projectId: string, id: string): Promise<DeviceUsage> {
  const [readings, cards, sections, entries, instruments] = await Promise.all([
    readStored(db, (reader) => countStored(reader, { entityIds: [id] }, ALL_TIME)),
    cardsUsing(db, projectId, id),
    findCrossSectionData(db, projectId),
    findEntriesMaybeNaming(db, projectId, id),
    countInstrumentsOf(db, projectId, id),
  ]);
  return {
    readings,
    cards,
    crossSections: sections
      .filter((s) =>
        fromJson<{ sensors?: Array<{ device_id?: string | null }> }>(s.data, {}).sensors?.some(
          (sensor) => sensor.device_id === id,
        ),
      )
      .map((s) => s.name),
    journalEntries: entries.filter((e) => fromJson<string[]>(e.monitored_entity_ids, []).includes(id)).length,
    instruments,
  };
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "Used by 1,204 readings, 2 dashboard cards (Safety state › Overview), 1 cross section (Main section)"; null when unused. */
export function usageMessage(usage: DeviceUsage): string | null {
  const parts: string[] = [];
  if (usage.readings) parts.push(plural(usage.readings, 'reading', 'readings'));
  const cardCount = [...usage.cards.values()].reduce((a, b) => a + b, 0);
  if (cardCount)
    parts.push(`${plural(cardCount, 'dashboard card', 'dashboard cards')} (${[...usage.cards.keys()].join(', ')})`);
  if (usage.crossSections.length)
    parts.push(
      `${plural(usage.crossSections.length, 'cross section', 'cross sections')} (${usage.crossSections.join(', ')})`,
    );
  if (usage.journalEntries) parts.push(plural(usage.journalEntries, 'journal entry', 'journal entries'));
  if (usage.instruments) parts.push(plural(usage.instruments, 'instrument', 'instruments'));
  return parts.length ? `Used by ${parts.join(', ')}` : null;
}

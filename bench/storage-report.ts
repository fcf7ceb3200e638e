import type { Storage, StoredPart } from './storage-size.ts';

/**
 * Issue 37's storage figures for the metrics workload's entry: bytes per value on disk per store,
 * a projection to a large site's life, and where each store's bytes are. bench/summary.ts reads the
 * first table's "bytes per value on disk" column.
 */

/** Values of 10 years of 2,000 instruments read every 5 minutes with 4 values each (issue 37). */
export const PROJECTED_VALUES = 10 * 365.25 * 288 * 2000 * 4;

/** One store's figures: `values` is what was written to it. */
export interface StoredValues {
  label: string;
  values: number;
  storage: Storage;
}

/** Parts under this share of a store's bytes are lumped into one line of the breakdown. */
const SMALL_PART = 0.001;

const perValue = (bytes: number, values: number) => {
  const b = bytes / values;
  return b < 10 ? b.toFixed(2) : b.toFixed(1);
};

const megabytes = (bytes: number) => (bytes / 1e6).toFixed(bytes < 10e6 ? 2 : 1);

/** Decimal units, as disks are sold: 1 TB = 10¹² bytes. */
function size(bytes: number): string {
  if (bytes >= 1e12) return `${(bytes / 1e12).toFixed(2)} TB`;
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The summary table: one row per store. */
function totals(stores: StoredValues[]): string[] {
  return [
    '| store | on disk (MB) | values | bytes per value on disk | 10 years of 2,000 instruments |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...stores.map(
      ({ label, values, storage }) =>
        `| ${label} | ${megabytes(storage.bytes)} | ${values.toLocaleString('en')} | ${perValue(storage.bytes, values)} | ` +
        `${size((storage.bytes / values) * PROJECTED_VALUES)} |`,
    ),
  ];
}

/** A store's parts, summed by table and part (partitions add up), biggest table first, small parts lumped. */
function breakdownRows({ label, values, storage }: StoredValues): string[] {
  const summed = new Map<string, StoredPart>();
  for (const p of storage.parts) {
    const key = `${p.table}\u0000${p.part}`;
    const found = summed.get(key);
    summed.set(key, found ? { ...found, bytes: found.bytes + p.bytes } : { ...p });
  }
  const unaccounted = storage.bytes - storage.parts.reduce((n, p) => n + p.bytes, 0);
  if (unaccounted > 0)
    summed.set('rest', { table: '(rest)', part: 'not in a table (WAL, allocation slack)', bytes: unaccounted });
  const parts = [...summed.values()].filter((p) => p.bytes > 0);
  const byTable = new Map<string, number>();
  for (const p of parts) byTable.set(p.table, (byTable.get(p.table) ?? 0) + p.bytes);
  const big = parts.filter((p) => p.bytes >= storage.bytes * SMALL_PART);
  big.sort(
    (a, b) => byTable.get(b.table)! - byTable.get(a.table)! || a.table.localeCompare(b.table) || b.bytes - a.bytes,
  );
  const small = parts.filter((p) => p.bytes < storage.bytes * SMALL_PART);
  const row = (table: string, part: string, bytes: number) =>
    `| ${label} | ${table} | ${part} | ${megabytes(bytes)} | ${perValue(bytes, values)} | ${((bytes / storage.bytes) * 100).toFixed(1)} % |`;
  const rows = big.map((p) => row(p.table, p.part, p.bytes));
  if (small.length) {
    const tables = new Set(small.map((p) => p.table)).size;
    const bytes = small.reduce((n, p) => n + p.bytes, 0);
    rows.push(
      row(
        `${tables} table${tables === 1 ? '' : 's'}`,
        `${small.length} smaller part${small.length === 1 ? '' : 's'}`,
        bytes,
      ),
    );
  }
  return rows;
}

/** The markdown for the entry: the totals, the projection's definition, each store's breakdown and how it was measured. */
export function storageSection(stores: StoredValues[]): string {
  return [
    `Storage (issue 37): bytes on disk after the workload and compaction, per value written; the projection is for ` +
      `${PROJECTED_VALUES.toLocaleString('en')} values (10 years × 365.25 days × 288 readings a day × 2,000 instruments × 4 values) at that rate.`,
    '',
    ...totals(stores),
    '',
    "Where the bytes are (a table's rows, each of its indexes, TOAST; parts under 0.1 % of a store lumped):",
    '',
    '| store | table | part | MB | per value | share |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...stores.flatMap(breakdownRows),
    '',
    ...stores.map(({ label, storage }) => `- ${label}, measured as: ${storage.how}.`),
  ].join('\n');
}

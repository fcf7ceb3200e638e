import type { TFunction } from 'i18next';
import { sheetFromRecords, type ExportSettings } from '../../../components/export-dialog/export-settings.ts';
import type { RegisterRow } from '../api/devices-api.ts';
import { statusOf } from '../model/device-filters.ts';

/** The export of the devices shown (filtered and sorted, every row): what the table shows, in words. */
export function devicesExport(
  t: TFunction,
  rows: readonly RegisterRow[],
  context: { projectName: string; tab: string; search: string },
): ExportSettings {
  const records = rows.map((row) => ({
    title: row.title,
    eid: row.eid,
    scheme: row.scheme?.name ?? '',
    node: row.interface_node?.eid ?? '',
    state: t(`deviceRegistry:states.${row.safety_state}`, { defaultValue: row.safety_state }),
    status: t(`deviceRegistry:status.${statusOf(row)}`),
    longitude: row.location?.coordinates[0] ?? null,
    latitude: row.location?.coordinates[1] ?? null,
    sla: row.contracted_sla_time,
    labels: row.labels.join(', '),
  }));
  const heading = (key: string) => t(`deviceRegistry:columns.${key}`);
  return {
    title: t('deviceRegistry:export.title', { tab: context.tab }),
    subtitle: t('deviceRegistry:export.subtitle', { count: rows.length }),
    fileName: t('deviceRegistry:export.fileName'),
    data: [
      sheetFromRecords(
        context.tab,
        records,
        (['title', 'eid', 'scheme', 'node', 'state', 'status', 'longitude', 'latitude', 'sla', 'labels'] as const).map(
          (key) => ({ heading: heading(key), key }),
        ),
      ),
    ],
    meta: [
      { name: t('deviceRegistry:export.project'), content: context.projectName },
      ...(context.search.trim() ? [{ name: t('deviceRegistry:export.search'), content: context.search.trim() }] : []),
    ],
  };
}

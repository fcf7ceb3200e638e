import type { NotificationObject } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { sheetFromRecords, type ExportSettings } from '../../../components/export-dialog/export-settings.ts';
import { deviceTitleOf } from '../model/notification-device.ts';
import type { NotificationFilters } from '../model/notification-filters.ts';
import { notificationTitle } from '../model/notification-title.ts';

/** The export of the filtered list: one row per notification, with the filters as the export's description. */
export function notificationsExport(
  t: TFunction,
  notifications: readonly NotificationObject[],
  context: { projectName: string; filters: NotificationFilters },
): ExportSettings {
  const records = notifications.map((n) => ({
    created_at: new Date(n.created_at),
    level: t(`notifications:levels.${n.level}`, { defaultValue: n.level }),
    type: t(`notifications:types.${n.notification_type.name}`, { defaultValue: n.notification_type.name }),
    title: notificationTitle(t, n),
    device: deviceTitleOf(n),
    eid: n.extra?.monitored_entity?.eid ?? null,
    read: t(n.is_read ? 'notifications:export.read' : 'notifications:export.unread'),
  }));
  const { filters } = context;
  const heading = (key: string) => t(`notifications:export.columns.${key}`);
  return {
    title: t('notifications:export.title'),
    subtitle: t('notifications:export.subtitle', { count: notifications.length }),
    fileName: t('notifications:export.fileName'),
    data: [
      sheetFromRecords(
        t('notifications:export.sheet'),
        records,
        (['created_at', 'level', 'type', 'title', 'device', 'eid', 'read'] as const).map((key) => ({
          heading: heading(key),
          key,
        })),
      ),
    ],
    meta: [
      { name: t('notifications:export.project'), content: context.projectName },
      { name: t('notifications:filters.period'), content: periodText(t, filters) },
      {
        name: t('notifications:filters.readStatus'),
        content: t(`notifications:filters.readStatuses.${filters.readStatus}`),
      },
      {
        name: t('notifications:filters.level'),
        content:
          filters.level === 'all' ? t('notifications:filters.allLevels') : t(`notifications:levels.${filters.level}`),
      },
      {
        name: t('notifications:filters.eventType'),
        content:
          filters.eventType === 'all'
            ? t('notifications:filters.allTypes')
            : t(`notifications:types.${filters.eventType}`),
      },
      ...(filters.target ? [{ name: t('notifications:filters.target'), content: filters.target.label }] : []),
      { name: t('notifications:export.count'), content: String(notifications.length) },
    ],
  };
}

function periodText(t: TFunction, filters: NotificationFilters) {
  const name = t(`notifications:filters.periods.${filters.period}`);
  return filters.period === 'custom' ? `${name}: ${filters.start} – ${filters.end}` : name;
}

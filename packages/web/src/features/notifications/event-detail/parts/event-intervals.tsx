import { useQuery } from '@tanstack/react-query';
import { EVENTS_LOOK_BACK_DAYS, intervalsBetween, type NotificationObject } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ruleEventsQuery } from '../../../../api/rules.ts';
import { StateLabel } from '../../components/state-dot.tsx';
import { IntervalTable } from './interval-table.tsx';
import { LoadState } from './load-state.tsx';

/**
 * The entity's events of the same type over the 90 days before this one (GET events/, page 1, 10
 * a page), newest first, with the state each moved to and the interval to the one before.
 */
export function EventIntervals({
  notification,
  state,
  label,
}: {
  notification: NotificationObject;
  state: string;
  label: string;
}) {
  const { t } = useTranslation('notifications');
  const entity = notification.extra.monitored_entity;
  const at = notification.extra.event_created_at ?? notification.created_at;
  const from = new Date(Date.parse(at) - EVENTS_LOOK_BACK_DAYS * 86_400_000).toISOString();
  const events = useQuery({
    ...ruleEventsQuery({
      fields: 'id,created_at,context',
      types: notification.notification_type.name,
      monitored_entity_ids: entity?.id,
      'created_at.from_time': from,
      'created_at.to_time': at,
    }),
    enabled: Boolean(entity),
  });
  if (!entity) return null;
  if (!events.data) return <LoadState error={events.isError} />;
  const list = events.data.objects;
  if (!list.length) return <>{t('detail.noEvents')}</>;
  const intervals = intervalsBetween(list.map((e) => e.created_at));
  return (
    <IntervalTable
      label={label}
      extraHeading={t('detail.state')}
      rows={list.map((e, i) => ({
        key: e.id,
        time: e.created_at,
        interval: intervals[i] ?? null,
        extra: <StateLabel state={e.context[state]} />,
      }))}
    />
  );
}

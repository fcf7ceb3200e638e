import type { NotificationObject } from '@vigil/domain';

/** The device a notification is about as the list shows it: its title when raised, else its EID. */
export function deviceTitleOf(n: Pick<NotificationObject, 'extra'>): string | null {
  const extra = n.extra;
  const eid = extra?.event_context?.eid;
  return (
    extra?.device_profile_snapshot?.title ??
    extra?.monitored_entity?.title ??
    (typeof eid === 'string' && eid ? eid : null)
  );
}

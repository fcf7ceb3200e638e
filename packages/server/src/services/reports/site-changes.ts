import type { Db } from '../../db/connection.ts';
import { raisesBetween } from '../alarms/alarm-view-store.ts';
import { eventList, listEvents } from '../rules/history-store.ts';

/** Changes the site summary lists at most; the counts cover them all. */
export const MAX_CHANGES_LISTED = 60;

export type SiteChange =
  | { kind: 'safety'; at: string; eid: string; title: string; from: string; to: string }
  | { kind: 'raised' | 'cleared'; at: string; title: string | null; source: string };

export interface SiteChanges {
  safety: number;
  raised: number;
  cleared: number;
  /** oldest first, the first MAX_CHANGES_LISTED of them */
  listed: SiteChange[];
}

/**
 * The site summary's changes in [from, to): the safety state changes the rules engine recorded (its
 * events) and the alarms raised and cleared (the alarms service's history), counted and listed.
 */
export async function siteChanges(db: Db, projectId: string, from: string, to: string): Promise<SiteChanges> {
  const column = (name: string) => eventList.columns[name]!;
  const events = await listEvents(db, projectId, {
    page: 1,
    paginateBy: MAX_CHANGES_LISTED,
    fields: undefined,
    excludedFields: undefined,
    ordering: [{ column: column('created_at'), desc: false }],
    equals: [{ column: column('types'), values: ['safety_state_changed'] }],
    ranges: [
      { column: column('created_at'), op: '>=', value: from },
      { column: column('created_at'), op: '<=', value: new Date(Date.parse(to) - 1).toISOString() },
    ],
  });
  const alarms = await raisesBetween(db, projectId, from, to);
  const safety: SiteChange[] = events.objects.map((e) => ({
    kind: 'safety',
    at: String(e.created_at),
    eid: e.monitored_entity?.eid ?? '',
    title: e.monitored_entity?.title ?? '',
    from: String(e.context?.prev_safety_state ?? '?'),
    to: String(e.context?.safety_state ?? '?'),
  }));
  const alarmChanges: SiteChange[] = alarms.map((a) => ({
    kind: a.action === 'raised' ? 'raised' : 'cleared',
    at: a.at,
    title: a.title,
    source: a.source,
  }));
  const listed = [...safety, ...alarmChanges].sort((a, b) => a.at.localeCompare(b.at)).slice(0, MAX_CHANGES_LISTED);
  return {
    safety: events.count,
    raised: alarms.filter((a) => a.action === 'raised').length,
    cleared: alarms.filter((a) => a.action === 'cleared').length,
    listed,
  };
}

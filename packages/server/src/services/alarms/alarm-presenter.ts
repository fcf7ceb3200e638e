import type {
  Alarm,
  AlarmHistoryItem,
  AlarmState,
  NotificationLevel,
  StateColour,
  SuppressionReason,
} from '@vigil/domain';
import type { Selectable } from 'kysely';
import type { AlarmHistoryTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';
import type { AlarmRow } from './alarm-store.ts';

export interface AlarmView extends AlarmRow {
  entity_title: string | null;
  entity_type: string | null;
  acknowledged_by_name: string | null;
  shelved_by_name: string | null;
}

/** An alarm as the API answers it; a shelf past its expiry reads as no shelf, before the tick clears it. */
export function presentAlarm(row: AlarmView, now: string): Alarm {
  const shelved = row.shelved_until && row.shelved_until > now;
  return {
    id: row.id,
    monitored_entity: row.entity_id
      ? { id: row.entity_id, title: row.entity_title ?? '', monitored_entity_type: row.entity_type ?? '' }
      : null,
    source: row.source,
    state: row.state as AlarmState,
    level: row.level as NotificationLevel,
    colour: row.colour as StateColour,
    occurrence_count: row.occurrence_count,
    first_raised_at: row.first_raised_at,
    last_raised_at: row.last_raised_at,
    cleared_at: row.cleared_at,
    acknowledged:
      row.acknowledged_at && row.acknowledged_by
        ? { by: row.acknowledged_by_name ?? '', at: row.acknowledged_at, comment: row.ack_comment ?? '' }
        : null,
    shelved: shelved
      ? {
          by: row.shelved_by_name ?? '',
          at: row.shelved_at!,
          until: row.shelved_until!,
          reason: row.shelve_reason ?? '',
        }
      : null,
    suppressed: row.suppressed as SuppressionReason | null,
    tarp_level: row.tarp_level,
    ack_deadline: row.ack_deadline,
    escalated_at: row.escalated_at,
    checklist_done: fromJson<number[]>(row.checklist_done, []),
    last_event_id: row.last_event_id,
    text: row.text,
  };
}

export function presentHistory(row: Selectable<AlarmHistoryTable> & { user_name: string | null }): AlarmHistoryItem {
  return {
    action: row.action as AlarmHistoryItem['action'],
    at: row.at,
    by: row.user_id ? (row.user_name ?? '') : null,
    comment: row.comment,
    details: fromJson<Record<string, unknown>>(row.details, {}),
  };
}

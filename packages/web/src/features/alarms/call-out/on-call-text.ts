import type { OnCallTurn, RosterOnCall } from '@vigil/domain';
import type { TFunction } from 'i18next';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';

/** "On call now: Ana (until 07 December 2026, 07:00:00), next: Ben": a roster's turn as the top bar and its card say it. */
export function onCallText(
  t: TFunction,
  entry: Pick<RosterOnCall, 'now' | 'next'>,
  nameOf: (id: string) => string | null,
  locale: string,
): { now: string; next: string } {
  const who = (turn: OnCallTurn) => nameOf(turn.user_id) ?? turn.user_name;
  return {
    now: entry.now
      ? t('alarms:callOut.onCall.now', { name: who(entry.now), until: formatDisplayDate(entry.now.to, locale) })
      : t('alarms:callOut.onCall.nobody'),
    next: entry.next
      ? t('alarms:callOut.onCall.next', { name: who(entry.next), from: formatDisplayDate(entry.next.from, locale) })
      : t('alarms:callOut.onCall.noNext'),
  };
}

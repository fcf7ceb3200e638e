import type { ContactKind } from '@vigil/domain';
import type { Wording } from '../../i18n/wording.ts';
import type { OutgoingMessage } from './channels.ts';
import { localeOf, textsFor } from './call-out-texts.ts';

/** What a message tells of its alarm: what, where, how bad, since when. */
export interface AlarmContext {
  id: string;
  /** the rules engine's English text: the webhook's `alarm.text`, and the message's where it has no event */
  text: string;
  /** the alarm's last event, which the message words in the recipient's language */
  event: AlarmEvent | null;
  level: string;
  tarpName: string | null;
  since: string;
  project: string;
  entity: { eid: string; title: string } | null;
  /** the reading that raised it, where the alarm's event names one (a limit crossed) */
  reading: AlarmReading | null;
  test: boolean;
  /** the policy a test runs (test alarms only) */
  testPolicy: string | null;
}

export interface AlarmEvent {
  type: string;
  context: Record<string, unknown>;
}

export interface AlarmReading {
  value: number;
  unit: string | null;
  limit: number | null;
}

/** The reading that raised an alarm, from its event's context (`metric_value`, `metric_unit`, `limit_value`). */
export function readingOf(context: Record<string, unknown>): AlarmReading | null {
  const { metric_value: value, metric_unit: unit, limit_value: limit } = context;
  if (typeof value !== 'number') return null;
  return { value, unit: typeof unit === 'string' ? unit : null, limit: typeof limit === 'number' ? limit : null };
}

/** "112.03 m (limit 110 m)", in the recipient's number format. */
function readingText(reading: AlarmReading, lang: string, limitWord: string): string {
  const format = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
  const withUnit = (n: number) => `${format.format(n)}${reading.unit ? ` ${reading.unit}` : ''}`;
  return `${withUnit(reading.value)}${reading.limit === null ? '' : ` (${limitWord} ${withUnit(reading.limit)})`}`;
}

/**
 * The message of an alarm for one recipient, in their language: what (its event in the web app's
 * words), where, how bad, since when and the acknowledgement link (a call cannot carry a link: it says
 * where to acknowledge). A test says so first, everywhere.
 */
export function alarmMessage(
  alarm: AlarmContext,
  locale: unknown,
  link: string | null,
  channel: ContactKind,
  deliveryId: string,
  words: Wording,
): OutgoingMessage {
  const lang = localeOf(locale);
  const t = textsFor(lang);
  const what = alarm.event
    ? words.event(lang, { ...alarm.event, text: alarm.text })
    : alarm.test && alarm.testPolicy
      ? t.testWhat(alarm.testPolicy)
      : alarm.text;
  const level = t.levels[alarm.level as keyof typeof t.levels] ?? alarm.level;
  const severity = alarm.tarpName ? `${level} (TARP ${alarm.tarpName})` : level;
  const where = alarm.entity ? `${alarm.entity.title} (${alarm.entity.eid}), ${alarm.project}` : alarm.project;
  const since = `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(alarm.since))} UTC`;
  const test = alarm.test ? `[${t.test}] ` : '';
  const reading = alarm.reading ? readingText(alarm.reading, lang, t.limit) : null;
  const subject = `${test}${level} ${t.alarm}: ${what} · ${where}`;
  const lines = [
    ...(alarm.test ? [t.testNote, ''] : []),
    `${t.what}: ${what}`,
    `${t.where}: ${where}`,
    `${t.severity}: ${severity}`,
    ...(reading ? [`${t.reading}: ${reading}`] : []),
    `${t.since}: ${since}`,
    ...(link ? ['', `${t.acknowledge}: ${link}`] : []),
  ];
  const text =
    channel === 'sms'
      ? `${test}Vigil ${severity}: ${what}${reading ? ` ${reading}` : ''} · ${where} · ${t.since} ${since}${link ? ` · ${t.acknowledge}: ${link}` : ''}`
      : lines.join('\n');
  const spoken = [
    `Vigil. ${test}${severity}.`,
    `${what}.`,
    ...(reading ? [`${t.reading}: ${reading}.`] : []),
    `${t.where}: ${where}.`,
    `${t.since}: ${since}.`,
    alarm.test ? t.testNote : '',
    t.voiceAcknowledge,
  ].join(' ');
  return {
    subject,
    text,
    spoken,
    language: lang,
    json: {
      type: 'alarm',
      test: alarm.test,
      delivery_id: deliveryId,
      alarm: {
        id: alarm.id,
        text: alarm.text,
        level: alarm.level,
        tarp_level: alarm.tarpName,
        since: alarm.since,
        project: alarm.project,
        entity: alarm.entity,
        reading: alarm.reading,
      },
      message: lines.join('\n'),
      ack_url: link,
    },
  };
}

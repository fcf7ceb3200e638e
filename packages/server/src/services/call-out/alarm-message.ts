import type { ContactKind } from '@vigil/domain';
import type { OutgoingMessage } from './channels.ts';
import { localeOf, textsFor } from './call-out-texts.ts';

/** What a message tells of its alarm: what, where, how bad, since when. */
export interface AlarmContext {
  id: string;
  text: string;
  level: string;
  tarpName: string | null;
  since: string;
  project: string;
  entity: { eid: string; title: string } | null;
  /** the reading that raised it, where the alarm's event names one (a limit crossed) */
  reading: AlarmReading | null;
  test: boolean;
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
 * The message of an alarm for one recipient, in their language: what, where, how bad, since when and
 * the acknowledgement link (a call cannot carry a link: it says where to acknowledge). A test says so
 * first, everywhere.
 */
export function alarmMessage(
  alarm: AlarmContext,
  locale: unknown,
  link: string | null,
  channel: ContactKind,
  deliveryId: string,
): OutgoingMessage {
  const lang = localeOf(locale);
  const t = textsFor(lang);
  const level = t.levels[alarm.level as keyof typeof t.levels] ?? alarm.level;
  const severity = alarm.tarpName ? `${level} (TARP ${alarm.tarpName})` : level;
  const where = alarm.entity ? `${alarm.entity.title} (${alarm.entity.eid}), ${alarm.project}` : alarm.project;
  const since = `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(alarm.since))} UTC`;
  const test = alarm.test ? `[${t.test}] ` : '';
  const reading = alarm.reading ? readingText(alarm.reading, lang, t.limit) : null;
  const subject = `${test}${level} ${t.alarm}: ${alarm.text} · ${where}`;
  const lines = [
    ...(alarm.test ? [t.testNote, ''] : []),
    `${t.what}: ${alarm.text}`,
    `${t.where}: ${where}`,
    `${t.severity}: ${severity}`,
    ...(reading ? [`${t.reading}: ${reading}`] : []),
    `${t.since}: ${since}`,
    ...(link ? ['', `${t.acknowledge}: ${link}`] : []),
  ];
  const text =
    channel === 'sms'
      ? `${test}Vigil ${severity}: ${alarm.text}${reading ? ` ${reading}` : ''} · ${where} · ${t.since} ${since}${link ? ` · ${t.acknowledge}: ${link}` : ''}`
      : lines.join('\n');
  const spoken = [
    `Vigil. ${test}${severity}.`,
    `${alarm.text}.`,
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

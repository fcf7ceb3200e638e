import type { Alarm } from '@vigil/domain';
import type { TFunction } from 'i18next';

/**
 * What an alarm is about, in the interface language: the device and the rule that raised it
 * ("PZ-17 · Metric limits"), or the stream of bad payloads of an unknown device.
 */
export function alarmTitle(t: TFunction<'alarms'>, alarm: Pick<Alarm, 'source' | 'monitored_entity'>): string {
  const [kind, detail] = splitSource(alarm.source);
  const source = t(`sources.${kind}`, { detail, defaultValue: alarm.source });
  return alarm.monitored_entity ? `${alarm.monitored_entity.title} · ${source}` : source;
}

function splitSource(source: string): [string, string] {
  const at = source.indexOf(':');
  return at < 0 ? [source, ''] : [source.slice(0, at), source.slice(at + 1)];
}

import { alarmSourceName, type Alarm } from '@vigil/domain';
import type { TFunction } from 'i18next';

/**
 * What an alarm is about, in the interface language: the device and the rule that raised it
 * ("PZ-17 · Metric limits"), or the stream of bad payloads of an unknown device.
 */
export function alarmTitle(t: TFunction<'alarms'>, alarm: Pick<Alarm, 'source' | 'monitored_entity'>): string {
  const source = alarmSourceName((key, options) => t(key, options), alarm.source);
  return alarm.monitored_entity ? `${alarm.monitored_entity.title} · ${source}` : source;
}

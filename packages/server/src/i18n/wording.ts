import { alarmSourceName, eventTitle, stateName, type Locale, type WordedEvent } from '@vigil/domain';
import { webTexts } from './web-texts.ts';

/**
 * What the server tells people of events, states and alarms, in their language and in the web app's
 * words (ADR 0050): call-out messages, the acknowledgement page, report PDFs. Without the web app's
 * texts it falls back to what the engine stored (its English text, the raw value).
 */
export interface Wording {
  /** "Estado de segurança mudou de verde para vermelho"; `event.text` for a type Vigil does not word */
  event(locale: Locale, event: WordedEvent): string;
  /** a state value ('red' → "vermelho") */
  state(locale: Locale, value: unknown): string;
  /** what raised an alarm, from its source ('metric_limits_state' → "Limites de métricas") */
  alarmSource(locale: Locale, source: string): string;
  /** an alarm's level ('critical' → "Crítico") */
  alarmLevel(locale: Locale, level: string): string;
}

/** The wording of a server whose built web app is at `webDist` (the sources' texts without one). */
export function wording(webDist?: string): Wording {
  const texts = webTexts(webDist);
  const raw = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return {
    event: (locale, event) => {
      const t = texts(locale, 'notifications');
      return t ? eventTitle(t, event) : event.text;
    },
    state: (locale, value) => {
      const t = texts(locale, 'notifications');
      return t ? stateName(t, value) : raw(value);
    },
    alarmSource: (locale, source) => {
      const t = texts(locale, 'alarms');
      return t ? alarmSourceName(t, source) : source;
    },
    alarmLevel: (locale, level) => texts(locale, 'alarms')?.(`levels.${level}`, { defaultValue: level }) ?? level,
  };
}

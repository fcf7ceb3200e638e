import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { alarmMessage, type AlarmContext } from './alarm-message.ts';
import { textsFor } from './call-out-texts.ts';
import { wording } from '../../i18n/wording.ts';

const words = wording();

// Issue 38: a message says what happened in the recipient's language, in the words the web app uses.
// The expected words come from the web app's locale files, filled in as i18next fills them.

type Texts = { [key: string]: string | Texts };
const webTexts = (locale: string): Texts =>
  JSON.parse(
    readFileSync(new URL(`../../../../web/public/locales/${locale}/notifications.json`, import.meta.url), 'utf8'),
  ) as Texts;
const at = (texts: Texts, key: string) => key.split('.').reduce<Texts | string>((n, k) => (n as Texts)[k]!, texts);
const fill = (template: string | Texts, values: Record<string, string>) =>
  (template as string).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);

const alarm = (event: AlarmContext['event'], text: string): AlarmContext => ({
  id: 'a1',
  text,
  event,
  level: 'critical',
  tarpName: 'Red',
  since: '2026-11-20T10:00:00.000Z',
  project: 'Cerro Azul',
  entity: { eid: 'PZ-01', title: 'Piezometer PZ-01' },
  reading: { value: 116.2, unit: 'm', limit: 115 },
  test: false,
  testPolicy: null,
});

const LIMIT = alarm(
  {
    type: 'metric_limit_reached',
    context: { metric_label: 'Piezometric level', limit_level: 'critical', limit_bound: 'upper', metric_value: 116.2 },
  },
  'Piezometric level reached its critical upper limit',
);
const SAFETY = alarm(
  { type: 'safety_state_changed', context: { prev_safety_state: 'green', safety_state: 'red' } },
  'Safety State Changed from green to red',
);

/** Every place a message names its alarm: subject, the What line, SMS, call and webhook. */
function expectNamed(context: AlarmContext, locale: string, what: string) {
  const whatLine = `${textsFor(locale).what}: ${what}`;
  const email = alarmMessage(context, locale, 'https://vigil.example/ack/x', 'email', 'd1', words);
  expect(email.subject).toContain(`: ${what} · `);
  expect(email.text.split('\n')).toContain(whatLine);
  expect(alarmMessage(context, locale, 'https://vigil.example/ack/x', 'sms', 'd1', words).text).toContain(`: ${what} `);
  expect(alarmMessage(context, locale, null, 'voice', 'd1', words).spoken).toContain(` ${what}. `);
  const hook = alarmMessage(context, locale, 'https://vigil.example/ack/x', 'webhook', 'd1', words).json as {
    message: string;
  };
  expect(hook.message.split('\n')).toContain(whatLine);
}

describe('the What of an alarm message', () => {
  for (const locale of ['pt-BR', 'ja']) {
    const texts = webTexts(locale);

    it(`words a limit reached as the web app does, in ${locale}`, () => {
      const what = fill(at(texts, 'titles.limitReached'), {
        metric: 'Piezometric level',
        limit: at(texts, 'limits.critical_upper') as string,
      });
      expectNamed(LIMIT, locale, what);
    });

    it(`words a safety state change as the web app does, in ${locale}`, () => {
      const what = fill(at(texts, 'titles.changedFromTo'), {
        name: at(texts, 'stateNames.safety_state') as string,
        previous: at(texts, 'states.green') as string,
        current: at(texts, 'states.red') as string,
      });
      expectNamed(SAFETY, locale, what);
      expect(what).not.toContain('red');
    });
  }

  it("keeps the engine's text in the webhook's alarm.text for machines", () => {
    const message = alarmMessage(SAFETY, 'pt-BR', null, 'webhook', 'd1', words);
    expect((message.json as { alarm: { text: string } }).alarm.text).toBe('Safety State Changed from green to red');
  });

  it("falls back to the engine's text for an event type Vigil does not word, and for an alarm of no event", () => {
    const odd = alarm({ type: 'something_new', context: {} }, 'Something new happened');
    expect(alarmMessage(odd, 'ja', null, 'email', 'd1', words).text).toContain(
      `${textsFor('ja').what}: Something new happened`,
    );
    const none = alarm(null, 'Raised by hand');
    expect(alarmMessage(none, 'pt-BR', null, 'email', 'd1', words).subject).toContain(': Raised by hand · ');
  });

  it('names the policy a test alarm runs, in the recipient’s language', () => {
    const test = { ...alarm(null, 'TEST: call-out policy "Red" (no action needed)'), test: true, testPolicy: 'Red' };
    const message = alarmMessage(test, 'pt-BR', null, 'email', 'd1', words);
    expect(message.subject).toMatch(/^\[TESTE\] .*: Teste da política de acionamento "Red" · /);
    expect(message.text).toContain(`${textsFor('pt-BR').what}: Teste da política de acionamento "Red"`);
    expect(message.text).not.toContain('no action needed');
  });
});

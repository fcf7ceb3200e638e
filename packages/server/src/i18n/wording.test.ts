import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wording } from './wording.ts';

const sourceAlarms = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../web/public/locales/${locale}/alarms.json`, import.meta.url), 'utf8')) as {
    sources: Record<string, string>;
    levels: Record<string, string>;
  };

// A built web app whose pt-BR texts differ from the sources' and lack some keys.
const dist = mkdtempSync(join(tmpdir(), 'vigil-web-dist-'));
mkdirSync(join(dist, 'locales', 'pt-BR'), { recursive: true });
writeFileSync(
  join(dist, 'locales', 'pt-BR', 'notifications.json'),
  JSON.stringify({ titles: { changedFromTo: '{{name}}: {{previous}} → {{current}}' }, states: { red: 'VERMELHO' } }),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const safetyChange = {
  type: 'safety_state_changed',
  context: { prev_safety_state: 'green', safety_state: 'red' },
  text: 'Safety State Changed from green to red',
};

describe("the server's wording", () => {
  it("reads the built web app's texts first, and a key its language lacks in en-US", () => {
    expect(wording(dist).event('pt-BR', safetyChange)).toBe('Safety State: green → VERMELHO');
  });

  it("reads the sources' texts where no web app is built", () => {
    expect(wording(join(dist, 'nowhere')).event('en-GB', safetyChange)).toBe('Safety State Changed from green to red');
  });

  it("keeps the engine's text for an event type it does not word, and a state it does not know as it is", () => {
    const words = wording();
    expect(words.event('ja', { type: 'something_new', context: {}, text: 'Something new' })).toBe('Something new');
    expect(words.state('ja', 'purple')).toBe('purple');
  });

  it("names an alarm's source and level as the web app's alarm list does", () => {
    const texts = sourceAlarms('pt-BR');
    const words = wording();
    expect(words.alarmSource('pt-BR', 'advanced_indicator:Seepage')).toBe(
      texts.sources.advanced_indicator!.replace('{{detail}}', 'Seepage'),
    );
    expect(words.alarmSource('pt-BR', 'metric_limits_state')).toBe(texts.sources.metric_limits_state);
    expect(words.alarmSource('pt-BR', 'made_up')).toBe('made_up');
    expect(words.alarmLevel('pt-BR', 'critical')).toBe(texts.levels.critical);
  });
});

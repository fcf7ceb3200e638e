import type { NotificationObject } from '@vigil/domain';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import notifications from '../../../../public/locales/en-US/notifications.json';
import { entityViewPath } from './entity-link.ts';
import { notificationTitle } from './notification-title.ts';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({ lng: 'en-US', resources: { 'en-US': { notifications } }, interpolation: { escapeValue: false } }),
);

const notification = (type: string, context: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({
    text: 'server text',
    notification_type: { name: type },
    extra: { event_context: context, view: 'metrics', monitored_entity: null, ...extra },
  }) as unknown as NotificationObject;

describe('the title of a notification', () => {
  it('reads "Safety State Changed from {previous} to {current}" when both are known', () => {
    const n = notification('safety_state_changed', { prev_safety_state: 'green', safety_state: 'red' });
    expect(notificationTitle(i18n.t, n)).toBe('Safety State Changed from green to red');
  });

  it('names only the new state when the previous one is unknown', () => {
    const n = notification('connectivity_state_changed', {
      prev_connectivity_state: 'unknown',
      connectivity_state: 'red',
    });
    expect(notificationTitle(i18n.t, n)).toBe('Connectivity State Changed to red');
  });

  it('words a limit reached with the metric and the limit', () => {
    const n = notification('metric_limit_reached', {
      metric_label: 'Rainfall',
      limit_level: 'critical',
      limit_bound: 'upper',
    });
    expect(notificationTitle(i18n.t, n)).toBe('Rainfall reached its critical upper limit');
  });

  it("keeps the server's text for a type it does not know", () => {
    expect(notificationTitle(i18n.t, notification('something_else', {}))).toBe('server text');
  });
});

describe("the link of an event's entity", () => {
  const entity = { id: 'e1', monitored_entity_type: 'instrument' };

  it('opens the safety-state view for safety events', () => {
    const n = notification('safety_state_changed', {}, { view: 'safety-state', monitored_entity: entity });
    expect(entityViewPath(n)).toBe('/safety-state/root?entity=e1');
  });

  it("opens the metric drill-down of the event's state for other events", () => {
    const n = notification('metric_limit_reached', {}, { monitored_entity: entity });
    expect(entityViewPath(n)).toBe('/metrics/metric-limits-state/e1/instrument');
  });

  it('has no link without an entity', () => {
    expect(entityViewPath(notification('unknown_payload_received', {}))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { notificationLevel } from './state-results.ts';

describe('notification levels', () => {
  it('make trend events advice unless the project makes them alarms', () => {
    expect(notificationLevel('trend_state_trending', 'yellow')).toBe('info');
    expect(notificationLevel('trend_state_changed', 'yellow', 'advisory')).toBe('info');
    expect(notificationLevel('trend_state_trending', 'yellow', 'alarm')).toBe('warning');
    expect(notificationLevel('trend_state_changed', 'green', 'alarm')).toBe('info');
  });

  it('keep the colour level of spikes and limits, and the fixed level of payload events', () => {
    expect(notificationLevel('abnormality_state_out_of_control', 'red')).toBe('critical');
    expect(notificationLevel('abnormality_state_changed', 'orange')).toBe('warning');
    expect(notificationLevel('metric_limits_state_changed', 'red')).toBe('critical');
    expect(notificationLevel('invalid_metric_received', undefined)).toBe('warning');
  });
});

import { describe, expect, it } from 'vitest';
import { ALERT_PRIORITIES } from './events.ts';
import { alertSnackbarVariant, streamRetryDelay } from './notification-stream.ts';

describe('the stream reconnect schedule', () => {
  it('retries first after 5 s', () => {
    expect(streamRetryDelay(0)).toBe(5_000);
  });

  it('doubles until the delay exceeds 160 s, then stays: 5, 10, 20, 40, 80, 160, 320, 320 s', () => {
    const delays = Array.from({ length: 10 }, (_, attempt) => streamRetryDelay(attempt) / 1000);
    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 320, 320, 320, 320]);
  });

  it('stays at 320 s however many retries failed', () => {
    expect(streamRetryDelay(1_000)).toBe(320_000);
  });
});

describe('the snackbar of an alert', () => {
  it('shows warning priority as a warning', () => {
    expect(alertSnackbarVariant('warning')).toBe('warning');
  });

  it('shows major and critical priorities as errors', () => {
    expect(alertSnackbarVariant('major')).toBe('error');
    expect(alertSnackbarVariant('critical')).toBe('error');
  });

  it('shows minor and informational priorities as default', () => {
    expect(alertSnackbarVariant('minor')).toBe('default');
    expect(alertSnackbarVariant('informational')).toBe('default');
  });

  it('has a variant for every priority', () => {
    for (const priority of ALERT_PRIORITIES)
      expect(['warning', 'error', 'default']).toContain(alertSnackbarVariant(priority));
  });
});

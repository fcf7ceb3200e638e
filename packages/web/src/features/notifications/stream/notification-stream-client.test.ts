import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationStreamClient, type StreamHandlers, type StreamStatus } from './notification-stream-client.ts';

/** An EventSource the test drives: it opens, fails and delivers messages on request. */
class FakeEventSource extends EventTarget {
  static made: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.made.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const latest = () => FakeEventSource.made.at(-1)!;

function startClient() {
  const statuses: StreamStatus[] = [];
  const handlers = {
    notification: vi.fn(),
    alert: vi.fn(),
    status: (status: StreamStatus) => statuses.push(status),
  } satisfies StreamHandlers;
  const client = new NotificationStreamClient(() => '/stream/?token=t', handlers, {
    EventSource: FakeEventSource as unknown as typeof EventSource,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  });
  client.start();
  return { client, handlers, statuses };
}

/** The waits before each new connection after the stream keeps closing on errors. */
function retryWaits(failures: number) {
  const waits: number[] = [];
  for (let i = 0; i < failures; i++) {
    const before = FakeEventSource.made.length;
    latest().fail(2);
    let waited = 0;
    while (FakeEventSource.made.length === before) {
      vi.advanceTimersByTime(1000);
      waited += 1000;
    }
    waits.push(waited / 1000);
  }
  return waits;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
});
afterEach(() => vi.useRealTimers());

describe('the notification stream client', () => {
  it('opens the stream with the token in the query string', () => {
    startClient();
    expect(latest().url).toBe('/stream/?token=t');
  });

  it('hands over notifications of every type and alerts', () => {
    const { handlers } = startClient();
    latest().open();
    latest().send('metric_limit_reached', { id: 'n1' });
    latest().send('safety_state_changed', { id: 'n2' });
    latest().send('alert', { priority: 'critical', notification_id: 'n1' });
    expect(handlers.notification.mock.calls.map(([n]) => n.id)).toEqual(['n1', 'n2']);
    expect(handlers.alert).toHaveBeenCalledWith({ priority: 'critical', notification_id: 'n1' });
  });

  it('retries a closed stream after 5 s, doubling until the delay exceeds 160 s, then keeping it', () => {
    startClient();
    expect(retryWaits(8)).toEqual([5, 10, 20, 40, 80, 160, 320, 320]);
  });

  it('reports each error with the ready state and the retry time', () => {
    const { statuses } = startClient();
    latest().fail(2);
    expect(statuses).toEqual([{ type: 'error', readyState: 2, retryIn: 5000 }]);
  });

  it('waits without its own retry while the browser reconnects', () => {
    const { statuses } = startClient();
    latest().fail(0);
    vi.advanceTimersByTime(600_000);
    expect(FakeEventSource.made).toHaveLength(1);
    expect(statuses).toEqual([{ type: 'error', readyState: 0, retryIn: null }]);
  });

  it('reports a reconnect when the stream opens after an error, and starts the schedule again', () => {
    const { statuses } = startClient();
    latest().open();
    retryWaits(3);
    latest().open();
    expect(statuses.filter((s) => s.type === 'reconnected')).toEqual([{ type: 'reconnected', afterError: true }]);
    expect(retryWaits(1)).toEqual([5]);
  });

  it('does not call the first open a reconnect', () => {
    const { statuses } = startClient();
    latest().open();
    expect(statuses).toEqual([{ type: 'open' }]);
  });

  it('closes the stream on pause and opens a new one on resume', () => {
    const { client, statuses } = startClient();
    latest().open();
    client.pause();
    expect(latest().closed).toBe(true);
    client.resume();
    expect(FakeEventSource.made).toHaveLength(2);
    latest().open();
    expect(statuses).toContainEqual({ type: 'reconnected', afterError: false });
  });

  it('does not retry once paused or stopped', () => {
    const { client } = startClient();
    latest().fail(2);
    client.stop();
    vi.advanceTimersByTime(600_000);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});

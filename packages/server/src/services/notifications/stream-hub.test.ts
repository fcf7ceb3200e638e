import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus, type BusEvents } from '../../bus/bus.ts';
import { parseSse } from './sse-test-client.ts';
import { StreamClient, type StreamSink } from './stream-client.ts';
import { createStreamHub, type StreamHub } from './stream-hub.ts';

/** A socket that takes data until told it is full, and drains when told. */
class FakeSink implements StreamSink {
  text = '';
  full = false;
  ended = false;
  destroyed = false;
  private readonly drains: Array<() => void> = [];
  write(chunk: string) {
    this.text += chunk;
    return !this.full;
  }
  once(_: 'drain', listener: () => void) {
    this.drains.push(listener);
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
  drain() {
    this.full = false;
    for (const listener of this.drains.splice(0)) listener();
  }
  events() {
    return parseSse(this.text).filter((b) => b.event !== undefined);
  }
}

const notification = (projectId: string, seq: number): BusEvents['notification.created'] => ({
  projectId,
  seq,
  notification: {
    id: `n${seq}`,
    text: `number ${seq}`,
    level: 'warning',
    notification_type: { name: 'unknown_payload_received' },
    extra: { monitored_entity: null },
  },
});
const delivered = () => new Promise((resolve) => setImmediate(resolve));

let bus: Bus;
let hub: StreamHub;
let topics: string[];

function connect(projectId: string, options: { lastEventId?: number; queueLimit?: number; roles?: string[] } = {}) {
  const sink = new FakeSink();
  const client: StreamClient = new StreamClient(sink, {
    lastEventId: options.lastEventId,
    fields: {},
    queueLimit: options.queueLimit ?? 100,
    onClose: () => hub.remove(projectId, client),
  });
  hub.add(projectId, client, options.roles ?? ['Operator']);
  return { sink, client };
}

function start() {
  const inner = createInProcessBus((error) => {
    throw error;
  });
  topics = [];
  bus = { ...inner, subscribe: (topic, handler) => (topics.push(topic), inner.subscribe(topic, handler)) };
  hub = createStreamHub(bus, { heartbeatSeconds: 3600 });
}
afterEach(() => hub.close());

describe('stream hub', () => {
  it('subscribes once per topic for all its clients and sends each project only its own messages', async () => {
    start();
    const a = connect('p1');
    const b = connect('p1');
    const c = connect('p2');
    for (const x of [a, b, c]) x.client.goLive();
    bus.publish('notification.created', notification('p1', 1));
    bus.publish('metrics.rule', { projectId: 'p2', data: { x: 1 } });
    bus.publish('readings.summary', {
      projectId: 'p2',
      data: { monitored_entity_ids: ['e1'], latest_read_at: '2026-11-25T10:00:00.000Z' },
    });
    await delivered();
    expect(topics).toEqual(['notification.created', 'metrics.rule', 'readings.summary']);
    expect(a.sink.events().map((e) => [e.id, e.event])).toEqual([
      ['1', 'unknown_payload_received'],
      [undefined, 'alert'],
    ]);
    expect(b.sink.text).toBe(a.sink.text);
    expect(c.sink.events()).toEqual([
      { event: 'metricsRule', data: { x: 1 } },
      { event: 'readings', data: { monitored_entity_ids: ['e1'], latest_read_at: '2026-11-25T10:00:00.000Z' } },
    ]);
  });

  it("sends a notification for a role (an escalation) to that role's users and administrators only", async () => {
    start();
    const operator = connect('p1');
    const manager = connect('p1', { roles: ['Operator', 'Manager'] });
    const admin = connect('p1', { roles: ['Administrator'] });
    for (const x of [operator, manager, admin]) x.client.goLive();
    bus.publish('notification.created', { ...notification('p1', 1), recipientRole: 'Manager' });
    bus.publish('notification.created', notification('p1', 2));
    await delivered();
    const ids = (x: typeof operator) => x.sink.events().flatMap((e) => (e.id ? [e.id] : []));
    expect(ids(operator)).toEqual(['2']);
    expect(ids(manager)).toEqual(['1', '2']);
    expect(ids(admin)).toEqual(['1', '2']);
  });

  it('forgets a client once it closes, and ends every stream when it closes itself', async () => {
    start();
    const a = connect('p1');
    const b = connect('p1');
    a.client.goLive();
    b.client.goLive();
    a.client.close();
    expect(hub.size()).toBe(1);
    bus.publish('notification.created', notification('p1', 1));
    await delivered();
    expect(a.sink.text).toBe('');
    hub.close();
    expect(b.sink.ended).toBe(true);
    expect(hub.size()).toBe(0);
    connect('p1');
    expect(hub.size()).toBe(0);
  });

  it('holds live messages during the replay and sends after it only those not replayed nor already had', async () => {
    start();
    const { sink, client } = connect('p1', { lastEventId: 4 });
    // published while the replay query runs: 4 the client had, 5 and 6 the replay also finds, 7 it does not
    for (const seq of [4, 5, 6, 7]) bus.publish('notification.created', notification('p1', seq));
    await delivered();
    client.replay({ seq: 5, notification: notification('p1', 5).notification });
    client.replay({ seq: 6, notification: notification('p1', 6).notification });
    expect(sink.events().map((e) => e.id)).toEqual(['5', '6']);
    client.goLive();
    expect(sink.events().map((e) => [e.id, e.event])).toEqual([
      ['5', 'unknown_payload_received'],
      ['6', 'unknown_payload_received'],
      ['7', 'unknown_payload_received'],
      [undefined, 'alert'],
    ]);
  });

  it('sends a notification that arrives after a later one without an id, so that Last-Event-ID never goes back', async () => {
    start();
    const { sink, client } = connect('p1');
    client.goLive();
    bus.publish('notification.created', notification('p1', 9));
    bus.publish('notification.created', notification('p1', 8));
    await delivered();
    expect(sink.events().filter((e) => e.event !== 'alert')).toEqual([
      expect.objectContaining({ id: '9', data: expect.objectContaining({ id: 'n9' }) }),
      expect.not.objectContaining({ id: expect.anything() }),
    ]);
  });

  it('queues behind a full socket, flushes on drain, and drops a client that stays behind', async () => {
    start();
    const slow = connect('p1', { queueLimit: 4 });
    slow.client.goLive();
    slow.sink.full = true;
    bus.publish('notification.created', notification('p1', 1)); // written, then the socket is full
    bus.publish('notification.created', notification('p1', 2)); // queued (2 messages)
    await delivered();
    expect(slow.sink.events().map((e) => e.id ?? e.event)).toEqual(['1']);
    slow.sink.drain();
    expect(slow.sink.events().map((e) => e.id ?? e.event)).toEqual(['1', 'alert', '2', 'alert']);

    slow.sink.full = true;
    for (const seq of [3, 4, 5]) bus.publish('notification.created', notification('p1', seq));
    await delivered();
    expect(slow.sink.destroyed).toBe(true);
    expect(slow.client.closed).toBe(true);
    expect(hub.size()).toBe(0);
  });
});

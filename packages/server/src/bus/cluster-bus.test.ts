import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import type { BusEvents, ClosableBus } from './bus.ts';
import { createClusterBus } from './cluster-bus.ts';
import { openNatsTransport } from './nats-transport.ts';
import { openRedisTransport } from './redis-transport.ts';
import type { BusLog, Transport } from './transport.ts';

// Real servers (both run in CI). Each test uses its own channel prefix or project id, so runs of
// this file for both dialects, or on several machines, never read each other's messages.
const SERVERS = [
  { name: 'Redis', url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', open: openRedisTransport },
  { name: 'NATS', url: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222', open: openNatsTransport },
];

type Notification = BusEvents['notification.created'];

const notification = (projectId: string, seq: number): Notification => ({
  projectId,
  seq,
  notification: { id: `n-${seq}`, notification_type: { name: 'state' }, level: 'warning' },
});

function recordingLog() {
  const lines: Array<{ level: string; args: unknown[] }> = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log: BusLog = { info: record('info'), warn: record('warn'), error: record('error') };
  return { log, lines };
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for bus messages');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(SERVERS)('cluster bus over $name', ({ url, open }) => {
  let prefix: string;
  let logged: ReturnType<typeof recordingLog>;
  let a: ClosableBus;
  let b: ClosableBus;
  const opened: Array<{ close(): Promise<void> }> = [];
  const instance = async () => {
    const bus = await createClusterBus(url, {
      onError: (error) => {
        throw error;
      },
      log: logged.log,
      channelPrefix: prefix,
    });
    opened.push(bus);
    return bus;
  };
  const received = (bus: ClosableBus) => {
    const events: Notification[] = [];
    bus.subscribe('notification.created', (event) => void events.push(event));
    return events;
  };

  beforeEach(async () => {
    prefix = `vigil-test-${randomUUID()}.`;
    logged = recordingLog();
    a = await instance();
    b = await instance();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((x) => x.close()));
  });

  it('delivers a cluster topic once to every instance, the publisher included', async () => {
    const onA = received(a);
    const onB = received(b);
    a.publish('notification.created', notification('p1', 1));
    a.publish('notification.created', notification('p1', 2));
    await until(() => onA.length >= 2 && onB.length >= 2);
    // A later message proves no copy of the first two is still on its way.
    b.publish('notification.created', notification('p1', 3));
    await until(() => onA.length >= 3 && onB.length >= 3);
    for (const events of [onA, onB]) expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(onA[0]).toEqual(notification('p1', 1));
  });

  it('keeps local topics in the instance that published them', async () => {
    const storedOnA: unknown[] = [];
    const storedOnB: unknown[] = [];
    a.subscribe('readings.stored', (event) => void storedOnA.push(event));
    b.subscribe('readings.stored', (event) => void storedOnB.push(event));
    const onB = received(b);
    a.publish('readings.stored', { projectId: 'p1', readings: [] });
    a.publish('notification.created', notification('p1', 1));
    await until(() => onB.length === 1);
    expect(storedOnA).toEqual([{ projectId: 'p1', readings: [] }]);
    expect(storedOnB).toEqual([]);
  });

  it('delivers messages in the order they were published', async () => {
    const onB = received(b);
    const seqs = Array.from({ length: 200 }, (_, i) => i);
    for (const seq of seqs) a.publish('notification.created', notification('p1', seq));
    await until(() => onB.length === seqs.length);
    expect(onB.map((e) => e.seq)).toEqual(seqs);
  });

  it('drops and logs a message that is not an event', async () => {
    const onB = received(b);
    const raw: Transport = await open(url, logged.log);
    opened.push(raw);
    await raw.publish(`${prefix}notification.created`, 'not json {');
    await raw.publish(`${prefix}notification.created`, '42');
    a.publish('notification.created', notification('p1', 1));
    await until(() => onB.length === 1);
    expect(onB).toEqual([notification('p1', 1)]);
    expect(
      logged.lines.filter((l) => l.level === 'warn' && l.args[1] === 'dropped an unreadable event bus message'),
    ).toHaveLength(4); // two messages, two instances
  });

  it('logs, and does not throw, when a message cannot be sent', async () => {
    await a.close();
    expect(() => a.publish('notification.created', notification('p1', 1))).not.toThrow();
    await until(() => logged.lines.some((l) => l.level === 'error' && l.args[1] === 'event bus publish failed'));
  });

  it('refuses to start when the server cannot be reached', async () => {
    const nowhere = url.replace(/:\d+(\/|$)/, ':1$1');
    await expect(createClusterBus(nowhere, { onError: () => {}, log: logged.log })).rejects.toThrow(
      /cannot reach the event bus at (redis|nats):\/\/127\.0\.0\.1:1/,
    );
  });
});

describe.each(SERVERS)('two servers on BUS_URL=$name', ({ url }) => {
  let first: TestApp;
  let second: TestApp;
  beforeEach(async () => {
    first = await createTestApp({ seed: false, env: { BUS_URL: url } });
    second = await createTestApp({ seed: false, env: { BUS_URL: url } });
  });
  afterEach(async () => {
    await first?.close();
    await second?.close();
  });

  it('share notifications: one raised on the first reaches the stream of the second', async () => {
    // Other runs may share the default channels: look only at this test's project.
    const projectId = randomUUID();
    const onSecond: Notification[] = [];
    second.app.bus.subscribe('notification.created', (event) => {
      if (event.projectId === projectId) onSecond.push(event);
    });
    first.app.bus.publish('notification.created', notification(projectId, 7));
    await until(() => onSecond.length === 1);
    expect(onSecond).toEqual([notification(projectId, 7)]);
  });
});
